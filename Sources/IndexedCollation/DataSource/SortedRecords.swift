/// Records run through the indexing engine, in the shape an ``IndexedDataSource`` is built
/// from: the non-empty sections in order, each with its records' input indexes sorted, and
/// every record's sort key and tie key.
///
/// This is the work of ``LocalizedIndexedCollation/sections(of:by:reading:descending:)``
/// (one ICU sort key per record, on all cores), keeping the keys it computes.
@usableFromInline
struct SortedRecords: Sendable {
    /// The non-empty sections: each one's index in the collation's titles and its slice of
    /// ``order``.
    @usableFromInline
    var groups: [(titleIndex: Int, range: Range<Int>)]

    /// Input indexes, grouped by section and sorted within each.
    @usableFromInline
    var order: [Int32]

    /// The sort key of each record, parallel to ``order``: of its reading if present and
    /// non-empty, else of its key. Made in display order, so that neighbours in a section
    /// are neighbours in memory for the binary searches of later edits.
    @usableFromInline
    var keys: [SortKey]

    /// The sort key of the display key of each record that has a reading; `nil` for the others.
    @usableFromInline
    var ties: [SortKey?]

    /// Sorts records into the sections of a collation.
    ///
    /// - Parameters:
    ///   - records: The records, in input order.
    ///   - collation: The collation.
    ///   - key: Returns a record's display key.
    ///   - reading: Returns a record's reading, or `nil` if records have none.
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*n*) ICU calls, on all cores.
    @usableFromInline
    init<Record: Sendable>(
        _ records: [Record], collation: LocalizedIndexedCollation, key: @escaping @Sendable (Record) -> String,
        reading: (@Sendable (Record) -> String?)?
    ) {
        let output = collation.indexingOutput(of: records, key: key, reading: reading, descending: false)
        groups = output.groups.map { ($0.section, $0.range) }
        order = output.order
        keys = output.order.map { SortKey(bytes: Array(output.sortKey(ofRecord: Int($0)))) }
        // The engine keeps the display-key tie keys of records with a reading or a surname
        // reading (name mode); no extra ICU call.
        ties = records.indices.map { index in output.tieKey(ofRecord: index).map { SortKey(bytes: Array($0)) } }
    }
}
