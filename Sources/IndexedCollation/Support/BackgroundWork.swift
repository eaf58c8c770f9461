import Dispatch

/// Work started on another thread whose result is collected later with ``wait()``: the
/// spilled sort writes run *k* this way while piece *k*+1 is read and keyed, and a new
/// search index makes the lookups of each piece of texts while the next is gathered.
///
/// The closure may capture values that are not `Sendable` (the piece's lines and keys):
/// the caller hands them over and neither changes nor frees them before ``wait()``
/// returns, which is what the unchecked conformance stands for.
package final class BackgroundWork<Value, Failure: Error>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var body: (() throws(Failure) -> Value)?
    private var result: Result<Value, Failure>?

    /// Starts `body` on a global queue.
    package init(_ body: @escaping () throws(Failure) -> Value) {
        self.body = body
        DispatchQueue.global().async { self.run() }
    }

    private func run() {
        do throws(Failure) { result = .success(try body!()) } catch { result = .failure(error) }
        body = nil
        done.signal()
    }

    /// Waits for the work to end. - Returns: Its value. - Throws: What it threw.
    package func wait() throws(Failure) -> Value {
        done.wait()
        defer { done.signal() }  // a second wait returns at once
        return try result!.get()
    }
}
