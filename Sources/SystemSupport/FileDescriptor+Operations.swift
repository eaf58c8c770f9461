import SystemPackage

// Descriptor operations over swift-system's `FileDescriptor`, each failing with an `Errno`
// (thrown, typed) and each a place ``FaultInjection`` can make fail. swift-system retries
// calls interrupted by a signal (EINTR); the rest here is what it does not wrap.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Throws the planned failure of `call`, if any.
@inline(__always)
private func injectFault(_ call: SystemCall) throws(Errno) {
    if let code = FaultInjection.failure(call) { throw code }
}

/// Runs a swift-system call, whose errors are always `Errno`, with typed throws.
@inline(__always)
private func typed<Result>(_ body: () throws -> Result) throws(Errno) -> Result {
    do { return try body() } catch let error as Errno { throw error } catch { throw Errno.ioError }
}

/// open(2) for reading, close-on-exec.
/// - Parameters:
///   - path: The file.
///   - nonBlocking: Open without blocking (a FIFO with no writer opens at once).
/// - Returns: The open descriptor.
/// - Throws: The `Errno` open failed with.
package func systemOpenForReading(_ path: FilePath, nonBlocking: Bool = false) throws(Errno) -> FileDescriptor {
    try injectFault(.open)
    let options: FileDescriptor.OpenOptions = nonBlocking ? [.closeOnExec, .nonBlocking] : [.closeOnExec]
    return try typed { try FileDescriptor.open(path, .readOnly, options: options) }
}

/// open(2) for writing an existing file from its start (devices, FIFOs), close-on-exec.
/// - Parameter path: The file.
/// - Returns: The open descriptor.
/// - Throws: The `Errno` open failed with.
package func systemOpenForWriting(_ path: FilePath) throws(Errno) -> FileDescriptor {
    try injectFault(.open)
    return try typed { try FileDescriptor.open(path, .writeOnly, options: [.truncate, .closeOnExec]) }
}

/// read(2), retried on EINTR.
/// - Returns: Bytes read, 0 at the end.
/// - Throws: The `Errno` read failed with.
package func systemRead(_ descriptor: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    guard buffer.baseAddress != nil else { return 0 }
    try injectFault(.read)
    return try typed { try descriptor.read(into: buffer) }
}

/// write(2), retried on EINTR; never failed by fault injection on standard error.
/// - Returns: Bytes written (possibly fewer than asked).
/// - Throws: The `Errno` write failed with.
package func systemWrite(_ descriptor: FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    if descriptor != .standardError { try injectFault(.write) }
    return try typed { try descriptor.write(bytes) }
}

/// close(2); its result is not reported (the data was written or its error thrown already).
package func systemClose(_ descriptor: FileDescriptor) { try? descriptor.close() }

/// fsync(2).
/// - Throws: The `Errno` fsync failed with.
package func systemFsync(_ descriptor: FileDescriptor) throws(Errno) {
    try injectFault(.fsync)
    if fsync(descriptor.rawValue) != 0 { throw systemErrno }
}

/// fchmod(2) with permission bits; a hint (failures are ignored).
package func systemFchmod(_ descriptor: FileDescriptor, _ permissions: FilePermissions) {
    _ = fchmod(descriptor.rawValue, mode_t(permissions.rawValue))
}

/// Whether the descriptor is a terminal.
package func systemIsTerminal(_ descriptor: FileDescriptor) -> Bool { isatty(descriptor.rawValue) == 1 }

/// The terminal's width in columns, or nil when the descriptor is no terminal.
package func systemTerminalColumns(_ descriptor: FileDescriptor) -> Int? {
    var size = winsize()
    guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
    return Int(size.ws_col)
}

/// fstat(2): the kind of an open file, or nil.
package func systemFileKind(of descriptor: FileDescriptor) -> SystemFileKind? {
    var info = stat()
    return fstat(descriptor.rawValue, &info) == 0 ? SystemFileKind(mode: info.st_mode) : nil
}

/// fstat(2): the size of an open regular file, or nil for anything else (a pipe, a
/// terminal) or when it cannot be asked.
package func systemRegularFileSize(of descriptor: FileDescriptor) -> Int? {
    var info = stat()
    guard fstat(descriptor.rawValue, &info) == 0, SystemFileKind(mode: info.st_mode) == .regular else { return nil }
    return Int(info.st_size)
}

/// Moves a descriptor to `offset` from its start. - Returns: Whether it moved.
package func systemSeek(_ descriptor: FileDescriptor, to offset: Int) -> Bool {
    (try? descriptor.seek(offset: Int64(offset), from: .start)) == Int64(offset)
}

/// The current offset of a descriptor, or -1.
package func systemCurrentOffset(_ descriptor: FileDescriptor) -> Int {
    (try? descriptor.seek(offset: 0, from: .current)).map(Int.init) ?? -1
}

/// Tells the kernel a file will be read sequentially (more readahead); a hint only.
package func systemAdviseSequential(_ descriptor: FileDescriptor) {
    #if canImport(Glibc)
        _ = posix_fadvise(descriptor.rawValue, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
    #endif
}

/// Creates a new file `prefix` + 10 random letters and digits (O_CREAT|O_EXCL, mode 0600,
/// close-on-exec), as mkstemp(3) does, but hands each name to `willCreate` *before* the file
/// exists: a signal handler that holds the name then removes the file whichever instant the
/// signal comes (mkstemp's name is known only once its file is there, which left a window).
/// A name taken meanwhile is tried again with another.
/// - Parameters:
///   - prefix: The path up to the random part.
///   - willCreate: Called with each name about to be created.
/// - Returns: The open descriptor and the file's path.
/// - Throws: The `Errno` open failed with (`willCreate`'s last name was not created).
package func systemMakeTemporaryFile(
    prefix: String, willCreate: (String) -> Void = { _ in }
) throws(Errno) -> (descriptor: FileDescriptor, path: String) {
    try injectFault(.temporaryFile)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    var generator = SystemRandomNumberGenerator()
    var attempts = 0
    while true {
        let suffix = (0..<10).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] }
        let path = prefix + String(decoding: suffix, as: UTF8.self)
        willCreate(path)
        do throws(Errno) {
            let descriptor = try typed {
                try FileDescriptor.open(
                    FilePath(path), .readWrite, options: [.create, .exclusiveCreate, .closeOnExec],
                    permissions: [.ownerReadWrite])
            }
            return (descriptor, path)
        } catch  where error == .fileExists && attempts < 100 {
            attempts += 1
        }
    }
}

/// Creates a file in `directory` that has no name at all (O_TMPFILE), so nothing is left
/// behind however the process ends, even by SIGKILL. Where the platform or the file system
/// cannot (EOPNOTSUPP; EISDIR before Linux 3.11), a named file `prefix` + random part,
/// unlinked at once.
/// - Throws: The `Errno` the file could not be created with.
package func systemMakeAnonymousFile(directory: String, prefix: String) throws(Errno) -> FileDescriptor {
    #if os(Linux)
        try injectFault(.temporaryFile)
        // O_TMPFILE is a composite macro Swift does not import: __O_TMPFILE (0o20000000 in the
        // kernel's generic fcntl.h, the value of x86-64 and arm64) with O_DIRECTORY.
        let temporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY
        let anonymous = open(directory, temporaryFileFlag | O_RDWR | O_CLOEXEC, 0o600)
        if anonymous >= 0 { return FileDescriptor(rawValue: anonymous) }
        let failure = systemErrno
        guard failure == .notSupported || failure == .isDirectory else { throw failure }
    #endif
    let (descriptor, path) = try systemMakeTemporaryFile(prefix: prefix)
    systemUnlink(path)
    return descriptor
}

/// unlink(2); a missing file is not an error worth reporting here.
package func systemUnlink(_ path: String) { _ = unlink(path) }

/// rename(2).
/// - Throws: The `Errno` rename failed with.
package func systemRename(_ from: String, _ to: String) throws(Errno) {
    try injectFault(.rename)
    if rename(from, to) != 0 { throw systemErrno }
}
