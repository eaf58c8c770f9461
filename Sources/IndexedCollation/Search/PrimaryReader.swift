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
        var result = PrimaryText()
        guard !bytes.isEmpty else { return result }
        var capacity = bytes.count + 8
        while true {
            var weights = [UInt32](repeating: 0, count: capacity)
            var starts = [Int32](repeating: 0, count: capacity)
            var ends = [Int32](repeating: 0, count: capacity)
            var wordStarts = [UInt8](repeating: 0, count: capacity)
            let count = bytes.withMemoryRebound(to: CChar.self) { text in
                ccs_primaries_utf8(pointer, text.baseAddress, Int32(text.count), &weights, &starts, &ends, &wordStarts, Int32(capacity))
            }
            if Int(count) > capacity {
                capacity = Int(count)
                continue
            }
            let n = Int(count)
            result.weights = Array(weights[..<n])
            result.ends = Array(ends[..<n])
            result.starts = Array(starts[..<n])
            result.wordStarts = wordStarts[..<n].map { $0 != 0 }
            return result
        }
    }
}
