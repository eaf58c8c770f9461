/// memcmp order of two byte sequences; a proper prefix sorts first. The one byte
/// comparison behind sort keys, storage keys, section boundaries and the spilled merge.
/// - Returns: A negative number, zero or a positive number as `a` sorts before, equal
///   to or after `b`.
/// - Complexity: O(min(*a*, *b*)), one vectorized memcmp.
@inline(__always)
package func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(a.count, b.count)
    if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
        let result = systemMemcmp(pa, pb, common)
        if result != 0 { return result }
    }
    return a.count - b.count
}

/// memcmp order of two byte slices (see ``compareBytes(_:_:)-(UnsafeBufferPointer<UInt8>,_)``).
@inline(__always)
package func compareBytes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in compareBytes(a, b) } }
}

/// Whether two byte sequences are identical.
@inline(__always)
func equalBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.count == b.count && compareBytes(a, b) == 0
}
