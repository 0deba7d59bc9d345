# Shared helpers for deploy/local/infra.sh. Sourced, never run.
# shellcheck shell=bash

say() { printf '[infra] %s\n' "$*" >&2; }
warn() { printf '[infra] WARNING: %s\n' "$*" >&2; }
die() {
  printf '[infra] ERROR: %s\n' "$*" >&2
  exit 1
}

# A bare TCP connect is the cheapest "is something listening" probe and needs no client tools.
# The timeout guards against a filtered port hanging the connect.
port_open() {
  timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

# Reads a pid file and succeeds only if that pid is alive AND still runs the program we expect
# (matched against its command line), so a recycled pid never gets mistaken for, or killed as, ours.
#   pid_of <pidfile> <cmdline-substring>  -> prints the pid
pid_of() {
  local file=$1 pattern=$2 pid
  [[ -s $file ]] || return 1
  pid=$(tr -dc '0-9' <"$file")
  [[ -n $pid ]] || return 1
  [[ -r /proc/$pid/cmdline ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$pattern" || return 1
  printf '%s\n' "$pid"
}

# Starts a long-lived process detached from our session, so it survives the caller (npm start,
# CI step, vitest globalSetup) exiting or being sent SIGHUP. The wrapper shell writes its own pid
# and then execs, so the pid file holds the real server pid whether or not setsid had to fork.
# fd 9 (the infra lock) is closed so the server does not hold the lock for its whole lifetime.
#   spawn_detached <pidfile> <logfile> <cmd> [args...]
spawn_detached() {
  local pidfile=$1 logfile=$2
  shift 2
  rm -f "$pidfile"
  setsid nohup bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@" \
    </dev/null >>"$logfile" 2>&1 9>&- &
  # Give the wrapper a moment to write the pid file before anyone reads it.
  local i
  for i in $(seq 1 50); do
    [[ -s $pidfile ]] && return 0
    sleep 0.1
  done
  die "process did not write its pid file $pidfile"
}

# The servers are reparented to pid 1, which in a container may reap its orphans only now and then;
# an exited server lingers as a zombie meanwhile, and `kill -0` alone would call it alive.
alive() {
  local state
  kill -0 "$1" 2>/dev/null || return 1
  state=$(sed -n 's/^[0-9]* (.*) \([A-Za-z]\).*/\1/p' "/proc/$1/stat" 2>/dev/null) || return 1
  [[ -n $state && $state != Z && $state != X ]]
}

# SIGTERM first so each server shuts down cleanly (Kafka flushes and closes its logs, FerretDB
# closes SQLite), SIGKILL only if it is still there after the grace period.
#   stop_pid <name> <pidfile> <cmdline-substring> <grace-seconds>
stop_pid() {
  local name=$1 pidfile=$2 pattern=$3 grace=$4 pid deadline
  if ! pid=$(pid_of "$pidfile" "$pattern"); then
    say "$name: not running (no live pid file of ours)"
    rm -f "$pidfile"
    return 0
  fi
  say "$name: stopping pid $pid (SIGTERM, up to ${grace}s)"
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + grace))
  while alive "$pid" && ((SECONDS < deadline)); do
    sleep 0.1
  done
  if alive "$pid"; then
    warn "$name: pid $pid ignored SIGTERM for ${grace}s, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    sleep 0.5
  fi
  rm -f "$pidfile"
  say "$name: stopped"
}

# Root on Debian can fix a missing tool itself (CI and fresh machines); anyone else gets told what
# to install rather than a cryptic "command not found" later.
#   ensure_cmd <command> <debian-package> [why]
ensure_cmd() {
  local cmd=$1 pkg=$2 why=${3:-}
  command -v "$cmd" >/dev/null 2>&1 && return 0
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    say "'$cmd' not found; installing Debian package $pkg"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "$pkg" >/dev/null
    command -v "$cmd" >/dev/null 2>&1 || die "installed $pkg but '$cmd' is still missing"
    return 0
  fi
  die "'$cmd' is required${why:+ ($why)}; install it with: sudo apt-get install -y $pkg"
}

# Prints a log's last lines to stderr when a start fails, so CI output shows why.
show_log_tail() {
  local file=$1 n=${2:-60}
  [[ -f $file ]] || return 0
  printf '[infra] ---- last %s lines of %s ----\n' "$n" "$file" >&2
  tail -n "$n" "$file" >&2
  printf '[infra] ---- end of %s ----\n' "$file" >&2
}

# Checksum of a set of files, used to know when a cached build is stale.
files_sum() {
  cat "$@" | sha256sum | cut -d' ' -f1
}

# The port each server was started on is kept beside its pid file: with port overrides in play,
# "our pid is alive" alone does not mean it serves the port the caller asked for.
#   recorded_port <run-dir> <default>
recorded_port() {
  local file="$1/port"
  if [[ -s $file ]]; then tr -dc '0-9' <"$file"; else printf '%s' "$2"; fi
}

# One status line for a component: ours (with pid, recorded port and log), someone else's, or down.
# component_status NAME PID_FN RUN_DIR PORT LOG PROBE_FN  (PROBE_FN PORT succeeds when it answers)
component_status() {
  local name=$1 pid_fn=$2 run_dir=$3 default_port=$4 log=$5 probe_fn=$6 pid port state
  if pid=$("$pid_fn"); then
    port=$(recorded_port "$run_dir" "$default_port")
    state=$("$probe_fn" "$port" && echo up || echo starting)
    printf '%-8s %-8s pid %-8s port %-6s log %s\n' "$name" "$state" "$pid" "$port" "$log"
  elif port_open "$default_port"; then
    printf '%-8s %-8s pid %-8s port %-6s (not started by these scripts)\n' "$name" up external "$default_port"
  else
    printf '%-8s %-8s pid %-8s port %-6s\n' "$name" down - "$default_port"
  fi
}

#   require_same_port <name> <run-dir> <wanted-port> <pid>
require_same_port() {
  local have
  have=$(recorded_port "$2" "$3")
  [[ $have == "$3" ]] ||
    die "$1: ours is already running (pid $4) on port $have, not $3; run 'deploy/local/infra.sh down' first"
}
