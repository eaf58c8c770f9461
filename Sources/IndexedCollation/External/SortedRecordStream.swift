/// One record of an external sort, in order.
public struct SortedRecord: Sendable, Equatable {
    /// The record's section: an index into ``SortedRecordStream/sectionTitles``.
    public var section: Int
    /// The record's place in the order as bytes: comparing two records' keys with
    /// `memcmp` gives their order, and the keys of records the collation cannot tell
    /// apart (same text and reading at the collator's strength) are equal. Valid only
    /// against keys of the same sort (the same collation and direction).
    public var orderKey: [UInt8]
    /// The bytes given with the record, unchanged.
    public var payload: [UInt8]

    /// The payload as UTF-8 text (invalid bytes replaced): the text itself for records
    /// appended without a payload.
    public var text: String { String(decoding: payload, as: UTF8.self) }
}

/// The records of an ``ExternalSorter`` in order, read one at a time from the merge of
/// its runs, with the count of every section known before the first record.
///
/// Read them with ``next()`` or ``forEach(_:)``; each record is read once. The run files
/// go away with this value (they are unlinked already).
public final class SortedRecordStream {
    /// Every section title, empty sections included, in the collation's order.
    public let sectionTitles: [String]
    /// How many records each section holds, indexed like ``sectionTitles``.
    public let sectionCounts: [Int]
    /// Where the records come from: the merge of the runs, or memory when the sort
    /// fitted its bound and wrote no run.
    private enum Source {
        case runs(RunStream, section: (UnsafeBufferPointer<UInt8>) -> Int)
        case memory(InMemoryRun)
    }
    private let source: Source

    init(stream: RunStream, sectionTitles: [String], sectionCounts: [Int], section: @escaping (UnsafeBufferPointer<UInt8>) -> Int) {
        source = .runs(stream, section: section)
        self.sectionTitles = sectionTitles
        self.sectionCounts = sectionCounts
    }

    init(memory: InMemoryRun, sectionTitles: [String], sectionCounts: [Int]) {
        source = .memory(memory)
        self.sectionTitles = sectionTitles
        self.sectionCounts = sectionCounts
    }

    /// How many records there are.
    public var count: Int { sectionCounts.reduce(0, +) }

    /// The next record, or nil after the last one.
    /// - Throws: ``ExternalSortError`` when a run cannot be read back.
    /// - Complexity: O(log *r*) key comparisons for *r* runs.
    public func next() throws(ExternalSortError) -> SortedRecord? {
        switch source {
        case .memory(let records):
            return records.next()
        case .runs(let stream, let section):
            guard try stream.next() else { return nil }
            return SortedRecord(section: section(stream.key), orderKey: Array(stream.key), payload: Array(stream.line))
        }
    }

    /// Calls `body` with every remaining record, in order.
    /// - Parameter body: Takes one record; what it throws ends the reading.
    /// - Throws: ``ExternalSortError``, or what `body` throws.
    public func forEach(_ body: (SortedRecord) throws -> Void) throws {
        while let record = try next() { try body(record) }
    }
}
