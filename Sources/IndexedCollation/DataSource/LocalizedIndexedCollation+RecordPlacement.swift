extension LocalizedIndexedCollation {
    /// Returns the section and sort order of one record, exactly as the indexing engine
    /// files it (see ``IndexingEngine``): the reading, when present and non-empty, is what is
    /// bucketed and sorted, and the display key breaks ties.
    ///
    /// - Parameters:
    ///   - key: The record's display key.
    ///   - reading: The record's reading, or `nil`.
    ///   - sequence: The record's arrival order, the last tie-breaker.
    /// - Returns: The section's index in ``sectionTitles`` and the record's order in it.
    /// - Complexity: One ICU sort key, two with a reading (plus one primary key when
    ///   collator options change primary weights), and O(log *b*) memcmp calls over the
    ///   index's *b* boundaries.
    func placement(key: String, reading: String?, sequence: Int) -> RecordLocation {
        let reading = reading.flatMap { $0.isEmpty ? nil : $0 }
        // Person-name mode: without a reading, a surname's own reading decides (as in the engine).
        let renamed = reading == nil ? surnameReadings?.substitute(key) : nil
        var text = reading ?? renamed ?? key
        var bytes: [UInt8] = []
        let bucket = text.withUTF8 { utf8 in
            collator.handle.appendSortKey(of: utf8, to: &bytes)
            if primaryFromSortKey {
                // The primary weights end at the first level separator (a byte <= 1).
                let end = bytes.firstIndex { $0 <= 1 } ?? bytes.count
                return bytes.withUnsafeBufferPointer {
                    index.bucket(forPrimaryKey: UnsafeBufferPointer(rebasing: $0[..<end]))
                }
            }
            var primary: [UInt8] = []
            index.appendPrimaryKey(of: utf8, to: &primary)
            return primary.withUnsafeBufferPointer { index.bucket(forPrimaryKey: $0) }
        }
        let order = RecordOrder(
            key: SortKey(bytes: bytes), tie: reading != nil || renamed != nil ? collator.sortKey(for: key) : nil,
            sequence: sequence)
        return RecordLocation(titleIndex: Int(sectionOfBucket[Int(bucket)]), order: order)
    }
}
