/// A buffer pointer handed to worker threads that write disjoint elements.
struct SendablePointer<Element>: @unchecked Sendable {
    // @unchecked: each worker touches only its own indices; the owner outlives the workers.
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
