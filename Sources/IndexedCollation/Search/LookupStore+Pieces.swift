// How a new index's lookups reach a ``LookupStore`` at once: packed by the threads that made
// them (marks, then weights as codes), then copied into the store.
extension LookupStore {
    /// The marks of lookups made one after another, packed as a store keeps them
    /// (``LookupStore/pack(_:)``), with the wide ones apart: made by the threads that
    /// make a new index's lookups.
    struct PieceInfo {
        /// Each weight's packed marks (0 for a wide lookup's weights).
        private(set) var packed: [UInt32] = []
        /// The marks of the lookups that do not pack, by their position among the piece's.
        private(set) var wide: [(lookup: Int, info: [UInt64])] = []
        /// Whether each lookup's marks take 16 bits a weight in a store (``packNarrow(_:)``).
        private(set) var narrow: [Bool] = []

        /// Appends the marks of the lookup at `position` among the piece's.
        mutating func append(lookupInfo info: [UInt64], at position: Int) {
            let start = packed.count
            // Written in place (an append a weight checked the array's storage each time).
            packed.append(contentsOf: repeatElement(0, count: info.count))
            let fits = packed.withUnsafeMutableBufferPointer { packed in
                info.withUnsafeBufferPointer { info -> Bool? in
                    var fitsNarrow = true
                    for index in info.indices {
                        guard let value = LookupStore.pack(info[index]) else {
                            // A wide lookup keeps its marks whole (below): its words stay 0.
                            for written in 0..<index { packed[start + written] = 0 }
                            return nil
                        }
                        fitsNarrow = fitsNarrow && LookupStore.packNarrow(value) != nil
                        packed[start + index] = value
                    }
                    return fitsNarrow
                }
            }
            guard let fitsNarrow = fits else {
                wide.append((position, info))
                narrow.append(false)
                return
            }
            narrow.append(fitsNarrow)
        }
    }

    /// Lookups made one after another, in the words a store keeps them in: packed by the
    /// thread that made them (``init(weights:info:ends:codes:)``), so that the store only
    /// copies them (``append(_:expandsKeypad:records:)``).
    struct PackedPiece: Sendable {
        /// Each lookup's weights then marks, one lookup after another.
        private(set) var words: [UInt32] = []
        /// Where each lookup's words start.
        private(set) var starts: [Int32] = []
        /// Where each lookup's weights end among the piece's (as made).
        private(set) var ends: [Int32] = []
        /// Whether each lookup's weights are codes (``Entry/codedWeights``).
        private(set) var coded: [Bool] = []
        private(set) var narrow: [Bool] = []
        private(set) var wide: [(lookup: Int, info: [UInt64])] = []

        init() {}

        /// Packs lookups made one after another.
        /// - Parameters:
        ///   - weights: Their weights, one lookup after another.
        ///   - info: Their marks.
        ///   - ends: Where each lookup's weights end in `weights`.
        ///   - codes: The codes of the store the piece goes to (``LookupStore/weightCodes``),
        ///     as they are now or were earlier: codes are never taken back.
        init(weights: [UInt32], info: PieceInfo, ends: [Int32], codes: WeightCodes) {
            (self.ends, narrow, wide) = (ends, info.narrow, info.wide)
            starts.reserveCapacity(ends.count)
            coded.reserveCapacity(ends.count)
            // Exact when every lookup is coded with narrow marks, as most are.
            words.reserveCapacity(weights.count + ends.count)
            var cache = CodeCache()
            var begin = 0
            for (position, end) in ends.enumerated() {
                let end = Int(end)
                starts.append(Int32(words.count))
                // The weights as codes, two a word, unless one has none.
                let first = words.count
                var (pending, isCoded): (UInt32, Bool) = (0, true)
                for index in begin..<end {
                    guard let code = cache.code(weights[index], in: codes) else {
                        isCoded = false
                        break
                    }
                    if (index - begin) & 1 == 0 {
                        pending = UInt32(code)
                    } else {
                        words.append(pending | UInt32(code) << 16)
                    }
                }
                if !isCoded {
                    words.removeSubrange(first...)
                    words += weights[begin..<end]
                } else if (end - begin) & 1 == 1 {
                    words.append(pending)
                }
                coded.append(isCoded)
                if narrow[position] {
                    LookupStore.appendHalves(end - begin, to: &words) {
                        LookupStore.packNarrow(info.packed[begin + $0]).unsafelyUnwrapped
                    }
                } else {
                    words += info.packed[begin..<end]
                }
                begin = end
            }
        }
    }
}
