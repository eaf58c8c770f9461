extension LocalizedIndexedCollation {
    /// Runs the engine over records with one or more keys (and readings), copied once into
    /// one UTF-8 buffer. One key takes exactly the single-key path.
    /// - Parameters:
    ///   - records: The records.
    ///   - keys: How to read their keys and readings.
    ///   - descending: Reverse sections and records.
    /// - Returns: The engine's output.
    /// - Complexity: As ``IndexingEngine/index(_:descending:)``, with *k* sort keys per
    ///   distinct record of *k* keys.
    func indexingOutput<Record>(of records: [Record], keys: KeyReaders<Record>, descending: Bool) -> IndexingEngine.Output {
        if let single = keys.singleKey {
            return indexingOutput(of: records, key: single.key, reading: single.reading, descending: descending)
        }
        let keyCount = keys.count
        var utf8 = [UInt8]()
        var keyRanges = ByteRanges()
        var readingRanges = ByteRanges()
        keyRanges.reserveCapacity(records.count * keyCount)
        if !keys.readings.isEmpty { readingRanges.reserveCapacity(records.count * keyCount) }
        for record in records {
            for index in 0..<keyCount {
                let start = utf8.count
                utf8.append(contentsOf: keys.keys[index](record).utf8)
                keyRanges.append(start..<utf8.count)
                guard !keys.readings.isEmpty else { continue }
                let readingStart = utf8.count
                if index < keys.readings.count, let reading = keys.readings[index]?(record) { utf8.append(contentsOf: reading.utf8) }
                readingRanges.append(readingStart..<utf8.count)
            }
        }
        return utf8.withUnsafeBufferPointer { bytes in
            let input = IndexingEngine.Input(
                bytes: bytes, keys: keyRanges, keysPerRecord: keyCount, readings: keys.readings.isEmpty ? nil : readingRanges)
            return IndexingEngine(collation: self).index(input, descending: descending)
        }
    }

    /// The section and keys of one record with several keys given as strings, exactly as
    /// the engine computes them (see ``IndexingEngine/makeCompositeKeys(_:_:_:sections:)``);
    /// one key takes the single-key rule, ``ordering(key:reading:needsKeys:)``.
    /// - Parameters:
    ///   - keys: The record's keys, most significant first.
    ///   - readings: The reading of each key (nil or empty: none); may be shorter.
    ///   - needsKeys: Whether the sort keys are needed (with one key, they may be skipped).
    /// - Returns: The section (a position in ``sectionTitles``), the sort key of the
    ///   ordering texts, and the display keys' tie key when a reading ordered some key.
    /// - Complexity: One ICU sort key per key (two for a key with a reading), and
    ///   O(log *b*) memcmp calls over the index's *b* boundaries.
    func ordering(keys: [String], readings: [String?], needsKeys: Bool) -> (section: Int32, key: [UInt8], tie: [UInt8]?) {
        if keys.count <= 1 { return ordering(key: keys.first ?? "", reading: readings.first ?? nil, needsKeys: needsKeys) }
        var utf8 = [UInt8]()
        var keyRanges = ByteRanges()
        var readingRanges = ByteRanges()
        for (index, key) in keys.enumerated() {
            let start = utf8.count
            utf8.append(contentsOf: key.utf8)
            keyRanges.append(start..<utf8.count)
            let readingStart = utf8.count
            if index < readings.count, let reading = readings[index] { utf8.append(contentsOf: reading.utf8) }
            readingRanges.append(readingStart..<utf8.count)
        }
        var section = SectionNumbers(count: 1, sectionCount: sectionTitles.count)
        let representative: [Int32] = [0]
        let chunk = utf8.withUnsafeBufferPointer { bytes in
            representative.withUnsafeBufferPointer { representatives in
                section.withWriter { section in
                    IndexingEngine(collation: self, threads: 1).makeCompositeKeys(
                        IndexingEngine.Input(bytes: bytes, keys: keyRanges, keysPerRecord: keys.count, readings: readingRanges),
                        representatives, 0..<1, sections: section)
                }
            }
        }
        return (Int32(section[0]), Array(chunk.keys.key(0)), chunk.hasTies ? Array(chunk.ties.key(0)) : nil)
    }
}
