import IndexedCollation
import SystemSupport

/// A bounded, thread-safe map from a text (UTF-8) to its guessed reading (UTF-8).
///
/// When full it starts again empty: bounded memory for inputs of millions of distinct
/// names, while repeated names (the common case in a contact list) are parsed once.
/// `@unchecked Sendable`: every access to `values` holds `lock` (a pthread mutex, which
/// ThreadSanitizer understands).
final class ReadingCache: @unchecked Sendable {
    private let lock: SystemMutex
    private var values: [Key: [UInt8]] = [:]
    private let capacity: Int

    /// A text, hashed as one run of bytes (an array of bytes hashes byte by byte).
    private struct Key: Hashable {
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    init(capacity: Int) {
        self.capacity = capacity
        lock = systemMutexCreate()
    }

    deinit {
        systemMutexDestroy(lock)
    }

    func value(for key: [UInt8]) -> [UInt8]? {
        systemMutexLock(lock)
        defer { systemMutexUnlock(lock) }
        return values[Key(bytes: key)]
    }

    func store(_ value: [UInt8], for key: [UInt8]) {
        systemMutexLock(lock)
        defer { systemMutexUnlock(lock) }
        if values.count >= capacity { values.removeAll(keepingCapacity: true) }
        values[Key(bytes: key)] = value
    }
}
