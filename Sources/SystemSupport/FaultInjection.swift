import SystemPackage

/// The platform calls a test can make fail: the names `COLLATE_FAULT_INJECT` uses.
package enum SystemCall: String, CaseIterable, Sendable {
    case read, write, open, fsync, rename
    case temporaryFile = "mkstemp"
}

/// Makes the Nth call of one platform operation fail with a chosen error number, for the
/// fault-injection tests, in the manner of swift-system's own mocking
/// (`Internals/Mocking.swift`, compiled only with `ENABLE_MOCKING`): this module's debug
/// builds define `ENABLE_FAULT_INJECTION` (Package.swift), and every wrapper that can fail
/// asks ``failure(_:)`` first. Release builds compile ``failure(_:)`` to `nil` and
/// ``configure(_:)`` to `false`: they carry no hook and no plan.
///
/// A plan is `operation:N:errno` (`write:3:ENOSPC`, `read:1:EIO`, `mkstemp:2:EMFILE`,
/// `fsync:1:EIO`, `rename:1:EXDEV`, `open:1:EACCES`; errno by name or number). The library
/// reads no environment: `collate` passes `COLLATE_FAULT_INJECT` to ``configure(_:)``.
/// Calls are counted across the tool and the library (one module serves both) and across
/// threads (a lock, so ThreadSanitizer sees no race). Writes to standard error are never
/// counted or failed: the error message must get out.
package enum FaultInjection {
    #if ENABLE_FAULT_INJECTION
    private struct Plan {
        var operation: SystemCall
        var call: Int
        var code: Errno
    }

    nonisolated(unsafe) private static var plan: Plan?
    nonisolated(unsafe) private static var calls = 0
    nonisolated(unsafe) private static let lock = systemMutexCreate()

    /// Starts a plan; call once, before any sort starts.
    /// - Parameter text: `operation:N:errno`, or nil for none.
    /// - Returns: Whether a plan was started (false for nil or a malformed plan).
    @discardableResult
    package static func configure(_ text: String?) -> Bool {
        guard let text, let parsed = parse(text) else { return false }
        systemMutexLock(lock)
        defer { systemMutexUnlock(lock) }
        plan = parsed
        calls = 0
        return true
    }

    /// The error the current call of `operation` must fail with, or nil to let it run.
    package static func failure(_ operation: SystemCall) -> Errno? {
        systemMutexLock(lock)
        defer { systemMutexUnlock(lock) }
        guard let plan, plan.operation == operation else { return nil }
        calls += 1
        return calls == plan.call ? plan.code : nil
    }

    private static func parse(_ text: String) -> Plan? {
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count == 3, let operation = SystemCall(rawValue: parts[0]), let call = Int(parts[1]), call >= 1 else { return nil }
        guard let code = systemErrorNumbers[parts[2]] ?? Int32(parts[2]).map(Errno.init(rawValue:)) else { return nil }
        return Plan(operation: operation, call: call, code: code)
    }
    #else
    /// Release builds start no plan.
    @inline(__always)
    @discardableResult
    package static func configure(_ text: String?) -> Bool { false }

    /// Release builds fail no call.
    @inline(__always)
    package static func failure(_ operation: SystemCall) -> Errno? { nil }
    #endif
}
