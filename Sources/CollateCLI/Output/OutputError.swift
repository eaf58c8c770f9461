/// A problem writing the output (standard output, the `-o` file or a temporary file),
/// reported as `collate: <file>: <message>`.
package struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name as the user gave it, or the directory of a temporary file.
    package var file: String
    /// What went wrong and what to do about it.
    package var message: String

    /// `<file>: <message>`.
    package var description: String { "\(file): \(message)" }
}
