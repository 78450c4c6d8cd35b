#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL cluster for the tests.
#
#   eval "$(scripts/test-postgres.sh start)"    # exports HEARTH_TEST_POSTGRES_URL and HEARTH_TEST_POSTGRES_DIR
#   scripts/test-postgres.sh stop "$HEARTH_TEST_POSTGRES_DIR"
#   scripts/test-postgres.sh restart "$HEARTH_TEST_POSTGRES_DIR"   # drops every connection, keeps the port
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
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -h 127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null; then
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
  local dir=${1:?the cluster folder}
  as_owner "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast -w -t 60 restart >/dev/null
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  restart) restart "${2:-}" ;;
  *) echo "usage: $0 start | stop DIR | restart DIR" >&2; exit 2 ;;
esac
