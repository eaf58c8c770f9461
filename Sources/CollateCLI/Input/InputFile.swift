/// Opening inputs (files, FIFOs, standard input) with error messages that say what is
/// wrong; ``ChunkReader`` reads them in buffer-sized pieces.
enum InputFile {
    /// Opens `path` ("-" = standard input) for reading, refusing directories.
    /// - Returns: The descriptor and whether the caller must close it.
    static func open(_ path: String) throws(InputError) -> (descriptor: Int32, owned: Bool) {
        let name = displayName(path)
        let descriptor: Int32
        if path == "-" {
            descriptor = system_standardInput
        } else {
            descriptor = system_openForReading(path)
            if descriptor < 0 { throw InputError(file: name, message: reason(system_errno, opening: true)) }
        }
        if system_fileKind(ofDescriptor: descriptor) == .directory {
            if descriptor != system_standardInput { system_close(descriptor) }
            throw InputError(file: name, message: "is a directory; give a file of lines (or - for standard input)")
        }
        return (descriptor, descriptor != system_standardInput)
    }

    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    static func reason(_ code: Int32, opening: Bool) -> String {
        switch code {
        case system_ENOENT: return "no such file"
        case system_EACCES: return "permission denied (not readable)"
        case system_EISDIR: return "is a directory; give a file of lines (or - for standard input)"
        default: return "cannot \(opening ? "open" : "read"): \(system_strerror(code))"
        }
    }
}
