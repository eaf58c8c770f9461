import SystemSupport

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

/// A fast 64-bit hash of bytes (8 at a time, multiply-xorshift mixing), for grouping
/// identical texts; not for anything that outlives a run.
/// - Parameters:
///   - bytes: The bytes.
///   - seed: Chains hashes of several byte ranges.
/// - Returns: The hash.
@inline(__always)
func hashBytes(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
    var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
    var index = 0
    let count = bytes.count
    if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index += 8
        }
        var tail: UInt64 = 0
        while index < count {
            tail = tail << 8 | UInt64(base[index])
            index += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    }
    return hash ^ (hash >> 29)
}

/// Many strings copied once into one UTF-8 byte buffer, each known by its byte range: the
/// engine's input shape, built from `String` keys without a per-string array.
struct UTF8Buffer {
    /// The bytes of every appended string, back to back.
    private(set) var bytes: [UInt8] = []

    /// Appends a string.
    /// - Parameter text: The string.
    /// - Returns: Its range in ``bytes``.
    mutating func append(_ text: String) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        return start..<bytes.count
    }
}

extension String {
    /// The string as rewritten by a function over UTF-8 bytes (a surname substitute, a
    /// guessed reading), or nil when the function leaves it alone.
    ///
    /// - Parameter rewrite: Writes the rewritten bytes of its input to its output and
    ///   returns true, or returns false when there is nothing to rewrite.
    /// - Returns: The rewritten string, or nil.
    package func rewritingUTF8(_ rewrite: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Bool) -> String? {
        var text = self
        var output = [UInt8]()
        let rewritten = text.withUTF8 { rewrite($0, &output) }
        return rewritten ? String(decoding: output, as: UTF8.self) : nil
    }
}
