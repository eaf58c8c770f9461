extension IndexingEngine {
    /// Groups records whose key and reading bytes (all of them, with several keys) are
    /// identical (hashing, no ICU call).
    /// When the first eighth of a large input is mostly distinct, grouping would cost more
    /// than it saves, and every record is its own text.
    /// - Parameter input: The records.
    /// - Returns: Each record's text number and each text's first record.
    /// - Complexity: O(*n*) expected hash probes and byte comparisons.
    func distinctTexts(_ input: Input) -> DistinctTexts {
        let count = input.count
        let probe = count >= 65_536 ? count / 8 : count
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        let single = input.keysPerRecord == 1
        var table = [Int32](repeating: -1, count: capacity)  // text number, or -1
        var textOfRecord = [Int32](repeating: 0, count: count)
        var representatives = [Int32]()
        let grouped: Bool = table.withUnsafeMutableBufferPointer { table in
            for record in 0..<count {
                // (Never with guessed readings: a guess costs ~10 µs, far more than grouping.)
                if record == probe && probe < count && representatives.count * 10 > probe * 7 && !collation.guessesWithDictionary {
                    return false
                }
                let key = input.keys[record]
                let read = input.reading(record)
                let hash =
                    single
                    ? hashBytes(input.text(key), seed: hashBytes(input.text(read), seed: 0x51_7C_C1_B7))
                    : hashAllKeys(input, record)
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let text = table[slot]
                    if text < 0 {
                        table[slot] = Int32(representatives.count)
                        textOfRecord[record] = Int32(representatives.count)
                        representatives.append(Int32(record))
                        break
                    }
                    let other = Int(representatives[Int(text)])
                    if single
                        ? equalBytes(input.text(input.keys[other]), input.text(key))
                            && equalBytes(input.text(input.reading(other)), input.text(read))
                        : equalAllKeys(input, other, record)
                    {
                        textOfRecord[record] = text
                        break
                    }
                    slot = (slot + 1) & mask
                }
            }
            return true
        }
        guard grouped && representatives.count < count else { return .identity(count: count) }
        return DistinctTexts(textOfRecord: textOfRecord, representatives: representatives, recordCount: count)
    }

    /// The hash of all of a record's key and reading bytes (kept out of line so the
    /// single-key loop stays as tight as before).
    @inline(never)
    private func hashAllKeys(_ input: Input, _ record: Int) -> UInt64 {
        var hash: UInt64 = 0x51_7C_C1_B7
        for key in 0..<input.keysPerRecord {
            hash = hashBytes(input.text(input.key(key, of: record)), seed: hashBytes(input.text(input.reading(key, of: record)), seed: hash))
        }
        return hash
    }

    /// Whether two records have identical bytes in every key and reading.
    @inline(never)
    private func equalAllKeys(_ input: Input, _ a: Int, _ b: Int) -> Bool {
        for key in 0..<input.keysPerRecord {
            guard equalBytes(input.text(input.key(key, of: a)), input.text(input.key(key, of: b))),
                equalBytes(input.text(input.reading(key, of: a)), input.text(input.reading(key, of: b)))
            else { return false }
        }
        return true
    }
}
