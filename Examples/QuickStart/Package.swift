// swift-tools-version:6.0
// An app that uses Hairline as a package dependency (by path, as a checkout
// of this repository; elsewhere use `.package(url: "<your Hairline git URL>",
// from: "<version>")`). `.ci/run` builds it.
import PackageDescription

let package = Package(
    name: "QuickStart",
    dependencies: [
        .package(name: "Hairline", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "QuickStart",
            dependencies: [
                .product(name: "Hairline", package: "Hairline"),
                .product(name: "HairlineCells", package: "Hairline"),
                .product(name: "HairlinePNG", package: "Hairline"),
                .product(name: "HairlineTableSpec", package: "Hairline"),
            ]
        )
    ]
)
