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
typealias SystemMutex = UnsafeMutablePointer<pthread_mutex_t>

/// Allocates and initialises a mutex; release it with ``systemMutexDestroy(_:)``.
func systemMutexCreate() -> SystemMutex {
    let mutex = SystemMutex.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    return mutex
}

func systemMutexDestroy(_ mutex: SystemMutex) {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
}

@inline(__always)
func systemMutexLock(_ mutex: SystemMutex) { pthread_mutex_lock(mutex) }

@inline(__always)
func systemMutexUnlock(_ mutex: SystemMutex) { pthread_mutex_unlock(mutex) }
