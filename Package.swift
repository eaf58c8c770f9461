// swift-tools-version: 6.1
// The toolkit's layers, top to bottom (arrows point down only); every target edge below
// is drawn (ARCHITECTURE.md says what each layer holds):
//
//   collate ─► CollateCLI
//   CollateCLI ─► IndexedTableFormatting, IndexedCollation, SectionedData, ArgumentParser
//   IndexedTableFormatting ─► SectionedData, IndexedCollation
//   IndexedCollation ─► CCollationShims, SectionedData
//   CCollationShims ─► CICU (system ICU)
//   ContactListExample ─► IndexedCollation, SectionedData
//   TestSupport (shared test helpers) ◄─ IndexedCollationTests, SectionedDataTests
//
// Only CCollationShims (C++) sees ICU's headers; IndexedCollation is the only Swift
// module that calls into it.
import PackageDescription

let package = Package(
    name: "LocalizedIndexedCollation",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "IndexedCollation", targets: ["IndexedCollation"]),
        .library(name: "SectionedData", targets: ["SectionedData"]),
        .library(name: "IndexedTableFormatting", targets: ["IndexedTableFormatting"]),
        .library(name: "CollateCLI", targets: ["CollateCLI"]),
        .executable(name: "collate", targets: ["collate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        .target(
            name: "CCollationShims",
            dependencies: ["CICU"],
            linkerSettings: [
                .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
            ]
        ),
        .target(
            name: "SectionedData",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "IndexedCollation",
            dependencies: ["CCollationShims", "SectionedData"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "IndexedTableFormatting",
            dependencies: ["SectionedData", "IndexedCollation"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "CollateCLI",
            dependencies: [
                "IndexedCollation", "IndexedTableFormatting", "SectionedData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "ContactListExample",
            dependencies: ["IndexedCollation", "SectionedData"],
            path: "Examples/ContactList",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "collate",
            dependencies: ["CollateCLI"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "IndexedCollationTests",
            dependencies: ["IndexedCollation", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "SectionedDataTests",
            dependencies: ["SectionedData", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "IndexedTableFormattingTests",
            dependencies: ["IndexedTableFormatting", "IndexedCollation"],
            resources: [.copy("Fixtures")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "CollateCLITests",
            dependencies: ["CollateCLI", "IndexedCollation", "collate"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
