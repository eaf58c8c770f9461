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
        var scratch: [UInt8] = []
        let section = text.withUTF8 { utf8 in
            collator.handle.appendSortKey(of: utf8, to: &bytes)
            return bytes.withUnsafeBufferPointer { self.section(ofText: utf8, sortKey: $0, scratch: &scratch) }
        }
        let order = RecordOrder(
            key: SortKey(bytes: bytes), tie: reading != nil || renamed != nil ? collator.sortKey(for: key) : nil,
            sequence: sequence)
        return RecordLocation(titleIndex: Int(section), order: order)
    }
}
