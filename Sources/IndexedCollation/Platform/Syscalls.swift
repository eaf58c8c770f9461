// The module's only contact with the C library, in the manner of swift-system's
// `Internals/Syscalls.swift`: the platform imports live here and nowhere else, and every
// other file calls the thin `system…` wrappers below, which compile on Glibc, Musl and
// Darwin alike.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's memcmp, which is vectorized; the hot loop of sorting and bucketing.
@inline(__always)
func systemMemcmp(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int {
    Int(memcmp(a, b, count))
}

/// Online processors, for sizing the worker pool.
func systemProcessorCount() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

/// A heap-allocated, initialised pthread mutex (ThreadSanitizer understands pthread locks;
/// it cannot see the futex inside `Synchronization.Mutex`).
package typealias SystemMutex = UnsafeMutablePointer<pthread_mutex_t>

/// Allocates and initialises a mutex; release it with ``systemMutexDestroy(_:)``.
package func systemMutexCreate() -> SystemMutex {
    let mutex = SystemMutex.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    return mutex
}

package func systemMutexDestroy(_ mutex: SystemMutex) {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
}

@inline(__always)
package func systemMutexLock(_ mutex: SystemMutex) { pthread_mutex_lock(mutex) }

@inline(__always)
package func systemMutexUnlock(_ mutex: SystemMutex) { pthread_mutex_unlock(mutex) }
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
func systemReadRegularFile(_ path: String, limit: Int) -> [UInt8]? {
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
func systemMakeDirectories(_ path: String) -> Bool {
    var prefix = ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
        prefix += (prefix.isEmpty && !path.hasPrefix("/") ? "" : "/") + component
        if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return false }
    }
    return true
}

/// Writes `bytes` to a new temporary file beside `path` and renames it over `path`, so
/// readers see the old file or the whole new one; false (and no file left) on failure.
func systemReplaceFile(_ path: String, with bytes: [UInt8]) -> Bool {
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

// MARK: - Run files of the external sort (failable through ``SystemCallFaults``)

/// The calling thread's last error number.
var systemErrno: Int32 { errno }

/// The system's message for an error number.
func systemStrerror(_ code: Int32) -> String { String(cString: strerror(code)) }

/// Fails the call when the interposition hook says so: sets errno and returns true.
@inline(__always)
private func systemInjectsFault(_ call: SystemCall) -> Bool {
    guard let hook = SystemCallFaults.hook, let code = hook(call) else { return false }
    errno = code
    return true
}

/// mkstemp(3) on `prefix` + "XXXXXX", close-on-exec where the platform has mkostemp.
/// - Returns: The descriptor and the file's path, or nil (see `systemErrno`).
func systemMakeTemporaryFile(prefix: String) -> (descriptor: Int32, path: String)? {
    if systemInjectsFault(.temporaryFile) { return nil }
    var template = Array((prefix + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { return nil }
    return (descriptor, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
}

/// unlink(2).
func systemUnlink(_ path: String) { _ = unlink(path) }

/// read(2), retried on EINTR. - Returns: Bytes read, 0 at the end, or -1.
func systemRead(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    if systemInjectsFault(.read) { return -1 }
    while true {
        let count = read(descriptor, base, buffer.count)
        if count != -1 || errno != EINTR { return count }
    }
}

/// write(2), retried on EINTR. - Returns: Bytes written, or -1.
func systemWrite(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
    if systemInjectsFault(.write) { return -1 }
    while true {
        let written = write(descriptor, base, count)
        if written != -1 || errno != EINTR { return written }
    }
}

func systemClose(_ descriptor: Int32) { _ = close(descriptor) }

/// Moves a descriptor back to the start of its file.
func systemRewind(_ descriptor: Int32) { _ = lseek(descriptor, 0, SEEK_SET) }

/// Tells the kernel a file will be read sequentially (more readahead); a hint only.
func systemAdviseSequential(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
    #endif
}

/// The soft limit of open file descriptors (RLIMIT_NOFILE), or nil when unlimited.
func systemDescriptorLimit() -> Int? {
    var limit = rlimit()
    #if canImport(Glibc)
    guard getrlimit(__rlimit_resource_t(UInt32(RLIMIT_NOFILE.rawValue)), &limit) == 0 else { return nil }
    #else
    guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
    #endif
    guard limit.rlim_cur < UInt64(Int.max) else { return nil }
    return Int(limit.rlim_cur)
}
