/// One row of an ``IndexedDataSource``: the record, its identifier and where it sorts.
@usableFromInline
struct RecordEntry<Record, ID: Hashable & Sendable> {
    /// Where the record sorts inside its section.
    @usableFromInline
    var order: RecordOrder

    /// The record's identifier.
    @usableFromInline
    var id: ID

    /// The record.
    @usableFromInline
    var record: Record

    /// Creates a row.
    @inlinable
    init(order: RecordOrder, id: ID, record: Record) {
        self.order = order
        self.id = id
        self.record = record
    }
}

extension RecordEntry: Sendable where Record: Sendable {}
