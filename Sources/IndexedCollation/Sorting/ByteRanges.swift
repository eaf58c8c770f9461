import SystemSupport

/// The byte ranges of many records in one buffer (lines of an input, key fields, payloads):
/// a random-access collection of `Range<Int>` kept as small as the ranges allow.
///
/// - *Packed* (the start): 5 bytes a range, its 4-byte start and a 1-byte length, while
///   every range ends under 4 GiB. A length of 255 or more keeps the byte 255 and its
///   true length in a short side table (``Long``, found by binary search), so names and
///   lines of any length fit; once more than one range in eight is that long (records of
///   whole CSV rows), the collection turns narrow.
/// - *Narrow*: a 4-byte start and a 4-byte length (8 bytes).
/// - *Wide*: whole `Range<Int>`s (16 bytes), once a range ends beyond 4 GiB (an input
///   that large, read whole), as ``SortKeyArena`` does its key ends.
///
/// At 10M lines the ranges of an input are held from its read to its output, beside the
/// input itself: 50 MB packed against 80 MB narrow and 160 MB as `[Range<Int>]`.
package struct ByteRanges: RandomAccessCollection, Sendable {
    /// A range as its start and length, both under 4 GiB.
    @usableFromInline
    struct Narrow: Sendable {
        @usableFromInline var start: UInt32
        @usableFromInline var count: UInt32

        /// `range`, which ends under 4 GiB.
        @inlinable
        init(_ range: Range<Int>) {
            start = UInt32(truncatingIfNeeded: range.lowerBound)
            count = UInt32(truncatingIfNeeded: range.count)
        }

        @inlinable
        var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
    }

    /// The true length of a packed range whose length byte is 255.
    @usableFromInline
    struct Long: Sendable {
        @usableFromInline var index: Int
        @usableFromInline var count: Int

        @inlinable
        init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    /// Bytes a packed range takes.
    @usableFromInline static let packedWidth = 5
    /// The length byte of a packed range that is 255 bytes long or longer.
    @usableFromInline static let longMark: UInt8 = 255

    /// The ranges while packed: 5 bytes each (empty otherwise).
    @usableFromInline var packed: [UInt8] = []
    /// The lengths of packed ranges of 255 bytes or more, by ascending index.
    @usableFromInline var longs: [Long] = []
    /// The ranges while narrow (empty otherwise).
    @usableFromInline var narrow: [Narrow] = []
    /// The ranges once one ended beyond 4 GiB (empty otherwise).
    @usableFromInline var wide: [Range<Int>] = []
    /// Whether the ranges are kept wide.
    @usableFromInline var isWide = false
    /// Whether the ranges are kept narrow.
    @usableFromInline var isNarrow = false

    /// No ranges.
    package init() {}

    /// The given ranges, packed when they allow (inlinable: specialized for the caller's
    /// sequence, not read through generic metadata a range at a time).
    @inlinable
    package init(_ ranges: some Sequence<Range<Int>>) {
        reserveCapacity(ranges.underestimatedCount)
        for range in ranges { append(range) }
    }

    /// `count` ranges written by `body` through a ``Writer`` (on any number of threads,
    /// each range exactly once) into storage of the exact size, packed when the buffer the
    /// ranges point into has at most 4 GiB, the storage advised huge pages
    /// (``HugePages``).
    /// - Parameters:
    ///   - count: How many ranges.
    ///   - bufferCount: The size of the buffer the ranges lie in.
    ///   - body: Initializes every range from 0 to `count - 1`.
    package init(count: Int, bufferCount: Int, initializingWith body: (Writer) -> Void) {
        if Self.fitsNarrow(upperBound: bufferCount) {
            let collector = LongCollector()
            packed = [UInt8](hugePagesCount: count * Self.packedWidth) { storage in
                body(Writer(packed: storage.baseAddress, wide: nil, longs: collector))
            }
            longs = collector.sorted()
            if Self.prefersNarrow(longs: longs.count, of: count) { makeNarrow() }
        } else {
            isWide = true
            wide = [Range<Int>](hugePagesCount: count) { storage in body(Writer(packed: nil, wide: storage.baseAddress, longs: nil)) }
        }
    }

    /// The length byte of a packed range of `count` bytes: the count itself, or
    /// ``longMark`` when the true count goes to the side table.
    @inlinable @inline(__always)
    static func lengthByte(_ count: Int) -> UInt8 { count < Int(longMark) ? UInt8(truncatingIfNeeded: count) : longMark }

    /// Whether `longs` ranges of 255 bytes or more among `count` make narrow storage the
    /// smaller (one in eight: 5 + 16 / 8 bytes a range, about narrow's 8).
    @inlinable
    static func prefersNarrow(longs: Int, of count: Int) -> Bool { longs > 64 && longs > count / 8 }

    /// The long ranges a ``Writer`` met, from any thread.
    final class LongCollector: @unchecked Sendable {
        // @unchecked: `items` is touched only under `mutex`.
        private var items: [Long] = []
        private let mutex = systemMutexCreate()

        deinit { systemMutexDestroy(mutex) }

        func add(_ long: Long) {
            systemMutexLock(mutex)
            items.append(long)
            systemMutexUnlock(mutex)
        }

        /// The ranges met, by index.
        func sorted() -> [Long] {
            systemMutexLock(mutex)
            defer { systemMutexUnlock(mutex) }
            return items.sorted { $0.index < $1.index }
        }
    }

    /// Where ``ByteRanges/init(count:bufferCount:initializingWith:)`` writes its ranges:
    /// each index once, from any thread.
    package struct Writer: @unchecked Sendable {
        // @unchecked: pointers into storage that outlives the writer, each index written once.
        let packed: UnsafeMutablePointer<UInt8>?
        let wide: UnsafeMutablePointer<Range<Int>>?
        let longs: LongCollector?

        /// Writes range `index`.
        @inline(__always)
        package func initialize(at index: Int, to range: Range<Int>) {
            if let packed {
                let slot = UnsafeMutableRawPointer(packed + index * ByteRanges.packedWidth)
                let length = ByteRanges.lengthByte(range.count)
                slot.storeBytes(of: UInt32(truncatingIfNeeded: range.lowerBound), as: UInt32.self)
                slot.storeBytes(of: length, toByteOffset: 4, as: UInt8.self)
                if length == ByteRanges.longMark { longs.unsafelyUnwrapped.add(Long(index: index, count: range.count)) }
            } else {
                (wide.unsafelyUnwrapped + index).initialize(to: range)
            }
        }
    }

    /// Calls `body` with a read-only view of the ranges, for hot loops (no bounds checks,
    /// no reference counting, inlined across modules: the output writers read a range a
    /// record at random places).
    @inlinable
    package func withUnsafeRanges<Result, Failure: Error>(_ body: (View) throws(Failure) -> Result) throws(Failure) -> Result {
        try packed.withUnsafeBufferPointer { (packed) throws(Failure) in
            try longs.withUnsafeBufferPointer { (longs) throws(Failure) in
                try narrow.withUnsafeBufferPointer { (narrow) throws(Failure) in
                    try wide.withUnsafeBufferPointer { (wide) throws(Failure) in
                        try body(
                            View(
                                packed: isWide || isNarrow ? nil : packed.baseAddress, longs: longs,
                                narrow: isNarrow ? narrow.baseAddress : nil, wide: isWide ? wide.baseAddress : nil, count: count))
                    }
                }
            }
        }
    }

    /// A read-only view of byte ranges, valid inside ``withUnsafeRanges(_:)``.
    package struct View: @unchecked Sendable {
        // @unchecked: a view of storage that outlives every use (see withUnsafeRanges).
        @usableFromInline let packed: UnsafePointer<UInt8>?
        @usableFromInline let longs: UnsafeBufferPointer<Long>
        @usableFromInline let narrow: UnsafePointer<Narrow>?
        @usableFromInline let wide: UnsafePointer<Range<Int>>?
        /// How many ranges there are.
        package let count: Int

        @inlinable
        init(
            packed: UnsafePointer<UInt8>?, longs: UnsafeBufferPointer<Long>, narrow: UnsafePointer<Narrow>?,
            wide: UnsafePointer<Range<Int>>?, count: Int
        ) {
            self.packed = packed
            self.longs = longs
            self.narrow = narrow
            self.wide = wide
            self.count = count
        }

        /// Range `index` (in `0..<count`, unchecked).
        @inlinable @inline(__always)
        package subscript(index: Int) -> Range<Int> {
            if let packed { return ByteRanges.packedRange(index, in: packed, longs: longs) }
            if let wide { return wide[index] }
            return narrow.unsafelyUnwrapped[index].range
        }

        /// Writes range `indices[i]` to `target[i]` for every `i`: a whole gather in one
        /// call. The tool's loops reach the subscript through an out-of-line call per
        /// range (`package` bodies are not inlined across this package's modules, as the
        /// symbols of a release build show), 2.7 % of the CPU of the `tsv` writer on 1M
        /// English lines.
        package func gather(_ indices: UnsafeBufferPointer<Int32>, into target: UnsafeMutablePointer<Range<Int>>) {
            for (slot, index) in indices.enumerated() { (target + slot).initialize(to: self[Int(index)]) }
        }
    }

    /// Packed range `index`: its start and length byte, and for the length byte 255 its
    /// true length from `longs` (binary search by index).
    @inlinable @inline(__always)
    static func packedRange(_ index: Int, in packed: UnsafePointer<UInt8>, longs: UnsafeBufferPointer<Long>) -> Range<Int> {
        let slot = UnsafeRawPointer(packed + index * packedWidth)
        let start = Int(slot.loadUnaligned(as: UInt32.self))
        let length = slot.load(fromByteOffset: 4, as: UInt8.self)
        if length != longMark { return start..<start + Int(length) }
        var (low, high) = (0, longs.count)
        while low < high {
            let middle = (low + high) / 2
            if longs[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return start..<start + longs[low].count
    }

    /// Whether a range ending at `upperBound` is kept packed or narrow.
    @inlinable
    static func fitsNarrow(upperBound: Int) -> Bool { upperBound <= Int(UInt32.max) }

    @inlinable
    package var startIndex: Int { 0 }

    @inlinable
    package var endIndex: Int { isWide ? wide.count : isNarrow ? narrow.count : packed.count / Self.packedWidth }

    @inlinable
    package subscript(position: Int) -> Range<Int> {
        if isWide { return wide[position] }
        if isNarrow { return narrow[position].range }
        precondition(position >= 0 && position < endIndex, "index out of range")
        return packed.withUnsafeBufferPointer { packed in
            longs.withUnsafeBufferPointer { longs in Self.packedRange(position, in: packed.baseAddress!, longs: longs) }
        }
    }

    /// Appends a range (the collection turns narrow once one range in eight is 255 bytes
    /// long or longer, and wide once a range ends beyond 4 GiB).
    @inlinable
    package mutating func append(_ range: Range<Int>) {
        if isWide || !Self.fitsNarrow(upperBound: range.upperBound) {
            widen()
            wide.append(range)
        } else if isNarrow {
            narrow.append(Narrow(range))
        } else {
            let index = count
            let length = Self.lengthByte(range.count)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: range.lowerBound)) { packed.append(contentsOf: $0) }
            packed.append(length)
            if length == Self.longMark {
                longs.append(Long(index: index, count: range.count))
                if Self.prefersNarrow(longs: longs.count, of: index + 1) { makeNarrow() }
            }
        }
    }

    /// Reserves room for `count` ranges in all.
    @inlinable
    package mutating func reserveCapacity(_ count: Int) {
        if isWide {
            wide.reserveCapacity(count)
        } else if isNarrow {
            narrow.reserveCapacity(count)
        } else {
            packed.reserveCapacity(count * Self.packedWidth)
        }
    }

    /// Switches packed ranges to narrow ones (when many are long).
    @usableFromInline
    mutating func makeNarrow() {
        guard !isWide && !isNarrow else { return }
        narrow = map(Narrow.init)
        (packed, longs) = ([], [])
        isNarrow = true
    }

    /// Switches to wide ranges (once one ends beyond 4 GiB).
    @usableFromInline
    mutating func widen() {
        guard !isWide else { return }
        wide = indices.map { self[$0] }
        (packed, longs, narrow) = ([], [], [])
        isWide = true
        isNarrow = false
    }
}

extension ByteRanges: Equatable {
    package static func == (left: ByteRanges, right: ByteRanges) -> Bool { left.elementsEqual(right) }
}

extension ByteRanges: ExpressibleByArrayLiteral {
    package init(arrayLiteral ranges: Range<Int>...) { self.init(ranges) }
}
