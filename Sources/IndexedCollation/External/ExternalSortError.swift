public import SystemPackage

/// A failure of the external sort's temporary files: which file or directory, and why.
///
/// The message names what to do next (free space, another directory, a larger bound).
/// No temporary file outlives the error: run files are unlinked as soon as they are
/// created, so they vanish with their last descriptor.
public struct ExternalSortError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// No temporary file could be created in the directory (missing, read-only, full,
        /// or too many open files); ``ExternalSortError/errno`` says which.
        case cannotCreateTemporaryFile
        /// A write to a temporary file failed (usually a full disk).
        case cannotWrite
        /// Reading a temporary file back failed.
        case cannotRead
        /// A temporary file ended in the middle of a record (it was cut short).
        case truncated
        /// One record with its order key takes `bytes` bytes, more than a merge can hold
        /// within the memory bound; a bound of `neededBound` bytes or more takes it.
        case recordTooLong(bytes: Int, neededBound: Int)
    }

    /// What went wrong.
    public var reason: Reason
    /// The temporary directory the file is (or was to be) in.
    public var directory: String
    /// The system's error (swift-system's `Errno`: `.noSpace`, `.tooManyOpenFiles`…), when
    /// a system call failed.
    public var errno: Errno?

    /// Creates an error.
    /// - Parameters:
    ///   - reason: What went wrong.
    ///   - directory: The temporary directory.
    ///   - errno: The system's error, if any.
    public init(_ reason: Reason, directory: String, errno: Errno? = nil) {
        self.reason = reason
        self.directory = directory
        self.errno = errno
    }

    /// The system's message for ``errno``, e.g. "No space left on device".
    public var systemMessage: String? { errno?.description }

    /// `<directory>: <what happened>; <what to do>`.
    public var description: String {
        let cause = systemMessage.map { ": \($0)" } ?? ""
        switch reason {
        case .cannotCreateTemporaryFile:
            return "\(directory): cannot create a temporary file for sorting\(cause); choose a writable directory with space"
        case .cannotWrite:
            return "\(directory): cannot write a temporary sort file\(cause); free space there or choose another directory"
        case .cannotRead:
            return "\(directory): cannot read a temporary sort file back\(cause)"
        case .truncated:
            return "\(directory): a temporary sort file was cut short (disk full?)"
        case .recordTooLong(let bytes, let needed):
            return "a record and its order key take \(bytes) bytes, too long to merge within the memory bound; allow \(needed) bytes or more"
        }
    }
}

extension ExternalSortError {
    /// The system's error number (`errno`), when a system call failed.
    @available(*, deprecated, renamed: "errno")
    public var errorNumber: Int32? { errno?.rawValue }

    /// Creates an error from a raw error number.
    /// - Parameters:
    ///   - reason: What went wrong.
    ///   - directory: The temporary directory.
    ///   - errorNumber: The system's error number, if any.
    @available(*, deprecated, renamed: "init(_:directory:errno:)")
    public init(_ reason: Reason, directory: String, errorNumber: Int32?) {
        self.init(reason, directory: directory, errno: errorNumber.map(Errno.init(rawValue:)))
    }
}
