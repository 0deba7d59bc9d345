# FerretDB: the MongoDB wire protocol over PostgreSQL (lib/postgres.sh) or SQLite files, embedded
# in our own tiny Go module (deploy/local/ferretdb). Sourced by infra.sh, which sets HERE,
# CACHE_DIR, RUN_DIR, MONGO_PORT and MONGO_BACKEND.
# shellcheck shell=bash

FERRET_SRC="$HERE/ferretdb"
FERRET_BIN_DIR="$CACHE_DIR/ferretdb"
FERRET_BIN="$FERRET_BIN_DIR/ferretdb-local"
FERRET_RUN="$RUN_DIR/ferretdb"
FERRET_DATA="$FERRET_RUN/data"
FERRET_PIDFILE="$FERRET_RUN/ferretdb.pid"
FERRET_LOG="$FERRET_RUN/ferretdb.log"
FERRET_START_TIMEOUT=${FERRET_START_TIMEOUT:-60}

ferret_src_sum() {
  files_sum "$FERRET_SRC"/*.go "$FERRET_SRC/go.mod" "$FERRET_SRC/go.sum"
}

# Builds only when our sources changed since the cached binary was built; the Go module cache
# and build cache make even a rebuild cheap after the first one.
ferret_build() {
  local want tmp
  want=$(ferret_src_sum)
  if [[ -x $FERRET_BIN && -f $FERRET_BIN.sha256 && $(<"$FERRET_BIN.sha256") == "$want" ]]; then
    return 0
  fi
  # Debian's golang package is older than FerretDB 1.24 needs (Go 1.22), so no apt fallback.
  command -v go >/dev/null 2>&1 ||
    die "ferretdb: 'go' (1.22 or newer) is required to build deploy/local/ferretdb"
  say "ferretdb: building $FERRET_BIN (first build compiles SQLite's pure-Go port: about a minute)"
  mkdir -p "$FERRET_BIN_DIR"
  tmp="$FERRET_BIN.tmp.$$"
  # CGO off: the sqlite handler uses modernc.org/sqlite (pure Go), so no C toolchain is needed.
  # -mod=readonly: go.mod/go.sum are committed; a build must not rewrite them.
  # -buildvcs=false: the checkout's VCS state is irrelevant and may be unreadable (CI, other owner).
  if ! (cd "$FERRET_SRC" && CGO_ENABLED=0 go build -mod=readonly -buildvcs=false -trimpath \
    -o "$tmp" .) >"$FERRET_BIN_DIR/build.log" 2>&1; then
    show_log_tail "$FERRET_BIN_DIR/build.log" 40
    rm -f "$tmp"
    die "ferretdb: go build failed"
  fi
  mv -f "$tmp" "$FERRET_BIN"
  printf '%s\n' "$want" >"$FERRET_BIN.sha256"
}

ferret_version() {
  if [[ -x $FERRET_BIN ]]; then
    "$FERRET_BIN" -version
  else
    printf '%s (pinned in go.mod; not built yet)\n' \
      "$(sed -n 's:^require github.com/FerretDB/FerretDB \(v[^ ]*\).*:\1:p' "$FERRET_SRC/go.mod")"
  fi
}

ferret_pid() { pid_of "$FERRET_PIDFILE" ferretdb-local; }

ferret_wait() {
  local pid=$1 deadline=$((SECONDS + FERRET_START_TIMEOUT))
  while ((SECONDS < deadline)); do
    port_open "$MONGO_PORT" && return 0
    if ! alive "$pid"; then
      show_log_tail "$FERRET_LOG"
      die "ferretdb: exited during start-up"
    fi
    sleep 0.2
  done
  show_log_tail "$FERRET_LOG"
  die "ferretdb: not answering on 127.0.0.1:$MONGO_PORT after ${FERRET_START_TIMEOUT}s (log: $FERRET_LOG); pid $pid is left running"
}

ferret_up() {
  local pid
  if pid=$(ferret_pid); then
    require_same_port ferretdb "$FERRET_RUN" "$MONGO_PORT" "$pid"
    ferret_require_same_backend "$pid"
    if port_open "$MONGO_PORT"; then
      say "ferretdb: already running (pid $pid) on 127.0.0.1:$MONGO_PORT, reusing it"
    else
      say "ferretdb: pid $pid is ours but not answering yet, waiting"
      ferret_wait "$pid"
    fi
    ferret_report
    return 0
  fi
  if port_open "$MONGO_PORT"; then
    say "ferretdb: 127.0.0.1:$MONGO_PORT already answers (not started by these scripts), reusing it"
    return 0
  fi

  ferret_build
  mkdir -p "$FERRET_RUN" "$FERRET_DATA"
  [[ -f $FERRET_LOG ]] && mv -f "$FERRET_LOG" "$FERRET_LOG.1"
  local storage=(-data "$FERRET_DATA")
  if [[ $MONGO_BACKEND == postgresql ]]; then
    storage+=(-postgresql "$(pg_url)")
    say "ferretdb: starting on 127.0.0.1:$MONGO_PORT (stored in PostgreSQL, $(pg_url))"
  else
    say "ferretdb: starting on 127.0.0.1:$MONGO_PORT (stored in SQLite files, $FERRET_DATA)"
  fi
  spawn_detached "$FERRET_PIDFILE" "$FERRET_LOG" \
    "$FERRET_BIN" -listen "127.0.0.1:$MONGO_PORT" "${storage[@]}"
  pid=$(<"$FERRET_PIDFILE")
  printf '%s\n' "$MONGO_PORT" >"$FERRET_RUN/port"
  printf '%s\n' "$MONGO_BACKEND" >"$FERRET_RUN/backend"
  ferret_wait "$pid"
  say "ferretdb: ready (pid $pid)"
  ferret_report
}

# A running FerretDB on the other backend serves other data than the caller asked for: say so, but
# reuse it (tests running at that moment keep their database; `down` then `up` switches).
ferret_require_same_backend() {
  local have=sqlite
  [[ -s $FERRET_RUN/backend ]] && have=$(<"$FERRET_RUN/backend")
  [[ $have == "$MONGO_BACKEND" ]] ||
    warn "ferretdb: ours is already running (pid $1) on $have, not $MONGO_BACKEND; reusing it ('deploy/local/infra.sh down' then 'up' switches)"
}

ferret_report() {
  say "ferretdb: version $(ferret_version) on $MONGO_BACKEND, log $FERRET_LOG"
}

ferret_down() { stop_pid ferretdb "$FERRET_PIDFILE" ferretdb-local 15; }

ferret_status() { component_status ferretdb ferret_pid "$FERRET_RUN" "$MONGO_PORT" "$FERRET_LOG" port_open; }
