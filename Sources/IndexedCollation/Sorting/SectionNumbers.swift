import SystemSupport

/// The section of each record (or distinct text) of a run: one byte a number when the
/// collation has at most 256 sections (every ICU index: Korean has 14 titles plus the
/// catch-alls, Latin 26), four bytes otherwise.
///
/// A run holds one number per distinct text while it sorts, and one per record after:
/// at a byte each, ten million records take 10 MB instead of 40.
package struct SectionNumbers: Sendable, Equatable, RandomAccessCollection, MutableCollection {
    /// The numbers, when every one fits a byte.
    private var narrow: [UInt8] = []
    /// The numbers, when some collation section is past 255.
    private var wide: [Int32] = []
    /// Whether ``wide`` holds the numbers.
    private let isWide: Bool

    /// `count` numbers, all 0, for a collation of `sectionCount` sections.
    package init(count: Int, sectionCount: Int) {
        isWide = sectionCount > Int(UInt8.max) + 1
        if isWide {
            wide = [Int32](hugePagesRepeating: 0, count: count)
        } else {
            narrow = [UInt8](hugePagesRepeating: 0, count: count)
        }
    }

    /// The numbers of `sections`, stored as narrow as `sectionCount` allows.
    package init(_ sections: some Sequence<Int>, sectionCount: Int) {
        isWide = sectionCount > Int(UInt8.max) + 1
        if isWide {
            wide = sections.map { Int32($0) }
        } else {
            narrow = sections.map { UInt8($0) }
        }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { isWide ? wide.count : narrow.count }

    package subscript(index: Int) -> Int {
        @inline(__always) get { isWide ? Int(wide[index]) : Int(narrow[index]) }
        set {
            if isWide { wide[index] = Int32(newValue) } else { narrow[index] = UInt8(newValue) }
        }
    }

    /// Calls `body` with a writer that sets numbers from several threads at once (each
    /// index written by one thread only).
    package mutating func withWriter<Result>(_ body: (Writer) -> Result) -> Result {
        if isWide {
            return wide.withUnsafeMutableBufferPointer { body(Writer(narrow: nil, wide: $0.baseAddress)) }
        }
        return narrow.withUnsafeMutableBufferPointer { body(Writer(narrow: $0.baseAddress, wide: nil)) }
    }

    /// Calls `body` with a reader of the numbers for loops on several threads.
    package func withReader<Result>(_ body: (Reader) -> Result) -> Result {
        if isWide {
            return wide.withUnsafeBufferPointer { body(Reader(narrow: nil, wide: $0.baseAddress)) }
        }
        return narrow.withUnsafeBufferPointer { body(Reader(narrow: $0.baseAddress, wide: nil)) }
    }

    /// Reads numbers of a ``SectionNumbers`` from worker threads (``withReader(_:)``).
    package struct Reader: @unchecked Sendable {
        // @unchecked: valid only inside `withReader`, which reads an array no one writes.
        let narrow: UnsafePointer<UInt8>?
        let wide: UnsafePointer<Int32>?

        @inline(__always)
        package subscript(index: Int) -> Int {
            if let narrow { return Int(narrow[index]) }
            return Int(wide.unsafelyUnwrapped[index])
        }
    }

    /// Sets numbers of a ``SectionNumbers`` from worker threads (``withWriter(_:)``).
    package struct Writer: @unchecked Sendable {
        // @unchecked: valid only inside `withWriter`, each index written by one thread.
        let narrow: UnsafeMutablePointer<UInt8>?
        let wide: UnsafeMutablePointer<Int32>?

        @inline(__always)
        package func set(_ index: Int, to section: Int) {
            if let narrow { narrow[index] = UInt8(truncatingIfNeeded: section) } else { wide.unsafelyUnwrapped[index] = Int32(section) }
        }
    }
}
