/// What to do with bytes that are not UTF-8 (and with NUL bytes, which mark binary data).
public enum InvalidUTF8Policy: String, Sendable, CaseIterable {
    /// Stop with an error naming the file, line and byte offset (the default).
    case error
    /// Replace each ill-formed sequence and each NUL with U+FFFD and go on.
    case replace
}
