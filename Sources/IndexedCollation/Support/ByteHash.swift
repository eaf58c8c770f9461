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
