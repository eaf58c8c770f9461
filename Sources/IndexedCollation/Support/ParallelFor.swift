import Dispatch

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
