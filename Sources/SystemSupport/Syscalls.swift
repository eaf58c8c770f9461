// The toolkit's only contact with the C library, in the manner of swift-system's
// `Internals/Syscalls.swift`: one platform layer for the collation library and the tool.
// Descriptors, paths and error numbers are swift-system's `FileDescriptor`, `FilePath` and
// `Errno`; the platform imports live here and in `FileDescriptor+Operations.swift` only, and
// every other file calls these `package` wrappers, which compile on Glibc, Musl and Darwin
// alike. Calls a test can make fail ask ``FaultInjection`` first.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

// MARK: - Errors

/// The calling thread's last error number.
package var systemErrno: Errno { Errno(rawValue: errno) }

/// The error numbers fault injection can be given by name (`COLLATE_FAULT_INJECT`).
package let systemErrorNumbers: [String: Errno] = [
    "EIO": .ioError, "ENOSPC": .noSpace, "EMFILE": .tooManyOpenFiles, "EACCES": .permissionDenied,
    "EXDEV": .improperLink, "EDQUOT": .diskQuotaExceeded, "EFBIG": .fileTooLarge,
]

// MARK: - Memory and threads

/// The C library's memcmp, which is vectorized; the hot loop of sorting and bucketing.
/// `@inlinable`, as every wrapper a hot loop calls: across modules only inlinable code is
/// inlined (without it, 1M distinct lines sorted 1.24x slower in CPU).
@inlinable @inline(__always)
package func systemMemcmp(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int {
    Int(memcmp(a, b, count))
}

/// The C library's memchr, which is vectorized: the offset of the first `byte` in
/// `bytes` at or after `from`, or nil.
@inlinable @inline(__always)
package func systemFirstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    guard from < bytes.count, let base = bytes.baseAddress else { return nil }
    guard let found = memchr(base + from, Int32(byte), bytes.count - from) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
}

/// Online processors (each may run a sorting thread with its own stack).
package func systemProcessorCount() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

/// A heap-allocated, initialised pthread mutex (ThreadSanitizer understands pthread locks;
/// it cannot see the futex inside `Synchronization.Mutex`).
@usableFromInline package typealias SystemMutex = UnsafeMutablePointer<pthread_mutex_t>

/// Allocates and initialises a mutex; release it with ``systemMutexDestroy(_:)``.
package func systemMutexCreate() -> SystemMutex {
    let mutex = SystemMutex.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    return mutex
}

/// Destroys and frees a mutex made by ``systemMutexCreate()``.
package func systemMutexDestroy(_ mutex: SystemMutex) {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
}

@inlinable @inline(__always)
package func systemMutexLock(_ mutex: SystemMutex) { pthread_mutex_lock(mutex) }

@inlinable @inline(__always)
package func systemMutexUnlock(_ mutex: SystemMutex) { pthread_mutex_unlock(mutex) }

package func systemPhysicalMemory() -> Int? {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let size = sysconf(Int32(_SC_PAGESIZE))
    return pages > 0 && size > 0 ? pages * size : nil
}

/// Free physical memory in bytes (sysconf _SC_AVPHYS_PAGES, as gnulib's
/// `physmem_available` reads it), or nil.
package func systemAvailableMemory() -> Int? {
    #if canImport(Glibc)
    let pages = sysconf(Int32(_SC_AVPHYS_PAGES))
    let size = sysconf(Int32(_SC_PAGESIZE))
    return pages > 0 && size > 0 ? pages * size : nil
    #else
    return nil
    #endif
}

/// Which resource limit to read.
package enum SystemResourceLimit {
    case data, addressSpace, residentSet
}

/// The soft limit of a resource in bytes, or nil when unlimited or unknown.
package func systemResourceLimit(_ resource: SystemResourceLimit) -> Int? {
    var limit = rlimit()
    let code: Int32
    #if canImport(Glibc)
    switch resource {
    case .data: code = Int32(RLIMIT_DATA.rawValue)
    case .addressSpace: code = Int32(RLIMIT_AS.rawValue)
    case .residentSet: code = 5  // RLIMIT_RSS (Glibc's module exports it as __RLIMIT_RSS)
    }
    guard getrlimit(__rlimit_resource_t(UInt32(code)), &limit) == 0 else { return nil }
    #else
    switch resource {
    case .data: code = RLIMIT_DATA
    case .addressSpace: code = RLIMIT_AS
    case .residentSet: code = RLIMIT_RSS
    }
    guard getrlimit(code, &limit) == 0 else { return nil }
    #endif
    guard limit.rlim_cur < UInt64(Int.max) else { return nil }  // RLIM_INFINITY is all ones
    return Int(limit.rlim_cur)
}

/// The address space the process maps now (shared libraries, ICU's data, the heap), in
/// bytes, from /proc/self/statm; nil where there is no /proc.
package func systemAddressSpaceInUse() -> Int? {
    let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var text = [UInt8](repeating: 0, count: 128)
    let count = text.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0, let pages = Int(String(decoding: text[..<count].prefix { $0 != 0x20 }, as: UTF8.self)) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Seconds on a monotonic clock.
package func systemMonotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// mallopt(3) settings for bounded memory: a fixed mmap threshold of 1 MiB (glibc
/// otherwise raises it after large frees, keeping big freed blocks in the heap) and at
/// most two arenas, so freed pieces go back to the system.
package func systemBoundMallocRetention() {
    #if canImport(Glibc)
    _ = c_mallopt(-3, 1 << 20)  // M_MMAP_THRESHOLD
    _ = c_mallopt(-1, 4 << 20)  // M_TRIM_THRESHOLD
    _ = c_mallopt(-8, 2)  // M_ARENA_MAX
    #endif
}

#if canImport(Glibc)
// <malloc.h> is not part of the Glibc module; mallopt(3) is declared here by its C name.
@_silgen_name("mallopt")
private func c_mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// The soft limit of open file descriptors (RLIMIT_NOFILE), or nil when unlimited.
package func systemDescriptorLimit() -> Int? {
    var limit = rlimit()
    #if canImport(Glibc)
    guard getrlimit(__rlimit_resource_t(UInt32(RLIMIT_NOFILE.rawValue)), &limit) == 0 else { return nil }
    #else
    guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
    #endif
    guard limit.rlim_cur < UInt64(Int.max) else { return nil }
    return Int(limit.rlim_cur)
}

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

// MARK: - Signals and the process

package var systemSIGINT: Int32 { SIGINT }
package var systemSIGTERM: Int32 { SIGTERM }
package var systemSIGHUP: Int32 { SIGHUP }
package var systemSIGQUIT: Int32 { SIGQUIT }

/// Gives SIGQUIT back its default action (quit with a core dump) unless it is ignored:
/// the Swift runtime's backtracer otherwise catches it and the run goes on.
package func systemRestoreQuitSignal() {
    if !systemSignalIsIgnored(SIGQUIT) { _ = signal(SIGQUIT, SIG_DFL) }
}

/// Ignores SIGXFSZ, so a full disk or `ulimit -f` is a write error (EFBIG), not a kill.
package func systemIgnoreFileSizeSignal() { _ = signal(SIGXFSZ, SIG_IGN) }

/// Whether a signal's action is "ignore" (SIG_IGN), as `nohup` and `trap '' HUP` leave it
/// for their children; such a signal must stay ignored.
package func systemSignalIsIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    #if canImport(Darwin)
    let handler = current.__sigaction_u.__sa_handler
    #else
    let handler = current.__sigaction_handler.sa_handler
    #endif
    return handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false  // SIG_IGN is 1
}

/// Installs a handler for a signal.
package func systemSetSignalHandler(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
    _ = signal(number, handler)
}

/// Async-signal-safe: restores a signal's default action and raises it again.
package func systemReraiseWithDefaultAction(_ number: Int32) {
    _ = signal(number, SIG_DFL)
    _ = raise(number)
}

/// Async-signal-safe unlink(2) of a NUL-terminated path.
package func systemUnlink(_ path: UnsafePointer<CChar>) { _ = unlink(path) }

/// Ends the process.
package func systemExit(_ status: Int32) -> Never { exit(status) }

/// The process environment.
package func systemEnvironment() -> [String: String] {
    #if canImport(Darwin)
    guard var pointer = _NSGetEnviron()?.pointee else { return [:] }
    #else
    var pointer = environ
    #endif
    var result = [String: String]()
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    return result
}

