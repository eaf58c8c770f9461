/// A problem with the input or output, reported as `collate: <where>: <message>`.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name as the user gave it, or "-" / "<stdin>".
    public var file: String
    /// 1-based line number, when the problem is on a line.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
