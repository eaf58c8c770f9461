/// Where a record sorts inside its section, in the order ``LocalizedIndexedCollation``'s
/// indexing engine uses: the sort key (of the reading when there is one, else of the display
/// key), then the display key's sort key, then the order in which records arrived.
///
/// Sequences are unique, so two orders are equal only for the same record.
@usableFromInline
struct RecordOrder: Sendable, Comparable {
    /// The collator's sort key of the reading, or of the display key without a reading.
    @usableFromInline
    var key: SortKey

    /// The sort key of the display key when ``key`` is that of a reading; `nil` when ``key``
    /// already is the display key's.
    @usableFromInline
    var tie: SortKey?

    /// When the record arrived: its input index for the first records, then counting up.
    @usableFromInline
    var sequence: Int

    /// Creates the order of a record from its keys and arrival order.
    @inlinable
    init(key: SortKey, tie: SortKey?, sequence: Int) {
        self.key = key
        self.tie = tie
        self.sequence = sequence
    }

    /// ``OrderKey``'s rule (keys, the tie rule, then arrival), sections aside.
    @usableFromInline
    static func < (lhs: RecordOrder, rhs: RecordOrder) -> Bool {
        lhs.key.bytes.withUnsafeBufferPointer { lhsKey in
            rhs.key.bytes.withUnsafeBufferPointer { rhsKey in
                let byKeys: Int
                if lhs.tie == nil && rhs.tie == nil {
                    byKeys = OrderKey.compareKeys(lhsKey, rhsKey, ties: nil)
                } else {
                    byKeys = (lhs.tie?.bytes ?? []).withUnsafeBufferPointer { lhsTie in
                        (rhs.tie?.bytes ?? []).withUnsafeBufferPointer { rhsTie in
                            OrderKey.compareKeys(lhsKey, rhsKey, ties: (lhsTie, rhsTie))
                        }
                    }
                }
                return OrderKey.precedes(keys: byKeys, descending: false, positions: lhs.sequence, rhs.sequence)
            }
        }
    }

    @usableFromInline
    static func == (lhs: RecordOrder, rhs: RecordOrder) -> Bool {
        lhs.sequence == rhs.sequence && lhs.key == rhs.key && lhs.tie == rhs.tie
    }
}

/// Where to find a record by its identifier: its section's index in the collation's titles
/// and where it sorts inside that section. Made only by non-inlinable code, with the
/// memberwise initializer.
@usableFromInline
struct RecordLocation: Sendable {
    /// The index of the record's section in ``LocalizedIndexedCollation/sectionTitles``.
    @usableFromInline
    var titleIndex: Int

    /// Where the record sorts inside its section.
    @usableFromInline
    var order: RecordOrder
}

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
