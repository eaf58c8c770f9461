// swift-tools-version: 6.1
// Benchmark programs for the toolkit. They are programs you run, not timed unit tests:
//
//   Benchmarks/run diff        Snapshot.difference vs CollectionDifference
//
// This package depends on the root package by path, so it always measures the working tree.
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LocalizedIndexedCollation", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "DiffBenchmark",
            dependencies: [
                .product(name: "SectionedData", package: "LocalizedIndexedCollation")
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
