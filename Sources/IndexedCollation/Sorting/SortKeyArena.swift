/// Many sort keys in one contiguous byte array: key i is `bytes[starts[i]..<starts[i+1]]`.
///
/// One allocation for a million keys instead of a million arrays; comparison is memcmp
/// over two slices of the same buffer.
package struct SortKeyArena: Sendable {
    package var bytes: [UInt8] = []
    package var starts: [Int] = [0]

    package init() {}

    package var count: Int { starts.count - 1 }

    package func key(_ index: Int) -> ArraySlice<UInt8> { bytes[starts[index]..<starts[index + 1]] }

    /// Appends the contents of another arena (a chunk computed on another thread).
    package mutating func append(contentsOf other: SortKeyArena) {
        let base = bytes.count
        bytes.append(contentsOf: other.bytes)
        starts.reserveCapacity(starts.count + other.count)
        for index in 1..<other.starts.count { starts.append(base + other.starts[index]) }
    }
}
