/// Reads vCard 2.1, 3.0 and 4.0 files (RFC 2426, RFC 6350) into a ``RecordTable``, one
/// record per card.
///
/// Handles folded lines, vCard 2.1 quoted-printable values with soft line breaks and a
/// `CHARSET` (UTF-8 and ISO-8859-1 built in; any other through a ``CharsetDecoding``, else
/// an error when the value is not plain ASCII; folds and soft line breaks are joined
/// before decoding), bare 2.1 parameters (`TEL;HOME;VOICE`), quoted 4.0 parameter
/// values, property groups (`item1.EMAIL`), names in any case, text escapes, CRLF/LF line
/// ends and blank lines between cards.
///
/// Each record's text is the card exactly as read, from `BEGIN:VCARD` through the line
/// end of `END:VCARD`. Its fields are the properties in card order by upper-cased name
/// without group (`FN`, `TEL`, `EMAIL`, `X-PHONETIC-LAST-NAME`…), with `N` also split into
/// `N.family`, `N.given`, `N.additional`, `N.prefix`, `N.suffix` and `ORG` into `ORG.name`
/// and `ORG.unit`; base64 values (photos) are left out. See ``Record/sortKeys`` for the
/// default keys and readings.
///
/// ```swift
/// let cards = try VCardRecords().read(bytes)
/// let family = cards.defaultKeys(at: 0), familyReading = cards.defaultReadings(at: 0)
/// ```
public struct VCardRecords: Sendable {
    /// What to do with bytes that do not decode (invalid UTF-8, or invalid in the value's
    /// charset).
    public var invalidUTF8: InvalidUTF8Handling
    /// The converter for charsets other than UTF-8 and ISO-8859-1 (`nil`: those two only).
    public var charsetDecoder: (any CharsetDecoding)?
    /// The charset of values that declare none (`--encoding`, or the file's detected
    /// charset), or `nil` to read them as UTF-8.
    public var defaultCharset: String?
    /// Whether ``defaultCharset`` is a guess (a charset detector's) rather than the file's
    /// known charset. The file's charset decodes every value that declares none, even bytes
    /// that happen to be valid UTF-8 (Shift_JIS `ﾅｶ` is the bytes of UTF-8 `Ŷ`); a guess
    /// decodes only values that are not UTF-8, unless it is a 7-bit stateful charset
    /// (ISO-2022-JP, HZ, UTF-7), whose text is always valid UTF-8.
    public var defaultCharsetIsGuess = false

    /// Creates a vCard reader.
    /// - Parameters:
    ///   - invalidUTF8: What to do with bytes that do not decode.
    ///   - charsetDecoder: The converter for declared charsets (`CHARSET=SHIFT_JIS`).
    ///   - defaultCharset: The file's charset: the charset of values that declare none.
    public init(invalidUTF8: InvalidUTF8Handling = .error, charsetDecoder: (any CharsetDecoding)? = nil, defaultCharset: String? = nil) {
        self.invalidUTF8 = invalidUTF8
        self.charsetDecoder = charsetDecoder
        self.defaultCharset = defaultCharset
    }

    /// Reads a whole vCard file.
    /// - Parameter bytes: The file's bytes.
    /// - Returns: One record per card.
    /// - Throws: ``RecordError`` for a card without `END:VCARD` (or with a `BEGIN:VCARD`
    ///   inside), text outside a card, bad quoted-printable, an unsupported charset, or
    ///   invalid UTF-8 (unless replaced).
    /// - Complexity: O(*n*) in the input size.
    public func read(_ bytes: [UInt8]) throws(RecordError) -> RecordTable {
        var fields = RecordTable.DecodedFields()
        fields.hasKeys = true
        var columns = RecordTable.ColumnNames<String>()
        var recordRanges = [Range<Int>]()
        var lines = [Int]()
        let charsets = VCardCharsets(
            decoder: charsetDecoder, defaultCharset: defaultCharset, defaultIsFileCharset: !defaultCharsetIsGuess, invalidUTF8: invalidUTF8)
        try bytes.withUnsafeBufferPointer { (buffer) throws(RecordError) in
            let physical = PhysicalLines(buffer)
            let unfolding = VCardUnfolding(buffer: buffer, lines: physical)
            var index = 0
            // The card being read: where it started (nil between cards) and its properties.
            var open: (line: Int, start: Int)? = nil
            var card = VCardCard()
            while index < physical.contents.count {
                let (logical, last) = unfolding.logicalLine(at: index)
                defer { index = last + 1 }
                let line = index + 1
                if VCardCard.trimmed(logical).isEmpty { continue }
                let property = VCardContentLine(logical, line: line)
                // BEGIN:VCARD / END:VCARD (any case, spaces allowed around the value).
                let marker = property.flatMap { $0.name == "BEGIN" || $0.name == "END" ? $0 : nil }
                    .map { ($0.name, VCardContentLine.upper($0.value[...]).trimmingSpaces) }
                if let marker, marker.0 == "BEGIN", marker.1 == "VCARD" {
                    if let open {
                        throw RecordError(
                            line: line,
                            message: "expected END:VCARD before the next BEGIN:VCARD (the card that starts on line \(open.line) "
                                + "is not closed)")
                    }
                    open = (line, physical.contents[index].lowerBound)
                    card = VCardCard()
                    continue
                }
                guard let current = open else {
                    let text = String(decoding: logical.prefix(40), as: UTF8.self)
                    throw RecordError(line: line, message: "expected BEGIN:VCARD, found '\(text)'")
                }
                guard let property else { continue }  // Not a property (e.g. an unindented base64 line): ignored.
                if property.name == "END", marker?.1 == "VCARD" {
                    for (name, value) in card.fields {
                        fields.addField(column: columns.column(for: name) { $0 }, value: value)
                    }
                    for (key, reading) in card.sortKeys() { fields.addKey(key, reading: reading) }
                    fields.endRecord()
                    recordRanges.append(current.start..<physical.nextStarts[last])
                    lines.append(current.line)
                    open = nil
                    continue
                }
                try card.add(property, charsets: charsets)
            }
            if let open {
                throw RecordError(
                    line: open.line,
                    message: "a card starts here (BEGIN:VCARD) but never ends; expected END:VCARD before the end of the input")
            }
        }
        return RecordTable(
            format: .vCard, bytes: bytes, columns: columns.names, recordRanges: recordRanges, lines: lines, storage: .decoded(fields),
            cardCharsets: charsets)
    }
}
