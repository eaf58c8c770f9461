/// A read-only buffer handed to worker threads.
struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    // @unchecked: read only, and the owner outlives the workers.
    let buffer: UnsafeBufferPointer<Element>
    init(_ buffer: UnsafeBufferPointer<Element>) { self.buffer = buffer }
}
