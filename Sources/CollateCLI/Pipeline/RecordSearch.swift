import Dispatch
import IndexedCollation

/// `--search`: the one predicate that decides whether a record is kept, from its keys and
/// readings, by the library's matching rule (``SearchMatcher``). A record is kept when
/// any of the queries finds it.
struct RecordSearch: Sendable {
    let matcher: SearchMatcher
    let queries: [SearchQuery]

    /// The search of `--search` values, or nil when there are none or one of them matches
    /// everything (empty, or only spaces and punctuation).
    /// - Throws: ``CollationError`` if ICU cannot make the matcher.
    init?(_ queries: [String], collation: LocalizedIndexedCollation) throws(CollationError) {
        guard !queries.isEmpty else { return nil }
        matcher = try SearchMatcher(collation: collation)
        self.queries = queries.map(matcher.query)
        if self.queries.contains(where: \.matchesEverything) { return nil }
    }

    /// Whether a record with these keys and readings is kept.
    func keeps(keys: [String], readings: [String?]) -> Bool {
        let lookup = matcher.lookup(keys: keys, readings: readings)
        return queries.contains { matcher.firstMatch(of: $0, in: lookup) != nil }
    }

    /// Which records of an engine input are kept, decided on all cores.
    /// - Returns: One flag per record.
    /// - Complexity: One lookup per record.
    func kept(_ input: IndexingEngine.Input) -> [Bool] {
        var flags = [Bool](repeating: false, count: input.count)
        let chunk = 2048
        let chunks = (input.count + chunk - 1) / chunk
        flags.withUnsafeMutableBufferPointer { flags in
            nonisolated(unsafe) let output = flags
            DispatchQueue.concurrentPerform(iterations: chunks) { piece in
                for record in piece * chunk..<min((piece + 1) * chunk, input.count) {
                    var keys: [String] = []
                    var readings: [String?] = []
                    for key in 0..<input.keysPerRecord {
                        keys.append(String(decoding: input.bytes[input.keys[record * input.keysPerRecord + key]], as: UTF8.self))
                        let reading = input.readings.map { $0[record * input.keysPerRecord + key] }
                        readings.append(reading.flatMap { $0.isEmpty ? nil : String(decoding: input.bytes[$0], as: UTF8.self) })
                    }
                    output[record] = keeps(keys: keys, readings: readings)
                }
            }
        }
        return flags
    }
}
