# PostgreSQL: Debian's PostgreSQL 15, our own cluster under deploy/local/.run/postgres, as the
# storage FerretDB serves the MongoDB wire protocol from (FerretDB pushes top-level equality
# filters down to SQL on this backend; on SQLite it decodes whole collections; issue 14).
# Sourced by infra.sh, which sets HERE, RUN_DIR, POSTGRES_PORT.
# shellcheck shell=bash

PG_RUN="$RUN_DIR/postgres"
PG_DATA="$PG_RUN/data"
PG_PIDFILE="$PG_RUN/postgres.pid"
PG_LOG="$PG_RUN/postgres.log"
PG_USER=ferretdb
PG_DATABASE=ferretdb
PG_START_TIMEOUT=${PG_START_TIMEOUT:-60}
PG_MAJOR=15

pg_bin_dir() { printf '/usr/lib/postgresql/%s/bin' "$PG_MAJOR"; }

pg_ensure_installed() {
  [[ -x $(pg_bin_dir)/postgres ]] && return 0
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    say "postgres: PostgreSQL $PG_MAJOR not found; installing Debian package postgresql-$PG_MAJOR"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "postgresql-$PG_MAJOR" >/dev/null
    [[ -x $(pg_bin_dir)/postgres ]] || die "installed postgresql-$PG_MAJOR but $(pg_bin_dir)/postgres is missing"
    return 0
  fi
  die "PostgreSQL $PG_MAJOR is required; install it with: sudo apt-get install -y postgresql-$PG_MAJOR"
}

# PostgreSQL refuses to run as root. As root we run it inside a user namespace where our uid maps
# to an ordinary one: the server is content, and on disk its files stay ours, so the data can live
# under any folder we own (a CI checkout in a 0700 temp dir included) with no chmod of its parents.
# (`unshare` without --fork execs the server in place, so a pid file keeps the server's own pid.)
PG_AS_SERVER_USER=()
if [[ $(id -u) -eq 0 ]]; then PG_AS_SERVER_USER=(unshare --user --map-user=1000 --map-group=1000); fi
pg_as_server_user() { "${PG_AS_SERVER_USER[@]}" "$@"; }

pg_version() {
  if [[ -x $(pg_bin_dir)/postgres ]]; then
    "$(pg_bin_dir)/postgres" --version | sed 's/^postgres (PostgreSQL) //'
  else
    printf 'not installed (Debian package postgresql-%s)\n' "$PG_MAJOR"
  fi
}

pg_pid() { pid_of "$PG_PIDFILE" "$PG_DATA"; }

pg_ready() { "$(pg_bin_dir)/pg_isready" -q -h 127.0.0.1 -p "${1:-$POSTGRES_PORT}" -U "$PG_USER" -d "$PG_DATABASE" 2>/dev/null; }

pg_url() { printf 'postgres://%s@127.0.0.1:%s/%s' "$PG_USER" "$POSTGRES_PORT" "$PG_DATABASE"; }

pg_init() {
  [[ -s $PG_DATA/PG_VERSION ]] && return 0
  say "postgres: creating a cluster in $PG_DATA"
  mkdir -p "$PG_RUN"
  rm -rf "$PG_DATA"
  # trust on 127.0.0.1 only: a local, single-user store for development and tests.
  pg_as_server_user "$(pg_bin_dir)/initdb" -D "$PG_DATA" -U "$PG_USER" -A trust -E UTF8 --locale=C --no-sync \
    >"$PG_RUN/initdb.log" 2>&1 || {
    show_log_tail "$PG_RUN/initdb.log" 30
    die "postgres: initdb failed"
  }
}

pg_wait() {
  local pid=$1 deadline=$((SECONDS + PG_START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if "$(pg_bin_dir)/pg_isready" -q -h 127.0.0.1 -p "$POSTGRES_PORT" 2>/dev/null; then return 0; fi
    if ! alive "$pid"; then
      show_log_tail "$PG_LOG"
      die "postgres: exited during start-up"
    fi
    sleep 0.2
  done
  show_log_tail "$PG_LOG"
  die "postgres: not answering on 127.0.0.1:$POSTGRES_PORT after ${PG_START_TIMEOUT}s (log: $PG_LOG); pid $pid is left running"
}

pg_up() {
  local pid
  if pid=$(pg_pid); then
    require_same_port postgres "$PG_RUN" "$POSTGRES_PORT" "$pid"
    say "postgres: already running (pid $pid) on 127.0.0.1:$POSTGRES_PORT, reusing it"
    pg_wait "$pid"
    pg_companion_indexes
    return 0
  fi
  if port_open "$POSTGRES_PORT"; then
    die "postgres: 127.0.0.1:$POSTGRES_PORT already answers and is not ours; set POSTGRES_PORT to a free port"
  fi
  pg_ensure_installed
  pg_init
  [[ -f $PG_LOG ]] && mv -f "$PG_LOG" "$PG_LOG.1"
  say "postgres: starting PostgreSQL $(pg_version) on 127.0.0.1:$POSTGRES_PORT (data $PG_DATA)"
  # Durability settings are off: this cluster holds development and test data, which a crash may
  # lose; speed matters more here. Production runs MongoDB. The socket stays in the run folder.
  spawn_detached "$PG_PIDFILE" "$PG_LOG" "${PG_AS_SERVER_USER[@]}" "$(pg_bin_dir)/postgres" -D "$PG_DATA" \
    -p "$POSTGRES_PORT" -k "$PG_RUN" -c listen_addresses=127.0.0.1 \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300
  pid=$(<"$PG_PIDFILE")
  printf '%s\n' "$POSTGRES_PORT" >"$PG_RUN/port"
  pg_wait "$pid"
  if ! "$(pg_bin_dir)/psql" -h 127.0.0.1 -p "$POSTGRES_PORT" -U "$PG_USER" -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = '$PG_DATABASE'" | grep -q 1; then
    "$(pg_bin_dir)/createdb" -h 127.0.0.1 -p "$POSTGRES_PORT" -U "$PG_USER" "$PG_DATABASE"
  fi
  pg_companion_indexes
  say "postgres: ready (pid $pid)"
}

# FerretDB's pushed-down equality filters need GIN companions of its btree indexes to use an index
# at all (deploy/local/postgres/companion-indexes.sql says why); idempotent, so run on every `up`.
pg_companion_indexes() {
  "$(pg_bin_dir)/psql" -h 127.0.0.1 -p "$POSTGRES_PORT" -U "$PG_USER" -d "$PG_DATABASE" -v ON_ERROR_STOP=1 -qtA \
    -f "$HERE/postgres/companion-indexes.sql" -c "SELECT amia_companion_index_backfill()" >/dev/null \
    || die "postgres: could not install the companion-index trigger (deploy/local/postgres/companion-indexes.sql)"
}

# SIGINT is PostgreSQL's "fast" shutdown: SIGTERM ("smart") would wait for FerretDB's pooled
# connections to close by themselves.
pg_down() {
  local pid deadline
  if ! pid=$(pg_pid); then
    say "postgres: not running (no live pid file of ours)"
    rm -f "$PG_PIDFILE"
    return 0
  fi
  say "postgres: stopping pid $pid (fast shutdown)"
  kill -INT "$pid" 2>/dev/null || true
  deadline=$((SECONDS + 30))
  while alive "$pid" && ((SECONDS < deadline)); do sleep 0.1; done
  if alive "$pid"; then
    warn "postgres: pid $pid still there after 30s, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$PG_PIDFILE"
  say "postgres: stopped"
}

pg_status() { component_status postgres pg_pid "$PG_RUN" "$POSTGRES_PORT" "$PG_LOG" pg_ready; }
