#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL cluster for the tests.
#
#   eval "$(scripts/test-postgres.sh start)"    # exports HEARTH_TEST_POSTGRES_URL and HEARTH_TEST_POSTGRES_DIR
#   scripts/test-postgres.sh stop "$HEARTH_TEST_POSTGRES_DIR"
#   scripts/test-postgres.sh restart "$HEARTH_TEST_POSTGRES_DIR"   # drops every connection, keeps the port
#   scripts/test-postgres.sh halt|resume "$HEARTH_TEST_POSTGRES_DIR"  # down for a while, then back on its port
#
# The cluster lives in a temporary folder, listens on a free loopback port, trusts local connections and
# is owned by an unprivileged user (PostgreSQL refuses to run as root).
set -euo pipefail

pg_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$dir/initdb" ] && { echo "$dir"; return; }
  done
  command -v initdb >/dev/null && { dirname "$(command -v initdb)"; return; }
  echo "PostgreSQL's initdb was not found; install it with: apt-get install postgresql" >&2
  exit 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

launch() {
  # In a subshell with every inherited descriptor past stderr closed: the server outlives this script, and
  # must not hold open a pipe its caller reads to the end (a test runner's, or another child's).
  (
    for fd in /proc/$BASHPID/fd/*; do
      fd=${fd##*/}
      [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-" 2>/dev/null
    done
    # The whole suite starts at once: a few hundred connections open in its first minute (each PostgreSQL
    # test's pool, and the servers the tests start), so the limit leaves room well past that.
    as_owner "$(pg_bin)/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 \
      -o "-p $2 -k $1 -h 127.0.0.1 -c fsync=off -c max_connections=1000 -c shared_buffers=64MB" start >/dev/null </dev/null
  )
}

start() {
  local bin dir port
  bin=$(pg_bin)
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin postgres
  fi
  dir=$(mktemp -d /tmp/hearth-pg.XXXXXX)
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U hearth -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  for _ in 1 2 3 4 5; do
    port=$(free_port)
    if launch "$dir" "$port"; then
      echo "$port" >"$dir/port"
      as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U hearth hearth_test
      echo "export HEARTH_TEST_POSTGRES_URL=postgres://hearth@127.0.0.1:$port/hearth_test"
      echo "export HEARTH_TEST_POSTGRES_DIR=$dir"
      return
    fi
  done
  cat "$dir/server.log" >&2
  exit 1
}

stop() {
  local dir=${1:?the cluster folder}
  [ -d "$dir/data" ] && as_owner "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

# Restarts the cluster on its port, dropping every connection (for tests of a database that goes away).
restart() {
  halt "$@"
  resume "$@"
}

# Stops the cluster but keeps its data, and starts it again on its port (for tests of a database that is down).
halt() {
  local dir=${1:?the cluster folder}
  as_owner "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
}

resume() {
  local dir=${1:?the cluster folder}
  launch "$dir" "$(cat "$dir/port")"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  restart) restart "${2:-}" ;;
  halt) halt "${2:-}" ;;
  resume) resume "${2:-}" ;;
  *) echo "usage: $0 start | stop DIR | restart DIR | halt DIR | resume DIR" >&2; exit 2 ;;
esac
