extension VCardRecords {
    /// The text of a card that is not UTF-8 as read, as UTF-8: each line in a charset
    /// (its `CHARSET`, else the default charset where it applies) unfolded (folds joined
    /// before decoding, so a character split by a fold is whole again) and decoded, each
    /// other line as written (with its folds) when it is valid UTF-8, else with U+FFFD —
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
                let logicalIsValid = UTF8Check.isValid(logical[...])
                // The line's charset: its own CHARSET= (not UTF-8), else the default charset
                // where it applies (``VCardCharsets/undeclaredCharset(of:validUTF8:)``); a line
                // that is no property, the default charset when it is not UTF-8.
                var charset = logicalIsValid ? nil : charsets.defaultCharset
                if let property = VCardContentLine(logical, line: index + 1) {
                    if let declared = property.charset, !VCardValueDecoding.utf8Names.contains(declared) {
                        charset = declared
                    } else if property.charset != nil {
                        // Declared UTF-8: the default charset only for bytes that are not.
                        charset = logicalIsValid ? nil : charsets.defaultCharset
                    } else {
                        charset = charsets.undeclaredCharset(of: logical, validUTF8: logicalIsValid)
                    }
                }
                if let charset, let decoded = try? lenient.decode(logical, charset: charset, line: index + 1, what: "", declared: true) {
                    out += decoded
                } else if UTF8Check.firstProblem(in: UnsafeBufferPointer(rebasing: buffer[span])) == nil {
                    out += buffer[span]
                } else {
                    out += logicalIsValid ? logical : UTF8Check.repaired(logical)
                }
                out += buffer[physical.contents[last].upperBound..<physical.nextStarts[last]]
                index = last + 1
            }
            return out
        }
    }
}
