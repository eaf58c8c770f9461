/// A problem with an input file, reported as `collate: <file>[:<line>]: <message>`.
///
/// Package-internal, like ``OutputError``: the messages are the interface.
package struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name as the user gave it, or "-" / "<stdin>".
    package var file: String
    /// 1-based line number, when the problem is on a line.
    package var line: Int? = nil
    /// What went wrong and what to do about it.
    package var message: String

    /// `<file>:<line>: <message>`, or `<file>: <message>` without a line.
    package var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
