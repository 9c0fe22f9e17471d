#!/usr/bin/env bash
# Whole SVG scenes, Hairline against resvg's command-line renderer, whole
# process (read, parse, render, PNG encode at each tool's default level,
# write). For every .svg of DIR (or every file LIST.txt names, as
# HairlineBenchmarks --scenes reads it: Benchmarks/scenes.txt is the
# corpus) the two programs run alternately, RUNS
# times each, on the same file at the same zoom; the script prints each
# one's median wall time in ms and the ratio hairline / resvg (below 1:
# Hairline is faster). Wall times on a shared machine are noisy: with
# INSTRUCTIONS=1 each program also runs once under valgrind (callgrind)
# and its whole-process instruction count is printed (Hairline with
# --workers 1: the work of the render, not of its threads; the timed runs
# use the default, every core).
#
#   Benchmarks/scenes-vs-resvg.sh DIR|LIST.txt [--scale S] [--runs N]
#   Benchmarks/scenes-vs-resvg.sh Benchmarks/scenes.txt --scale 2 --runs 5
#   INSTRUCTIONS=1 Benchmarks/scenes-vs-resvg.sh ../shared/scenes --scale 4
#
# Run from the package root after `swift build -c release --product
# hairline`. RESVG names the resvg binary (default: the pyenv copy this
# machine has, else `resvg` on PATH); without one the script says so and
# exits 0.
set -euo pipefail

usage() { echo "usage: $0 DIR|LIST.txt [--scale S] [--runs N]" >&2; exit 2; }
[ $# -ge 1 ] || usage
dir=$1; shift
scale=1
runs=11
while [ $# -gt 0 ]; do
    case $1 in
    --scale) scale=${2:?--scale needs a value}; shift 2 ;;
    --runs) runs=${2:?--runs needs a value}; shift 2 ;;
    *) usage ;;
    esac
done
[ -d "$dir" ] || [ -f "$dir" ] || { echo "$0: no folder or list '$dir'" >&2; exit 2; }

# The binary itself, not a pyenv shim (a shell script: slower, and
# valgrind would count the shell).
resvg=${RESVG:-}
if [ -z "$resvg" ] && [ -x /root/.pyenv/versions/3.11.7/bin/resvg ]; then
    resvg=/root/.pyenv/versions/3.11.7/bin/resvg
fi
if [ -z "$resvg" ]; then
    resvg=$(command -v pyenv >/dev/null && pyenv which resvg 2>/dev/null || command -v resvg || true)
fi
if [ -z "$resvg" ] || [ ! -x "$resvg" ]; then
    echo "resvg not found (set RESVG=/path/to/resvg): skipped"
    exit 0
fi
hairline=${HAIRLINE:-.build/release/hairline}
[ -x "$hairline" ] || {
    echo "$0: $hairline is missing: swift build -c release --product hairline" >&2
    exit 2
}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Microseconds the command takes, whole process, its output discarded.
elapsed_us() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo $(((end - start) / 1000))
}

# The median of the numbers on stdin (microseconds in, ms with 2 decimals out).
median_ms() {
    sort -n | awk '{ v[NR] = $1 } END {
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.2f", m / 1000 }'
}

# Instructions of one whole run under callgrind.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        awk '/Collected :/ { print $NF }'
}

echo "hairline $hairline vs resvg $resvg, zoom $scale, $runs runs each, alternately (median ms, whole process)"
header=$(printf '%-40s %10s %10s %8s' scene hairline resvg ratio)
[ "${INSTRUCTIONS:-0}" = 1 ] && header+=$(printf ' %14s %14s %8s' "hairline Ir" "resvg Ir" "Ir ratio")
echo "$header"
# "NAME PATH" per scene: a folder's .svg files, or a list's lines
# (`NAME PATH` or `PATH`, relative to the list; missing files skipped).
scenes() {
    if [ -d "$dir" ]; then
        for svg in "$dir"/*.svg; do [ -e "$svg" ] && echo "$(basename "$svg" .svg) $svg"; done
        return 0
    fi
    local base
    base=$(dirname "$dir")
    grep -v '^[[:space:]]*\(#\|$\)' "$dir" | while read -r first second; do
        local name=$first path=${second:-$first}
        [ -n "$second" ] || name=$(basename "$first" .svg)
        case $path in /*) ;; *) path=$base/$path ;; esac
        if [ -f "$path" ]; then echo "$name $path"; else echo "$path not found, skipped" >&2; fi
    done
}
scenes | while read -r name svg; do
    h=() r=()
    for ((i = 0; i < runs; i++)); do
        h+=("$(elapsed_us "$hairline" render "$svg" --scale "$scale" -o "$out/h.png")")
        r+=("$(elapsed_us "$resvg" -z "$scale" "$svg" "$out/r.png")")
    done
    hm=$(printf '%s\n' "${h[@]}" | median_ms)
    rm_=$(printf '%s\n' "${r[@]}" | median_ms)
    line=$(printf '%-40s %10s %10s %8s' "$name" "$hm" "$rm_" "$(awk -v a="$hm" -v b="$rm_" 'BEGIN { printf "%.2f", a / b }')")
    if [ "${INSTRUCTIONS:-0}" = 1 ]; then
        hi=$(instructions "$hairline" render "$svg" --scale "$scale" --workers 1 -o "$out/h.png")
        ri=$(instructions "$resvg" -z "$scale" "$svg" "$out/r.png")
        line+=$(printf ' %14s %14s %8s' "$hi" "$ri" "$(awk -v a="$hi" -v b="$ri" 'BEGIN { printf "%.2f", a / b }')")
    fi
    echo "$line"
done
