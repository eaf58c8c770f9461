/// How to read the keys of a record: one or more display keys, most significant first, and
/// the reading of each (the i-th reading reads the i-th key).
///
/// Every API that takes `keys:`/`readings:` (or `key:`/`reading:`) turns them into this, and
/// the indexing engine gets one UTF-8 range per key and reading of every record. The
/// public form is a closure returning ``RecordKeys`` (see
/// ``init(count:_:)``); the deprecated spellings of ``IndexedDataSource`` and the
/// collation's several-key functions give closures per key.
@usableFromInline
struct KeyReaders<Record> {
    /// The display keys, most significant first; never empty.
    @usableFromInline
    let keys: [(Record) -> String]

    /// The reading of each key, by position: `readings[i]` reads `keys[i]`. Shorter than
    /// ``keys`` when later keys have no readings; empty when no key has one.
    @usableFromInline
    let readings: [((Record) -> String?)?]

    /// The closure all keys come from, when they come from one (``init(count:_:)``): read
    /// once per record by ``keyStrings(of:)`` and ``readingStrings(of:)``.
    @usableFromInline
    let whole: ((Record) -> RecordKeys)?

    /// Keys and their readings.
    ///
    /// - Parameters:
    ///   - keys: The display keys, most significant first. No keys at all means one empty
    ///     key, so every record files under the catch-all section (`#`).
    ///   - readings: The readings by position; readings past the last key are ignored.
    @usableFromInline
    init(keys: [(Record) -> String], readings: [((Record) -> String?)?]) {
        self.keys = keys.isEmpty ? [{ _ in "" }] : keys
        let readings = Array(readings.prefix(self.keys.count))
        self.readings = readings.contains { $0 != nil } ? readings : []
        whole = nil
    }

    /// The first `count` keys (and their readings) of what `keys` returns: fewer keys are
    /// read as empty keys, more are left out.
    /// - Parameters:
    ///   - count: How many keys every record has for the order (at least 1).
    ///   - keys: Returns a record's keys.
    @usableFromInline
    init(count: Int, _ keys: @escaping (Record) -> RecordKeys) {
        self.keys = (0..<max(1, count)).map { index in { keys($0).text(at: index) } }
        readings = (0..<max(1, count)).map { index in { keys($0).reading(at: index) } }
        whole = keys
    }

    /// One key and its optional reading.
    @usableFromInline
    init(key: @escaping (Record) -> String, reading: ((Record) -> String?)?) {
        keys = [key]
        readings = reading.map { [$0] } ?? []
        whole = nil
    }

    /// How many keys a record has.
    var count: Int { keys.count }

    /// The only key, when there is one key.
    var singleKey: (key: (Record) -> String, reading: ((Record) -> String?)?)? {
        keys.count == 1 ? (keys[0], readings.first ?? nil) : nil
    }

    /// The record's keys.
    func keyStrings(of record: Record) -> [String] {
        if let whole {
            let all = whole(record)
            return keys.indices.map { all.text(at: $0) }
        }
        return keys.map { $0(record) }
    }

    /// The record's readings by key (nil: none), as many as it has keys.
    func readingStrings(of record: Record) -> [String?] {
        if let whole {
            let all = whole(record)
            return keys.indices.map { all.reading(at: $0) }
        }
        return keys.indices.map { index in index < readings.count ? readings[index]?(record) : nil }
    }
}
