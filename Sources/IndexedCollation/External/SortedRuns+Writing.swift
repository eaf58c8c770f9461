extension SortedRuns {
    /// A piece of the input already keyed by the engine: each record's line (the bytes a
    /// run carries for it, e.g. the payload) and the engine's order, sections and keys.
    package struct KeyedPiece {
        /// The buffer the line ranges point into.
        package var bytes: [UInt8]
        /// Each record's line, in input order.
        package var lines: ByteRanges
        /// The engine's result for the piece's records (in the same order as `lines`).
        package var output: IndexingEngine.Output

        package init(bytes: [UInt8], lines: ByteRanges, output: IndexingEngine.Output) {
            self.bytes = bytes
            self.lines = lines
            self.output = output
        }
    }

    /// Writes one keyed piece as a run: records in the piece's order, each keyed by its
    /// place in the order (``OrderKeyEncoding``, in the output's direction: section ‖ sort
    /// key ‖ tie part), the line after it. With `firstPosition` the key is the record's
    /// whole storage key, ending in its global position (`firstPosition` + its place in
    /// the piece).
    /// - Parameters:
    ///   - piece: The keyed records.
    ///   - encoding: The order key encoding (``OrderKeyEncoding/spilledRun(descending:)``).
    ///   - firstPosition: The global position of the piece's first record, for storage
    ///     keys; nil for places only.
    ///   - sectionCounts: Incremented by the records of each section.
    ///   - directory: Where the run file is made.
    ///   - budget: The bound (block size, the longest record a merge holds).
    ///   - tooLong: The error for a record (its index in the piece) whose key and line
    ///     take more bytes than ``SpillBudget/longestSpilledRecord``.
    /// - Returns: The run, rewound for reading.
    /// - Complexity: O(*n*) for *n* records (their keys and lines copied once).
    package static func writeRun(
        _ piece: KeyedPiece, encoding: OrderKeyEncoding, firstPosition: Int?, sectionCounts: inout [Int], directory: String,
        budget: SpillBudget, tooLong: (_ record: Int, _ bytes: Int) -> any Error
    ) throws -> RunFile {
        let writer = try RunRecordWriter(directory: directory, blockSize: budget.runBlock)
        let longest = budget.longestSpilledRecord
        var key = ByteBuffer(capacity: 256)
        defer { key.free() }
        let loaded = LoadedBytes()
        let output = piece.output
        try piece.bytes.withUnsafeBufferPointer { bytes in
            try piece.lines.withUnsafeRanges { ranges in
                try output.keys.withUnsafeKeys { keys in
                    try (output.ties ?? SortKeyArena()).withUnsafeKeys { tieKeys in
                        try output.order.withUnsafeBufferPointer { order in
                            // Records come in sorted order, so their keys and lines are read
                            // from all over memory: a batch's locations are gathered and the
                            // first and last byte of each key and line loaded first (their cache
                            // misses overlap), then its records are encoded and copied.
                            let batch = 64
                            var located = [
                                (
                                    record: Int, key: UnsafeBufferPointer<UInt8>, tie: UnsafeBufferPointer<UInt8>,
                                    line: UnsafeBufferPointer<UInt8>
                                )
                            ](
                                repeating: (
                                    0, UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0),
                                    UnsafeBufferPointer(start: nil, count: 0)
                                ),
                                count: batch)
                            try located.withUnsafeMutableBufferPointer { located in
                                for group in output.groups {
                                    sectionCounts[group.section] += group.range.count
                                    for start in stride(from: group.range.lowerBound, to: group.range.upperBound, by: batch) {
                                        let end = min(start + batch, group.range.upperBound)
                                        var touched: UInt8 = 0
                                        for index in start..<end {
                                            let record = Int(order[index])
                                            let text = output.text(ofRecord: record)
                                            let sortKey = keys.key(text)
                                            let tieBreak = output.ties == nil ? sortKey : tieKeys.tieBreakKey(text, sortKey: sortKey)
                                            let line = UnsafeBufferPointer(rebasing: bytes[ranges[record]])
                                            located[index - start] = (record, sortKey, tieBreak, line)
                                            touched ^= loadEnds(sortKey) ^ loadEnds(line)
                                        }
                                        loaded.keep(touched)
                                        for slot in 0..<(end - start) {
                                            let (record, sortKey, tieBreak, line) = located[slot]
                                            key.count = 0
                                            encode(
                                                encoding, section: group.section, sectionCount: output.sectionCount, key: sortKey,
                                                tie: tieBreak,
                                                position: firstPosition.map { $0 + record }, into: &key)
                                            if key.count + line.count > longest { throw tooLong(record, key.count + line.count) }
                                            try writer.append(key: key.bytes, line: line)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return try writer.finish()
    }

    /// Encodes a run key into `buffer`: the record's place, and its position when given
    /// (a storage key; `tie` is the record's tie-break key).
    @inline(__always)
    static func encode(
        _ encoding: OrderKeyEncoding, section: Int, sectionCount: Int, key: UnsafeBufferPointer<UInt8>,
        tie: UnsafeBufferPointer<UInt8>, position: Int?, into buffer: inout ByteBuffer
    ) {
        buffer.reserve(OrderKeyEncoding.maximumCount(keyCount: key.count, tieCount: tie.count))
        let output = buffer.base + buffer.count
        buffer.count +=
            position.map {
                encoding.encode(section: section, sectionCount: sectionCount, key: key, tie: tie, position: $0, into: output)
            } ?? encoding.encodePlace(section: section, sectionCount: sectionCount, key: key, tie: tie, into: output)
    }
}
