// swift-tools-version: 6.1
// ContactRecords' CSV reader against the CSV parsers in the local package mirrors, on the
// same 1M-row contact CSV, in one run:
//
//   swift run -c release --package-path Benchmarks/CSVPeers CSVPeers [rows] [--skip-slow]
//
// Kept apart from Benchmarks/Package.swift so the main benchmarks do not build the peers.
import PackageDescription

let package = Package(
    name: "CSVPeers",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LocalizedIndexedCollation", path: "../.."),
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", exact: "0.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "CSVPeers",
            dependencies: [
                .product(name: "ContactRecords", package: "LocalizedIndexedCollation"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
