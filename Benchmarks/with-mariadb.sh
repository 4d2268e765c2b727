#!/usr/bin/env bash
# Runs a command with a throwaway MariaDB server on a unix socket and MYSQL_URL naming it:
#   bash Benchmarks/with-mariadb.sh Benchmarks/.build/release/TypedSQLBenchmarks mariadb-insert mariadb-fetch
# The server is started as it is for the integration tests (no logging of changes, no doubled
# writes, commits flushed once a second), as the `nobody` user when run as root.
set -euo pipefail
dir=$(mktemp -d)
chmod 777 "$dir"
as_owner=()
if [ "$(id -u)" = 0 ]; then as_owner=(runuser -u nobody --); fi
"${as_owner[@]}" mariadb-install-db --no-defaults --datadir="$dir/data" --auth-root-authentication-method=normal \
  --skip-test-db --skip-name-resolve >/dev/null
"${as_owner[@]}" mariadbd --no-defaults --datadir="$dir/data" --socket="$dir/mariadb.sock" --skip-networking \
  --pid-file="$dir/mariadbd.pid" --log-error="$dir/server.log" --skip-log-bin --skip-name-resolve \
  --character-set-server=utf8mb4 --collation-server=utf8mb4_nopad_bin --innodb-buffer-pool-size=256M \
  --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 &
trap 'kill "$(cat "$dir/mariadbd.pid")" 2>/dev/null; wait; rm -rf "$dir"' EXIT
for _ in $(seq 1 600); do
  grep -q "ready for connections" "$dir/server.log" 2>/dev/null && break
  sleep 0.1
done
mariadb -S "$dir/mariadb.sock" -u root -e "CREATE DATABASE bench"
MYSQL_URL="mysql://root@localhost/bench?socket=$dir/mariadb.sock" "$@"
