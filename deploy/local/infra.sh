#!/usr/bin/env bash
# Local infrastructure for development and integration tests, without Docker:
# Kafka (KRaft, from Maven Central jars), FerretDB (MongoDB wire protocol, embedded in our Go
# module) over Debian's PostgreSQL 15 (or SQLite files with MONGO_BACKEND=sqlite), and Redis
# (Debian's redis-server). See deploy/local/README.md.
#
#   deploy/local/infra.sh up        start what is not running yet, wait until each answers
#   deploy/local/infra.sh down      stop what these scripts started
#   deploy/local/infra.sh up redis / down redis   only Redis (tests start a private one this way,
#                                   with INFRA_RUN_DIR and REDIS_PORT of their own)
#   deploy/local/infra.sh status    up/down, pid and port of each
#   deploy/local/infra.sh versions  the Kafka, FerretDB and Redis versions
#
# `up` prints progress on stderr and only the connection settings on stdout, so
# `eval "$(deploy/local/infra.sh up)"` exports them.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE_DIR=${INFRA_CACHE_DIR:-"$HERE/.cache"}
RUN_DIR=${INFRA_RUN_DIR:-"$HERE/.run"}

# shellcheck source=lib/common.sh
. "$HERE/lib/common.sh"

# Only a plain port number counts: orchestrators inject e.g. REDIS_PORT=tcp://10.0.0.7:6379
# for a service named redis, and that must not end up in a --port flag.
port_from_env() {
  local name=$1 default=$2 value=${!1:-}
  if [[ -z $value ]]; then
    printf '%s\n' "$default"
  elif [[ $value =~ ^[0-9]+$ ]] && ((value > 0 && value < 65536)); then
    printf '%s\n' "$value"
  else
    warn "ignoring $name=$value (not a port number), using $default"
    printf '%s\n' "$default"
  fi
}
KAFKA_PORT=$(port_from_env KAFKA_PORT 9092)
KAFKA_CONTROLLER_PORT=$(port_from_env KAFKA_CONTROLLER_PORT 9093)
MONGO_PORT=$(port_from_env MONGO_PORT 27017)
REDIS_PORT=$(port_from_env REDIS_PORT 6379)
# Not 5432: a machine's own PostgreSQL often holds that one.
POSTGRES_PORT=$(port_from_env POSTGRES_PORT 54329)
# Where FerretDB stores documents: postgresql (the default; filters run in SQL) or sqlite.
MONGO_BACKEND=${MONGO_BACKEND:-postgresql}
case $MONGO_BACKEND in
  postgresql | sqlite) ;;
  *) die "MONGO_BACKEND=$MONGO_BACKEND: use postgresql or sqlite" ;;
esac

# shellcheck source=lib/kafka.sh
. "$HERE/lib/kafka.sh"
# shellcheck source=lib/postgres.sh
. "$HERE/lib/postgres.sh"
# shellcheck source=lib/ferretdb.sh
. "$HERE/lib/ferretdb.sh"
# shellcheck source=lib/redis.sh
. "$HERE/lib/redis.sh"

# npm start, CI and several vitest runs may call `up` at the same moment; without a lock two of
# them would both see "nothing running" and start a second Kafka on a busy port. fd 9 stays open
# until this script exits; spawned servers close it (see spawn_detached).
take_lock() {
  mkdir -p "$RUN_DIR"
  exec 9>"$RUN_DIR/.lock"
  if ! flock -w 300 9; then
    die "another infra.sh has held $RUN_DIR/.lock for 5 minutes"
  fi
}

# `up redis` / `down redis`: Redis alone (it needs nothing else), e.g. a private instance a test
# restarts. Only Redis: the others depend on each other's order.
cmd_redis_only() {
  take_lock
  case $1 in
    up)
      redis_up
      printf 'REDIS_URL=redis://127.0.0.1:%s\n' "$REDIS_PORT"
      ;;
    down) redis_down ;;
  esac
}

cmd_up() {
  local t0=$SECONDS
  take_lock
  mkdir -p "$CACHE_DIR"
  # Redis and FerretDB first: they take a second, and a failure there shows before Kafka's wait.
  redis_up
  if [[ $MONGO_BACKEND == postgresql ]]; then pg_up; fi
  ferret_up
  kafka_up
  say "all up in $((SECONDS - t0))s"
  printf 'KAFKA_BROKERS=127.0.0.1:%s\n' "$KAFKA_PORT"
  printf 'MONGO_URL=mongodb://127.0.0.1:%s/\n' "$MONGO_PORT"
  printf 'REDIS_URL=redis://127.0.0.1:%s\n' "$REDIS_PORT"
}

cmd_down() {
  take_lock
  # Reverse order of `up`; each only touches a pid from its own pid file.
  kafka_down
  ferret_down
  pg_down
  redis_down
}

cmd_status() {
  kafka_status
  ferret_status
  pg_status
  redis_status
}

cmd_versions() {
  printf 'kafka    %s\n' "$(kafka_version)"
  printf 'ferretdb %s\n' "$(ferret_version)"
  printf 'postgres %s\n' "$(pg_version)"
  printf 'redis    %s\n' "$(redis_version)"
}

usage() {
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit "${1:-2}"
}

case "${1:-} ${2:-}" in
  "up redis") cmd_redis_only up ;;
  "down redis") cmd_redis_only down ;;
  "up ") cmd_up ;;
  "down ") cmd_down ;;
  "status ") cmd_status ;;
  "versions ") cmd_versions ;;
  "-h " | "--help " | "help ") usage 0 ;;
  *) usage ;;
esac
