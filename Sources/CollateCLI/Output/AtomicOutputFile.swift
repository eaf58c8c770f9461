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
final class AtomicOutputFile {
    let destination: String
    let temporaryPath: String
    let descriptor: Int32
    private var finished = false


    init(_ destination: String) throws(InputError) {
        self.destination = destination
        let directory: String
        if let slash = destination.lastIndex(of: "/") {
            directory = slash == destination.startIndex ? "/" : String(destination[..<slash])
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
            throw InputError(file: destination, message: reason)
        }
        descriptor = fd
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        SignalCleanup.track(temporaryPath)
        // Keep the destination's permissions when replacing an existing file.
        var info = stat()
        if stat(destination, &info) == 0 { fchmod(fd, info.st_mode & 0o7777) } else { fchmod(fd, 0o644 & ~currentUmask()) }
    }

    /// Makes the new contents visible under the destination name.
    func commit() throws(InputError) {
        finished = true
        if fsync(descriptor) != 0 && errno != EINVAL {
            let reason = String(cString: strerror(errno))
            abandon()
            throw InputError(file: destination, message: "cannot write: \(reason)")
        }
        close(descriptor)
        if rename(temporaryPath, destination) != 0 {
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
