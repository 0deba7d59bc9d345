# Redis: Debian's redis-server, but our own instance rather than the system service, so its data,
# pid and log live under deploy/local/.run. Sourced by infra.sh, which sets RUN_DIR, REDIS_PORT.
# shellcheck shell=bash

REDIS_RUN="$RUN_DIR/redis"
REDIS_PIDFILE="$REDIS_RUN/redis.pid"
REDIS_LOG="$REDIS_RUN/redis.log"
REDIS_START_TIMEOUT=${REDIS_START_TIMEOUT:-30}

redis_version() {
  if command -v redis-server >/dev/null 2>&1; then
    redis-server --version | sed -n 's/.* v=\([^ ]*\).*/\1/p'
  else
    printf 'not installed (Debian package redis-server)\n'
  fi
}

redis_pid() { pid_of "$REDIS_PIDFILE" redis-server; }

redis_ping() {
  [[ $(timeout 3 redis-cli -h 127.0.0.1 -p "${1:-$REDIS_PORT}" ping 2>/dev/null) == PONG ]]
}

redis_up() {
  local pid deadline
  if pid=$(redis_pid); then
    require_same_port redis "$REDIS_RUN" "$REDIS_PORT" "$pid"
    say "redis: already running (pid $pid) on 127.0.0.1:$REDIS_PORT, reusing it"
    redis_report
    return 0
  fi
  if port_open "$REDIS_PORT"; then
    say "redis: 127.0.0.1:$REDIS_PORT already answers (not started by these scripts), reusing it"
    return 0
  fi

  ensure_cmd redis-server redis-server
  ensure_cmd redis-cli redis-tools
  mkdir -p "$REDIS_RUN"
  say "redis: starting on 127.0.0.1:$REDIS_PORT"
  # Redis daemonizes itself (fork + setsid) and writes its own pid file, so no wrapper is needed.
  # Persistent: the append-only file (under $REDIS_RUN/appendonlydir, fsynced every second) keeps
  # BFF sessions and queued calendar jobs across a restart; without it a restart signed everyone
  # out and lost queued sync jobs. No RDB snapshots on top (--save ''): the AOF is the copy.
  # noeviction: BullMQ needs its keys kept, not evicted, when memory runs short.
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes \
    --pidfile "$REDIS_PIDFILE" --logfile "$REDIS_LOG" --dir "$REDIS_RUN" \
    --save '' --appendonly yes --appendfsync everysec --maxmemory-policy noeviction </dev/null 9>&- ||
    {
      show_log_tail "$REDIS_LOG" 30
      die "redis: redis-server failed to start"
    }
  printf '%s\n' "$REDIS_PORT" >"$REDIS_RUN/port"

  deadline=$((SECONDS + REDIS_START_TIMEOUT))
  until redis_ping; do
    if ((SECONDS >= deadline)); then
      show_log_tail "$REDIS_LOG" 30
      die "redis: no PONG from 127.0.0.1:$REDIS_PORT after ${REDIS_START_TIMEOUT}s (log: $REDIS_LOG)"
    fi
    sleep 0.1
  done
  say "redis: ready (pid $(redis_pid || echo '?'))"
  redis_report
}

redis_report() {
  say "redis: version $(redis_version), log $REDIS_LOG, append-only file $(redis_aof_setting)"
}

# What the running instance says of its append-only file: "yes" / "no" (an instance started by
# an older infra.sh, or by someone else, may have none until it is restarted).
redis_aof_setting() {
  timeout 3 redis-cli -h 127.0.0.1 -p "$REDIS_PORT" config get appendonly 2>/dev/null | sed -n 2p || true
}

redis_down() { stop_pid redis "$REDIS_PIDFILE" redis-server 15; }

redis_status() { component_status redis redis_pid "$REDIS_RUN" "$REDIS_PORT" "$REDIS_LOG" redis_ping; }
