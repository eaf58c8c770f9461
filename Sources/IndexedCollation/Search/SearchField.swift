/// A field of a structured record that search looks in besides its keys: a phone number,
/// a nickname, an organization, an e-mail address.
///
/// Pass fields to ``SearchMatcher/lookup(keys:readings:fields:)``; a match in a field has
/// ``SearchMatch/key`` equal to the number of keys plus the field's position, so the
/// caller can name the field that matched.
///
/// ```swift
/// let lookup = matcher.lookup(keys: ["김민준"], readings: [nil],
///                             fields: [SearchField(name: "TEL", text: "+82 10-1234-5678", kind: .phone)])
/// // In a ko_KR list, "01012345678", "1234" and "821012" find it; the match's key is 1.
/// ```
public struct SearchField: Sendable, Hashable {
    /// How a field's text is spelled.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Words, matched as the record's keys are (prefix of a word, or as the search
        /// mode says).
        case text
        /// A phone number: its digits alone, formatting ignored, matched from any digit
        /// (prefix or anywhere in the number); with a `+` and the locale region's calling
        /// code also as dialled nationally with the trunk prefix, and the other way round
        /// (`Search/Tables/calling-codes.tsv`).
        case phone
    }

    /// The field's name, as the caller will show it ("TEL", "mobile", "NICKNAME").
    public var name: String
    /// The field's value.
    public var text: String
    /// How the value is spelled.
    public var kind: Kind

    /// A field.
    /// - Parameters:
    ///   - name: The name to report for a match in it.
    ///   - text: Its value.
    ///   - kind: How it is spelled (``Kind/text`` by default).
    public init(name: String, text: String, kind: Kind = .text) {
        self.name = name
        self.text = text
        self.kind = kind
    }
}
