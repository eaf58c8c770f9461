/// A problem in a record file, found while reading it.
///
/// The command-line tool prints it as `collate: <file>:<line>: <message>`; the message
/// says what was expected and, where it helps, what to do next.
public struct RecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the input where the problem is (for a problem that spans lines,
    /// such as an unterminated quote or a card without `END:VCARD`, the line where the
    /// unfinished thing started).
    public var line: Int
    /// What is wrong and what was expected, in words.
    public var message: String

    /// Creates an error for `line` with a human message.
    /// - Parameters:
    ///   - line: The 1-based line number.
    ///   - message: What is wrong and what was expected.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
