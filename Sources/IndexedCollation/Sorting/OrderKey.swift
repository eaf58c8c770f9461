/// A record's place in `collate`'s order, as a value: the one home of how two records
/// order.
///
/// Two records compare
/// 1. by section (the collation's title order, `#` last; reversed when descending),
/// 2. by their sort keys (the ICU sort key of the ordering text — the reading when there
///    is one, else the display key; with several keys each key's in turn, joined by 0x00),
/// 3. by the tie rule: the display keys' sort keys where a reading ordered, a record
///    without a reading being tied by its own sort key (``tieBreakKey(_:sortKey:)``),
/// 4. by position (input order, or arrival in a live data source), ascending in both
///    directions, so equal keys keep their order.
///
/// Steps 2–3 are written once, in the static functions below over byte buffers
/// (``compareKeys(_:_:from:ties:)``), which this value's `<`, the engine's comparator
/// (`RecordComparator`, on arena views), `RecordOrder` (a live data source's rows) and the
/// engine output's `sortsEqual` call. The byte form is ``OrderKeyEncoding`` (memcmp of
/// ``encoded(sectionCount:)`` is this value's `<`: `OrderKeyPropertyTests` checks it on
/// random records), and ``init(decoding:sectionCount:keyParts:descending:)`` parses it back.
package struct OrderKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The record's section (an index into the collation's titles).
    package var section: Int
    /// The sort key of the ordering text (composite with several keys).
    package var sortKey: [UInt8]
    /// The display keys' sort key where a reading ordered, or nil (the sort key then
    /// breaks ties itself).
    package var tieKey: [UInt8]?
    /// The record's global position (input order); nil for a place without one.
    package var position: Int?
    /// Whether sections and keys run in reverse (positions stay ascending).
    package var descending: Bool

    package init(section: Int, sortKey: [UInt8], tieKey: [UInt8]?, position: Int?, descending: Bool = false) {
        self.section = section
        self.sortKey = sortKey
        self.tieKey = tieKey
        self.position = position
        self.descending = descending
    }

    /// The key that breaks ties between equal sort keys (``tieBreakKey(_:sortKey:)``).
    package var tieBreakKey: [UInt8] { tieKey.flatMap { $0.isEmpty ? nil : $0 } ?? sortKey }

    package static func < (a: OrderKey, b: OrderKey) -> Bool { compare(a, b) < 0 }

    /// Equal exactly when neither precedes the other (a tie key equal to the sort key is
    /// no tie key).
    package static func == (a: OrderKey, b: OrderKey) -> Bool { compare(a, b) == 0 && a.descending == b.descending }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(section)
        hasher.combine(sortKey)
        hasher.combine(tieBreakKey)
        hasher.combine(position)
        hasher.combine(descending)
    }

    package var description: String {
        "OrderKey(section: \(section), sortKey: \(SortKey(bytes: sortKey).hexString), tie: \(tieKey.map { SortKey(bytes: $0).hexString } ?? "-"), position: \(position.map(String.init) ?? "-"))"
    }

    /// The output order of two values of one direction: negative, zero or positive.
    /// - Complexity: O(*k*) for keys of *k* bytes.
    package static func compare(_ a: OrderKey, _ b: OrderKey) -> Int {
        let bySection = compareSections(a.section, b.section, descending: a.descending)
        if bySection != 0 { return bySection }
        let byKeys = a.sortKey.withUnsafeBufferPointer { aKey in
            b.sortKey.withUnsafeBufferPointer { bKey in
                (a.tieKey ?? []).withUnsafeBufferPointer { aTie in
                    (b.tieKey ?? []).withUnsafeBufferPointer { bTie in compareKeys(aKey, bKey, ties: (aTie, bTie)) }
                }
            }
        }
        return orderedResult(keys: byKeys, descending: a.descending, positions: a.position ?? -1, b.position ?? -1)
    }

    /// The byte form (``OrderKeyEncoding``, in this value's direction): memcmp of two
    /// encodings is ``compare(_:_:)``. Without a position, the place alone.
    /// - Parameter sectionCount: How many sections the collation has.
    package func encoded(sectionCount: Int) -> [UInt8] {
        let encoding = OrderKeyEncoding(descending: descending)
        var bytes = encoding.encode(
            section: section, sectionCount: sectionCount, key: sortKey[...], tie: tieKey.map { $0[...] } ?? sortKey[...],
            position: position ?? 0)
        if position == nil { bytes.removeLast(bytes.count - encoding.placeCount(ofKey: bytes, sectionCount: sectionCount, keyParts: keyParts)) }
        return bytes
    }

    /// How many keys the sort key joins (one more than its 0x00 separators).
    private var keyParts: Int { 1 + sortKey.lazy.filter { $0 == 0 }.count }

    /// Parses an encoded key (or place) back.
    /// - Parameters:
    ///   - bytes: Bytes made by ``OrderKeyEncoding`` in direction `descending`.
    ///   - sectionCount: How many sections the collation has.
    ///   - keyParts: How many keys each record has.
    ///   - descending: The encoding's direction.
    /// - Returns: nil when the bytes are not such a key.
    package init?(decoding bytes: [UInt8], sectionCount: Int, keyParts: Int = 1, descending: Bool = false) {
        guard let parts = OrderKeyEncoding(descending: descending).decode(bytes, sectionCount: sectionCount, keyParts: keyParts)
        else { return nil }
        self.init(section: parts.section, sortKey: parts.key, tieKey: parts.tie, position: parts.position, descending: descending)
    }
}

// MARK: - The rule over byte buffers (the hot paths call these)

extension OrderKey {
    /// The key that breaks ties between records with equal sort keys: the tie key
    /// (display keys' sort key where a reading ordered), or, when that is empty (no
    /// reading), the record's own sort key.
    @inlinable @inline(__always)
    package static func tieBreakKey(_ tie: UnsafeBufferPointer<UInt8>, sortKey: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        tie.isEmpty ? sortKey : tie
    }

    /// Steps 2–3 of the order, ascending: memcmp of the sort keys, then of the tie-break
    /// keys.
    /// - Parameters:
    ///   - a: The first record's whole sort key.
    ///   - b: The second record's whole sort key.
    ///   - skip: Bytes of the sort keys already known equal (the radix sort's prefix).
    ///   - ties: The two tie keys (empty: none), or nil when no record has one (then
    ///     the tie-break keys are the sort keys, already compared).
    /// - Returns: Negative, zero or positive as `a` sorts before, with or after `b`.
    @inline(__always)
    package static func compareKeys(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, from skip: Int = 0,
        ties: @autoclosure () -> (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>)?
    ) -> Int {
        let result = skip == 0 ? compareBytes(a, b) : compareBytes(suffix(a, from: skip), suffix(b, from: skip))
        guard result == 0, let (aTie, bTie) = ties() else { return result }
        return compareBytes(tieBreakKey(aTie, sortKey: a), tieBreakKey(bTie, sortKey: b))
    }

    /// Step 1: sections in the output's direction (negative when `a` comes first).
    @inline(__always)
    package static func compareSections(_ a: Int, _ b: Int, descending: Bool) -> Int {
        descending ? b - a : a - b
    }

    /// Steps 2–4 from the ascending key comparison: keys in the output's direction, then
    /// positions ascending. Negative when `a` comes first.
    @inline(__always)
    package static func orderedResult(keys: Int, descending: Bool, positions a: Int, _ b: Int) -> Int {
        if keys != 0 { return descending ? -keys : keys }
        return a < b ? -1 : (a == b ? 0 : 1)
    }

    /// Whether `a` comes before `b` given their ascending key comparison and positions.
    @inline(__always)
    package static func precedes(keys: Int, descending: Bool, positions a: Int, _ b: Int) -> Bool {
        orderedResult(keys: keys, descending: descending, positions: a, b) < 0
    }

    @inline(__always)
    private static func suffix(_ key: UnsafeBufferPointer<UInt8>, from skip: Int) -> UnsafeBufferPointer<UInt8> {
        let start = min(skip, key.count)
        return UnsafeBufferPointer(start: key.baseAddress.map { $0 + start }, count: key.count - start)
    }
}
