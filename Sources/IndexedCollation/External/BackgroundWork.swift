import Dispatch

/// Work started on another thread whose result is collected later with ``wait()``: the
/// spilled sort writes run *k* this way while piece *k*+1 is read and keyed.
///
/// The closure may capture values that are not `Sendable` (the piece's lines and keys):
/// the caller hands them over and neither changes nor frees them before ``wait()``
/// returns, which is what the unchecked conformance stands for.
package final class BackgroundWork<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var body: (() throws -> Value)?
    private var result: Result<Value, any Error>?

    /// Starts `body` on a global queue.
    package init(_ body: @escaping () throws -> Value) {
        self.body = body
        DispatchQueue.global().async { self.run() }
    }

    private func run() {
        result = Result { try body!() }
        body = nil
        done.signal()
    }

    /// Waits for the work to end. - Returns: Its value. - Throws: What it threw.
    package func wait() throws -> Value {
        done.wait()
        defer { done.signal() }  // a second wait returns at once
        return try result!.get()
    }
}
