// The toolkit's only contact with the C library, in the manner of swift-system's
// `Internals/Syscalls.swift`: one platform layer for the collation library and the tool.
// Descriptors, paths and error numbers are swift-system's `FileDescriptor`, `FilePath` and
// `Errno`; the platform imports live in this file and its two companions (`Syscalls+Paths.swift`,
// `Syscalls+Process.swift`) and in `FileDescriptor+Operations.swift` only, and every other
// file calls these `package` wrappers, which compile on Glibc, Musl and Darwin
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

/// madvise(2) `MADV_HUGEPAGE` over `byteCount` bytes from `start` (aligned to a huge page;
/// see ``HugePages``); nothing where the system has no such advice.
package func systemAdviseHugePages(_ start: UnsafeMutableRawPointer, byteCount: Int) {
    #if os(Linux)
    _ = madvise(start, byteCount, MADV_HUGEPAGE)
    #endif
}

/// madvise(2) `MADV_DONTNEED` over `byteCount` bytes from `start` (aligned to a page): the
/// pages go back to the system, and read as zeros if touched again. For the unused end of
/// a buffer's storage, never for bytes still in use.
package func systemDiscardPages(_ start: UnsafeMutableRawPointer, byteCount: Int) {
    #if os(Linux)
    _ = madvise(start, byteCount, MADV_DONTNEED)
    #endif
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

/// The size of a memory page (4 KiB where the system does not say).
package let systemPageSize: Int = {
    let size = sysconf(Int32(_SC_PAGESIZE))
    return size > 0 ? size : 4_096
}()

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
