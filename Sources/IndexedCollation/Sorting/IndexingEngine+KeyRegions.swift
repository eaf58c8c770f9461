import SystemSupport

extension IndexingEngine {
    /// How much room a chunk's region gives its keys: their bytes as estimated from a
    /// sample of keys (``sampledKeyBytesPerTextByte(_:_:textCount:)``), a quarter more.
    static let regionRoom = 1.25

    /// The keys of every text (one key a record) made in `chunkCount` chunks side by side
    /// into one buffer. Each chunk writes its keys into a region of the buffer sized from
    /// its texts' bytes, and each key's end into the run's one array of ends
    /// (``RegionKeyWriter``); once every chunk is made, the regions are closed up in order
    /// (each chunk's keys moved down over the room the ones before it left, in pages
    /// already written) and the ends shifted with them.
    ///
    /// Chunks made in arenas of their own and joined afterwards
    /// (``SortKeyArena/joined(_:threads:compactMinimum:)``) copied every key into a new
    /// buffer whose pages the kernel zeroed first, on the run's way from its keys to its
    /// sort (Performance.md). A chunk whose keys outgrow their region goes on in an arena
    /// of its own; then every chunk is joined that way.
    /// - Parameters:
    ///   - input: The records (one key each).
    ///   - representatives: Each distinct text's first record (empty: every record is its own text).
    ///   - textCount: How many texts there are.
    ///   - chunkCount: How many chunks to make them in (``parallelShare(_:of:count:)`` each).
    ///   - sections: Receives each text's section.
    ///   - room: The regions' room for the estimated key bytes (tests give too little).
    /// - Returns: The keys, each chunk's tie keys (``makeKeys(_:_:_:sections:into:)``) and
    ///   how many chunks outgrew their regions; nil when the regions would pass 4 GiB (the
    ///   caller then joins chunks).
    func keysInRegions(
        _ input: Input, _ representatives: UnsafeBufferPointer<Int32>, textCount: Int, chunkCount: Int,
        sections: SectionNumbers.Writer, room: Double = IndexingEngine.regionRoom
    ) -> (keys: SortKeyArena, ties: [SortKeyArena], outgrown: Int)? {
        let records = UnsafeSendableBuffer(representatives)
        let shares = (0..<chunkCount).map { parallelShare($0, of: chunkCount, count: textCount) }
        let textBytes = parallelMap(chunkCount, threads: threads) { chunk in self.textBytes(input, records.buffer, shares[chunk]) }
        let perByte = sampledKeyBytesPerTextByte(input, representatives, textCount: textCount)
        var regionStarts = [0]
        for chunk in 0..<chunkCount {
            let bytes = Int(perByte * room * Double(textBytes[chunk])) + 8 * shares[chunk].count + 1_024
            regionStarts.append(regionStarts[chunk] + bytes)
        }
        let starts = regionStarts
        guard let total = starts.last, total <= Int(UInt32.max) else { return nil }
        var made: [(used: Int, overflow: SortKeyArena?, ties: SortKeyArena)] = []
        var bytes: [UInt8] = []
        var outgrown: [SortKeyArena] = []
        let ends = [UInt32](hugePagesCount: textCount + 1) { ends in
            ends[0] = 0
            let endsPointer = SendablePointer(ends)
            bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
                HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
                let target = SendablePointer(buffer)
                made = parallelMap(chunkCount, threads: threads) { chunk in
                    let region = UnsafeMutableBufferPointer(rebasing: target.buffer[starts[chunk]..<starts[chunk + 1]])
                    let keyEnds = endsPointer.buffer.baseAddress.unsafelyUnwrapped + shares[chunk].lowerBound + 1
                    var writer = RegionKeyWriter(region: region, offset: starts[chunk], ends: keyEnds)
                    let ties = makeKeys(input, records.buffer, shares[chunk], sections: sections, into: &writer)
                    return (writer.used, writer.overflow, ties)
                }
                guard made.allSatisfy({ $0.overflow == nil }) else {
                    // Each chunk as an arena of its own, to be joined (the ends are not used).
                    outgrown = made.indices.map { chunk in
                        if let overflow = made[chunk].overflow { return overflow }
                        let (start, used) = (starts[chunk], made[chunk].used)
                        let chunkEnds = [0] + ends[shares[chunk].lowerBound + 1..<shares[chunk].upperBound + 1].map { $0 - UInt32(start) }
                        return SortKeyArena(bytes: Array(buffer[start..<start + used]), ends: chunkEnds)
                    }
                    ends.update(repeating: 0)
                    initialized = 0
                    return
                }
                guard let base = buffer.baseAddress else { return }
                // Close up: each chunk's keys moved down to where the ones before it ended
                // (memmove: a chunk may move over its own old place).
                var kept = 0
                var moved = [Int](repeating: 0, count: chunkCount)
                for chunk in 0..<chunkCount {
                    let (start, used) = (starts[chunk], made[chunk].used)
                    if start != kept && used > 0 { UnsafeMutableRawPointer(base + kept).copyMemory(from: base + start, byteCount: used) }
                    moved[chunk] = start - kept
                    kept += used
                }
                let shifts = moved
                parallelFor(chunkCount, threads: threads) { chunk in
                    let shift = UInt32(shifts[chunk])
                    guard shift > 0 else { return }
                    for text in shares[chunk] { endsPointer.buffer[text + 1] -= shift }
                }
                // The pages past the keys held chunks before they moved down.
                let written = starts[chunkCount - 1] + made[chunkCount - 1].used
                HugePages.discard(UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[kept..<max(kept, written)]))
                initialized = kept
            }
        }
        let ties = made.map(\.ties)
        let outgrownCount = made.filter { $0.overflow != nil }.count
        guard outgrown.isEmpty else { return (SortKeyArena.joined(&outgrown, threads: threads), ties, outgrownCount) }
        return (SortKeyArena(bytes: bytes, ends: ends), ties, 0)
    }

    /// Key bytes a text byte, over up to ``keySample`` texts spread over the run.
    private func sampledKeyBytesPerTextByte(_ input: Input, _ representatives: UnsafeBufferPointer<Int32>, textCount: Int) -> Double {
        let collator = collation.collator.handle
        var (keys, renamed) = ([UInt8](), [UInt8]())
        let sampled = stride(from: 0, to: textCount, by: max(1, textCount / Self.keySample))
        for text in sampled {
            let record = representatives.isEmpty ? text : Int(representatives[text])
            let display = input.text(input.keys[record])
            let reading = input.readings.map { input.text($0[record]) }
            collation.withOrderingText(display: display, reading: reading, scratch: &renamed) { sortText, _ in
                collator.appendSortKey(of: sortText, to: &keys)
            }
        }
        return Double(keys.count) / Double(max(1, textBytes(input, representatives, sampled)))
    }
}
