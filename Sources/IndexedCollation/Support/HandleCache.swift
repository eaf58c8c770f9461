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
