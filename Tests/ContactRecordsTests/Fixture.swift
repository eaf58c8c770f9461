import Foundation
import ContactRecords
import Testing

/// Loads a file from `Fixtures/`.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let dot = try #require(name.lastIndex(of: "."))
        let url = try #require(
            Bundle.module.url(forResource: String(name[..<dot]), withExtension: String(name[name.index(after: dot)...]), subdirectory: "Fixtures"))
        return [UInt8](try Data(contentsOf: url))
    }
}

/// A small deterministic random number generator for property tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The ``RecordError`` that `body` must throw.
func recordError(_ body: () throws -> Any, sourceLocation: SourceLocation = #_sourceLocation) throws -> RecordError {
    try #require(throws: RecordError.self, sourceLocation: sourceLocation) { _ = try body() }
}
