#!/usr/bin/env bash
# Heap allocations per build + render of the representative query: valgrind counts every
# allocation of `render-only 1000` and `render-only 2000`; the difference over 1000 is the cost of
# one render, free of the process's fixed start-up allocations.
#   bash Benchmarks/allocations.sh        (after swift build -c release --package-path Benchmarks)
set -euo pipefail
binary="$(dirname "$0")/.build/release/TypedSQLBenchmarks"
count() {
  valgrind "$binary" render-only "$1" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
first=$(count 1000)
second=$(count 2000)
echo "allocations per build + render: $(( (second - first) / 1000 ))"
