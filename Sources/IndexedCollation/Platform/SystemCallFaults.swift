/// The platform calls of this module that a test can make fail (run files of the
/// external sort): the names `COLLATE_FAULT_INJECT` uses for them.
package enum SystemCall: String, CaseIterable, Sendable {
    case read, write, open, fsync, rename
    case temporaryFile = "mkstemp"
}

/// The interposition point for fault injection, in the manner of SQLite's test VFS: every
/// wrapper in `Syscalls.swift` that touches a run file asks ``hook`` first and fails with
/// the error number it returns.
///
/// Nil (no faults) unless a test harness sets it: the `collate` tool sets it in debug
/// builds only, so its fault-injection suite counts and fails the calls of the library
/// and of the tool as one sequence. Set it once, before any sort starts; it is read from
/// the thread that writes a run beside the main thread.
package enum SystemCallFaults {
    /// Returns the error number the current call must fail with, or nil to let it run.
    nonisolated(unsafe) package static var hook: ((SystemCall) -> Int32?)?
}
