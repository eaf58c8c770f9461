/// A growable byte buffer on raw memory, for the hot loops of run writing and reading
/// (no per-record arrays, no copy-on-write checks).
package struct ByteBuffer {
    package private(set) var base: UnsafeMutablePointer<UInt8>
    package private(set) var capacity: Int
    package var count = 0

    package init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; the buffer must not be used afterwards.
    package func free() { base.deallocate() }

    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    package mutating func reserve(_ extra: Int) {
        if count + extra <= capacity { return }
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        // One big jump (a long record): what it needs, not the next power of two, so a
        // record of 2.5 MB takes 2.5 MB, not 4.
        if count + extra > 2 * capacity { newCapacity = (count + extra + 4095) & ~4095 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Gives back memory a long record made the buffer take: an empty buffer larger than
    /// `limit` bytes is reallocated at `capacity` bytes.
    package mutating func shrink(to capacity: Int, over limit: Int) {
        guard count == 0, self.capacity > max(limit, capacity) else { return }
        base.deallocate()
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let length = bytes.count
        reserve(length)
        let target = base + count
        if length >= 8 && length <= 32 {
            // Keys and lines are mostly this short: overlapping 8-byte moves (all loaded
            // before any is stored) instead of a call to memmove.
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(target)
            let half = length / 2
            let a = from.loadUnaligned(as: UInt64.self)
            let b = from.loadUnaligned(fromByteOffset: max(8, half) - 8, as: UInt64.self)
            let c = from.loadUnaligned(fromByteOffset: min(half, length - 8), as: UInt64.self)
            let d = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            to.storeBytes(of: a, as: UInt64.self)
            to.storeBytes(of: b, toByteOffset: max(8, half) - 8, as: UInt64.self)
            to.storeBytes(of: c, toByteOffset: min(half, length - 8), as: UInt64.self)
            to.storeBytes(of: d, toByteOffset: length - 8, as: UInt64.self)
        } else if length < 8 {
            for index in 0..<length { target[index] = source[index] }
        } else {
            target.update(from: source, count: length)
        }
        count += length
    }

    /// Appends `value` as a LEB128 varint (7 bits a byte, low bits first).
    @inline(__always)
    package mutating func appendVarint(_ value: Int) {
        reserve(10)
        var rest = UInt(value)
        while rest >= 0x80 {
            base[count] = UInt8(truncatingIfNeeded: rest) | 0x80
            count += 1
            rest >>= 7
        }
        base[count] = UInt8(rest)
        count += 1
    }

    /// Appends two small numbers in one byte (4 bits each, the first high); a number of 15
    /// or more is written as 15 there and the rest follows as a varint (first's, then
    /// second's).
    @inline(__always)
    package mutating func appendPair(_ first: Int, _ second: Int) {
        append(UInt8(truncatingIfNeeded: min(first, 15) << 4 | min(second, 15)))
        if first >= 15 { appendVarint(first - 15) }
        if second >= 15 { appendVarint(second - 15) }
    }

    /// The first 8 bytes as a big-endian integer, zero-padded: comparing two prefixes
    /// orders keys as memcmp does whenever the prefixes differ.
    @inline(__always)
    package var prefix: UInt64 {
        if count >= 8 {
            return UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        }
        var value: UInt64 = 0
        for index in 0..<8 { value = value << 8 | (index < count ? UInt64(base[index]) : 0) }
        return value
    }
}

/// The length of the common prefix of two byte runs, 8 bytes at a time.
@inline(__always)
package func sharedPrefixLength(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    guard let left = a.baseAddress, let right = b.baseAddress else { return 0 }
    let limit = min(a.count, b.count)
    var index = 0
    while index + 8 <= limit {
        let x = UnsafeRawPointer(left + index).loadUnaligned(as: UInt64.self)
        let y = UnsafeRawPointer(right + index).loadUnaligned(as: UInt64.self)
        if x != y { return index + (x ^ y).trailingZeroBitCount / 8 }
        index += 8
    }
    while index < limit && left[index] == right[index] { index += 1 }
    return index
}

/// The length of the common suffix of two byte runs, at most `limit`.
@inline(__always)
package func sharedSuffixLength(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
    guard limit > 0, let left = a.baseAddress, let right = b.baseAddress else { return 0 }
    var count = 0
    var x = left + a.count - 1
    var y = right + b.count - 1
    while count < limit && x.pointee == y.pointee {
        count += 1
        x -= 1
        y -= 1
    }
    return count
}

/// The first and last byte of `bytes` XORed (0 when empty): loading them brings both ends
/// into the cache ahead of use. Give what a batch loaded to ``LoadedBytes/keep(_:)``.
@inlinable @inline(__always)
package func loadEnds(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
    guard let first = bytes.baseAddress, bytes.count > 0 else { return 0 }
    return first[0] ^ first[bytes.count - 1]
}

/// Takes bytes that were loaded only to bring their cache lines in ahead of use (the
/// records of a run or an output block are read in sorted order, from all over memory;
/// loading a batch's ends first makes their cache misses overlap), so the optimizer keeps
/// those loads: the value is stored in an object it cannot prove nobody reads.
///
/// Each writer owns one and uses it from one thread at a time: several sorters (or block
/// formatters) running at once never store to one place. (A single global here was a data
/// race under ThreadSanitizer when several `ExternalSorter`s ran at once.)
package final class LoadedBytes {
    private var value: UInt8 = 0

    package init() {}

    /// Keeps what a batch loaded.
    @inline(never)
    package func keep(_ loaded: UInt8) { value ^= loaded }
}
