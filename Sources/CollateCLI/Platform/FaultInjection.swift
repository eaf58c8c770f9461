import IndexedCollation

/// Makes the Nth call of one platform operation fail with a chosen error number, for the
/// fault-injection tests (in the manner of SQLite's test VFS): every wrapper in
/// `Syscalls.swift` that can fail asks ``failure(_:)`` first, and so do the library's run-file
/// calls once ``interposeLibraryCalls()`` has run.
///
/// Set by `COLLATE_FAULT_INJECT=operation:N:errno` (`write:3:ENOSPC`, `read:1:EIO`,
/// `mkstemp:2:EMFILE`, `fsync:1:EIO`, `rename:1:EXDEV`, `open:1:EACCES`; errno by name or
/// number). Only debug builds read the variable: a release build compiles the hook to
/// `nil`, so no user can trigger it. Writes to standard error are never counted or
/// failed (the error message must get out). Counting is not locked: no operation is
/// called on two threads at once (a spilled run is written on a second thread while the
/// main thread reads and keys the next piece, and other worker threads only sort in memory).
enum FaultInjection {
    /// The operations that can be made to fail (the library's run-file calls among them).
    typealias Operation = SystemCall

    #if DEBUG
    private struct Plan {
        var operation: Operation
        var call: Int
        var code: Int32
    }

    private static let plan: Plan? = systemEnvironment()["COLLATE_FAULT_INJECT"].flatMap(parse)
    nonisolated(unsafe) private static var calls = 0

    /// The error number the current call of `operation` must fail with, or nil.
    static func failure(_ operation: Operation) -> Int32? {
        guard let plan, plan.operation == operation else { return nil }
        calls += 1
        return calls == plan.call ? plan.code : nil
    }

    private static func parse(_ text: String) -> Plan? {
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count == 3, let operation = Operation(rawValue: parts[0]), let call = Int(parts[1]), call >= 1 else { return nil }
        guard let code = systemErrorNumbers[parts[2]] ?? Int32(parts[2]) else { return nil }
        return Plan(operation: operation, call: call, code: code)
    }
    /// Makes the library's run-file calls ask ``failure(_:)`` too, so the Nth call is
    /// counted over the tool's and the library's calls alike.
    static func interposeLibraryCalls() {
        if plan != nil && SystemCallFaults.hook == nil { SystemCallFaults.hook = failure }
    }
    #else
    @inline(__always)
    static func failure(_ operation: Operation) -> Int32? { nil }

    /// Release builds leave the library's calls alone.
    @inline(__always)
    static func interposeLibraryCalls() {}
    #endif

    /// Fails the call when planned: sets errno and returns true.
    @inline(__always)
    static func injects(_ operation: Operation) -> Bool {
        guard let code = failure(operation) else { return false }
        systemSetErrorNumber(code)
        return true
    }
}
