import SystemPackage
import SystemSupport

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
    let descriptor: FileDescriptor
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
            do throws(Errno) {
                descriptor = try systemOpenForWriting(FilePath(target))
            } catch {
                throw OutputError(file: requested, message: "cannot open for writing: \(error.description)")
            }
            temporaryPath = nil
            return
        }
        let directory: String
        if let slash = target.lastIndex(of: "/") {
            directory = slash == target.startIndex ? "/" : String(target[..<slash])
        } else {
            directory = "."
        }
        let fd: FileDescriptor
        let temporary: String
        do throws(Errno) {
            (fd, temporary) = try systemMakeTemporaryFile(prefix: "\(directory)/.collate-", willCreate: SignalCleanup.track)
        } catch {
            SignalCleanup.track(nil)
            let reason =
                error == .permissionDenied || error == .readOnlyFileSystem
                ? "cannot write in \(directory): \(error.description)"
                : "cannot create a temporary file in \(directory): \(error.description)"
            throw OutputError(file: requested, message: reason)
        }
        descriptor = fd
        temporaryPath = temporary
        replacing = target
        // Keep the destination's permissions when replacing an existing file.
        systemFchmod(fd, systemPermissions(atPath: target) ?? FilePermissions(rawValue: 0o644).subtracting(systemUmask()))
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
        do throws(Errno) {
            try systemFsync(descriptor)
        } catch  where error != .invalidArgument {
            abandon()
            throw OutputError(file: destination, message: "cannot write: \(error.description)")
        } catch {}
        systemClose(descriptor)
        do throws(Errno) {
            try systemRename(temporaryPath, replacing)
        } catch {
            let reason = error.description
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
