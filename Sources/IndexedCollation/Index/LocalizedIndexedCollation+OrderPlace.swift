extension LocalizedIndexedCollation {
    /// Appends the bytes of a record's place in the output order without its position —
    /// section ‖ sort key ‖ 00 ‖ tie part, the prefix of its storage key
    /// (``OrderKeyEncoding/encodePlace(section:sectionCount:key:tie:into:)``) — computed
    /// from UTF-8 bytes by the ordering rule (``withOrderingText(display:reading:scratch:_:)``).
    ///
    /// memcmp of two places is `collate`'s order of the two records up to their positions:
    /// section first (`#` last), then the sort key, then the tie rule. Equal places are
    /// records only their positions tell apart (duplicates, NFC/NFD twins), so a database
    /// collation comparing places returns 0 for them and the row id breaks the tie, as the
    /// position does in `collate`.
    /// - Parameters:
    ///   - display: The record's display key (UTF-8).
    ///   - reading: The record's reading (UTF-8), or nil; an empty reading means none.
    ///   - output: Receives the place's bytes (appended).
    ///   - scratch: Reusable storage between calls (no allocation once warm).
    /// - Complexity: One ICU sort key, two when the display key breaks ties, and O(log *b*)
    ///   memcmp calls over the index's *b* boundaries.
    package func appendOrderPlace(
        display: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>?, to output: inout [UInt8],
        scratch: inout OrderPlaceScratch
    ) {
        // Local copies (moved out and back): the closure below must not capture `scratch`
        // while its `text` is passed inout.
        var key = scratch.key, tie = scratch.tie, text = scratch.text, primary = scratch.primary
        scratch = OrderPlaceScratch()
        defer { scratch = OrderPlaceScratch(key: key, tie: tie, text: text, primary: primary) }
        key.removeAll(keepingCapacity: true)
        tie.removeAll(keepingCapacity: true)
        let (section, displayBreaksTies) = withOrderingText(display: display, reading: reading, scratch: &text) {
            ordering, displayKeyBreaksTies in
            collator.handle.appendSortKey(of: ordering, to: &key)
            let section = key.withUnsafeBufferPointer { self.section(ofText: ordering, sortKey: $0, scratch: &primary) }
            return (section, displayKeyBreaksTies)
        }
        if displayBreaksTies { collator.handle.appendSortKey(of: display, to: &tie) }  // else empty: no tie key
        let start = output.count
        let capacity = OrderKeyEncoding.maximumCount(keyCount: key.count, tieCount: max(key.count, tie.count))
        output.append(contentsOf: repeatElement(0, count: capacity))
        let written = key.withUnsafeBufferPointer { key in
            tie.withUnsafeBufferPointer { tie in
                output.withUnsafeMutableBufferPointer { buffer in
                    OrderKeyEncoding.storage.encodePlace(
                        section: Int(section), sectionCount: sectionTitles.count, key: key,
                        tie: OrderKey.tieBreakKey(tie, sortKey: key), into: buffer.baseAddress.unsafelyUnwrapped + start)
                }
            }
        }
        output.removeLast(capacity - written)
    }

    /// The storage key of one record — its place (``appendOrderPlace(display:reading:to:scratch:)``)
    /// followed by its position — byte for byte what ``storageKeys(for:by:reading:positionOffset:)``
    /// gives the record at that global position.
    /// - Parameters:
    ///   - display: The record's display key (UTF-8).
    ///   - reading: The record's reading (UTF-8), or nil.
    ///   - position: The record's global position (a database row id, 0 or more).
    ///   - scratch: Reusable storage between calls.
    /// - Returns: The key bytes and the record's section (a position in ``sectionTitles``).
    package func storageKey(
        display: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>?, position: Int, scratch: inout OrderPlaceScratch
    ) -> (key: [UInt8], section: Int) {
        var key = [UInt8]()
        appendOrderPlace(display: display, reading: reading, to: &key, scratch: &scratch)
        let section = OrderKeyEncoding.storage.section(of: key, sectionCount: sectionTitles.count)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { buffer in
            let count = OrderKeyEncoding.encodePosition(position, into: buffer.baseAddress.unsafelyUnwrapped)
            key.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
        return (key, section)
    }
}

/// Storage reused by ``LocalizedIndexedCollation/appendOrderPlace(display:reading:to:scratch:)``
/// between calls: sort keys, a rewritten name and a primary key.
package struct OrderPlaceScratch: Sendable {
    var key: [UInt8] = []
    var tie: [UInt8] = []
    var text: [UInt8] = []
    var primary: [UInt8] = []

    /// Empty storage; it grows to the largest key seen and stays.
    package init() {}

    init(key: [UInt8], tie: [UInt8], text: [UInt8], primary: [UInt8]) {
        self.key = key
        self.tie = tie
        self.text = text
        self.primary = primary
    }
}
