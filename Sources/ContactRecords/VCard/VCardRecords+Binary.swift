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
}
