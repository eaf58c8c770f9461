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
    ///   - keys: How to read a record's display keys and their readings.
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*n*) ICU calls, on all cores.
    @usableFromInline
    init<Record>(_ records: [Record], collation: LocalizedIndexedCollation, keys: KeyReaders<Record>) {
        let output = collation.indexingOutput(of: records, keys: keys, descending: false)
        self.init(output, count: records.count)
    }

    /// Keeps what the engine computed for `count` records.
    private init(_ output: IndexingEngine.Output, count: Int) {
        groups = output.groups.map { ($0.section, $0.range) }
        order = output.order
        keys = output.order.map { SortKey(bytes: Array(output.sortKey(ofRecord: Int($0)))) }
        // The engine keeps the display-key tie keys of records with a reading or a surname
        // reading (name mode); no extra ICU call.
        ties = (0..<count).map { index in output.tieKey(ofRecord: index).map { SortKey(bytes: Array($0)) } }
    }

    /// Sorts records' keys into the sections of a collation on other threads than the
    /// caller's, for ``IndexedDataSource/build(collation:records:id:key:reading:isolation:cellProvider:)``.
    ///
    /// The function is `nonisolated` and `async`, so in the Swift 6 language mode it runs on
    /// the global concurrent executor, never on the caller's actor; only strings cross.
    ///
    /// - Parameters:
    ///   - keys: Each record's display keys, record-major (`keysPerRecord` per record).
    ///   - keysPerRecord: How many keys each record has.
    ///   - readings: The reading of each key (`nil` for none), parallel to `keys`, or `nil`
    ///     if no key has readings.
    ///   - collation: The collation.
    /// - Returns: The sorted records.
    /// - Complexity: As ``init(_:collation:keys:)``.
    static func sorting(
        keys: [String], keysPerRecord: Int, readings: [String?]?, collation: LocalizedIndexedCollation
    ) async -> SortedRecords {
        SortedRecords(keys: keys, keysPerRecord: keysPerRecord, readings: readings, collation: collation)
    }

    /// Sorts records' keys, given as strings, into the sections of a collation.
    ///
    /// - Parameters: As ``sorting(keys:keysPerRecord:readings:collation:)``.
    /// - Complexity: As ``init(_:collation:keys:)``.
    @usableFromInline
    init(keys: [String], keysPerRecord: Int, readings: [String?]?, collation: LocalizedIndexedCollation) {
        let indexes = Array(0..<(keys.count / max(1, keysPerRecord)))
        let recordKeys = KeyReaders<Int>(
            keys: (0..<keysPerRecord).map { key in { keys[$0 * keysPerRecord + key] } },
            readings: readings.map { readings in (0..<keysPerRecord).map { key in { readings[$0 * keysPerRecord + key] } } } ?? [])
        self.init(indexes, collation: collation, keys: recordKeys)
    }

    /// Every record's keys read once, laid out record-major for
    /// ``init(keys:keysPerRecord:readings:collation:)``: as many per record as the record
    /// with the most keys has (at least one), fewer read as empty keys.
    /// - Parameters:
    ///   - records: The records.
    ///   - keys: Returns a record's keys.
    /// - Returns: The keys, their readings (nil when no key has one) and the keys per record.
    /// - Complexity: O(*k* *n*); one call of `keys` per record.
    @inlinable
    static func flattened<Record>(
        _ records: [Record], keys: (Record) -> RecordKeys
    ) -> (keys: [String], readings: [String?]?, keysPerRecord: Int) {
        var keysPerRecord = 1
        var texts: [String] = []
        texts.reserveCapacity(records.count)
        var readings: [String?] = []
        var hasReadings = false
        for (number, record) in records.enumerated() {
            let recordKeys = keys(record)
            if recordKeys.count > keysPerRecord {
                // More keys than the records so far: lay those out again with empty keys
                // (rare; records usually all have the same number of keys).
                let wider = recordKeys.count
                texts = (0..<number * wider).map { $0 % wider < keysPerRecord ? texts[$0 / wider * keysPerRecord + $0 % wider] : "" }
                if hasReadings {
                    readings = (0..<number * wider).map { $0 % wider < keysPerRecord ? readings[$0 / wider * keysPerRecord + $0 % wider] : nil }
                }
                keysPerRecord = wider
                texts.reserveCapacity(records.count * keysPerRecord)
            }
            if !hasReadings && recordKeys.hasReading {
                hasReadings = true
                readings = [String?](repeating: nil, count: texts.count)
                readings.reserveCapacity(records.count * keysPerRecord)
            }
            for index in 0..<keysPerRecord {
                texts.append(recordKeys.text(at: index))
                if hasReadings { readings.append(recordKeys.reading(at: index)) }
            }
        }
        return (texts, hasReadings ? readings : nil, keysPerRecord)
    }
}
