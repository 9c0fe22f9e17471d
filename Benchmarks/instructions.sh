#!/usr/bin/env bash
# Instructions per draw of every WORKLOADS.md cell draw (solid, gradient,
# pattern x single, top, middle, bottom x 1x, 2x, 3x), counted by valgrind:
# each workload runs with --draws 10 and --draws 110 under callgrind, and
# the difference over 100 is the cost of one steady draw (start-up,
# warm-up and first-draw caches cancel out). Deterministic, so it decides
# changes of a percent that wall times on a shared machine cannot.
#
#   Benchmarks/instructions.sh [--cold] [FILTER] > counts.txt
#
# --cold: a new canvas per draw (no kept sweeps). FILTER: a substring of the
# workload names (default: every cell draw). Needs valgrind; about three
# minutes for the 36 draws.
set -euo pipefail
cd "$(dirname "$0")/.."
cold=()
if [[ "${1:-}" == "--cold" ]]; then cold=(--cold); shift; fi
filter="${1:-cell.}"
swift build -c release --product HairlineBenchmarks >/dev/null
bench=.build/release/HairlineBenchmarks
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() {  # workload, draws
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bench" "${cold[@]}" --draws "$2" --filter "$1" \
        >/dev/null 2>&1
    sed -n 's/^summary: \([0-9]*\).*/\1/p' "$out/cg"
}
for name in $("$bench" --list | grep -F -- "$filter" | grep '^cell\.\(solid\|gradient\|pattern\)\.'); do
    few=$(count "$name" 10)
    many=$(count "$name" 110)
    echo "$name $(( (many - few) / 100 ))"
done
