/// An output file that appears complete or not at all: written to a temporary file in
/// the same directory, then renamed over the destination. Until ``commit()`` the old
/// file (possibly the input itself, as with `sort -o`) is untouched.
///
/// A symbolic link is followed (its target is replaced, not the link). A destination that
/// is not a regular file (a device such as /dev/null, a FIFO) cannot be replaced by
/// renaming; it is opened and written directly, as `sort -o` does.
final class AtomicOutputFile {
    let destination: String
    /// The temporary file, or nil when writing straight into a device or FIFO.
    let temporaryPath: String?
    let descriptor: Int32
    private var finished = false

    init(_ requested: String) throws(OutputError) {
        var target = requested
        if systemFileKind(atPath: requested, followingLinks: false) == .symbolicLink, let resolved = systemRealpath(requested) {
            target = resolved
        }
        destination = requested
        if let kind = systemFileKind(atPath: target), kind != .regular {
            if kind == .directory {
                throw OutputError(file: requested, message: "is a directory; give a file name for -o")
            }
            let fd = systemOpenForWriting(target)
            guard fd >= 0 else { throw OutputError(file: requested, message: "cannot open for writing: \(systemStrerror(systemErrno))") }
            descriptor = fd
            temporaryPath = nil
            return
        }
        let directory: String
        if let slash = target.lastIndex(of: "/") {
            directory = slash == target.startIndex ? "/" : String(target[..<slash])
        } else {
            directory = "."
        }
        guard let (fd, temporary) = systemMakeTemporaryFile(prefix: "\(directory)/.collate-") else {
            let code = systemErrno
            let reason = code == systemEACCES || code == systemEROFS
                ? "cannot write in \(directory): \(systemStrerror(code))"
                : "cannot create a temporary file in \(directory): \(systemStrerror(code))"
            throw OutputError(file: requested, message: reason)
        }
        descriptor = fd
        temporaryPath = temporary
        replacing = target
        SignalCleanup.track(temporary)
        // Keep the destination's permissions when replacing an existing file.
        systemFchmod(fd, systemPermissions(atPath: target) ?? 0o644 & ~systemUmask())
    }

    /// The regular file the temporary file replaces.
    private var replacing = ""

    /// Makes the new contents visible under the destination name.
    func commit() throws(OutputError) {
        finished = true
        guard let temporaryPath else {
            systemClose(descriptor)
            return
        }
        if systemFsync(descriptor) != 0 && systemErrno != systemEINVAL {
            let reason = systemStrerror(systemErrno)
            abandon()
            throw OutputError(file: destination, message: "cannot write: \(reason)")
        }
        systemClose(descriptor)
        if systemRename(temporaryPath, replacing) != 0 {
            let reason = systemStrerror(systemErrno)
            systemUnlink(temporaryPath)
            SignalCleanup.track(nil)
            throw OutputError(file: destination, message: "cannot replace the file: \(reason)")
        }
        SignalCleanup.track(nil)
    }

    /// Removes the temporary file; the destination stays as it was.
    func abandon() {
        finished = true
        systemClose(descriptor)
        guard let temporaryPath else { return }
        systemUnlink(temporaryPath)
        SignalCleanup.track(nil)
    }

    deinit { if !finished { abandon() } }
}
