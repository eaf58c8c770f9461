extension VCardRecords {
    /// The bytes of a vCard file without its binary values: every line as it is, except
    /// the content lines whose value is binary data (base64, or the raw bytes some vCard
    /// 2.1 exporters write into `PHOTO`, `LOGO`, `KEY` and `SOUND`). What a charset
    /// detector should look at: a photo's bytes say nothing of the charset of the names,
    /// and its NUL bytes are no sign of UTF-16.
    ///
    /// ```swift
    /// // BEGIN:VCARD … PHOTO;TYPE=JPEG:<FF D8 FF E0 00 10 J F I F 00 …> … END:VCARD
    /// let text = VCardRecords.textPropertyBytes(of: file)  // without the PHOTO line: ASCII
    /// ```
    /// - Parameter bytes: A vCard file's bytes.
    /// - Returns: The same bytes without the lines of binary values.
    /// - Complexity: O(*n*) in the input size.
    public static func textPropertyBytes(of bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { buffer in
            let physical = PhysicalLines(buffer)
            let unfolding = VCardUnfolding(buffer: buffer, lines: physical)
            var out = [UInt8]()
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < physical.contents.count {
                let (logical, last) = unfolding.logicalLine(at: index)
                if VCardContentLine(logical, line: index + 1)?.isBinary != true {
                    out += buffer[physical.contents[index].lowerBound..<physical.nextStarts[last]]
                }
                index = last + 1
            }
            return out
        }
    }

    /// The text of a vCard file that is not UTF-8: each content line, unfolded first (a
    /// character split by a fold, as ownCloud folds at 75 octets, is whole again), that is
    /// not valid UTF-8 and not binary, one per line. What a charset detector should guess
    /// from when the rest is UTF-8: only these values take the guessed charset, and the
    /// UTF-8 around them (or split by folds) would only make the guess unsure.
    /// - Parameter bytes: A vCard file's bytes.
    /// - Returns: Those lines joined by line feeds; empty when every text value is UTF-8.
    /// - Complexity: O(*n*) in the input size.
    public static func textNotUTF8(of bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { buffer in
            let physical = PhysicalLines(buffer)
            let unfolding = VCardUnfolding(buffer: buffer, lines: physical)
            var out = [UInt8]()
            var index = 0
            while index < physical.contents.count {
                let (logical, last) = unfolding.logicalLine(at: index)
                if !UTF8Check.isValid(logical[...]), VCardContentLine(logical, line: index + 1)?.isBinary != true {
                    out += logical
                    out.append(0x0A)
                }
                index = last + 1
            }
            return out
        }
    }
}
