// A ``LookupStore``'s entry: what a check reads first about a lookup, in 12 bytes.
extension LookupStore {
    /// Where a lookup's words start, how many weights it has, how many records share it
    /// (0 for a dropped number), whether it is kept without the keypad spellings of its
    /// Hangul spellings (``SearchMatcher/strippingHangulKeypad(_:)``), and how its weights
    /// and marks are packed: what a check reads first, in one place, in 12 bytes (the count
    /// and the three flags share a word).
    ///
    /// No start signature (``SearchLookup/startSignature``): a stored lookup is checked
    /// only as a candidate of a start list or of earlier results, which start with the
    /// query's first weight, so a signature would reject nothing; without it an entry takes
    /// 12 bytes, not 20.
    struct Entry {
        /// Where the words start, in 32 bits (a store of 4G words is 16 GB).
        var first: UInt32
        /// The weight count in the low 29 bits, then ``codedWeights``, ``expandsKeypad`` and
        /// ``narrowMarks``.
        private var countAndFlags: UInt32
        var references: Int32

        /// The most weights a lookup can have (2^29 - 1).
        static let maximumCount = Int(Self.countMask)
        private static let countMask: UInt32 = (1 << 29) - 1
        private static let codedWeightsFlag: UInt32 = 1 << 29
        private static let expandsKeypadFlag: UInt32 = 1 << 30
        private static let narrowMarksFlag: UInt32 = 1 << 31

        init(
            first: Int, count: Int32, references: Int32, expandsKeypad: Bool = false, narrowMarks: Bool = false,
            codedWeights: Bool = false
        ) {
            precondition(first <= Int(UInt32.max), "a search index's lookups take more than 16 GB")
            precondition(count >= 0 && Int(count) <= Self.maximumCount, "a search lookup of more than 2^29 weights")
            (self.first, self.countAndFlags, self.references) = (UInt32(first), UInt32(count), references)
            (self.expandsKeypad, self.narrowMarks, self.codedWeights) = (expandsKeypad, narrowMarks, codedWeights)
        }

        /// How many weights the lookup has.
        var count: Int32 {
            @inline(__always) get { Int32(bitPattern: countAndFlags & Self.countMask) }
            set {
                precondition(newValue >= 0 && Int(newValue) <= Self.maximumCount, "a search lookup of more than 2^29 weights")
                countAndFlags = countAndFlags & ~Self.countMask | UInt32(newValue)
            }
        }

        /// Whether the lookup is kept without the keypad spellings of its Hangul spellings.
        var expandsKeypad: Bool {
            @inline(__always) get { countAndFlags & Self.expandsKeypadFlag != 0 }
            set { countAndFlags = newValue ? countAndFlags | Self.expandsKeypadFlag : countAndFlags & ~Self.expandsKeypadFlag }
        }

        /// Whether the marks take 16 bits a weight, two a word (``packNarrow(_:)``).
        var narrowMarks: Bool {
            @inline(__always) get { countAndFlags & Self.narrowMarksFlag != 0 }
            set { countAndFlags = newValue ? countAndFlags | Self.narrowMarksFlag : countAndFlags & ~Self.narrowMarksFlag }
        }

        /// Whether the weights are 16-bit codes, two a word (``WeightCodes``).
        var codedWeights: Bool {
            @inline(__always) get { countAndFlags & Self.codedWeightsFlag != 0 }
            set { countAndFlags = newValue ? countAndFlags | Self.codedWeightsFlag : countAndFlags & ~Self.codedWeightsFlag }
        }

        /// Where the lookup's words start.
        var start: Int { Int(first) }

        /// Where the lookup's marks start, after its weights.
        var marksStart: Int { start + (codedWeights ? (Int(count) + 1) / 2 : Int(count)) }

        /// The words the lookup takes: its weights, then its marks.
        var wordCount: Int { LookupStore.wordCount(weights: Int(count), narrowMarks: narrowMarks, codedWeights: codedWeights) }
    }
}
