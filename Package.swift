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
        .executable(name: "hairline", targets: ["HairlineCLI"]),
    ],
    targets: [
        // The engine: geometry, paths, flattening, rasterizer, compositor,
        // surface, canvas. Needs no Foundation.
        .target(name: "Hairline"),
        .target(name: "HairlinePNG", dependencies: ["Hairline"]),
        .target(name: "HairlineSVG", dependencies: ["Hairline"]),
        .executableTarget(
            name: "HairlineCLI",
            dependencies: ["Hairline", "HairlinePNG", "HairlineSVG"]
        ),
        .executableTarget(
            name: "HairlineBenchmarks",
            dependencies: ["Hairline"],
            path: "Benchmarks/HairlineBenchmarks"
        ),
        .testTarget(name: "HairlineTests", dependencies: ["Hairline"]),
        .testTarget(name: "HairlinePNGTests", dependencies: ["Hairline", "HairlinePNG"], resources: [.copy("Fixtures")]),
        .testTarget(name: "HairlineSVGTests", dependencies: ["Hairline", "HairlineSVG"]),
        // Runs the built `hairline` executable as a process.
        .testTarget(name: "HairlineCLITests", dependencies: ["HairlineCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
