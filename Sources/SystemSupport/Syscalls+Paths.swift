// Files by path: the platform layer of `Syscalls.swift` for calls that take a path.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

// MARK: - Files by path

/// Whether the process may read the file at `path`.
package func systemIsReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

/// The canonical absolute path (symbolic links resolved), or nil when it does not exist.
package func systemRealpath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// The whole contents of a small text file (a configuration file), decoded as UTF-8 with
/// invalid bytes replaced, or nil when it cannot be read or is larger than `limit` bytes.
package func systemReadSmallTextFile(_ path: String, limit: Int = 1 << 20) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { break }
        bytes += chunk[..<count]
        if bytes.count > limit { return nil }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The bytes of a regular file of at most `limit` bytes, or nil when it is missing,
/// unreadable, larger, or not a regular file. Opened non-blocking, so a FIFO or a device
/// planted at the path cannot stall the call.
package func systemReadRegularFile(_ path: String, limit: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= limit else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var filled = 0
    while filled < bytes.count {
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress.map { $0 + filled }, $0.count - filled) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return nil }
        filled += count
    }
    return bytes
}

/// Creates `path` and its missing parents (mode 0700); true when the directory exists.
package func systemMakeDirectories(_ path: String) -> Bool {
    var prefix = ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
        prefix += (prefix.isEmpty && !path.hasPrefix("/") ? "" : "/") + component
        if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return false }
    }
    return true
}

/// Writes `bytes` to a new temporary file beside `path` and renames it over `path`, so
/// readers see the old file or the whole new one; false (and no file left) on failure.
package func systemReplaceFile(_ path: String, with bytes: [UInt8]) -> Bool {
    let temporary = "\(path).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + written }, $0.count - written) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        written += count
    }
    let closed = close(descriptor) == 0
    guard written == bytes.count, closed, rename(temporary, path) == 0 else {
        unlink(temporary)
        return false
    }
    return true
}

/// The kind of a file, from its mode bits.
package enum SystemFileKind: Sendable {
    case regular, directory, symbolicLink, other

    /// The kind `mode`'s file-type bits say.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }
}

/// stat(2) (following links) or lstat(2): the kind of a file, or nil when it is missing.
/// stat(2): the size of the regular file at `path` (following links), or nil for anything
/// else or when it cannot be asked.
package func systemRegularFileSize(atPath path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0, SystemFileKind(mode: info.st_mode) == .regular else { return nil }
    return Int(info.st_size)
}

package func systemFileKind(atPath path: String, followingLinks: Bool = true) -> SystemFileKind? {
    var info = stat()
    let result = followingLinks ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? SystemFileKind(mode: info.st_mode) : nil
}

/// The permission bits of a file (following links), or nil when it is missing.
package func systemPermissions(atPath path: String) -> FilePermissions? {
    var info = stat()
    return stat(path, &info) == 0 ? FilePermissions(rawValue: CModeT(info.st_mode & 0o7777)) : nil
}

/// The process's file creation mask (read without changing it).
package func systemUmask() -> FilePermissions {
    let mask = umask(0o022)
    umask(mask)
    return FilePermissions(rawValue: CModeT(mask))
}

/// The names in a directory (without "." and ".."), or nil when it cannot be opened.
package func systemDirectoryEntries(_ path: String) -> [String]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var names = [String]()
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
