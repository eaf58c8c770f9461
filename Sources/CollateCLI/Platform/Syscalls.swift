// The module's only contact with the C library, in the manner of swift-system's
// `Internals/Syscalls.swift`: the platform imports live here and nowhere else; every
// other file calls these thin `system…` wrappers, which compile on Glibc, Musl and Darwin
// alike. Calls that can be interrupted by a signal retry through one helper,
// ``systemRetryingInterrupts(_:)``.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Errors

/// The calling thread's last error number.
var systemErrno: Int32 { errno }

/// The system's message for an error number.
func systemStrerror(_ code: Int32) -> String { String(cString: strerror(code)) }

var systemENOENT: Int32 { ENOENT }
var systemEACCES: Int32 { EACCES }
var systemEISDIR: Int32 { EISDIR }
var systemEROFS: Int32 { EROFS }
var systemEINVAL: Int32 { EINVAL }
var systemEPIPE: Int32 { EPIPE }

/// Calls `body` again while it fails with EINTR (a signal arrived before any data moved).
/// - Parameter body: A system call returning -1 on failure with `errno` set.
/// - Returns: The first result that is not an interrupted failure.
@inline(__always)
func systemRetryingInterrupts<Result: FixedWidthInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result != -1 || errno != EINTR { return result }
    }
}

// MARK: - Descriptors

var systemStandardInput: Int32 { STDIN_FILENO }
var systemStandardOutput: Int32 { STDOUT_FILENO }
var systemStandardError: Int32 { STDERR_FILENO }

/// open(2) for reading, close-on-exec. - Returns: The descriptor, or -1 (see `systemErrno`).
func systemOpenForReading(_ path: String) -> Int32 {
    if FaultInjection.injects(.open) { return -1 }
    return systemRetryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
}

/// open(2) for reading without blocking (a FIFO with no writer opens at once), close-on-exec.
/// - Returns: The descriptor, or -1 (see `systemErrno`).
func systemOpenForReadingNonBlocking(_ path: String) -> Int32 {
    if FaultInjection.injects(.open) { return -1 }
    return systemRetryingInterrupts { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
}

/// open(2) for writing an existing file from its start (devices, FIFOs), close-on-exec.
/// - Returns: The descriptor, or -1.
func systemOpenForWriting(_ path: String) -> Int32 {
    if FaultInjection.injects(.open) { return -1 }
    return systemRetryingInterrupts { open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) }
}

/// read(2), retried on EINTR. - Returns: Bytes read, 0 at the end, or -1.
func systemRead(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    if FaultInjection.injects(.read) { return -1 }
    return systemRetryingInterrupts { read(descriptor, base, buffer.count) }
}

/// write(2), retried on EINTR. - Returns: Bytes written, or -1.
func systemWrite(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
    if descriptor != STDERR_FILENO && FaultInjection.injects(.write) { return -1 }
    return systemRetryingInterrupts { write(descriptor, base, count) }
}

func systemClose(_ descriptor: Int32) { _ = close(descriptor) }

/// fsync(2). - Returns: 0, or -1.
func systemFsync(_ descriptor: Int32) -> Int32 { FaultInjection.injects(.fsync) ? -1 : fsync(descriptor) }

/// fchmod(2) with permission bits.
func systemFchmod(_ descriptor: Int32, _ permissions: UInt32) { _ = fchmod(descriptor, mode_t(permissions)) }

/// Whether the descriptor is a terminal.
func systemIsTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

/// The terminal's width in columns, or nil when the descriptor is no terminal.
func systemTerminalColumns(_ descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
    return Int(size.ws_col)
}

// MARK: - Files

private func kind(_ mode: mode_t) -> SystemFileKind {
    switch mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .directory
    case S_IFLNK: return .symbolicLink
    default: return .other
    }
}

/// fstat(2): the kind of an open file, or nil.
func systemFileKind(ofDescriptor descriptor: Int32) -> SystemFileKind? {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? kind(info.st_mode) : nil
}

/// stat(2) (following links) or lstat(2): the kind of a file, or nil when it is missing.
func systemFileKind(atPath path: String, followingLinks: Bool = true) -> SystemFileKind? {
    var info = stat()
    let result = followingLinks ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? kind(info.st_mode) : nil
}

/// The permission bits of a file (following links), or nil when it is missing.
func systemPermissions(atPath path: String) -> UInt32? {
    var info = stat()
    return stat(path, &info) == 0 ? UInt32(info.st_mode & 0o7777) : nil
}

/// realpath(3), or nil.
func systemRealpath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// mkstemp(3) on `prefix` + "XXXXXX". - Returns: The descriptor and the file's path, or
/// nil (see `systemErrno`).
func systemMakeTemporaryFile(prefix: String) -> (descriptor: Int32, path: String)? {
    if FaultInjection.injects(.temporaryFile) { return nil }
    var template = Array((prefix + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { return nil }
    return (descriptor, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
}

/// unlink(2). - Returns: 0, or -1.
@discardableResult
func systemUnlink(_ path: String) -> Int32 { unlink(path) }

/// rename(2). - Returns: 0, or -1.
func systemRename(_ from: String, _ to: String) -> Int32 { FaultInjection.injects(.rename) ? -1 : rename(from, to) }

/// The process's file creation mask (read without changing it).
func systemUmask() -> UInt32 {
    let mask = umask(0o022)
    umask(mask)
    return UInt32(mask)
}

// MARK: - Signals and the process

var systemSIGINT: Int32 { SIGINT }
var systemSIGTERM: Int32 { SIGTERM }
var systemSIGHUP: Int32 { SIGHUP }
var systemSIGQUIT: Int32 { SIGQUIT }

/// Gives SIGQUIT back its default action (quit with a core dump) unless it is ignored:
/// the Swift runtime's backtracer otherwise catches it and the run goes on.
func systemRestoreQuitSignal() {
    if !systemSignalIsIgnored(SIGQUIT) { _ = signal(SIGQUIT, SIG_DFL) }
}

/// Ignores SIGXFSZ, so a full disk or `ulimit -f` is a write error (EFBIG), not a kill.
func systemIgnoreFileSizeSignal() { _ = signal(SIGXFSZ, SIG_IGN) }

/// Whether a signal's action is "ignore" (SIG_IGN), as `nohup` and `trap '' HUP` leave it
/// for their children; such a signal must stay ignored.
func systemSignalIsIgnored(_ number: Int32) -> Bool {
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
func systemSetSignalHandler(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
    _ = signal(number, handler)
}

/// Async-signal-safe: restores a signal's default action and raises it again.
func systemReraiseWithDefaultAction(_ number: Int32) {
    _ = signal(number, SIG_DFL)
    _ = raise(number)
}

/// Async-signal-safe unlink(2) of a NUL-terminated path.
func systemUnlink(_ path: UnsafePointer<CChar>) { _ = unlink(path) }

/// Ends the process.
func systemExit(_ status: Int32) -> Never { exit(status) }

/// The error numbers fault injection can be given by name (`COLLATE_FAULT_INJECT`).
let systemErrorNumbers: [String: Int32] = [
    "EIO": EIO, "ENOSPC": ENOSPC, "EMFILE": EMFILE, "EACCES": EACCES, "EXDEV": EXDEV, "EDQUOT": EDQUOT, "EFBIG": EFBIG,
]

/// Sets `errno`, as a failing call would.
func systemSetErrorNumber(_ code: Int32) { errno = code }

/// The process environment.
func systemEnvironment() -> [String: String] {
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

/// The names in a directory (without "." and ".."), or nil when it cannot be opened.
func systemDirectoryEntries(_ path: String) -> [String]? {
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

// MARK: - Memory, clocks and file hints (bounded-memory sorting)

func systemPhysicalMemory() -> Int? {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let size = sysconf(Int32(_SC_PAGESIZE))
    return pages > 0 && size > 0 ? pages * size : nil
}

/// Free physical memory in bytes (sysconf _SC_AVPHYS_PAGES, as gnulib's
/// `physmem_available` reads it), or nil.
func systemAvailableMemory() -> Int? {
    #if canImport(Glibc)
    let pages = sysconf(Int32(_SC_AVPHYS_PAGES))
    let size = sysconf(Int32(_SC_PAGESIZE))
    return pages > 0 && size > 0 ? pages * size : nil
    #else
    return nil
    #endif
}

/// Which resource limit to read.
enum SystemResourceLimit {
    case data, addressSpace, residentSet
}

/// The soft limit of a resource in bytes, or nil when unlimited or unknown.
func systemResourceLimit(_ resource: SystemResourceLimit) -> Int? {
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

/// Online processors (each may run a sorting thread with its own stack).
func systemProcessorCount() -> Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

/// The address space the process maps now (shared libraries, ICU's data, the heap), in
/// bytes, from /proc/self/statm; nil where there is no /proc.
func systemAddressSpaceInUse() -> Int? {
    let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var text = [UInt8](repeating: 0, count: 128)
    let count = text.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0, let pages = Int(String(decoding: text[..<count].prefix { $0 != 0x20 }, as: UTF8.self)) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Seconds on a monotonic clock.
func systemMonotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Moves a descriptor to `offset` from its start (lseek(2)). - Returns: Whether it moved.
func systemSeek(_ descriptor: Int32, to offset: Int) -> Bool { lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) }

/// Rewinds and truncates nothing: the current offset of a descriptor (lseek(2)), or -1.
func systemCurrentOffset(_ descriptor: Int32) -> Int { Int(lseek(descriptor, 0, SEEK_CUR)) }

/// mallopt(3) settings for bounded memory: a fixed mmap threshold of 1 MiB (glibc
/// otherwise raises it after large frees, keeping big freed blocks in the heap) and at
/// most two arenas, so freed pieces go back to the system.
func systemBoundMallocRetention() {
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
