// swift-tools-version: 6.1
// The toolkit's layers, top to bottom (arrows point down only); every target edge below
// is drawn, tests included (ARCHITECTURE.md says what each layer holds; the test
// `PackageDiagramTests` compares these lines with the targets' dependencies):
//
//   collate ─► CollateCLI
//   CollateFuzz ─► CollateCLI
//   CollateCLI ─► IndexedTableFormatting, IndexedCollation, JapaneseReadings, SectionedData, ContactRecords, CByteScan, SystemSupport, SystemPackage, ArgumentParser
//   IndexedTableFormatting ─► SectionedData, TextSupport
//   JapaneseReadings ─► IndexedCollation, CReadingShims, SystemSupport
//   IndexedCollation ─► CCollationShims, SectionedData, TextSupport, SystemSupport, SystemPackage
//   SystemSupport ─► SystemPackage
//   TextSupport ─► CCollationShims
//   CCollationShims ─► CICU
//   CReadingShims ─► CMeCab
//   ContactRecords ─► CByteScan
//   SectionedData, CByteScan: no dependencies (SectionedData is Swift, CByteScan C)
//   CICU, CMeCab: the system libraries ICU (pkg-config icu-i18n) and MeCab
//   (GRDB and GRDBSQLite are products of GRDB.swift, built on the system SQLite, libsqlite3-dev;
//   the product SystemPackage of swift-system gives FileDescriptor, FilePath and Errno)
//   IndexedCollationGRDB ─► IndexedCollation, SectionedData, GRDB, GRDBSQLite
//   ContactListExample ─► IndexedCollation, SectionedData
//   ContactListSQLiteExample ─► IndexedCollationGRDB, IndexedCollation, SectionedData, GRDB
//   IndexedCollationTests ─► IndexedCollation, TextSupport, TestSupport, SystemPackage
//   JapaneseReadingsTests ─► JapaneseReadings, IndexedCollation, TestSupport
//   SectionedDataTests ─► SectionedData, TestSupport
//   ContactRecordsTests ─► ContactRecords, TestSupport
//   IndexedTableFormattingTests ─► IndexedTableFormatting, IndexedCollation, TextSupport
//   CollateCLITests ─► CollateCLI, IndexedCollation, TextSupport, SystemSupport, TestSupport, collate, SystemPackage
//   ReadmeSnippetTests ─► IndexedCollation, JapaneseReadings, SectionedData, IndexedTableFormatting
//   IndexedCollationGRDBTests ─► IndexedCollationGRDB, IndexedCollation, SectionedData, IndexedTableFormatting, GRDB, TestSupport, ContactListSQLiteExample
//   TestSupport: shared test helpers, no dependencies
//
// Only CCollationShims (C++) sees ICU's headers and only CReadingShims (C) MeCab's;
// IndexedCollation and TextSupport (display width, graphemes) are the only Swift modules
// that call CCollationShims, and JapaneseReadings the only one that calls CReadingShims.
// Products and the system libraries they need: IndexedCollation, IndexedTableFormatting:
// ICU (libicu-dev); SectionedData, ContactRecords: none; JapaneseReadings: ICU and MeCab
// (libmecab-dev plus a dictionary); IndexedCollationGRDB: ICU and SQLite (libsqlite3-dev).
import PackageDescription

let package = Package(
    name: "LocalizedIndexedCollation",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "IndexedCollation", targets: ["IndexedCollation"]),
        .library(name: "JapaneseReadings", targets: ["JapaneseReadings"]),
        .library(name: "SectionedData", targets: ["SectionedData"]),
        .library(name: "ContactRecords", targets: ["ContactRecords"]),
        .library(name: "IndexedTableFormatting", targets: ["IndexedTableFormatting"]),
        .library(name: "IndexedCollationGRDB", targets: ["IndexedCollationGRDB"]),
        .executable(name: "collate", targets: ["collate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // SystemSupport: FileDescriptor, FilePath and Errno (pure Swift, no system library).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // IndexedCollationGRDB: the collation and stored keys in SQLite (libsqlite3-dev).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation --target IndexedCollation` (DocC catalogs
        // in Sources/*/*.docc); nothing links against it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
        .systemLibrary(
            name: "CMeCab",
            providers: [.apt(["libmecab-dev"]), .brew(["mecab"])]
        ),
        .target(
            name: "CReadingShims",
            dependencies: ["CMeCab"],
            // The C target includes <mecab.h> rather than importing CMeCab, so the module
            // map's `link` does not reach the linker; name the library here too.
            linkerSettings: [.linkedLibrary("mecab")]
        ),
        .target(
            // The one platform layer (libc through swift-system) of the library and the tool,
            // with fault injection compiled into debug builds only, as swift-system's mocking.
            name: "SystemSupport",
            dependencies: [.product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: [.swiftLanguageMode(.v6), .define("ENABLE_FAULT_INJECTION", .when(configuration: .debug))]
        ),
        .target(
            name: "SectionedData",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            // Whole-input byte passes on vector registers (UTF-8 check, byte counts): C,
            // because Swift's generic SIMD types compile to one lane at a time.
            name: "CByteScan"
        ),
        .target(
            name: "ContactRecords",
            dependencies: ["CByteScan"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            // Display width, grapheme clusters (ICU through the shim) and SHA-256: what the
            // formatter and the collation layer share, so formatting needs no collation.
            name: "TextSupport",
            dependencies: ["CCollationShims"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "IndexedCollation",
            dependencies: [
                "CCollationShims", "SectionedData", "TextSupport", "SystemSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Readings/Tables/zh-words.LICENSE.md"],
            // The surname tables of person-name mode (checked by scripts/check-name-tables.py),
            // the filing rules, Chinese word readings and search's tables, compiled in as
            // `PackageResources` byte arrays: no data files at run time.
            resources: [
                .embedInCode("Names/Tables/zh-surnames.tsv"),
                .embedInCode("Names/Tables/ko-hanja-surnames.tsv"),
                // Chinese words read otherwise than their characters (scripts/make-zh-words.py).
                .embedInCode("Readings/Tables/zh-words.tsv"),
                .embedInCode("Names/Filing/ar.tsv"),
                .embedInCode("Names/Filing/de.tsv"),
                .embedInCode("Names/Filing/en.tsv"),
                .embedInCode("Names/Filing/es.tsv"),
                .embedInCode("Names/Filing/fr.tsv"),
                .embedInCode("Names/Filing/it.tsv"),
                .embedInCode("Names/Filing/nl.tsv"),
                .embedInCode("Names/Filing/pt.tsv"),
                // Search's phone keypad letter groups and country calling codes.
                .embedInCode("Search/Tables/keypad-layouts.tsv"),
                .embedInCode("Search/Tables/calling-codes.tsv"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            // Guessed Japanese readings with MeCab: the ReadingProvider IndexedCollation
            // defines, in a product of its own so the collation library needs ICU alone.
            name: "JapaneseReadings",
            dependencies: ["IndexedCollation", "CReadingShims", "SystemSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "IndexedTableFormatting",
            dependencies: ["SectionedData", "TextSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "CollateCLI",
            dependencies: [
                "IndexedCollation", "JapaneseReadings", "IndexedTableFormatting", "SectionedData", "ContactRecords", "CByteScan",
                "SystemSupport",
                .product(name: "SystemPackage", package: "swift-system"),
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
        .target(
            name: "IndexedCollationGRDB",
            dependencies: [
                "IndexedCollation", "SectionedData",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "ContactListSQLiteExample",
            dependencies: [
                "IndexedCollationGRDB", "IndexedCollation", "SectionedData", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Examples/ContactListSQLite",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            // libFuzzer over the whole in-memory pipeline (Fuzz/run builds it with -DFUZZING
            // and the sanitizers; a plain build replays files named as arguments).
            name: "CollateFuzz",
            dependencies: ["CollateCLI"],
            path: "Fuzz/Sources/CollateFuzz",
            swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "collate",
            dependencies: ["CollateCLI"],
            swiftSettings: [.swiftLanguageMode(.v6)],
            // Release builds link the Swift runtime and libraries in: the dynamic loader's
            // symbol lookups were about 3 ms of every run (a 100-line run took 0.75x the
            // wall time). FoundationEssentials, which ArgumentParser uses, needs its two
            // helper libraries named (SwiftPM's --static-swift-stdlib adds them the same
            // way). Only this executable, and only release: debug builds link the test
            // bundle with this target, and the test libraries need the shared runtime.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationCShims"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "IndexedCollationTests",
            dependencies: ["IndexedCollation", "TextSupport", "TestSupport", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "JapaneseReadingsTests",
            dependencies: ["JapaneseReadings", "IndexedCollation", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ContactRecordsTests",
            dependencies: ["ContactRecords", "TestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "SectionedDataTests",
            dependencies: ["SectionedData", "TestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "IndexedTableFormattingTests",
            dependencies: ["IndexedTableFormatting", "IndexedCollation", "TextSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            // Every ```swift block of README.md as a test (generated by
            // scripts/sync-readme-snippets, which a test keeps in sync).
            name: "ReadmeSnippetTests",
            dependencies: ["IndexedCollation", "JapaneseReadings", "SectionedData", "IndexedTableFormatting"],
            exclude: ["Generated/ReadmeSnippetsSkipped.txt"],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("MemberImportVisibility")]
        ),
        .testTarget(
            name: "IndexedCollationGRDBTests",
            dependencies: [
                "IndexedCollationGRDB", "IndexedCollation", "SectionedData", "IndexedTableFormatting",
                .product(name: "GRDB", package: "GRDB.swift"), "TestSupport", "ContactListSQLiteExample",
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "CollateCLITests",
            dependencies: [
                "CollateCLI", "IndexedCollation", "TextSupport", "SystemSupport", "TestSupport", "collate",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

// `COLLATE_TEST_TARGETS=A,B swift test …` builds only those test targets and the targets
// they depend on (scripts/dev's tsan step: a ThreadSanitizer build of the whole package,
// GRDB and the CLI included, for tests of IndexedCollation alone took most of that step).
if let wanted = Context.environment["COLLATE_TEST_TARGETS"] {
    var kept = Set(wanted.split(separator: ",").map(String.init))
    var queue = Array(kept)
    while let name = queue.popLast() {
        guard let target = package.targets.first(where: { $0.name == name }) else {
            fatalError("COLLATE_TEST_TARGETS names \(name), which is no target of this package")
        }
        for case .targetItem(let dependency, _) in target.dependencies where kept.insert(dependency).inserted {
            queue.append(dependency)
        }
        for case .byNameItem(let dependency, _) in target.dependencies
        where package.targets.contains(where: { $0.name == dependency }) && kept.insert(dependency).inserted {
            queue.append(dependency)
        }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll()
}
