import IndexedCollation

/// `--encoding`: the input's charset, or `auto` (a byte order mark decides, else valid
/// UTF-8 is UTF-8, else ICU's charset detector with the locale as the hint).
enum InputEncoding: Equatable {
    case auto
    /// A charset ICU knows, as given.
    case named(Charset)

    /// Parses the option's value.
    /// - Returns: nil when the value is neither `auto` nor a charset ICU knows.
    init?(_ text: String) {
        if text.lowercased() == "auto" {
            self = .auto
        } else if let charset = try? Charset(text) {
            self = .named(charset)
        } else {
            return nil
        }
    }

    /// Whether the bytes need no conversion, only UTF-8 checking.
    var isUTF8: Bool {
        if case .named(let charset) = self { return charset.isUTF8 }
        return false
    }
}

/// What to do with bytes that are not UTF-8 (and with NUL bytes, which mark binary data).
public enum InvalidUTF8Policy: String, Sendable, CaseIterable {
    /// Stop with an error naming the file, line and byte offset (the default).
    case error
    /// Replace each ill-formed sequence and each NUL with U+FFFD and go on.
    case replace
}
