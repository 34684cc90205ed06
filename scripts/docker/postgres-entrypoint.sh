#!/bin/sh
# The official postgres image's first-run contract, for the stand-in image (postgres.Dockerfile):
# an empty $PGDATA gets a cluster owned by POSTGRES_USER with POSTGRES_PASSWORD, and POSTGRES_DB.
set -eu
if [ "${1:-postgres}" != postgres ]; then exec "$@"; fi
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
POSTGRES_USER=${POSTGRES_USER:-postgres}
POSTGRES_DB=${POSTGRES_DB:-$POSTGRES_USER}
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  # The setup server listens on a private socket only: pg_isready (the healthcheck) stays "no" until
  # the real server is up.
  setup_socket=$(mktemp -d)
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=$setup_socket" -w start >/dev/null
  if [ "$POSTGRES_DB" != postgres ]; then
    psql -h "$setup_socket" -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d postgres -q -c "CREATE DATABASE \"$POSTGRES_DB\""
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "database cluster made in $PGDATA (user $POSTGRES_USER, database $POSTGRES_DB)"
fi
[ $# -gt 0 ] && shift # the "postgres" of CMD; what follows are the server's options
exec postgres -c listen_addresses='*' "$@"
