extension IndexingEngine {
    /// The keys of the texts in `range` when records have several keys, and their sections
    /// written to `sections`.
    ///
    /// A text's sort key is the concatenation of its keys' ICU sort keys (each of its
    /// ordering text), separated by one 0x00 byte. ICU sort keys contain no 0x00 (the
    /// shim drops ICU's terminator), and every record has the same number of keys, so
    /// memcmp of two concatenations is exactly a key-by-key comparison, a shorter key
    /// sorting first; the 16-byte zero-padded prefixes of ``RecordComparator`` and the
    /// 0x00 end marks of ``OrderKeyEncoding`` keep that order too.
    ///
    /// The tie key, made only when some key has a reading (or, for the first key, a
    /// surname reading), concatenates the same way each key's display-key sort key where
    /// a reading ordered it and the ordering key itself elsewhere.
    ///
    /// The section is that of the first key whose ordering text is non-empty; a text whose
    /// keys are all empty gets the section of its (empty) first key, the catch-all.
    /// - Parameters:
    ///   - input: The records, with ``Input/keysPerRecord`` > 1.
    ///   - representatives: Each distinct text's first record (empty: every record is its own text).
    ///   - range: The texts to make keys for.
    ///   - sections: Receives each text's section.
    /// - Returns: The keys of the texts in `range`.
    /// - Complexity: O(*k*) ICU sort keys per text of *k* keys (two for a key with a reading).
    func makeCompositeKeys(
        _ input: Input, _ representatives: UnsafeBufferPointer<Int32>, _ range: Range<Int>, sections: UnsafeMutableBufferPointer<Int32>
    ) -> TextKeys {
        let collator = collation.collator.handle
        let keyCount = input.keysPerRecord
        var chunk = TextKeys()
        chunk.keys.reserveCapacity(keys: range.count, bytes: range.count * 20 * keyCount)
        var scratch = [UInt8]()
        var renamed = [UInt8]()
        var tie = [UInt8]()
        for text in range {
            let record = representatives.isEmpty ? text : Int(representatives[text])
            tie.removeAll(keepingCapacity: true)
            var section: Int32? = nil
            var breaksTies = false
            var firstKey = chunk.keys.bytes.count..<chunk.keys.bytes.count
            for key in 0..<keyCount {
                if key > 0 {
                    chunk.keys.bytes.append(0)
                    tie.append(0)
                }
                let display = input.text(input.key(key, of: record))
                let reading = input.readings == nil ? nil : input.text(input.reading(key, of: record))
                collation.withOrderingText(ofKey: key, display: display, reading: reading, scratch: &renamed) {
                    sortText, displayKeyBreaksTies in
                    let start = chunk.keys.bytes.count
                    collator.appendSortKey(of: sortText, to: &chunk.keys.bytes)
                    if key == 0 { firstKey = start..<chunk.keys.bytes.count }
                    if section == nil && !sortText.isEmpty {
                        section = chunk.keys.bytes.withUnsafeBufferPointer { all in
                            collation.section(ofText: sortText, sortKey: UnsafeBufferPointer(rebasing: all[start...]), scratch: &scratch)
                        }
                    }
                    if displayKeyBreaksTies {
                        collator.appendSortKey(of: display, to: &tie)
                        breaksTies = true
                    } else {
                        tie.append(contentsOf: chunk.keys.bytes[start...])
                    }
                }
            }
            chunk.keys.closeKey()
            sections[text] =
                section
                ?? chunk.keys.bytes.withUnsafeBufferPointer { all in
                    collation.section(
                        ofText: UnsafeBufferPointer(rebasing: input.bytes[0..<0]),
                        sortKey: UnsafeBufferPointer(rebasing: all[firstKey]), scratch: &scratch)
                }
            if breaksTies {
                chunk.ties.bytes.append(contentsOf: tie)
                chunk.hasTies = true
            }
            chunk.ties.closeKey()
        }
        return chunk
    }
}
