#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    init(_ requested: String) throws(InputError) {
        var target = requested
        var info = stat()
        if lstat(requested, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(requested, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        destination = requested
        if stat(target, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw InputError(file: requested, message: "is a directory; give a file name for -o")
            }
            let fd = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard fd >= 0 else { throw InputError(file: requested, message: "cannot open for writing: \(String(cString: strerror(errno)))") }
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
        var template = Array("\(directory)/.collate-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        if fd < 0 {
            let code = errno
            let reason = code == EACCES || code == EROFS
                ? "cannot write in \(directory): \(String(cString: strerror(code)))"
                : "cannot create a temporary file in \(directory): \(String(cString: strerror(code)))"
            throw InputError(file: requested, message: reason)
        }
        descriptor = fd
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        temporaryPath = temporary
        replacing = target
        SignalCleanup.track(temporary)
        // Keep the destination's permissions when replacing an existing file.
        if stat(target, &info) == 0 { fchmod(fd, info.st_mode & 0o7777) } else { fchmod(fd, 0o644 & ~currentUmask()) }
    }

    /// The regular file the temporary file replaces.
    private var replacing = ""

    /// Makes the new contents visible under the destination name.
    func commit() throws(InputError) {
        finished = true
        guard let temporaryPath else {
            close(descriptor)
            return
        }
        if fsync(descriptor) != 0 && errno != EINVAL {
            let reason = String(cString: strerror(errno))
            abandon()
            throw InputError(file: destination, message: "cannot write: \(reason)")
        }
        close(descriptor)
        if rename(temporaryPath, replacing) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            SignalCleanup.track(nil)
            throw InputError(file: destination, message: "cannot replace the file: \(reason)")
        }
        SignalCleanup.track(nil)
    }

    /// Removes the temporary file; the destination stays as it was.
    func abandon() {
        finished = true
        close(descriptor)
        guard let temporaryPath else { return }
        unlink(temporaryPath)
        SignalCleanup.track(nil)
    }

    deinit { if !finished { abandon() } }
}

private func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
}

/// Removes the temporary output file when SIGINT, SIGTERM or SIGHUP stops the process,
/// so an interrupted `collate -o` leaves the old output untouched and nothing behind.
/// The handler only reads a preallocated C buffer and calls unlink(2) and raise(3),
/// which are async-signal-safe.
enum SignalCleanup {
    nonisolated(unsafe) private static let path: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
        buffer.initialize(repeating: 0, count: 4096)
        return buffer
    }()
    nonisolated(unsafe) private static var installed = false

    static func track(_ temporaryPath: String?) {
        if !installed {
            installed = true
            _ = path
            for signal in [SIGINT, SIGTERM, SIGHUP] { Glibc.signal(signal, handler) }
        }
        path[0] = 0
        guard let temporaryPath, temporaryPath.utf8.count < 4095 else { return }
        _ = temporaryPath.withCString { strcpy(path, $0) }
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        if SignalCleanup.path[0] != 0 { unlink(SignalCleanup.path) }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }
}
