extension VCardRecords {
    /// The text of a card that is not UTF-8 as read, as UTF-8: each line that is valid
    /// UTF-8 as written (with its folds), each other line unfolded (folds joined before
    /// decoding, so a character split by a fold is whole again) and decoded by its
    /// `CHARSET`, else the default charset, else with U+FFFD for what does not decode —
    /// never Latin-1 by fallback. Line ends are the card's own. Computed when asked (json
    /// output), so reading and the other formats pay nothing for it.
    static func utf8Text(ofCard card: ArraySlice<UInt8>, charsets: VCardCharsets) -> [UInt8] {
        let bytes = Array(card)
        return bytes.withUnsafeBufferPointer { buffer in
            let physical = PhysicalLines(buffer)
            let unfolding = VCardUnfolding(buffer: buffer, lines: physical)
            var lenient = charsets
            lenient.invalidUTF8 = .replace
            var out = [UInt8]()
            out.reserveCapacity(bytes.count * 2)
            var index = 0
            while index < physical.contents.count {
                let (logical, last) = unfolding.logicalLine(at: index)
                let span = physical.contents[index].lowerBound..<physical.contents[last].upperBound
                if UTF8Check.firstProblem(in: UnsafeBufferPointer(rebasing: buffer[span])) == nil {
                    out += buffer[span]
                } else {
                    let declared = VCardContentLine(logical, line: index + 1)?.charset.flatMap {
                        VCardValueDecoding.utf8Names.contains($0) ? nil : $0
                    }
                    let logicalIsValid = UTF8Check.isValid(logical[...])
                    if let charset = declared ?? (logicalIsValid ? nil : charsets.defaultCharset),
                        let decoded = try? lenient.decode(logical, charset: charset, line: index + 1, what: "", declared: declared != nil)
                    {
                        out += decoded
                    } else {
                        out += logicalIsValid ? logical : UTF8Check.repaired(logical)
                    }
                }
                out += buffer[physical.contents[last].upperBound..<physical.nextStarts[last]]
                index = last + 1
            }
            return out
        }
    }

    /// Whether physical line `line` ends with a lone CR followed by an empty line ending
    /// in CRLF (Outlook's CR CR LF).
    static func endsWithDoubledReturn(_ buffer: UnsafeBufferPointer<UInt8>, _ physical: PhysicalLines, line: Int) -> Bool {
        guard line + 1 < physical.contents.count, physical.contents[line + 1].isEmpty else { return false }
        let first = physical.contents[line].upperBound
        let second = physical.contents[line + 1].lowerBound
        return physical.nextStarts[line] - first == 1 && buffer[first] == 0x0D
            && physical.nextStarts[line + 1] - second == 2 && buffer[second] == 0x0D
    }
}
