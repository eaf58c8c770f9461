extension IndexingEngine {
    /// One sort key (two when the display key breaks ties) and a section per distinct
    /// text, computed in parallel chunks and joined into one arena. Records with several
    /// keys get composite keys (``makeCompositeKeys(_:_:_:sections:)``).
    /// - Parameters:
    ///   - input: The records.
    ///   - texts: The distinct texts (whose first records the keys are computed from).
    /// - Returns: Keys and sections, indexed by text.
    /// - Complexity: O(*u*) ICU calls for *u* distinct texts, on up to ``threads`` threads.
    func textKeys(_ input: Input, texts: DistinctTexts) -> TextKeys {
        let textCount = texts.textCount
        let chunkCount = textCount < 20_000 ? 1 : min(threads * 4, textCount / 5_000)
        var chunks = [TextKeys](repeating: TextKeys(), count: chunkCount)
        var sectionOfText = [Int32](repeating: 0, count: textCount)
        sectionOfText.withUnsafeMutableBufferPointer { sectionBuffer in
            let sections = SendablePointer(sectionBuffer)
            texts.representatives.withUnsafeBufferPointer { representatives in
                let records = UnsafeSendableBuffer(representatives)
                chunks.withUnsafeMutableBufferPointer { chunkBuffer in
                    let chunkPointer = SendablePointer(chunkBuffer)
                    parallelFor(chunkCount, threads: threads) { chunk in
                        let range = (textCount * chunk / chunkCount)..<(textCount * (chunk + 1) / chunkCount)
                        chunkPointer.buffer[chunk] =
                            input.keysPerRecord == 1
                            ? makeKeys(input, records.buffer, range, sections: sections.buffer)
                            : makeCompositeKeys(input, records.buffer, range, sections: sections.buffer)
                    }
                }
            }
        }
        var joined = TextKeys()
        joined.keys.reserveCapacity(keys: textCount, bytes: chunks.reduce(0) { $0 + $1.keys.bytes.count })
        for index in chunks.indices {
            joined.keys.append(contentsOf: chunks[index].keys)
            joined.hasTies = joined.hasTies || chunks[index].hasTies
            chunks[index].keys = SortKeyArena()
        }
        if joined.hasTies { for chunk in chunks { joined.ties.append(contentsOf: chunk.ties) } }
        joined.sections = sectionOfText
        return joined
    }

    /// The keys of the texts in `range` (one key per record), and their sections written
    /// to `sections`.
    private func makeKeys(
        _ input: Input, _ representatives: UnsafeBufferPointer<Int32>, _ range: Range<Int>, sections: UnsafeMutableBufferPointer<Int32>
    ) -> TextKeys {
        let collator = collation.collator.handle
        var chunk = TextKeys()
        chunk.keys.reserveCapacity(keys: range.count, bytes: range.count * 24)
        var scratch = [UInt8]()
        var renamed = [UInt8]()
        for text in range {
            let record = representatives.isEmpty ? text : Int(representatives[text])
            let display = input.text(input.keys[record])
            let reading = input.readings.map { input.text($0[record]) }
            let displayKeyBreaksTies = collation.withOrderingText(display: display, reading: reading, scratch: &renamed) {
                sortText, displayKeyBreaksTies in
                let start = chunk.keys.bytes.count
                collator.appendSortKey(of: sortText, to: &chunk.keys.bytes)
                chunk.keys.closeKey()
                sections[text] = chunk.keys.bytes.withUnsafeBufferPointer { all in
                    collation.section(ofText: sortText, sortKey: UnsafeBufferPointer(rebasing: all[start...]), scratch: &scratch)
                }
                return displayKeyBreaksTies
            }
            if displayKeyBreaksTies {
                collator.appendSortKey(of: display, to: &chunk.ties.bytes)
                chunk.hasTies = true
            }
            chunk.ties.closeKey()
        }
        return chunk
    }
}
