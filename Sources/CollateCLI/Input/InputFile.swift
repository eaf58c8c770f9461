#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole input (a file, a FIFO or standard input) as bytes.
///
/// The whole input is needed before the first line can be printed (sorting), so it is
/// read at once, in large blocks, without decoding.
enum InputFile {
    /// Reads `path` ("-" = standard input).
    /// - Throws: ``InputError`` naming the file and the system's reason.
    static func readAll(_ path: String) throws(InputError) -> [UInt8] {
        let name = displayName(path)
        let (descriptor, owned) = try open(path)
        defer { if owned { close(descriptor) } }
        var info = stat()
        _ = fstat(descriptor, &info)
        var bytes = [UInt8]()
        if (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size) + 1) }
        // Read in large blocks into one reusable buffer, appended with memcpy.
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = block.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base, buffer.count)
            }
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                throw InputError(file: name, message: reason(code, opening: false))
            }
            if got == 0 { break }
            bytes.append(contentsOf: block[0..<got])
            if got == block.count && block.count < 16 << 20 { block = [UInt8](repeating: 0, count: block.count * 2) }
        }
        return bytes
    }

    /// Opens `path` ("-" = standard input) for reading, refusing directories.
    /// - Returns: The descriptor and whether the caller must close it.
    static func open(_ path: String) throws(InputError) -> (descriptor: Int32, owned: Bool) {
        let name = displayName(path)
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 { throw InputError(file: name, message: reason(errno, opening: true)) }
        }
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            if descriptor != STDIN_FILENO { close(descriptor) }
            throw InputError(file: name, message: "is a directory; give a file of lines (or - for standard input)")
        }
        return (descriptor, descriptor != STDIN_FILENO)
    }

    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    static func reason(_ code: Int32, opening: Bool) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied (not readable)"
        case EISDIR: return "is a directory; give a file of lines (or - for standard input)"
        default: return "cannot \(opening ? "open" : "read"): \(String(cString: strerror(code)))"
        }
    }
}
