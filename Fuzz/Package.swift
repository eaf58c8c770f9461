// swift-tools-version: 6.1
// libFuzzer target for collate's line reader/decoder and the whole collate-one-buffer
// path. Build and run with Fuzz/run (see Fuzz/README.md).
import PackageDescription

let package = Package(
    name: "CollateFuzz",
    dependencies: [.package(name: "LocalizedIndexedCollation", path: "..")],
    targets: [
        .executableTarget(
            name: "CollateFuzz",
            dependencies: [.product(name: "CollateCLI", package: "LocalizedIndexedCollation")],
            swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library"])]
        )
    ]
)
