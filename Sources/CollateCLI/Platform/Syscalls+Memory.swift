// Memory, clocks and file hints for bounded-memory sorting (see `Syscalls.swift` for why
// the C library is imported only in this folder).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Physical memory in bytes (sysconf _SC_PHYS_PAGES × page size), or nil.
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

/// Seconds on a monotonic clock.
func systemMonotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Tells the kernel a file will be read sequentially (more readahead); a hint only.
func systemAdviseSequential(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
    #endif
}

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
