/// Writes search lookups for a web page whose script matches queries by the same rule as
/// ``SearchMatcher`` (see <doc:SearchingRecords>): each record's lookup as text, and a table that
/// turns what a user types into the same alphabet.
///
/// The browser has no ICU collation weights, so each distinct primary weight on the page
/// gets a character of its own (from U+F0000, a private-use plane), and marks tell where a
/// spelling, a syllable and a possible match start: `|` a text spelling, `/` a syllable
/// spelling, `^` a match start in text, `.` a syllable, `:` a syllable a match may start
/// at. The query table maps each character a user may type (ASCII and its full-width
/// forms, Latin letters with diacritics, kana, jamo, zhuyin, and every character of the
/// page's records) to its weights in that alphabet; the page decomposes Hangul syllables
/// itself, as Unicode defines.
public final class SearchPageEncoder {
    private let matcher: SearchMatcher
    private var alphabet: [UInt32: Int] = [:]
    private var seen = Set<Unicode.Scalar>()

    /// An encoder for a collation's pages.
    /// - Parameters:
    ///   - collation: The collation of the page's list.
    ///   - options: How the page's box matches (mode, keypad, scripts), as ``SearchMatcher``.
    /// - Throws: ``CollationError`` if the matcher cannot be made.
    public init(collation: LocalizedIndexedCollation, options: SearchOptions = SearchOptions()) throws(CollationError) {
        matcher = try SearchMatcher(collation: collation, options: options)
    }

    /// Whether the page matches each word of a query on its own, in any order
    /// (``SearchOptions/Mode/words`` and ``SearchOptions/Mode/anywhere``).
    public var matchesWordsInAnyOrder: Bool { matcher.options.mode != .prefix }

    private func letter(_ weight: UInt32) -> Character {
        let number: Int
        if let known = alphabet[weight] {
            number = known
        } else {
            number = alphabet.count
            alphabet[weight] = number
        }
        return Character(Unicode.Scalar(0xF0000 + UInt32(number % 0xFFFD)) ?? "\u{FFFD}")
    }

    /// A record's lookup as the page carries it (an attribute value).
    /// - Parameters:
    ///   - keys: The texts the record is found by (its cells).
    ///   - readings: Their readings, if known.
    public func encode(keys: [String], readings: [String?] = []) -> String {
        for key in keys { seen.formUnion(key.unicodeScalars) }
        let lookup = matcher.lookup(keys: keys, readings: readings)
        var text = ""
        for index in 0..<lookup.count {
            let marks = lookup.marks(index)
            let syllables = marks & SearchLookup.Mark.syllables != 0
            let starts = marks & SearchLookup.Mark.matchStart != 0
            if marks & SearchLookup.Mark.spellingStart != 0 { text.append(syllables ? "/" : "|") }
            if syllables && marks & SearchLookup.Mark.syllableStart != 0 {
                text.append(starts ? ":" : ".")
            } else if !syllables && starts {
                text.append("^")
            }
            text.append(letter(lookup.weights[index]))
        }
        return text
    }

    /// The characters a query may hold, each with its weights in the page's alphabet, as a
    /// JSON object (`<` escaped, so it can sit in a script element).
    public func queryTable() -> String {
        var characters = seen
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x24F, 0x1100...0x11FF, 0x3041...0x3096, 0x309D...0x30FF, 0x3105...0x312F,
            0x3131...0x318E, 0xFF01...0xFF5E, 0xFF66...0xFF9F,
        ]
        for range in ranges { characters.formUnion(range.compactMap(Unicode.Scalar.init)) }
        var json = "{"
        var first = true
        for scalar in characters.sorted(by: { $0.value < $1.value }) where !HangulSyllable.isSyllable(scalar) {
            let weights = matcher.reader.read(String(Character(scalar))).weights
            if !first { json += "," }
            first = false
            json += Self.jsonString(String(Character(scalar))) + ":" + Self.jsonString(String(weights.map(letter)))
        }
        return json + "}"
    }

    /// A JSON string with every UTF-16 unit escaped: safe in any HTML element.
    private static func jsonString(_ text: String) -> String {
        "\"" + text.utf16.map { unit in
            let hex = String(unit, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined() + "\""
    }
}
