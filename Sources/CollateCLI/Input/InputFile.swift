#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opening inputs (files, FIFOs, standard input) with error messages that say what is
/// wrong; ``ChunkReader`` reads them in buffer-sized pieces.
enum InputFile {
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
