import IndexedCollation

/// `--encoding`: the input's charset, or `auto` (a byte order mark decides, else valid
/// UTF-8 is UTF-8, else ICU's charset detector with the locale as the hint).
enum InputEncoding: Equatable {
    case auto
    /// An ICU converter name or alias, as given.
    case named(String)

    /// Parses the option's value.
    /// - Returns: nil when the value is neither `auto` nor a charset ICU knows.
    init?(_ text: String) {
        if text.lowercased() == "auto" {
            self = .auto
        } else if CharsetConversion.canonicalName(of: text) != nil {
            self = .named(text)
        } else {
            return nil
        }
    }

    /// Whether the bytes need no conversion, only UTF-8 checking.
    var isUTF8: Bool {
        if case .named(let name) = self { return CharsetConversion.isUTF8(name) }
        return false
    }

    /// Whether a charset is UTF-16 or UTF-32, whose bytes must be converted as a whole
    /// (their line ends and delimiters are not single bytes).
    static func isWide(_ name: String) -> Bool {
        let canonical = (CharsetConversion.canonicalName(of: name) ?? name).uppercased()
        return canonical.hasPrefix("UTF-16") || canonical.hasPrefix("UTF-32") || canonical.hasPrefix("UTF16")
            || canonical.hasPrefix("UTF32")
    }
}

/// What to do with bytes that are not UTF-8 (and with NUL bytes, which mark binary data).
public enum InvalidUTF8Policy: String, Sendable, CaseIterable {
    /// Stop with an error naming the file, line and byte offset (the default).
    case error
    /// Replace each ill-formed sequence and each NUL with U+FFFD and go on.
    case replace
}
