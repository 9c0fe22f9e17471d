#!/usr/bin/env bash
# Builds the API documentation of the library modules with the toolchain's
# own docc: symbol graphs from `swift build` (a scratch path of its own),
# then `docc convert` per module, warnings as errors. No plugin, no package
# dependency. Output: .build/docs/<Module> (a DocC archive per module).
#
#   Scripts/docs.sh                  # every library module
#   Scripts/docs.sh --coverage       # also print which symbols lack docs
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(Hairline HairlinePNG HairlineSVG HairlineCells HairlineText HairlineTableSpec)
scratch=.build/docs-build
graphs="$scratch/symbol-graphs"    # kept: a build re-emits only what it recompiles
output=.build/docs

coverage=()
if [[ "${1:-}" == "--coverage" ]]; then
    coverage=(--experimental-documentation-coverage --coverage-summary-level detailed)
fi

# docc ships next to the swift driver; `command -v docc` finds it when the
# toolchain's bin folder is on PATH, the driver's folder when it is not.
docc="${DOCC:-}"
if [[ -z "$docc" ]]; then
    if command -v docc >/dev/null 2>&1; then
        docc="$(command -v docc)"
    else
        docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
    fi
fi
[[ -x "$docc" ]] || { echo "docs.sh: docc not found (set DOCC=/path/to/docc)" >&2; exit 1; }

# Symbol graphs: one build per module (each emits the graphs of the modules
# it compiles; the flags are the same, so nothing is compiled twice). An
# up-to-date module is not compiled again and keeps its graph from the last
# run; if a graph is missing, the scratch build starts over.
build_symbol_graphs() {
    mkdir -p "$graphs/all"
    for module in "${modules[@]}"; do
        swift build --scratch-path "$scratch" --target "$module" \
            -Xswiftc -emit-symbol-graph \
            -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/all" \
            -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
            -Xswiftc -symbol-graph-skip-synthesized-members
    done
}
graphs_complete() {
    for module in "${modules[@]}"; do
        [[ -e "$graphs/all/$module.symbols.json" ]] || return 1
    done
}
build_symbol_graphs
if ! graphs_complete; then
    rm -rf "$scratch"
    build_symbol_graphs
fi

rm -rf "$output"
mkdir -p "$output"
for module in "${modules[@]}"; do
    # The module's own graph and its extensions of other modules' types
    # (Module@Other.symbols.json).
    rm -rf "${graphs:?}/$module"
    mkdir -p "$graphs/$module"
    cp "$graphs/all/$module.symbols.json" "$graphs/$module/"
    for extension in "$graphs/all/$module@"*.symbols.json; do
        [[ -e "$extension" ]] && cp "$extension" "$graphs/$module/"
    done
    catalog=()
    [[ -d "Sources/$module/$module.docc" ]] && catalog=("Sources/$module/$module.docc")
    "$docc" convert "${catalog[@]}" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --output-path "$output/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.hairline.$module" \
        --warnings-as-errors \
        "${coverage[@]}"
done
echo "docs.sh: documentation in $output/ (${modules[*]})"
