extension IndexingEngine {
    /// Records grouped into distinct texts: each record's text number, and each text's
    /// first record (its representative, whose bytes the keys are computed from).
    struct DistinctTexts {
        var textOfRecord: [Int32]
        var representatives: [Int32]

        /// Every record its own text, numbered in input order.
        static func identity(count: Int) -> DistinctTexts {
            let all = (0..<Int32(count)).map { $0 }
            return DistinctTexts(textOfRecord: all, representatives: all)
        }

        /// Whether every record is its own text, numbered in input order (then equal keys
        /// are already in input order, and the text order is the record order).
        var isIdentity: Bool {
            representatives.count == textOfRecord.count
                && representatives.last.map { Int($0) == textOfRecord.count - 1 } ?? true
        }
    }
}
