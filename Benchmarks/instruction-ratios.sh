#!/usr/bin/env bash
# Instructions per operation of the release build, TypedSQL beside its anchors (the raw C API,
# GRDB, raw libpq), each counted by valgrind in a process of its own, and the ratio to the raw
# anchor. The counts do not move with the machine's load; a figure is the difference of two runs
# at N1 and N2 operations over N2 - N1, so the process's start and setup cancel out.
#   swift build -c release --package-path Benchmarks
#   bash Benchmarks/instruction-ratios.sh                               # SQLite and rendering
#   bash Benchmarks/with-postgres.sh bash Benchmarks/instruction-ratios.sh   # and PostgreSQL's client
set -euo pipefail
binary="$(cd "$(dirname "$0")" && pwd)/.build/release/TypedSQLBenchmarks"
export SWIFT_DETERMINISTIC_HASHING=1

count() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 \
    | sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}

# workload title, N1, N2, operations per count, then the modes, the anchor first
measure() {
  local title=$1 first=$2 second=$3 per=$4
  shift 4
  local anchor=""
  echo "$title"
  for mode in "$@"; do
    local a b perOperation
    a=$(count "$mode" "$first")
    b=$(count "$mode" "$second")
    perOperation=$(( (b - a) / ((second - first) * per) ))
    [ -z "$anchor" ] && anchor=$perOperation
    printf "  %-34s %12d instructions   %6.2fx\n" "$mode" "$perOperation" \
      "$(echo "$perOperation / $anchor" | bc -l)"
  done
}

measure "Build + render the representative query (anchor: sqlite3_prepare_v2 + bind + finalize)" 2000 4000 1 \
  raw-prepare-only render-only
measure "SQLite point lookup by primary key, 100,000 rows" 2000 4000 1 \
  raw-lookups-only lookups-only built-lookups-only built-where-only read-lookups-only grdb-lookups-only
measure "SQLite rows by primary key, stepped to the statement's end as fetchAll must (anchor: raw, stepped to its end)" 2000 4000 1 \
  raw-where-only built-where-only
measure "SQLite insert of one row, in one transaction" 2000 4000 1 \
  raw-inserts-only inserts-only built-inserts-only built-batch-inserts-only grdb-inserts-only
measure "SQLite fetch and decode of 100 rows" 200 400 1 \
  raw-fetch-only fetch-only grdb-fetch-only
measure "SQLite JSON rows: 10 lists, each with its 10 reminders as one JSON array (anchor: raw, JSONDecoder)" 20 40 1 \
  raw-json-rows-only json-rows-only
if [ -n "${POSTGRES_URL:-}" ]; then
  measure "PostgreSQL fetch and decode, per row (the client's instructions only)" 2000 4000 10 \
    postgres-raw-fetch-only postgres-raw-binary-fetch-only postgres-fetch-only
fi
