extension IndexingEngine {
    /// Groups records whose key and reading bytes are identical (hashing, no ICU call).
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
                let hash = hashBytes(input.text(key), seed: hashBytes(input.text(read), seed: 0x51_7C_C1_B7))
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
                    if equalBytes(input.text(input.keys[other]), input.text(key))
                        && equalBytes(input.text(input.reading(other)), input.text(read))
                    {
                        textOfRecord[record] = text
                        break
                    }
                    slot = (slot + 1) & mask
                }
            }
            return true
        }
        return grouped ? DistinctTexts(textOfRecord: textOfRecord, representatives: representatives) : .identity(count: count)
    }
}
