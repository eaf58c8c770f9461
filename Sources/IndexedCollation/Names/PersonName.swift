/// A person's name in its parts, with the readings of each: what a contact app sorts by
/// and shows, in either order.
///
/// The order a list *sorts* by (``NameSortOrder``) and the order a name is *shown* in
/// (``NameDisplayOrder``) are separate settings, as in Apple Contacts and Android:
///
/// ```swift
/// let anna = PersonName(familyName: "Berg", givenName: "Anna")
/// anna.sortKeys(.family)       // ["Berg", "Anna"]: files under B
/// anna.sortKeys(.given)        // ["Anna", "Berg"]: files under A
/// anna.displayName(.auto)      // "Anna Berg"
/// PersonName(familyName: "김", givenName: "민준").displayName(.auto)  // "김민준"
/// ```
public struct PersonName: Hashable, Codable, Sendable {
    /// The family name (surname), as written; may be empty.
    public var familyName: String
    /// The given name, as written; may be empty.
    public var givenName: String
    /// The family name's reading (furigana, pinyin, a vCard `SORT-AS`), or `nil`.
    public var familyReading: String?
    /// The given name's reading, or `nil`.
    public var givenReading: String?

    /// A name from its parts.
    /// - Parameters:
    ///   - familyName: The family name, as written.
    ///   - givenName: The given name, as written.
    ///   - familyReading: The family name's reading, or `nil`.
    ///   - givenReading: The given name's reading, or `nil`.
    public init(familyName: String, givenName: String, familyReading: String? = nil, givenReading: String? = nil) {
        self.familyName = familyName
        self.givenName = givenName
        self.familyReading = familyReading
        self.givenReading = givenReading
    }

    /// The keys a list sorted in `order` compares this name by, each with its reading.
    ///
    /// Family order: the family name, then the given name. Given order: the given name, then
    /// the family name. A name with only one part orders by that part (then an empty key),
    /// whichever the order, so `N:;Bono;;;` files under B in both.
    /// - Parameter order: Which part sorts first.
    /// - Returns: Two keys, most significant first.
    public func sortKeys(_ order: NameSortOrder) -> RecordKeys {
        let family = RecordKey(familyName, reading: familyReading)
        let given = RecordKey(givenName, reading: givenReading)
        if familyName.isEmpty { return [given, RecordKey("")] }
        if givenName.isEmpty { return [family, RecordKey("")] }
        switch order {
        case .family: return [family, given]
        case .given: return [given, family]
        }
    }

    /// The name as a list shows it in `order`: the two parts joined by a space, family
    /// first or given first; names written in Han, Hangul or kana are joined without a space
    /// (김민준, 山田太郎) and, under ``NameDisplayOrder/auto``, shown family first.
    /// - Parameter order: Which part is shown first.
    /// - Returns: The name as shown; one part alone when the other is empty.
    public func displayName(_ order: NameDisplayOrder) -> String {
        if familyName.isEmpty { return givenName }
        if givenName.isEmpty { return familyName }
        let eastAsian = NameDisplayOrder.isEastAsian(familyName) || NameDisplayOrder.isEastAsian(givenName)
        let separator = eastAsian ? "" : " "
        let familyFirst: Bool
        switch order {
        case .family: familyFirst = true
        case .given: familyFirst = false
        case .auto: familyFirst = eastAsian
        }
        return familyFirst ? familyName + separator + givenName : givenName + separator + familyName
    }
}

/// Which part of a person's name a list sorts by first (Apple Contacts' and Android's
/// "sort order" setting).
public enum NameSortOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// Family name, then given name: Berg Anna before Lind Adam (the default).
    case family
    /// Given name, then family name: Adam Lind before Anna Berg.
    case given
}

/// Which part of a person's name is shown first (Apple Contacts' and Android's "display
/// order" setting).
public enum NameDisplayOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// Family name first: "Berg Anna", "김민준".
    case family
    /// Given name first: "Anna Berg", "민준김".
    case given
    /// By the name's script, Android's name-style rule: family first for names written in
    /// Han, Hangul or kana (Chinese, Korean, Japanese), given first otherwise.
    case auto

    /// Whether `text` holds a Han, Hangul or kana letter (Android's CJK name styles).
    /// - Parameter text: A name or part of one.
    /// - Returns: True when some character is Han, Hangul or kana.
    static func isEastAsian(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF: true  // Hangul
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true  // kana
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: true  // Han
            default: false
            }
        }
    }
}
