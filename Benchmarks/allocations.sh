#!/usr/bin/env bash
# Counts heap allocations of steady-state cell drawing: runs every cell
# workload (solid, gradient, pattern x 4 positions, the image cells, the
# shadowed cell and the cached label, at 1x/2x/3x) 11 and then 111 times
# under valgrind; the allocation totals of the two runs differ
# by what 100 more draws of each workload allocate. Prints both totals and
# exits non-zero if they differ. Needs valgrind; takes about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product HairlineBenchmarks >/dev/null
count() {
    valgrind .build/release/HairlineBenchmarks --draws "$1" 2>&1 \
        | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
few=$(count 10)
many=$(count 110)
echo "allocations: $few with 11 draws of each workload, $many with 111"
if [ "$few" != "$many" ]; then
    echo "steady-state drawing allocated $((many - few)) times in 3,600 draws" >&2
    exit 1
fi
echo "steady-state drawing allocates nothing"
