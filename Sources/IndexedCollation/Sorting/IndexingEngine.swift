import SystemSupport

/// The sort-and-section pipeline shared by the library and the `collate` tool.
///
/// The performance model (DESIGN.md): one ICU sort key per record, computed once and in
/// parallel; the section found by binary search over the index's primary boundary keys
/// (memcmp); records sorted by memcmp of their keys. ICU is called O(n) times in all.
///
/// A run has four steps:
/// 1. input and grouping (this file): records with identical key and reading bytes (all
///    of them, when records have several keys) share one distinct *text*;
/// 2. key building (`IndexingEngine+KeyBuilding.swift`, composite keys for several keys
///    per record): one sort key (two with a reading) and a section per distinct text, on
///    all cores;
/// 3. ordering (`IndexingEngine+Ordering.swift`; `RecordComparator.swift` and its radix sort,
///    `RecordComparator+RadixSort.swift`):
///    distinct texts sorted by section, then by ``OrderKey``'s rule (key, tie, position);
/// 4. output and layout (`IndexingEngine+Output.swift`): records laid out behind their
///    text in input order, the non-empty sections as groups, and each record's place as
///    an ``OrderKey`` or its encoding (``OrderKeyEncoding``).
package struct IndexingEngine: Sendable {
    package let collation: LocalizedIndexedCollation
    /// Worker threads for key generation and sorting; 1 runs everything inline.
    package var threads: Int

    package init(collation: LocalizedIndexedCollation, threads: Int = IndexingEngine.defaultThreads) {
        self.collation = collation
        self.threads = max(1, threads)
    }

    package static var defaultThreads: Int { max(1, min(8, systemProcessorCount())) }

    /// From this many distinct texts on, a run starts making the collator's table-driven
    /// key writer before its first key (below, ICU's own keys cost less than making it:
    /// about 20 ms of CPU against ~0.3 µs a key).
    static let recordsForKeyTable = 20_000

    /// Computes keys, sections and the sorted order.
    ///
    /// Records with the same key and reading share one ICU sort key (name lists repeat a
    /// lot: 김민준, Smith); distinct texts are sorted once, and records follow their text
    /// in input order, which keeps equal keys stable.
    /// - Parameters:
    ///   - input: The records' key and reading bytes.
    ///   - descending: Reverse the order of sections and of records (equal keys keep
    ///     input order either way).
    /// - Returns: Every record's section and the output order.
    /// - Complexity: O(*n*) hashing, O(*u*) ICU calls and O(*u* log *u*) comparisons for
    ///   *u* distinct texts.
    package func index(_ input: Input, descending: Bool = false) -> Output {
        let texts = distinctTexts(input)
        // Many keys ahead: the table-driven key writer is made meanwhile (same bytes as ICU's).
        if texts.textCount >= Self.recordsForKeyTable { collation.collator.handle.prepareSortKeys() }
        let keys = textKeys(input, texts: texts)
        // What the writer learned from ICU, for the next process (with a cache directory).
        if texts.textCount >= Self.recordsForKeyTable { collation.collator.handle.storeSortKeyTableFacts() }
        let ties = keys.hasTies ? keys.ties : nil
        let (textOrder, equalToPrevious) = sortTexts(
            keys.sections, keys: keys.keys, ties: ties, descending: descending, marksEqual: !texts.isIdentity)
        let (sectionOfRecord, order, groups) = layOut(
            texts: texts, sectionOfText: keys.sections, textOrder: textOrder, equalToPrevious: equalToPrevious)
        return Output(
            sectionCount: collation.sectionTitles.count, sectionOfRecord: sectionOfRecord, order: order, groups: groups,
            textOfRecord: texts.textOfRecord, keys: keys.keys, ties: ties)
    }
}

extension IndexingEngine {
    /// Records as UTF-8 byte ranges inside one buffer: *n* records × *k* keys, each key with
    /// an optional reading (an empty reading range means "none").
    ///
    /// Ranges are stored record-major: key `j` of record `r` is `keys[r * keysPerRecord + j]`,
    /// its reading `readings[r * keysPerRecord + j]`. With one key per record (the default)
    /// `keys[r]` is the record's display key, as before several keys existed.
    ///
    /// Records compare key by key (each by its ordering text: the reading when present and
    /// non-empty, else the key; the person-name rules apply to the first key only), then by
    /// the display keys where readings were used, then by input order. The section comes
    /// from the first key whose ordering text is non-empty; a record whose keys are all
    /// empty files under the catch-all.
    package struct Input: @unchecked Sendable {
        // @unchecked: the caller keeps `bytes` alive and unmodified during `run`.
        package let bytes: UnsafeBufferPointer<UInt8>
        /// Every record's key ranges, record-major (`count * keysPerRecord` ranges).
        package let keys: ByteRanges
        /// Every key's reading range, parallel to `keys`, or nil when no key has readings.
        package let readings: ByteRanges?
        /// How many keys each record has (at least 1).
        package let keysPerRecord: Int

        /// Records with one key each (and optionally one reading each).
        /// - Parameters:
        ///   - bytes: The buffer the ranges point into.
        ///   - keys: Each record's display key.
        ///   - readings: Each record's reading (empty range: none), or nil.
        package init(bytes: UnsafeBufferPointer<UInt8>, keys: ByteRanges, readings: ByteRanges? = nil) {
            self.init(bytes: bytes, keys: keys, keysPerRecord: 1, readings: readings)
        }

        /// Records with `keysPerRecord` keys each, record-major.
        /// - Parameters:
        ///   - bytes: The buffer the ranges point into.
        ///   - keys: `count * keysPerRecord` ranges: record 0's keys, then record 1's, …
        ///   - keysPerRecord: Keys per record, most significant first; at least 1.
        ///   - readings: The reading of each key, parallel to `keys` (empty range: none), or
        ///     nil when no key has a reading.
        package init(bytes: UnsafeBufferPointer<UInt8>, keys: ByteRanges, keysPerRecord: Int, readings: ByteRanges? = nil) {
            precondition(keysPerRecord >= 1 && keys.count % keysPerRecord == 0, "keys must hold keysPerRecord ranges per record")
            precondition(readings.map { $0.count == keys.count } ?? true, "readings must be parallel to keys")
            self.bytes = bytes
            self.keys = keys
            self.readings = readings
            self.keysPerRecord = keysPerRecord
        }

        package var count: Int { keys.count / keysPerRecord }

        /// The bytes of a range of the buffer.
        func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[range])
        }

        /// The reading's range of `record` (with one key per record), empty when it has none.
        func reading(_ record: Int) -> Range<Int> { readings?[record] ?? 0..<0 }

        /// The range of key `key` of `record`.
        @inline(__always)
        func key(_ key: Int, of record: Int) -> Range<Int> { keys[record * keysPerRecord + key] }

        /// The reading's range of key `key` of `record`, empty when it has none.
        @inline(__always)
        func reading(_ key: Int, of record: Int) -> Range<Int> { readings?[record * keysPerRecord + key] ?? 0..<0 }
    }
}

extension IndexingEngine {
    /// Records grouped into distinct texts: each record's text number, and each text's
    /// first record (its representative, whose bytes the keys are computed from).
    struct DistinctTexts {
        /// Each record's text number; empty when every record is its own text.
        var textOfRecord: [Int32]
        /// Each text's first record; empty when every record is its own text.
        var representatives: [Int32]
        /// How many records there are.
        var recordCount: Int

        /// Every record its own text, numbered in input order (no arrays: at 10M records
        /// they would cost 4 bytes a record for nothing).
        static func identity(count: Int) -> DistinctTexts {
            DistinctTexts(textOfRecord: [], representatives: [], recordCount: count)
        }

        /// Whether every record is its own text, numbered in input order (then equal keys
        /// are already in input order, and the text order is the record order).
        var isIdentity: Bool { textOfRecord.isEmpty }

        /// How many distinct texts there are.
        var textCount: Int { isIdentity ? recordCount : representatives.count }
    }
}

extension IndexingEngine {
    /// Groups records whose key and reading bytes (all of them, with several keys) are
    /// identical (hashing, no ICU call).
    /// When the first 32,768 records (an eighth at most) of a large input are over 70%
    /// distinct, grouping would cost more than it saves, and every record is its own text.
    /// - Parameter input: The records.
    /// - Returns: Each record's text number and each text's first record.
    /// - Complexity: O(*n*) expected hash probes and byte comparisons.
    func distinctTexts(_ input: Input) -> DistinctTexts {
        let count = input.count
        // The probe: the first 32,768 records (at most an eighth) of a large input.
        let probe = count >= 65_536 ? min(count / 8, 32_768) : count
        let single = input.keysPerRecord == 1
        func hash(_ record: Int) -> Int {
            let hash =
                single
                ? hashBytes(input.text(input.keys[record]), seed: hashBytes(input.text(input.reading(record)), seed: 0x51_7C_C1_B7))
                : hashAllKeys(input, record)
            return Int(truncatingIfNeeded: hash)
        }
        // Slots hold a text number or -1; sized for the probe first (a distinct input stops
        // there without touching a table for every record), then for every record.
        func emptySlots(for records: Int) -> [Int32] {
            var capacity = 16
            while capacity < records * 2 { capacity <<= 1 }
            return [Int32](repeating: -1, count: capacity)
        }
        var table = emptySlots(for: probe)
        var textOfRecord = [Int32]()
        textOfRecord.reserveCapacity(probe)
        var representatives = [Int32]()
        var record = 0
        while record < count {
            if record == probe {
                // (Never with guessed readings: a guess costs ~10 µs, far more than grouping.)
                if representatives.count * 10 > probe * 7 && !collation.guessesWithDictionary { return .identity(count: count) }
                table = emptySlots(for: count)
                textOfRecord.reserveCapacity(count)
                let mask = table.count - 1
                for (text, first) in representatives.enumerated() {
                    var slot = hash(Int(first)) & mask
                    while table[slot] >= 0 { slot = (slot + 1) & mask }
                    table[slot] = Int32(text)
                }
            }
            let limit = record < probe ? probe : count
            table.withUnsafeMutableBufferPointer { table in
                let mask = table.count - 1
                while record < limit {
                    var slot = hash(record) & mask
                    while true {
                        let text = table[slot]
                        if text < 0 {
                            table[slot] = Int32(representatives.count)
                            textOfRecord.append(Int32(representatives.count))
                            representatives.append(Int32(record))
                            break
                        }
                        let other = Int(representatives[Int(text)])
                        if single
                            ? equalBytes(input.text(input.keys[other]), input.text(input.keys[record]))
                                && equalBytes(input.text(input.reading(other)), input.text(input.reading(record)))
                            : equalAllKeys(input, other, record)
                        {
                            textOfRecord.append(text)
                            break
                        }
                        slot = (slot + 1) & mask
                    }
                    record += 1
                }
            }
        }
        guard representatives.count < count else { return .identity(count: count) }
        return DistinctTexts(textOfRecord: textOfRecord, representatives: representatives, recordCount: count)
    }

    /// The hash of all of a record's key and reading bytes (kept out of line so the
    /// single-key loop stays as tight as before).
    @inline(never)
    private func hashAllKeys(_ input: Input, _ record: Int) -> UInt64 {
        var hash: UInt64 = 0x51_7C_C1_B7
        for key in 0..<input.keysPerRecord {
            hash = hashBytes(
                input.text(input.key(key, of: record)), seed: hashBytes(input.text(input.reading(key, of: record)), seed: hash))
        }
        return hash
    }

    /// Whether two records have identical bytes in every key and reading.
    @inline(never)
    private func equalAllKeys(_ input: Input, _ a: Int, _ b: Int) -> Bool {
        for key in 0..<input.keysPerRecord {
            guard equalBytes(input.text(input.key(key, of: a)), input.text(input.key(key, of: b))),
                equalBytes(input.text(input.reading(key, of: a)), input.text(input.reading(key, of: b)))
            else { return false }
        }
        return true
    }
}
