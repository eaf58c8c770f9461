/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64),
/// so that every run of a property test replays the same edits and every benchmark run
/// builds the same inputs. The one copy: the test targets use it through `TestSupport`,
/// and `Benchmarks/Sources/BenchmarkSupport/SplitMix64.swift` is a link to this file
/// (the Benchmarks package can depend only on products, and a test-support product would
/// ship to clients).
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// Returns the next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
