/// Writes readings into a card that has none, leaving every other byte as it was: the
/// properties each vCard version's readers know, inserted after the card's `N` property
/// (its last physical line as the reader unfolds it: folds and quoted-printable soft line
/// breaks included) with that line's own line end.
///
/// - vCard 2.1: `SOUND;X-IRMC-N;CHARSET=UTF-8:<family>;<given>;;;` (Japanese phones).
/// - vCard 3.0: `X-PHONETIC-LAST-NAME` and `X-PHONETIC-FIRST-NAME` (iOS, Android), with
///   `CHARSET=UTF-8` in a card that is not UTF-8 as read.
/// - vCard 4.0: the same, and `SORT-AS="<family>,<given>"` on `N` (RFC 6350).
///
/// ```swift
/// let card = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:山田;太郎;;;\r\nEND:VCARD\r\n".utf8)
/// let written = VCardReadingWriter.card(card[...], familyReading: "やまだ", givenReading: "たろう")
/// // … N:山田;太郎;;;\r\nX-PHONETIC-LAST-NAME:やまだ\r\nX-PHONETIC-FIRST-NAME:たろう\r\n …
/// ```
public enum VCardReadingWriter {
    /// The card with the readings added.
    /// - Parameters:
    ///   - card: One card's bytes, from `BEGIN:VCARD` through its `END:VCARD` line.
    ///   - familyReading: The family name's reading (empty: none written).
    ///   - givenReading: The given name's reading (empty: none written).
    /// - Returns: The new card, or nil when it has no `N` line or both readings are empty.
    public static func card(_ card: ArraySlice<UInt8>, familyReading: String, givenReading: String) -> [UInt8]? {
        guard !familyReading.isEmpty || !givenReading.isEmpty else { return nil }
        let bytes = Array(card)
        // The card's properties as the reader sees them (folds and quoted-printable soft
        // line breaks joined, quoted parameter values kept whole), each with where its
        // bytes are, so the N property's end and its `:` are the reader's own.
        var version = "3.0"
        var name: (colon: Int, last: Int)?
        let lines = bytes.withUnsafeBufferPointer { buffer in
            let lines = PhysicalLines(buffer)
            let unfolding = VCardUnfolding(buffer: buffer, lines: lines)
            var index = 0
            while index < lines.contents.count {
                let (logical, last, offsets) = unfolding.logicalLineWithOffsets(at: index)
                index = last + 1
                guard let property = VCardContentLine(logical, line: index) else { continue }
                if property.name == "VERSION" {
                    version = String(decoding: property.value, as: UTF8.self).trimmingSpaces
                } else if name == nil, property.name == "N", property.values(of: "PHONETIC").isEmpty {
                    name = (offsets[property.colon], last)
                }
            }
            return lines
        }
        guard let name else { return nil }
        let last = name.last
        let lineEnd = Array(bytes[lines.contents[last].upperBound..<lines.nextStarts[last]])
        let end = lineEnd.isEmpty ? [UInt8(0x0D), 0x0A] : lineEnd
        var added = [UInt8]()
        func property(_ text: String) {
            added += Array(text.utf8) + end
        }
        let family = escaped(familyReading)
        let given = escaped(givenReading)
        // The readings are UTF-8: in a card that is not (Shift_JIS, ISO-2022-JP's escapes),
        // they say so, or a reader would decode them in the card's charset.
        let charset = UTF8Check.isValid(card) && !card.contains(0x1B) ? "" : ";CHARSET=UTF-8"
        if version.hasPrefix("2.") {
            property("SOUND;X-IRMC-N;CHARSET=UTF-8:\(family);\(given);;;")
        } else {
            if !family.isEmpty { property("X-PHONETIC-LAST-NAME\(charset):\(family)") }
            if !given.isEmpty { property("X-PHONETIC-FIRST-NAME\(charset):\(given)") }
        }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + added.count + 32)
        if version.hasPrefix("4.") {
            // SORT-AS components are separated by commas: a comma inside one is dropped.
            let sortAs = [familyReading, givenReading].map { String($0.filter { $0 != "," }) }
            out += bytes[..<name.colon]
            out += Array(";SORT-AS=\"\(quotedParameter(sortAs.joined(separator: ",")))\"".utf8)
            out += bytes[name.colon..<lines.nextStarts[last]]
        } else {
            out += bytes[..<lines.nextStarts[last]]
        }
        if lineEnd.isEmpty { out += end }
        out += added
        out += bytes[lines.nextStarts[last]...]
        return out
    }

    /// A text value with `\`, `,`, `;` and line breaks escaped.
    static func escaped(_ text: String) -> String {
        substituting(text, ["\\": "\\\\", ",": "\\,", ";": "\\;", "\n": "\\n", "\r\n": "\\n"])
    }

    /// A parameter value for double quotes (RFC 6868: `^` as `^^`, `"` as `^'`).
    static func quotedParameter(_ text: String) -> String {
        substituting(text, ["^": "^^", "\"": "^'", "\n": "^n", "\r\n": "^n"])
    }

    /// `text` with each character found in `table` replaced by its entry.
    private static func substituting(_ text: String, _ table: [Character: String]) -> String {
        var out = ""
        for character in text {
            if let replacement = table[character] { out += replacement } else { out.append(character) }
        }
        return out
    }
}
