// A ``LookupStore``'s weight codes: the distinct weights it holds, numbered in 16 bits, so
// that most lookups keep their weights two a word.
extension LookupStore {
    /// The distinct weights of a store's lookups numbered in 16 bits (at most 65,536): a
    /// lookup whose weights all have codes keeps them two a word (``Entry/codedWeights``),
    /// half the words (a name's weights come from a few thousand letters and jamo at most).
    ///
    /// Codes are given once and never taken back, so a lookup coded against the codes of
    /// a moment stays valid as more are given; a lookup with a weight that finds no code
    /// (Han ideographs past 65,536 distinct ones) keeps its weights in 32 bits.
    struct WeightCodes: Sendable {
        /// The weight of each code.
        private(set) var weights: [UInt32] = []
        private var codes: [UInt32: UInt16] = [:]

        /// The most codes a store gives.
        static let capacity = 1 << 16

        /// The code of `weight`, or nil when it has none.
        func code(_ weight: UInt32) -> UInt16? { codes[weight] }

        /// The code of `weight`, given now when it has none and codes remain.
        @discardableResult
        mutating func add(_ weight: UInt32) -> UInt16? {
            if let code = codes[weight] { return code }
            guard weights.count < Self.capacity else { return nil }
            let code = UInt16(weights.count)
            weights.append(weight)
            codes[weight] = code
            return code
        }

        /// The bytes the codes hold (a dictionary slot: its key, its value and a bit).
        var memoryFootprint: Int { weights.capacity * 4 + codes.capacity * 7 }
    }

    /// Codes read through a small direct-mapped cache in front of ``WeightCodes``, one per
    /// thread: a list's weights repeat (a few thousand distinct among millions), so most
    /// are found in one load instead of a dictionary's hash and probe.
    struct CodeCache {
        /// Per slot (``cacheSlot(_:)``): 1 in the top bit when filled, the weight, then its code.
        private var slots = [UInt64](repeating: 0, count: LookupStore.cacheSlots)

        /// The code of `weight` in `codes`, or nil when it has none.
        @inline(__always)
        mutating func code(_ weight: UInt32, in codes: WeightCodes) -> UInt16? {
            let slot = LookupStore.cacheSlot(weight)
            let entry = slots[slot]
            if entry >> 63 != 0 && UInt32(truncatingIfNeeded: entry >> 16) == weight {
                return UInt16(truncatingIfNeeded: entry)
            }
            guard let code = codes.code(weight) else { return nil }
            slots[slot] = 1 << 63 | UInt64(weight) << 16 | UInt64(code)
            return code
        }
    }

    /// The slots of the direct-mapped caches of weights (``CodeCache``,
    /// ``distinctWeights(_:)``): 4,096, one for each value of ``cacheSlot(_:)``.
    static let cacheSlots = 1 << 12

    /// The slot of `weight` in a direct-mapped cache: the top 12 bits of its Fibonacci hash.
    @inline(__always)
    static func cacheSlot(_ weight: UInt32) -> Int { Int((weight &* 0x9E37_79B1) >> 20) }

    /// The distinct weights of `weights`, in the order first seen (a direct-mapped filter
    /// skips the repeats most weights are before a set is asked).
    static func distinctWeights(_ weights: [UInt32]) -> [UInt32] {
        var recent = [UInt64](repeating: 0, count: cacheSlots)
        var seen = Set<UInt32>()
        var distinct: [UInt32] = []
        for weight in weights {
            let slot = cacheSlot(weight)
            let entry = 1 << 63 | UInt64(weight)
            guard recent[slot] != entry else { continue }
            recent[slot] = entry
            if seen.insert(weight).inserted { distinct.append(weight) }
        }
        return distinct
    }
}
