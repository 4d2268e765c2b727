#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster on a unix socket and POSTGRES_URL naming it:
#   bash Benchmarks/with-postgres.sh swift run -c release --package-path Benchmarks
# The server refuses to run as root, so as root the cluster belongs to the `postgres` user.
set -euo pipefail
bindir=$(pg_config --bindir 2>/dev/null || ls -d /usr/lib/postgresql/*/bin | tail -1)
dir=$(mktemp -d)
as_owner=()
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; as_owner=(runuser -u postgres --); fi
"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-k $dir -c listen_addresses='' -p 5433 -c fsync=off" start >/dev/null
trap '"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null; rm -rf "$dir"' EXIT
POSTGRES_URL="host=$dir port=5433 user=postgres dbname=postgres" "$@"
