/// A problem writing the output (standard output, the `-o` file or a temporary file),
/// reported as `collate: <file>: <message>`.
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name as the user gave it, or the directory of a temporary file.
    public var file: String
    /// What went wrong and what to do about it.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - file: The file or directory concerned.
    ///   - message: What went wrong.
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// `<file>: <message>`.
    public var description: String { "\(file): \(message)" }
}
