extension IndexingEngine {
    /// Records grouped into distinct texts: each record's text number, and each text's
    /// first record (its representative, whose bytes the keys are computed from).
    struct DistinctTexts {
        /// Each record's text number; empty when every record is its own text.
        var textOfRecord: [Int32]
        /// Each text's first record; empty when every record is its own text.
        var representatives: [Int32]
        /// How many records there are.
        var recordCount: Int

        /// Every record its own text, numbered in input order (no arrays: at 10M records
        /// they would cost 4 bytes a record for nothing).
        static func identity(count: Int) -> DistinctTexts {
            DistinctTexts(textOfRecord: [], representatives: [], recordCount: count)
        }

        /// Whether every record is its own text, numbered in input order (then equal keys
        /// are already in input order, and the text order is the record order).
        var isIdentity: Bool { textOfRecord.isEmpty }

        /// How many distinct texts there are.
        var textCount: Int { isIdentity ? recordCount : representatives.count }
    }
}
