#!/usr/bin/env bash
# A throwaway PostgreSQL primary and its streaming replica, for the replica suite.
#   .ci/replica.sh start   prints "PRIMARY_URL REPLICA_URL" on its last line
#   .ci/replica.sh stop    stops both and removes their folders
# Runs as root (su to postgres) or as the postgres user. Ports: REPLICA_SUITE_PORT (default 5440) and the next one.
set -euo pipefail
PRIMARY_PORT=${REPLICA_SUITE_PORT:-5440}
REPLICA_PORT=$((PRIMARY_PORT + 1))
BASE=${REPLICA_SUITE_DIR:-/tmp/commonweave-replica-suite}
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

as_postgres() {
  if [ "$(id -un)" = postgres ]; then sh -c "$1"; else su postgres -s /bin/sh -c "$1"; fi
}

stop() {
  for dir in "$BASE/replica" "$BASE/primary"; do
    if [ -f "$dir/postmaster.pid" ]; then as_postgres "$PGBIN/pg_ctl -D $dir -m immediate stop" >/dev/null 2>&1 || true; fi
  done
  rm -rf "$BASE"
}

start() {
  stop
  mkdir -p "$BASE"
  chown postgres:postgres "$BASE" 2>/dev/null || true
  as_postgres "$PGBIN/initdb -D $BASE/primary -U postgres -A trust -E UTF8 --no-locale >/dev/null"
  # Replication from loopback without a password; a small WAL keep so a paused replica can catch up.
  as_postgres "echo 'host replication postgres 127.0.0.1/32 trust' >> $BASE/primary/pg_hba.conf"
  as_postgres "$PGBIN/pg_ctl -D $BASE/primary -l $BASE/primary.log -w -o '-p $PRIMARY_PORT -c listen_addresses=127.0.0.1 -k /tmp -c wal_level=replica -c max_wal_senders=5 -c wal_keep_size=256MB' start" >/dev/null
  as_postgres "$PGBIN/pg_basebackup -h 127.0.0.1 -p $PRIMARY_PORT -U postgres -D $BASE/replica -R -X stream"
  as_postgres "$PGBIN/pg_ctl -D $BASE/replica -l $BASE/replica.log -w -o '-p $REPLICA_PORT -c listen_addresses=127.0.0.1 -k /tmp -c hot_standby=on -c hot_standby_feedback=on' start" >/dev/null
  echo "postgres://postgres@127.0.0.1:$PRIMARY_PORT/postgres postgres://postgres@127.0.0.1:$REPLICA_PORT/postgres"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
