import Dispatch
import IndexedCollation

/// `--search`: the one predicate that decides whether a record is kept, from its keys and
/// readings, by the library's matching rule (``SearchMatcher``). A record is kept when
/// any of the queries finds it.
struct RecordSearch: Sendable {
    let matcher: SearchMatcher
    let queries: [SearchQuery]
    /// `--search-field`: more fields of structured records to search.
    let fieldNames: [String]

    /// The search of `--search` values, or nil when there are none or one of them matches
    /// everything (empty, or only spaces and punctuation).
    /// - Parameters:
    ///   - queries: The `--search` values.
    ///   - collation: The run's collation.
    ///   - options: `--search-mode`, `--search-keypad`.
    ///   - fields: `--search-field` names.
    /// - Throws: ``CollationError`` if ICU cannot make the matcher.
    init?(_ queries: [String], collation: LocalizedIndexedCollation, options: SearchOptions = SearchOptions(), fields: [String] = [])
        throws(CollationError)
    {
        guard !queries.isEmpty else { return nil }
        matcher = try SearchMatcher(collation: collation, options: options)
        self.queries = queries.map(matcher.query)
        fieldNames = fields
        if self.queries.contains(where: \.matchesEverything) { return nil }
    }

    /// Whether a record with these keys and readings is kept.
    func keeps(keys: [String], readings: [String?], fields: [SearchField] = []) -> Bool {
        match(keys: keys, readings: readings, fields: fields) != nil
    }

    /// Where the first query that finds a record matched it, or nil.
    func match(keys: [String], readings: [String?], fields: [SearchField]) -> SearchMatch? {
        let lookup = matcher.lookup(keys: keys, readings: readings, fields: fields)
        for query in queries {
            if let match = matcher.firstMatch(of: query, in: lookup) { return match }
        }
        return nil
    }

    /// Which records of an engine input are kept, decided on all cores; records whose keys
    /// and readings are the same bytes are decided once (as the engine gives identical
    /// texts one sort key).
    /// - Returns: One flag per record.
    /// - Complexity: One lookup per distinct record text.
    func kept(_ input: IndexingEngine.Input, fields: [[SearchField]]? = nil) -> [Bool] {
        if let fields { return matched(input, fields: fields).map { $0 != nil } }
        let (first, distinct) = Self.firstOfEqual(input)
        var decided = [Bool](repeating: false, count: distinct.count)
        let chunk = 1024
        let chunks = (distinct.count + chunk - 1) / chunk
        decided.withUnsafeMutableBufferPointer { decided in
            nonisolated(unsafe) let output = decided
            DispatchQueue.concurrentPerform(iterations: chunks) { piece in
                for index in piece * chunk..<min((piece + 1) * chunk, distinct.count) {
                    let (keys, readings) = Self.keysAndReadings(of: distinct[index], in: input)
                    output[index] = keeps(keys: keys, readings: readings)
                }
            }
        }
        return first.map { decided[Int($0)] }
    }

    /// A record's keys and non-empty readings as text, as the matcher takes them.
    private static func keysAndReadings(of record: Int, in input: IndexingEngine.Input) -> (keys: [String], readings: [String?]) {
        var keys: [String] = []
        var readings: [String?] = []
        for key in 0..<input.keysPerRecord {
            let slot = record * input.keysPerRecord + key
            keys.append(String(decoding: input.bytes[input.keys[slot]], as: UTF8.self))
            let reading = input.readings.map { $0[slot] }
            readings.append(reading.flatMap { $0.isEmpty ? nil : String(decoding: input.bytes[$0], as: UTF8.self) })
        }
        return (keys, readings)
    }

    /// Where each record of an engine input with fields matched (nil: not kept), decided on
    /// all cores, record by record (records with the same keys may differ in their fields).
    func matched(_ input: IndexingEngine.Input, fields: [[SearchField]]) -> [SearchMatch?] {
        var decided = [SearchMatch?](repeating: nil, count: input.count)
        let chunk = 1024
        let chunks = (input.count + chunk - 1) / chunk
        decided.withUnsafeMutableBufferPointer { decided in
            nonisolated(unsafe) let output = decided
            DispatchQueue.concurrentPerform(iterations: chunks) { piece in
                for record in piece * chunk..<min((piece + 1) * chunk, input.count) {
                    let (keys, readings) = Self.keysAndReadings(of: record, in: input)
                    output[record] = match(keys: keys, readings: readings, fields: record < fields.count ? fields[record] : [])
                }
            }
        }
        return decided
    }

    /// For each record, the number of the first record with the same key and reading bytes
    /// (among the distinct ones), and the distinct records' indices: an open-addressing
    /// table of FNV-1a hashes, equal bytes checked.
    static func firstOfEqual(_ input: IndexingEngine.Input) -> (group: [Int32], distinct: [Int]) {
        let width = input.keysPerRecord
        let bytes = input.bytes
        func hash(_ record: Int) -> UInt64 {
            var value: UInt64 = 0xCBF2_9CE4_8422_2325
            for slot in record * width..<(record + 1) * width {
                for byte in bytes[input.keys[slot]] { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
                value = (value ^ 0xFF) &* 0x100_0000_01B3
                if let readings = input.readings {
                    for byte in bytes[readings[slot]] { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
                    value = (value ^ 0xFE) &* 0x100_0000_01B3
                }
            }
            return value
        }
        func same(_ a: Int, _ b: Int) -> Bool {
            for offset in 0..<width {
                let (x, y) = (a * width + offset, b * width + offset)
                guard bytes[input.keys[x]].elementsEqual(bytes[input.keys[y]]) else { return false }
                if let readings = input.readings, !bytes[readings[x]].elementsEqual(bytes[readings[y]]) { return false }
            }
            return true
        }
        var capacity = 16
        while capacity < input.count * 2 { capacity <<= 1 }
        var table = [Int32](repeating: -1, count: capacity)
        var distinct: [Int] = []
        var group = [Int32](repeating: 0, count: input.count)
        for record in 0..<input.count {
            var position = Int(truncatingIfNeeded: hash(record)) & (capacity - 1)
            while true {
                let found = table[position]
                if found < 0 {
                    table[position] = Int32(distinct.count)
                    group[record] = Int32(distinct.count)
                    distinct.append(record)
                    break
                }
                if same(distinct[Int(found)], record) {
                    group[record] = found
                    break
                }
                position = (position + 1) & (capacity - 1)
            }
        }
        return (group, distinct)
    }
}

extension CollationPipeline {
    /// The lines `--search` keeps (all without it), where lines enter the run: before
    /// indexing and before spilling, so what is dropped is never sorted nor written.
    /// - Parameter lines: Decoded lines of the input or of one piece of it.
    /// - Returns: The kept lines, in input order.
    /// - Complexity: One search lookup per line, on all cores.
    func admitted(_ lines: Lines) -> Lines {
        guard let search else { return lines }
        let kept = withEngineInput(lines) { search.kept($0) }
        return Lines(bytes: lines.bytes, ranges: ByteRanges(zip(lines.ranges, kept).lazy.compactMap { $1 ? $0 : nil }))
    }

    /// The records of a structured input that `--search` keeps: the engine's output without
    /// the others (in memory, and in each piece of a spilled input).
    /// - Parameters:
    ///   - output: The engine's output for all records.
    ///   - input: The engine's input (the records' keys and readings).
    ///   - fields: Each record's other fields to search (phones, `--search-field`), if any.
    /// - Returns: The output with only the kept records, in the same sections and order.
    func admitted(_ output: IndexingEngine.Output, of input: IndexingEngine.Input, fields: [[SearchField]]? = nil) -> IndexingEngine.Output
    {
        guard let search else { return output }
        let kept = search.kept(input, fields: fields)
        var filtered = output
        filtered.order = []
        filtered.groups = []
        for group in output.groups {
            let start = filtered.order.count
            filtered.order.append(contentsOf: output.order[group.range].filter { kept[Int($0)] })
            if filtered.order.count > start {
                filtered.groups.append(IndexingEngine.Group(section: group.section, range: start..<filtered.order.count))
            }
        }
        return filtered
    }
}
