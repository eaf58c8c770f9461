// Signals and the process: the platform layer of `Syscalls.swift` for signal actions,
// exit and the environment.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

// MARK: - Signals and the process

package var systemSIGINT: Int32 { SIGINT }
package var systemSIGTERM: Int32 { SIGTERM }
package var systemSIGHUP: Int32 { SIGHUP }
package var systemSIGQUIT: Int32 { SIGQUIT }

/// Gives SIGQUIT back its default action (quit with a core dump) unless it is ignored:
/// the Swift runtime's backtracer otherwise catches it and the run goes on.
package func systemRestoreQuitSignal() {
    if !systemSignalIsIgnored(SIGQUIT) { _ = signal(SIGQUIT, SIG_DFL) }
}

/// Ignores SIGXFSZ, so a full disk or `ulimit -f` is a write error (EFBIG), not a kill.
package func systemIgnoreFileSizeSignal() { _ = signal(SIGXFSZ, SIG_IGN) }

/// Ignores SIGPIPE, so a reader that goes away (`collate … | head`) is a write error
/// (EPIPE), which the output ends quietly on, not a kill by signal (status 141).
package func systemIgnorePipeSignal() { _ = signal(SIGPIPE, SIG_IGN) }

/// Whether a signal's action is "ignore" (SIG_IGN), as `nohup` and `trap '' HUP` leave it
/// for their children; such a signal must stay ignored.
package func systemSignalIsIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    #if canImport(Darwin)
    let handler = current.__sigaction_u.__sa_handler
    #else
    let handler = current.__sigaction_handler.sa_handler
    #endif
    return handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false  // SIG_IGN is 1
}

/// Installs a handler for a signal.
package func systemSetSignalHandler(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) {
    _ = signal(number, handler)
}

/// Async-signal-safe: restores a signal's default action and raises it again.
package func systemReraiseWithDefaultAction(_ number: Int32) {
    _ = signal(number, SIG_DFL)
    _ = raise(number)
}

/// Async-signal-safe unlink(2) of a NUL-terminated path.
package func systemUnlink(_ path: UnsafePointer<CChar>) { _ = unlink(path) }

/// Ends the process.
package func systemExit(_ status: Int32) -> Never { exit(status) }

/// The process environment.
package func systemEnvironment() -> [String: String] {
    #if canImport(Darwin)
    guard var pointer = _NSGetEnviron()?.pointee else { return [:] }
    #else
    var pointer = environ
    #endif
    var result = [String: String]()
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    return result
}
