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
/// A stream has the shape of GRDB's `Cursor`: a class read once, front to back, whose
/// ``next()`` throws, with the usual sequence operations on top (``forEach(_:)``,
/// ``map(_:)``, ``compactMap(_:)``, ``filter(_:)``, ``reduce(_:_:)``,
/// ``reduce(into:_:)``, ``contains(where:)``, ``first(where:)``, and
/// `Array(stream)`). It is not a `Sequence`: a `Sequence`'s iterator cannot throw, and
/// reading a run back can fail (a full or failing disk), so a `for … in` over a
/// `Sequence` would have to stop silently or trap. For `for … in`, the stream is an
/// `AsyncSequence` whose `Failure` is ``ExternalSortError``, read with `for try await`;
/// its iterator calls ``next()`` directly, without suspending.
///
/// ```swift
/// let sorter = try ExternalSorter(collation: LocalizedIndexedCollation(locale: "sv_SE"), memoryLimit: 64 << 20)
/// for name in ["Örjan", "Åsa", "Zelda", "Ärla", "anders"] { try sorter.append(name) }
/// let sorted = try sorter.finish()
/// while let record = try sorted.next() {
///     print(sorted.sectionTitles[record.section], record.text)  // A anders, Z Zelda, Å Åsa, Ä Ärla, Ö Örjan
/// }
/// // or: for try await record in sorted { … }
/// // or: let texts = try sorted.map(\.text)
/// ```
///
/// Each record is read once: an operation consumes the records it reads, and an error
/// (thrown by the stream or by your closure) ends the operation with the records read so
/// far consumed; the next call goes on from there. None of the operations adds an
/// allocation per record to those of ``SortedRecord`` itself (its key and payload
/// arrays). The run files go away with this value (they are unlinked already).
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
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records left and *r* runs.
    public func forEach(_ body: (SortedRecord) throws -> Void) throws {
        while let record = try next() { try body(record) }
    }
}

extension SortedRecordStream {
    /// Returns the remaining records, each transformed, in order.
    /// - Parameter transform: Takes one record; what it throws ends the reading.
    /// - Returns: One value per record read.
    /// - Throws: ``ExternalSortError``, or what `transform` throws.
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records left and *r* runs.
    public func map<T>(_ transform: (SortedRecord) throws -> T) throws -> [T] {
        var result: [T] = []
        while let record = try next() { result.append(try transform(record)) }
        return result
    }

    /// Returns the non-nil results of transforming the remaining records, in order.
    /// - Parameter transform: Takes one record, returns a value or nil to skip it; what it
    ///   throws ends the reading.
    /// - Returns: The non-nil values.
    /// - Throws: ``ExternalSortError``, or what `transform` throws.
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records left and *r* runs.
    public func compactMap<T>(_ transform: (SortedRecord) throws -> T?) throws -> [T] {
        var result: [T] = []
        while let record = try next() {
            if let value = try transform(record) { result.append(value) }
        }
        return result
    }

    /// Returns the remaining records that satisfy a predicate, in order.
    /// - Parameter isIncluded: Whether to keep a record; what it throws ends the reading.
    /// - Returns: The kept records.
    /// - Throws: ``ExternalSortError``, or what `isIncluded` throws.
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records left and *r* runs.
    public func filter(_ isIncluded: (SortedRecord) throws -> Bool) throws -> [SortedRecord] {
        var result: [SortedRecord] = []
        while let record = try next() {
            if try isIncluded(record) { result.append(record) }
        }
        return result
    }

    /// Combines the remaining records, in order, into one value.
    /// - Parameters:
    ///   - initialResult: The value to start from.
    ///   - nextPartialResult: Combines the value so far with the next record; what it
    ///     throws ends the reading.
    /// - Returns: The final value (`initialResult` when no record is left).
    /// - Throws: ``ExternalSortError``, or what `nextPartialResult` throws.
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records left and *r* runs.
    public func reduce<Result>(
        _ initialResult: Result, _ nextPartialResult: (Result, SortedRecord) throws -> Result
    ) throws -> Result {
        var result = initialResult
        while let record = try next() { result = try nextPartialResult(result, record) }
        return result
    }

    /// Combines the remaining records, in order, into one value changed in place.
    /// - Parameters:
    ///   - initialResult: The value to start from.
    ///   - updateAccumulatingResult: Updates the value with the next record; what it
    ///     throws ends the reading.
    /// - Returns: The final value.
    /// - Throws: ``ExternalSortError``, or what `updateAccumulatingResult` throws.
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records left and *r* runs.
    public func reduce<Result>(
        into initialResult: Result, _ updateAccumulatingResult: (inout Result, SortedRecord) throws -> Void
    ) throws -> Result {
        var result = initialResult
        while let record = try next() { try updateAccumulatingResult(&result, record) }
        return result
    }

    /// Whether a remaining record satisfies a predicate; reading stops at the first one.
    /// - Parameter predicate: Whether a record is the one sought.
    /// - Returns: `true` when a record satisfied it (the records after it stay unread).
    /// - Throws: ``ExternalSortError``, or what `predicate` throws.
    /// - Complexity: O(*k* log *r*) key comparisons for the *k* records read and *r* runs.
    public func contains(where predicate: (SortedRecord) throws -> Bool) throws -> Bool {
        try first(where: predicate) != nil
    }

    /// The first remaining record that satisfies a predicate; reading stops there.
    /// - Parameter predicate: Whether a record is the one sought.
    /// - Returns: The record, or nil when none does (every record is then read).
    /// - Throws: ``ExternalSortError``, or what `predicate` throws.
    /// - Complexity: O(*k* log *r*) key comparisons for the *k* records read and *r* runs.
    public func first(where predicate: (SortedRecord) throws -> Bool) throws -> SortedRecord? {
        while let record = try next() {
            if try predicate(record) { return record }
        }
        return nil
    }
}

extension SortedRecordStream: AsyncSequence {
    /// The records of a stream for `for try await record in stream`: each step calls
    /// ``SortedRecordStream/next()`` directly, without suspending.
    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline
        let stream: SortedRecordStream

        /// The next record, or nil after the last one.
        /// - Returns: The record.
        /// - Throws: ``ExternalSortError`` when a run cannot be read back.
        @inlinable
        public mutating func next() async throws(ExternalSortError) -> SortedRecord? {
            try stream.next()
        }

        /// The next record, or nil after the last one, on the caller's actor.
        /// - Parameter actor: The caller's actor (unused: nothing suspends).
        /// - Returns: The record.
        /// - Throws: ``ExternalSortError`` when a run cannot be read back.
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(ExternalSortError) -> SortedRecord? {
            try stream.next()
        }
    }

    /// An iterator over the remaining records (the stream itself is read: iterating twice
    /// does not start over).
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: self) }
}

extension Array where Element == SortedRecord {
    /// Reads every remaining record of a stream into an array (GRDB's `Array(cursor)`).
    /// - Parameter stream: The stream; it is left at its end.
    /// - Throws: ``ExternalSortError`` when a run cannot be read back.
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records left and *r* runs.
    public init(_ stream: SortedRecordStream) throws(ExternalSortError) {
        self.init()
        reserveCapacity(Swift.max(0, stream.count))
        while let record = try stream.next() { append(record) }
    }
}
