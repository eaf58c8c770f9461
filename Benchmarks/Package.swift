// swift-tools-version: 6.1
// Benchmark programs for the toolkit. They are programs you run, not timed unit tests:
//
//   Benchmarks/run diff        Snapshot.difference vs CollectionDifference
//   Benchmarks/run insert      single-record edits of a 1M-record IndexedDataSource (IndexedInsertBenchmark)
//   Benchmarks/run pipeline    collate vs PyICU, GNU sort and Foundation (FoundationSortBenchmark)
//   Benchmarks/run library     LocalizedIndexedCollation.sections(of:) on 1M names (LibraryBenchmark)
//   Benchmarks/run multilang   the first LocalizedIndexedCollation with additionalLocales (MultiLanguageBenchmark)
//   Benchmarks/run search      the search index of a 1M-record data source, per-keystroke times (SearchBenchmark)
//   Benchmarks/run sqlite      collate's order in SQLite vs in memory, a database-backed data source (SQLiteBenchmark)
//
// This package depends on the root package by path, so it always measures the working tree.
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LocalizedIndexedCollation", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            swiftSettings: [.swiftLanguageMode(.v6)],
            // Double.rounded() is libm's round; DiffBenchmark links no Foundation to bring it.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .executableTarget(
            name: "DiffBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "SectionedData", package: "LocalizedIndexedCollation"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "FoundationSortBenchmark",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "LibraryBenchmark",
            dependencies: [
                .product(name: "IndexedCollation", package: "LocalizedIndexedCollation")
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "MultiLanguageBenchmark",
            dependencies: [
                .product(name: "IndexedCollation", package: "LocalizedIndexedCollation")
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "IndexedInsertBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "IndexedCollation", package: "LocalizedIndexedCollation"),
                .product(name: "SectionedData", package: "LocalizedIndexedCollation"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "SearchBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "IndexedCollation", package: "LocalizedIndexedCollation"),
                .product(name: "SectionedData", package: "LocalizedIndexedCollation"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "SQLiteBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "IndexedCollation", package: "LocalizedIndexedCollation"),
                .product(name: "IndexedCollationGRDB", package: "LocalizedIndexedCollation"),
                .product(name: "SectionedData", package: "LocalizedIndexedCollation"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
