import SystemPackage
import SystemSupport

/// Opening inputs (files, FIFOs, standard input) with error messages that say what is
/// wrong; ``ChunkReader`` reads them in buffer-sized pieces.
enum InputFile {
    /// Opens `path` ("-" = standard input) for reading, refusing directories.
    /// - Returns: The descriptor and whether the caller must close it.
    static func open(_ path: String) throws(InputError) -> (descriptor: FileDescriptor, owned: Bool) {
        let name = displayName(path)
        let descriptor: FileDescriptor
        if path == "-" {
            descriptor = .standardInput
        } else {
            do throws(Errno) {
                descriptor = try systemOpenForReading(FilePath(path))
            } catch {
                throw InputError(file: name, message: reason(error, opening: true))
            }
        }
        if systemFileKind(of: descriptor) == .directory {
            if descriptor != .standardInput { systemClose(descriptor) }
            throw InputError(file: name, message: "is a directory; give a file of lines (or - for standard input)")
        }
        return (descriptor, descriptor != .standardInput)
    }

    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    static func reason(_ code: Errno, opening: Bool) -> String {
        switch code {
        case .noSuchFileOrDirectory: return "no such file"
        case .permissionDenied: return "permission denied (not readable)"
        case .isDirectory: return "is a directory; give a file of lines (or - for standard input)"
        default: return "cannot \(opening ? "open" : "read"): \(code.description)"
        }
    }
}

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
