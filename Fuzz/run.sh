#!/usr/bin/env bash
# Long fuzz runs with libFuzzer (Linux, the Swift toolchain's clang runtime).
#
#   Fuzz/run.sh DRIVER [SECONDS] [extra libFuzzer flags...]
#
# DRIVER is one of png, svg, pathdata, draw, table, font, spec, jpeg, gif. Builds HairlineFuzz with
# -sanitize=fuzzer,address into .build-fuzz, seeds a corpus for the driver
# (PngSuite for png, the example cell SVGs and Fuzz/seeds/svg for svg, their path data for
# pathdata, the bundled DejaVu fonts and Fuzz/seeds/font for font, Examples/tables/*.json
# for spec, whose files resolve in Examples/tables, the JPEG and GIF fixtures of
# Tests/HairlinePNGTests/Fixtures/images for jpeg and gif), and fuzzes for SECONDS (default 600). The corpus grows in
# .build-fuzz/corpus/DRIVER and is reused by the next run; a crashing input
# is saved as .build-fuzz/artifacts/DRIVER-crash-* and can be replayed
# without sanitizers by
#
#   swift run HairlineFuzz DRIVER .build-fuzz/artifacts/DRIVER-crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

driver=${1:?usage: Fuzz/run.sh png|svg|pathdata|draw|table|font|spec|jpeg|gif [SECONDS] [libFuzzer flags...]}
seconds=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))

case $driver in
    png|svg|pathdata|draw|table|font|spec|jpeg|gif) ;;
    *) echo "unknown driver '$driver': png, svg, pathdata, draw, table, font, spec, jpeg or gif" >&2; exit 2 ;;
esac

swift build -c release --product HairlineFuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >&2
binary=.build-fuzz/release/HairlineFuzz

corpus=.build-fuzz/corpus/$driver
mkdir -p "$corpus" .build-fuzz/artifacts
if [ -z "$(ls -A "$corpus")" ]; then
    case $driver in
        png) cp Tests/HairlinePNGTests/Fixtures/pngsuite/*.png "$corpus"/ ;;
        svg) cp Examples/cells/*.svg Fuzz/seeds/svg/*.svg "$corpus"/ ;;
        pathdata)
            # A 16-byte stroke-style prefix, then each example's path data.
            i=0
            for f in Examples/cells/*.svg; do
                grep -o ' d="[^"]*"' "$f" | sed 's/^ d="//; s/"$//' | while read -r d; do
                    i=$((i + 1))
                    { printf '\001%.0s' {1..16}; printf '%s' "$d"; } > "$corpus/$(basename "$f" .svg)-$i"
                done
            done ;;
        font) cp Sources/HairlineText/Fonts/*.ttf Fuzz/seeds/font/*.ttf "$corpus"/ ;;
        spec) cp Examples/tables/*.json "$corpus"/ ;;
        jpeg) cp Tests/HairlinePNGTests/Fixtures/images/*.jpg "$corpus"/ ;;
        gif) cp Tests/HairlinePNGTests/Fixtures/images/*.gif "$corpus"/ ;;
        *) printf '\000' > "$corpus/empty" ;;
    esac
fi

# Inputs up to 64 KiB (PNGs and SVGs need room; fonts 1 MiB, the DejaVu seeds), 2 GiB of memory, and any
# input that takes over 10 s counts as a hang.
max_len=65536
[ "$driver" = font ] && max_len=1048576
HAIRLINE_FUZZ=$driver exec "$binary" -max_total_time="$seconds" -max_len="$max_len" -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix=".build-fuzz/artifacts/$driver-" -print_final_stats=1 "$@" "$corpus"
