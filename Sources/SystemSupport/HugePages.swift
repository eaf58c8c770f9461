/// Transparent huge pages for the few large buffers of a run (input, line ranges, keys,
/// sort entries): where the system leaves huge pages to the program (Linux's THP
/// "madvise" mode, Debian's default), a buffer advised before it is first written takes
/// one page fault per 2 MiB instead of one per 4 KiB. Only the whole 2 MiB pages inside
/// the buffer are advised, so nothing outside it changes; the advice is a hint, ignored
/// where huge pages are off or unsupported.
@usableFromInline
package enum HugePages {
    /// The huge page size advised for (x86-64 and arm64 with 4 KiB pages).
    @usableFromInline
    package static let size = 2 << 20

    /// Advises the whole huge pages inside `buffer` (none when it holds none).
    @usableFromInline
    package static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count >= size else { return }
        let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(size - 1)
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        systemAdviseHugePages(first, byteCount: end - start)
    }
}

extension HugePages {
    /// Gives the whole pages inside `buffer` back to the system (``systemDiscardPages(_:byteCount:)``):
    /// for the end of a buffer's storage that held bytes no longer used.
    package static func discard(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        let page = systemPageSize
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(page - 1)
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        systemDiscardPages(first, byteCount: end - start)
    }
}

extension Array {
    /// An empty array with room for `capacity` elements whose storage, when large, is
    /// advised for huge pages before anything is written to it (``HugePages``).
    ///
    /// At 0 it is a plain empty array: `init(unsafeUninitializedCapacity: 0)` stores the
    /// count into the runtime's one shared empty-array storage, a write that
    /// ThreadSanitizer reports as a race with any thread reading an empty array.
    @inlinable
    package init(hugePagesCapacity capacity: Int) {
        guard capacity > 0 else {
            self.init()
            return
        }
        self.init(unsafeUninitializedCapacity: capacity) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            initialized = 0
        }
    }

    /// An array of `count` elements written by `initialize` (which must initialize all of
    /// them), its storage advised for huge pages first when large.
    @inlinable
    package init(hugePagesCount count: Int, _ initialize: (UnsafeMutableBufferPointer<Element>) -> Void) {
        guard count > 0 else {
            // No shared empty storage written (see init(hugePagesCapacity:)).
            self.init()
            return
        }
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            initialize(buffer)
            initialized = count
        }
    }

    /// `count` copies of `value`, the storage advised for huge pages first when large.
    @inlinable
    package init(hugePagesRepeating value: Element, count: Int) {
        self.init(hugePagesCount: count) { $0.initialize(repeating: value) }
    }
}
