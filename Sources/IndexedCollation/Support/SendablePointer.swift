/// A buffer pointer handed to worker threads that write disjoint elements.
package struct SendablePointer<Element>: @unchecked Sendable {
    // @unchecked: each worker touches only its own indices; the owner outlives the workers.
    package let buffer: UnsafeMutableBufferPointer<Element>
    package init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
