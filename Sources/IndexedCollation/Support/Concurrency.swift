import Dispatch
import SystemSupport

/// Runs `body(0..<count)` on up to `threads` threads (inline when 1).
/// - Parameters:
///   - count: How many items.
///   - threads: The most threads to use.
///   - body: Called once per item, possibly concurrently.
package func parallelFor(_ count: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
    if threads <= 1 || count <= 1 {
        for item in 0..<count { body(item) }
    } else {
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }
}

/// `(0..<count).map(transform)`, the items made on up to `threads` threads
/// (``parallelFor(_:threads:_:)``), each written once into its place in the result.
/// - Parameters:
///   - count: How many items.
///   - threads: The most threads to use.
///   - transform: Makes item `index`, possibly concurrently with other items.
package func parallelMap<Result>(_ count: Int, threads: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
    // An empty array is the runtime's shared storage: never written (ThreadSanitizer sees
    // the count stored into it as a race).
    guard count > 0 else { return [] }
    return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
        let output = SendablePointer(buffer)
        parallelFor(count, threads: threads) { item in output.buffer.initializeElement(at: item, to: transform(item)) }
        initialized = count
    }
}

/// Part `part` of `count` items cut into `parts` parts as even as whole items allow (the
/// first parts one item shorter when they do not divide): the share of one worker of
/// ``parallelFor(_:threads:_:)``.
@inline(__always)
package func parallelShare(_ part: Int, of parts: Int, count: Int) -> Range<Int> {
    (count * part / parts)..<(count * (part + 1) / parts)
}

/// A buffer pointer handed to worker threads that write disjoint elements.
package struct SendablePointer<Element>: @unchecked Sendable {
    // @unchecked: each worker touches only its own indices; the owner outlives the workers.
    package let buffer: UnsafeMutableBufferPointer<Element>
    package init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// A read-only buffer handed to worker threads.
package struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    // @unchecked: read only, and the owner outlives the workers.
    package let buffer: UnsafeBufferPointer<Element>
    package init(_ buffer: UnsafeBufferPointer<Element>) { self.buffer = buffer }
}

/// A thread-safe cache of opened ICU objects, keyed by what configures them, so an ICU
/// collator or index is opened once per (locale, options) and never per comparison.
///
/// A pthread mutex guards the dictionary (ThreadSanitizer understands pthread locks; it
/// cannot see the futex inside `Synchronization.Mutex` and reports false races).
/// `@unchecked Sendable` is safe: every access to `values` holds `lock`.
final class HandleCache<Key: Hashable & Sendable, Value: AnyObject & Sendable>: @unchecked Sendable {
    private let lock: SystemMutex
    private var values: [Key: Value] = [:]

    init() {
        lock = systemMutexCreate()
    }

    deinit {
        systemMutexDestroy(lock)
    }

    /// The cached value for `key`, or a new one from `make` (built outside the lock, so a
    /// slow ICU open never blocks other keys; if two threads race, the first stored wins).
    func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let cached = withLock({ values[key] }) { return cached }
        let made = try make()
        return withLock {
            if let raced = values[key] { return raced }
            values[key] = made
            return made
        }
    }

    private func withLock<Result>(_ body: () -> Result) -> Result {
        systemMutexLock(lock)
        defer { systemMutexUnlock(lock) }
        return body()
    }
}
