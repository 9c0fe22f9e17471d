// swift-tools-version:6.0
// Hairline: a pure-Swift anti-aliased 2D rasterizer. No package dependencies:
// the Swift toolchain only.
import PackageDescription

let package = Package(
    name: "Hairline",
    products: [
        .library(name: "Hairline", targets: ["Hairline"]),
        .library(name: "HairlinePNG", targets: ["HairlinePNG"]),
        .library(name: "HairlineSVG", targets: ["HairlineSVG"]),
        .library(name: "HairlineCells", targets: ["HairlineCells"]),
        .library(name: "HairlineText", targets: ["HairlineText"]),
        .library(name: "HairlineTableSpec", targets: ["HairlineTableSpec"]),
        .executable(name: "hairline", targets: ["HairlineCLI"]),
    ],
    targets: [
        // The engine: geometry, paths, flattening, rasterizer, compositor,
        // surface, canvas. Needs no Foundation.
        .target(name: "Hairline"),
        .target(name: "HairlinePNG", dependencies: ["Hairline"]),
        // SVG: draws <text> with HairlineText's fonts (DejaVu Sans bundled).
        .target(name: "HairlineSVG", dependencies: ["Hairline", "HairlineText", "HairlinePNG"]),
        // The table-cell kit: positions, background styles, separators,
        // labels and accessories, whole tables rendered across cores.
        // Imports no Foundation.
        .target(name: "HairlineCells", dependencies: ["Hairline", "HairlineText"]),
        // The system layer instead of Foundation (not a product): a lock,
        // clocks, a background thread, environment and standard error,
        // printf-style numbers, paths and folders. Shared by HairlineText,
        // HairlineTableSpec and the CLI, so that nothing the CLI links
        // loads Foundation (the CLI starts in ~1 ms; issue 35).
        .target(name: "HairlineSystem"),
        // Text: TrueType fonts, glyphs through the exact rasterizer, a glyph
        // cache, layout; color bitmap glyphs (CBDT, sbix) decoded by HairlinePNG.
        // Ships DejaVu Sans compiled in (BundledFonts/, one file per face, generated
        // from Fonts/ by Scripts/generate-bundled-fonts.py; the .ttf files
        // and their license stay in Fonts/, excluded from the build).
        .target(name: "HairlineText", dependencies: ["Hairline", "HairlinePNG", "HairlineSystem"], exclude: ["Fonts"]),
        // Table specs: a JSON file describing a whole table (its own strict
        // parser, errors with JSON paths and line:column), images and fonts
        // read through HairlineSystem (no Foundation).
        .target(
            name: "HairlineTableSpec",
            dependencies: ["Hairline", "HairlinePNG", "HairlineCells", "HairlineText", "HairlineSystem"]
        ),
        // The `hairline` command. On Linux it is one static executable
        // (-static-executable: the Swift runtime and the C library linked
        // in), so nothing is loaded or relocated at start-up: `--version`
        // runs 0.33 M instructions instead of 15 M. Executables only: the
        // library products carry no unsafe flags.
        .executableTarget(
            name: "HairlineCLI",
            dependencies: [
                "Hairline", "HairlinePNG", "HairlineSVG", "HairlineCells", "HairlineTableSpec", "HairlineText",
                "HairlineSystem",
            ],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]
        ),
        .executableTarget(
            name: "HairlineBenchmarks",
            dependencies: ["Hairline", "HairlineCells", "HairlineText", "HairlinePNG", "HairlineSVG"],
            path: "Benchmarks/HairlineBenchmarks"
        ),
        // Fuzz drivers: replays inputs when built normally; built with
        // -sanitize=fuzzer (Fuzz/run.sh), a libFuzzer target.
        .executableTarget(
            name: "HairlineFuzz",
            dependencies: [
                "Hairline", "HairlinePNG", "HairlineSVG", "HairlineCells", "HairlineText", "HairlineTableSpec",
            ],
            path: "Fuzz/HairlineFuzz"
        ),
        // What the test targets share: the seeded generator (SplitMix64), the
        // exact-coverage oracle, image comparison and golden-image snapshots
        // (Tests/Goldens). Not a product.
        .target(
            name: "HairlineTestSupport",
            dependencies: ["Hairline", "HairlinePNG"],
            path: "Tests/HairlineTestSupport"
        ),
        .testTarget(name: "HairlineTests", dependencies: ["Hairline", "HairlineTestSupport"]),
        .testTarget(
            name: "HairlinePNGTests",
            dependencies: ["Hairline", "HairlinePNG", "HairlineTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "HairlineSVGTests",
            dependencies: ["Hairline", "HairlinePNG", "HairlineSVG", "HairlineText", "HairlineTestSupport"]
        ),
        .testTarget(
            name: "HairlineCellsTests",
            dependencies: [
                "Hairline", "HairlineCells", "HairlineText", "HairlineTableSpec", "HairlineTestSupport",
            ]
        ),
        // Fixtures/Fonts: fonts with their licences, read by path (#filePath);
        // Fixtures/Unicode: Unicode's conformance files, gzipped (HairlinePNG inflates them).
        .testTarget(
            name: "HairlineTextTests",
            dependencies: ["Hairline", "HairlineText", "HairlinePNG", "HairlineTestSupport"],
            exclude: ["Fixtures"]),
        // Runs the fuzz drivers on seeded random and mutated inputs.
        .testTarget(
            name: "HairlineFuzzTests",
            dependencies: [
                "HairlineFuzz", "Hairline", "HairlinePNG", "HairlineSVG", "HairlineText", "HairlineTestSupport",
            ]
        ),
        .testTarget(
            name: "HairlineTableSpecTests",
            dependencies: [
                "HairlineTableSpec", "HairlineCells", "Hairline", "HairlinePNG", "HairlineText", "HairlineTestSupport",
            ]
        ),
        // Runs the built `hairline` executable as a process (`swift test`
        // builds every target first) and reads its PNGs with HairlinePNG.
        // No dependency on HairlineCLI: that
        // would link the executable's module, and its -static-executable, into
        // the test bundle (which needs the shared runtime, Foundation and
        // Testing).
        .testTarget(name: "HairlineCLITests", dependencies: ["HairlinePNG"]),
        .testTarget(name: "HairlineSystemTests", dependencies: ["HairlineSystem"]),
    ],
    swiftLanguageModes: [.v6]
)
