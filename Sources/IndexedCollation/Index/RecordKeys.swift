/// How to read the keys of a record: one or more display keys, most significant first, and
/// the reading of each (the i-th reading reads the i-th key).
///
/// Every API that takes `keys:`/`readings:` (or `key:`/`reading:`) turns them into this, and
/// the indexing engine gets one UTF-8 range per key and reading of every record.
@usableFromInline
struct RecordKeys<Record> {
    /// The display keys, most significant first; never empty.
    @usableFromInline
    let keys: [(Record) -> String]

    /// The reading of each key, by position: `readings[i]` reads `keys[i]`. Shorter than
    /// ``keys`` when later keys have no readings; empty when no key has one.
    @usableFromInline
    let readings: [((Record) -> String?)?]

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
    }

    /// One key and its optional reading.
    @usableFromInline
    init(key: @escaping (Record) -> String, reading: ((Record) -> String?)?) {
        keys = [key]
        readings = reading.map { [$0] } ?? []
    }

    /// How many keys a record has.
    var count: Int { keys.count }

    /// The only key, when there is one key.
    var singleKey: (key: (Record) -> String, reading: ((Record) -> String?)?)? {
        keys.count == 1 ? (keys[0], readings.first ?? nil) : nil
    }

    /// The record's keys.
    func keyStrings(of record: Record) -> [String] { keys.map { $0(record) } }

    /// The record's readings by key (nil: none), as many as it has keys.
    func readingStrings(of record: Record) -> [String?] {
        keys.indices.map { index in index < readings.count ? readings[index]?(record) : nil }
    }
}
