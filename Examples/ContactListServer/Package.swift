// swift-tools-version: 6.1
// A live contact list in the browser: a small Hummingbird server over the toolkit's
// `IndexedDataSource`. Its own package so the core build stays light.
import PackageDescription

let package = Package(
    name: "ContactListServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "LocalizedIndexedCollation", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The request deadline's channel handler (RequestDeadlineHandler); both are already
        // in Hummingbird's graph.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    ],
    targets: [
        .executableTarget(
            name: "ContactListServer",
            dependencies: [
                .product(name: "IndexedCollation", package: "LocalizedIndexedCollation"),
                .product(name: "SectionedData", package: "LocalizedIndexedCollation"),
                .product(name: "IndexedTableFormatting", package: "LocalizedIndexedCollation"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
