/// One row of an ``IndexedDataSource``: the record, its identifier and where it sorts.
struct RecordEntry<Record: Sendable, ID: Hashable & Sendable>: Sendable {
    /// Where the record sorts inside its section.
    var order: RecordOrder

    /// The record's identifier.
    var id: ID

    /// The record.
    var record: Record
}
