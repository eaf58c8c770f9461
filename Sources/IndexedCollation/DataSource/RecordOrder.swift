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

    /// The key that breaks ties between equal ``key``s: the tie key, else the key itself,
    /// as `IndexingEngine.Output.tieBreakKey(ofRecord:)` for the engine's records.
    var tieKey: SortKey { tie ?? key }

    @usableFromInline
    static func < (lhs: RecordOrder, rhs: RecordOrder) -> Bool {
        let byKey = compareKeys(lhs.key, rhs.key)
        if byKey != 0 { return byKey < 0 }
        if lhs.tie != nil || rhs.tie != nil {
            let byTie = compareKeys(lhs.tieKey, rhs.tieKey)
            if byTie != 0 { return byTie < 0 }
        }
        return lhs.sequence < rhs.sequence
    }

    @usableFromInline
    static func == (lhs: RecordOrder, rhs: RecordOrder) -> Bool {
        lhs.sequence == rhs.sequence && lhs.key == rhs.key && lhs.tie == rhs.tie
    }

    /// memcmp order of two sort keys.
    @inline(__always)
    private static func compareKeys(_ lhs: SortKey, _ rhs: SortKey) -> Int {
        lhs.bytes.withUnsafeBufferPointer { lhs in
            rhs.bytes.withUnsafeBufferPointer { rhs in compareBytes(lhs, rhs) }
        }
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
