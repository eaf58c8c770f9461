/// What a reader does with bytes that are not UTF-8 (and with NUL bytes, which mark
/// binary data). The same choice as the command line's `--invalid error|replace`.
public enum InvalidUTF8Handling: String, Sendable, CaseIterable {
    /// Stop with a ``RecordError`` naming the line and the byte offset in it (the default).
    case error
    /// Replace each ill-formed sequence and each NUL with U+FFFD and go on.
    case replace
}
