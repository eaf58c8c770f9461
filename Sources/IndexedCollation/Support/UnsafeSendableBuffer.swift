/// A read-only buffer handed to worker threads.
package struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    // @unchecked: read only, and the owner outlives the workers.
    package let buffer: UnsafeBufferPointer<Element>
    package init(_ buffer: UnsafeBufferPointer<Element>) { self.buffer = buffer }
}
