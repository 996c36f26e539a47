#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster:
#   bash scripts/postgres/with-test-cluster.sh <command> [args...]
# The cluster lives in a temporary directory, listens on a free port on 127.0.0.1 only (its unix socket
# stays in that directory), trusts local connections and is tuned for tests, never for data that matters
# (fsync is off). The command gets:
#   HORTUS_TEST_PG_URL      superuser URL to the `postgres` database
#   HORTUS_TEST_PG_DATADIR  the cluster's data directory
#   HORTUS_TEST_PG_CTL      the pg_ctl binary, so a test can stop and start the server
#   HORTUS_TEST_PG_RUNAS    the OS user pg_ctl must run as (empty when that is the current user)
#   HORTUS_TEST_PG_BINDIR   the PostgreSQL binaries (initdb, pg_ctl, ...)
# The cluster is stopped and its directory removed however the command ends; the script exits with the
# command's status.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

PG_VERSION=15
BINDIR=${HORTUS_PG_BINDIR:-/usr/lib/postgresql/$PG_VERSION/bin}

log() { echo "with-test-cluster: $*" >&2; }

install_postgres() {
  if [[ $(id -u) -ne 0 ]]; then
    log "PostgreSQL $PG_VERSION is not installed in $BINDIR; install postgresql-$PG_VERSION (needs root)"
    exit 1
  fi
  log "installing postgresql-$PG_VERSION"
  # Everything to stderr: stdout belongs to the command. The package may create (and, where an init
  # system runs, start) its own default cluster on port 5432; the tests never use it.
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "postgresql-$PG_VERSION" >&2
  [[ -x $BINDIR/initdb ]] || {
    log "postgresql-$PG_VERSION installed no $BINDIR/initdb"
    exit 1
  }
}

[[ -x $BINDIR/initdb && -x $BINDIR/pg_ctl ]] || install_postgres

# Root cannot run a PostgreSQL server: the cluster then belongs to the `postgres` user (the package
# creates it). Anyone else runs it as themselves.
RUNAS=
if [[ $(id -u) -eq 0 ]]; then RUNAS=postgres; fi
as_owner() {
  if [[ -n $RUNAS ]]; then runuser -u "$RUNAS" -- "$@"; else "$@"; fi
}

WORKDIR=$(mktemp -d "${TMPDIR:-/tmp}/hortus-pg.XXXXXX")
DATADIR=$WORKDIR/data
LOGFILE=$WORKDIR/server.log
if [[ -n $RUNAS ]]; then chown "$RUNAS": "$WORKDIR"; fi
chmod 700 "$WORKDIR"

cleanup() {
  local status=$?
  # The command may have stopped the server itself (an outage test); stop is then a no-op. It may also
  # have started servers of its own in the work directory (a streaming replica): they stop too.
  local pidfile
  for pidfile in "$WORKDIR"/*/postmaster.pid; do
    [[ -f $pidfile ]] || continue
    (cd "$WORKDIR" && as_owner "$BINDIR/pg_ctl" stop -D "${pidfile%/postmaster.pid}" -m immediate -w -t 30 >/dev/null 2>&1) || true
  done
  rm -rf "$WORKDIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The server's user may not be able to enter the caller's directory; every server command runs from
# the work directory. C.UTF-8 gives Unicode character classes; plain C is the fallback where it is missing.
init_cluster() {
  (cd "$WORKDIR" && as_owner "$BINDIR/initdb" -D "$DATADIR" -U postgres --auth=trust --encoding=UTF8 \
    --no-sync "$@" >"$WORKDIR/initdb.log" 2>&1)
}
init_cluster --locale=C.UTF-8 || init_cluster --no-locale || {
  cat "$WORKDIR/initdb.log" >&2
  exit 1
}
echo "include 'hortus-test.conf'" >>"$DATADIR/postgresql.conf"

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })"
}

# Another process can take the free port before the server binds it: try a few ports.
started=0
for attempt in 1 2 3 4 5; do
  PORT=$(free_port)
  cat >"$DATADIR/hortus-test.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$WORKDIR'
max_connections = 200
shared_buffers = 128MB
# A throwaway cluster: no fsync (the OS still holds every committed write, and a clean stop writes it
# out). synchronous_commit stays on, so a commit is in the WAL before the client hears of it.
fsync = off
full_page_writes = off
jit = off
EOF
  if (cd "$WORKDIR" && as_owner "$BINDIR/pg_ctl" start -D "$DATADIR" -l "$LOGFILE" -w -t 30 >/dev/null 2>&1); then
    started=1
    break
  fi
  log "start on port $PORT failed (attempt $attempt)"
done
if [[ $started -ne 1 ]]; then
  cat "$LOGFILE" >&2 || true
  exit 1
fi

export HORTUS_TEST_PG_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
export HORTUS_TEST_PG_DATADIR=$DATADIR
export HORTUS_TEST_PG_CTL=$BINDIR/pg_ctl
export HORTUS_TEST_PG_RUNAS=$RUNAS
export HORTUS_TEST_PG_BINDIR=$BINDIR

# Not exec: the trap must run after the command.
set +e
"$@"
status=$?
set -e
exit "$status"
