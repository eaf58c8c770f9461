internal import CCollationShims

/// A text read as primary collation weights: what search compares.
struct PrimaryText {
    /// The primary weights, ignorable and variable ones (spaces, punctuation) left out.
    var weights: [UInt32] = []
    /// For each weight, the UTF-8 range of the text it comes from.
    var starts: [Int32] = []
    var ends: [Int32] = []
    /// For each weight, whether it starts a word (the first, after a space or punctuation,
    /// or where the script changes).
    var wordStarts: [Bool] = []
}

/// Owns a primary-strength copy of a collation's collator and reads texts as primary
/// weights, through ICU's collation element iterator.
///
/// `@unchecked Sendable`: the copied collator is configured in `init` and never mutated;
/// each read opens its own element iterator over it (ICU allows concurrent const use).
final class PrimaryReader: @unchecked Sendable {
    private let pointer: OpaquePointer

    /// Copies `collator` at primary strength.
    /// - Throws: ``CollationError/icuFailure(operation:status:)`` if ICU cannot copy it.
    init(collator: CollatorHandle) throws(CollationError) {
        var status: Int32 = 0
        let opened = ccs_primary_reader_open(collator.pointer, &status)
        try ICUStatus.check(status, "open a search collator for '\(collator.locale.identifier)'")
        guard let opened else { throw .icuFailure(operation: "open a search collator", status: "NULL") }
        pointer = opened
    }

    deinit { ccs_primary_reader_close(pointer) }

    /// Reads `text` as primary weights.
    /// - Complexity: O(*n*) for *n* UTF-8 bytes, one element iterator.
    func read(_ text: String) -> PrimaryText {
        var text = text
        return text.withUTF8 { read($0) }
    }

    /// Reads UTF-8 bytes as primary weights.
    func read(_ bytes: UnsafeBufferPointer<UInt8>) -> PrimaryText {
        read(bytes) { weights, starts, ends, wordStarts in
            PrimaryText(weights: Array(weights), starts: Array(starts), ends: Array(ends), wordStarts: wordStarts.map { $0 != 0 })
        }
    }

    /// Reads `text` as primary weights into temporary buffers handed to `body`: the
    /// weights, each one's UTF-8 start and end, and whether it starts a word (non-zero).
    func read<Result>(
        _ text: String,
        _ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var text = text
        return text.withUTF8 { read($0, body) }
    }

    private func read<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        // A character gives at most a few primary weights (expansions): three per byte is
        // room for any text; the shim says when it needs more.
        var capacity = bytes.count * 3 + 8
        while true {
            let result: Result? = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { weights in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity * 2) { offsets in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { wordStarts in
                        let count = bytes.withMemoryRebound(to: CChar.self) { text in
                            ccs_primaries_utf8(
                                pointer, text.baseAddress, Int32(text.count), weights.baseAddress, offsets.baseAddress,
                                offsets.baseAddress.map { $0 + capacity }, wordStarts.baseAddress, Int32(capacity))
                        }
                        guard Int(count) <= capacity else {
                            capacity = Int(count)
                            return nil
                        }
                        let n = Int(count)
                        return body(
                            UnsafeBufferPointer(rebasing: weights[..<n]), UnsafeBufferPointer(rebasing: offsets[..<n]),
                            UnsafeBufferPointer(rebasing: offsets[capacity..<capacity + n]),
                            UnsafeBufferPointer(rebasing: wordStarts[..<n]))
                    }
                }
            }
            if let result { return result }
        }
    }
}
