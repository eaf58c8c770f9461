import SystemSupport

extension IndexingEngine {
    /// One sort key (two when the display key breaks ties) and a section per distinct
    /// text, computed in parallel chunks: with one key a record, into one buffer the
    /// chunks share (``keysInRegions(_:_:textCount:chunkCount:sections:room:)``), else in arenas
    /// of their own joined into one. Records with several keys get composite keys
    /// (``makeCompositeKeys(_:_:_:sections:)``).
    /// - Parameters:
    ///   - input: The records.
    ///   - texts: The distinct texts (whose first records the keys are computed from).
    /// - Returns: Keys and sections, indexed by text.
    /// - Complexity: O(*u*) ICU calls for *u* distinct texts, on up to ``threads`` threads.
    func textKeys(_ input: Input, texts: DistinctTexts) -> TextKeys {
        let textCount = texts.textCount
        // Eight chunks a thread: a thread that finishes early takes another, and a join
        // holds one small chunk twice at a time (Performance.md).
        let chunkCount = textCount < 20_000 ? 1 : min(threads * 8, textCount / 5_000)
        var sectionOfText = SectionNumbers(count: textCount, sectionCount: collation.sectionTitles.count)
        var joined = TextKeys()
        var tieChunks = sectionOfText.withWriter { sections in
            texts.representatives.withUnsafeBufferPointer { representatives -> [SortKeyArena] in
                // Compact boundaries (SortKeyArena.compactMinimum) are made by the join; one
                // chunk's arena is the keys as it is (no regions to size from a sample).
                if input.keysPerRecord == 1 && chunkCount > 1 && textCount < SortKeyArena.compactMinimum,
                    let made = keysInRegions(input, representatives, textCount: textCount, chunkCount: chunkCount, sections: sections)
                {
                    joined.keys = made.keys
                    return made.ties
                }
                let records = UnsafeSendableBuffer(representatives)
                var chunks = parallelMap(chunkCount, threads: threads) { chunk in
                    let range = parallelShare(chunk, of: chunkCount, count: textCount)
                    guard input.keysPerRecord == 1 else { return makeCompositeKeys(input, records.buffer, range, sections: sections) }
                    var keys = SortKeyArena()
                    keys.reserveCapacity(keys: range.count, bytes: 0)
                    let ties = makeKeys(input, records.buffer, range, sections: sections, into: &keys)
                    return TextKeys(keys: keys, ties: ties, hasTies: ties.count > 0)
                }
                var keyChunks = chunks.map(\.keys)
                // (A chunk without tie keys has only empty ones.)
                let ties = chunks.map { $0.hasTies ? $0.ties : SortKeyArena() }
                // Each chunk's keys held once: the join frees them as it copies them.
                chunks = []
                joined.keys = SortKeyArena.joined(&keyChunks, threads: threads)
                return ties
            }
        }
        joined.hasTies = tieChunks.contains { $0.count > 0 }
        if joined.hasTies {
            // A chunk's tie keys stop at its last text that has one: empty keys for the rest.
            for chunk in tieChunks.indices {
                tieChunks[chunk].appendEmptyKeys(upTo: parallelShare(chunk, of: chunkCount, count: textCount).count)
            }
            joined.ties = SortKeyArena.joined(&tieChunks, threads: threads)
        }
        joined.sections = sectionOfText
        return joined
    }

    /// The key and reading bytes of the texts in `texts` (`representatives`: each text's
    /// first record; empty: every record is its own text), what their keys' size follows.
    func textBytes(_ input: Input, _ representatives: UnsafeBufferPointer<Int32>, _ texts: some Sequence<Int>) -> Int {
        texts.reduce(0) { total, text in
            let record = representatives.isEmpty ? text : Int(representatives[text])
            return total + input.keys[record].count + input.reading(record).count
        }
    }

    /// Texts of a chunk whose keys are made before the rest of its key bytes are reserved:
    /// their key bytes a text byte (about 1.4 for Hangul, 2 or more for Latin) size the
    /// reservation, so a chunk's keys are not moved to ever larger storage as they grow.
    static let keySample = 256

    /// Writes the keys of the texts in `range` (one key per record) to `keys`, and their
    /// sections to `sections`.
    /// - Returns: The tie keys (display keys where a reading or a filing rule ordered), up
    ///   to the last text of the range that has one (none: an empty arena).
    func makeKeys<Sink: SortKeySink>(
        _ input: Input, _ representatives: UnsafeBufferPointer<Int32>, _ range: Range<Int>, sections: SectionNumbers.Writer,
        into keys: inout Sink
    ) -> SortKeyArena {
        let collator = collation.collator.handle
        var ties = SortKeyArena()
        let sample = Sink.growsAsKeysCome && range.count > 2 * Self.keySample ? Self.keySample : -1
        if Sink.growsAsKeysCome { keys.reserveBytes((sample > 0 ? sample : range.count) * 64) }
        var scratch = [UInt8]()
        var renamed = [UInt8]()
        var sampledTextBytes = 0
        for text in range {
            if text - range.lowerBound == sample {
                // The keys' bytes a text byte so far size the rest (no regrowth, no copy).
                let rest = textBytes(input, representatives, range[text...])
                let perByte = Double(keys.byteCount) / Double(max(1, sampledTextBytes))
                keys.reserveBytes(Int(perByte * 1.125 * Double(rest)) + 4 * (range.upperBound - text))
            }
            let record = representatives.isEmpty ? text : Int(representatives[text])
            let display = input.text(input.keys[record])
            let reading = input.readings.map { input.text($0[record]) }
            sampledTextBytes += display.count + (reading?.count ?? 0)
            let displayKeyBreaksTies = collation.withOrderingText(display: display, reading: reading, scratch: &renamed) {
                sortText, displayKeyBreaksTies in
                keys.appendSortKey(of: sortText, collator: collator)
                let section = keys.withOpenKey { key in collation.section(ofText: sortText, sortKey: key, scratch: &scratch) }
                keys.closeKey()
                sections.set(text, to: Int(section))
                return displayKeyBreaksTies
            }
            if displayKeyBreaksTies {
                ties.appendEmptyKeys(upTo: text - range.lowerBound)
                collator.appendSortKey(of: display, to: &ties.bytes)
                ties.closeKey()
            }
        }
        return ties
    }
}

extension IndexingEngine {
    /// The keys of distinct texts (or of a chunk of them, computed on one thread).
    struct TextKeys {
        /// Sort keys of the ordering texts.
        var keys = SortKeyArena()
        /// Display-key sort keys, used to break ties between equal ordering texts; for
        /// texts ordered by their display key the entry is empty and the main key decides.
        var ties = SortKeyArena()
        /// Whether any text has a tie key.
        var hasTies = false
        /// The section of each text.
        var sections = SectionNumbers(count: 0, sectionCount: 0)
    }
}

extension IndexingEngine {
    /// The keys of the texts in `range` when records have several keys, and their sections
    /// written to `sections`.
    ///
    /// A text's sort key is the concatenation of its keys' ICU sort keys (each of its
    /// ordering text), separated by one 0x00 byte. ICU sort keys contain no 0x00 (the
    /// shim drops ICU's terminator), and every record has the same number of keys, so
    /// memcmp of two concatenations is exactly a key-by-key comparison, a shorter key
    /// sorting first; the 12-byte zero-padded prefixes of ``RecordComparator`` and the
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
        _ input: Input, _ representatives: UnsafeBufferPointer<Int32>, _ range: Range<Int>, sections: SectionNumbers.Writer
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
            let found =
                section
                ?? chunk.keys.bytes.withUnsafeBufferPointer { all in
                    collation.section(
                        ofText: UnsafeBufferPointer(rebasing: input.bytes[0..<0]),
                        sortKey: UnsafeBufferPointer(rebasing: all[firstKey]), scratch: &scratch)
                }
            sections.set(text, to: Int(found))
            if breaksTies {
                chunk.ties.bytes.append(contentsOf: tie)
                chunk.hasTies = true
            }
            chunk.ties.closeKey()
        }
        return chunk
    }
}
