import SystemSupport

/// Removes the temporary output file when SIGINT, SIGTERM, SIGHUP or SIGQUIT stops the process,
/// so an interrupted `collate -o` leaves the old output untouched and nothing behind.
/// The handler only reads a preallocated C buffer and calls unlink(2) and raise(3),
/// which are async-signal-safe. Signals the parent set to be ignored stay ignored.
enum SignalCleanup {
    nonisolated(unsafe) private static let path: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
        buffer.initialize(repeating: 0, count: 4096)
        return buffer
    }()
    nonisolated(unsafe) private static var installed = false

    /// Makes `temporaryPath` the file a stopping signal removes (nil: none). Call it with a
    /// name before the file is created (``systemMakeTemporaryFile(prefix:willCreate:)``):
    /// the handlers are in place and the name is complete before the file exists.
    static func track(_ temporaryPath: String?) {
        if !installed {
            installed = true
            _ = path
            // As GNU sort does: a signal the parent ignores (`nohup`, `trap '' HUP`) stays
            // ignored; only the others get the cleanup handler.
            for signal in [systemSIGINT, systemSIGTERM, systemSIGHUP, systemSIGQUIT] where !systemSignalIsIgnored(signal) {
                systemSetSignalHandler(signal, handler)
            }
        }
        path[0] = 0
        guard let temporaryPath, temporaryPath.utf8.count < 4095 else { return }
        // The first byte last: a handler running meanwhile sees no name, never half of one.
        temporaryPath.withCString { source in
            (path + 1).update(from: source + 1, count: temporaryPath.utf8.count)
            path[0] = source[0]
        }
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        if SignalCleanup.path[0] != 0 { systemUnlink(UnsafePointer(SignalCleanup.path)) }
        systemReraiseWithDefaultAction(signal)
    }
}
