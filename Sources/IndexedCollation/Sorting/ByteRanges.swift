import SystemSupport

/// The byte ranges of many records in one buffer (lines of an input, key fields, payloads):
/// a random-access collection of `Range<Int>` that keeps each range as a 4-byte start and
/// a 4-byte length while its end is under 4 GiB, and as a whole `Range<Int>` (16 bytes)
/// once a range ends beyond.
///
/// At 10M lines the ranges of an input are held from its read to its output, beside the
/// input itself: 80 MB narrow against 160 MB as `[Range<Int>]`, an eighth of the peak of
/// `collate` on 10M distinct lines. Ranges past 4 GiB (an input that large, read whole)
/// switch the collection to wide ranges once, as ``SortKeyArena`` does its key ends.
package struct ByteRanges: RandomAccessCollection, Sendable {
    /// A range as its start and length, both under 4 GiB.
    @usableFromInline
    struct Narrow: Sendable {
        @usableFromInline var start: UInt32
        @usableFromInline var count: UInt32

        @inlinable
        init(start: UInt32, count: UInt32) {
            self.start = start
            self.count = count
        }
    }

    /// The ranges while every one ends under 4 GiB (then ``wide`` is empty).
    @usableFromInline var narrow: [Narrow] = []
    /// The ranges once one ended beyond 4 GiB (then ``narrow`` is empty).
    @usableFromInline var wide: [Range<Int>] = []
    /// Whether the ranges are kept wide.
    @usableFromInline var isWide = false

    /// No ranges.
    package init() {}

    /// The given ranges, narrow when every one ends under 4 GiB (inlinable: specialized
    /// for the caller's sequence, not read through generic metadata a range at a time).
    @inlinable
    package init(_ ranges: some Sequence<Range<Int>>) {
        reserveCapacity(ranges.underestimatedCount)
        for range in ranges { append(range) }
    }

    /// `count` ranges written by `body` through a ``Writer`` (on any number of threads,
    /// each range exactly once) into storage of the exact size, narrow when the buffer the
    /// ranges point into has at most 4 GiB, the storage advised huge pages
    /// (``HugePages``).
    /// - Parameters:
    ///   - count: How many ranges.
    ///   - bufferCount: The size of the buffer the ranges lie in.
    ///   - body: Initializes every range from 0 to `count - 1`.
    package init(count: Int, bufferCount: Int, initializingWith body: (Writer) -> Void) {
        if Self.fitsNarrow(upperBound: bufferCount) {
            narrow = [Narrow](unsafeUninitializedCapacity: count) { storage, initialized in
                HugePages.advise(UnsafeMutableRawBufferPointer(storage))
                body(Writer(narrow: storage.baseAddress, wide: nil))
                initialized = count
            }
        } else {
            isWide = true
            wide = [Range<Int>](unsafeUninitializedCapacity: count) { storage, initialized in
                HugePages.advise(UnsafeMutableRawBufferPointer(storage))
                body(Writer(narrow: nil, wide: storage.baseAddress))
                initialized = count
            }
        }
    }

    /// Where ``ByteRanges/init(count:bufferCount:initializingWith:)`` writes its ranges:
    /// each index once, from any thread.
    package struct Writer: @unchecked Sendable {
        // @unchecked: pointers into storage that outlives the writer, each index written once.
        let narrow: UnsafeMutablePointer<Narrow>?
        let wide: UnsafeMutablePointer<Range<Int>>?

        /// Writes range `index`.
        @inline(__always)
        package func initialize(at index: Int, to range: Range<Int>) {
            if let narrow {
                (narrow + index).initialize(
                    to: Narrow(start: UInt32(truncatingIfNeeded: range.lowerBound), count: UInt32(truncatingIfNeeded: range.count)))
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
        try narrow.withUnsafeBufferPointer { (narrow) throws(Failure) in
            try wide.withUnsafeBufferPointer { (wide) throws(Failure) in
                try body(View(narrow: narrow.baseAddress, wide: isWide ? wide.baseAddress : nil, count: count))
            }
        }
    }

    /// A read-only view of byte ranges, valid inside ``withUnsafeRanges(_:)``.
    package struct View: @unchecked Sendable {
        // @unchecked: a view of storage that outlives every use (see withUnsafeRanges).
        @usableFromInline let narrow: UnsafePointer<Narrow>?
        @usableFromInline let wide: UnsafePointer<Range<Int>>?
        /// How many ranges there are.
        package let count: Int

        @inlinable
        init(narrow: UnsafePointer<Narrow>?, wide: UnsafePointer<Range<Int>>?, count: Int) {
            self.narrow = narrow
            self.wide = wide
            self.count = count
        }

        /// Range `index` (in `0..<count`, unchecked).
        @inlinable @inline(__always)
        package subscript(index: Int) -> Range<Int> {
            if let wide { return wide[index] }
            let range = narrow.unsafelyUnwrapped[index]
            let start = Int(range.start)
            return start..<start + Int(range.count)
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

    /// Whether a range ending at `upperBound` is kept narrow.
    @inlinable
    static func fitsNarrow(upperBound: Int) -> Bool { upperBound <= Int(UInt32.max) }

    @inlinable
    package var startIndex: Int { 0 }

    @inlinable
    package var endIndex: Int { isWide ? wide.count : narrow.count }

    @inlinable
    package subscript(position: Int) -> Range<Int> {
        if isWide { return wide[position] }
        let range = narrow[position]
        let start = Int(range.start)
        return start..<start + Int(range.count)
    }

    /// Appends a range (the collection turns wide once a range ends beyond 4 GiB).
    @inlinable
    package mutating func append(_ range: Range<Int>) {
        if !isWide && Self.fitsNarrow(upperBound: range.upperBound) {
            narrow.append(Narrow(start: UInt32(truncatingIfNeeded: range.lowerBound), count: UInt32(truncatingIfNeeded: range.count)))
        } else {
            widen()
            wide.append(range)
        }
    }

    /// Reserves room for `count` ranges in all.
    @inlinable
    package mutating func reserveCapacity(_ count: Int) {
        if isWide { wide.reserveCapacity(count) } else { narrow.reserveCapacity(count) }
    }

    /// Switches to wide ranges (once one ends beyond 4 GiB).
    @usableFromInline
    mutating func widen() {
        guard !isWide else { return }
        wide = indices.map { self[$0] }
        narrow = []
        isWide = true
    }
}

extension ByteRanges: Equatable {
    package static func == (left: ByteRanges, right: ByteRanges) -> Bool { left.elementsEqual(right) }
}

extension ByteRanges: ExpressibleByArrayLiteral {
    package init(arrayLiteral ranges: Range<Int>...) { self.init(ranges) }
}
