/// The output order as bytes: one encoding for storage keys (`--with-keys`,
/// `storageKeys(for:by:reading:)`) and the keys of spilled runs, so that plain byte order
/// (memcmp) of the keys is exactly the order the indexing engine's comparator produces.
/// A spilled run's key is the same encoding in the output's direction, without the
/// position unless the output prints storage keys (``encodePlace(section:sectionCount:key:tie:into:)``:
/// equal keys keep their order inside a run, and runs merge in input order); the parsing
/// back (``section(ofKey:sectionCount:)``, ``placeCount(ofKey:sectionCount:keyParts:)``)
/// lives here too.
///
/// Layout (ascending):
///
///     section ‖ sort key ‖ 00 ‖ tie ‖ position
///
/// - section: 1 byte when the collation has at most 256 sections, else 2 (big-endian).
/// - sort key: the ICU sort key of the ordering text (the reading when there is one),
///   which never contains a 00 byte, so the 00 end mark sorts a shorter key first.
/// - tie: the display key's sort key *T* compared with the sort key *K*, as the engine
///   compares them: `02` when *T* = *K* (every record without a reading), `01 ‖ T ‖ 00`
///   when *T* < *K*, `03 ‖ T ‖ 00` when *T* > *K*. Records with equal *K* then order by
///   *T* exactly, and the ICU key is never stored twice.
/// - position: the record's global input position as an order-preserving varint: one
///   byte *n* (0…8), then the position's *n* significant bytes big-endian (0 → `00`,
///   300 → `02 01 2C`). Positions are unique across parts, so keys are too.
///
/// Descending (`--reverse`), the section number is counted from the end and every byte
/// of the sort key and tie part is complemented (end marks become FF), which turns memcmp
/// order around for variable-length keys; the position stays ascending so equal keys
/// keep input order.
///
/// Size: `sectionBytes + |K| + 2 + (|T| + 1 when T ≠ K) + 1 + ⌈log256(position + 1)⌉`.
///
/// With several keys per record the sort key and the display key are composites (each
/// key's ICU sort key, joined by one 0x00 byte: `IndexingEngine.makeCompositeKeys`).
/// Every record of a run has the same number of separators, so the 00 end mark still
/// sorts a shorter composite first and memcmp of the encoding stays the engine's order.
package struct OrderKeyEncoding: Sendable, Hashable {
    /// Whether the keys sort in reverse output order.
    package var descending: Bool

    package init(descending: Bool) {
        self.descending = descending
    }

    /// Storage keys in ascending order.
    package static let storage = OrderKeyEncoding(descending: false)

    /// Keys of spilled runs: the output's direction (the same bytes `--with-keys` prints).
    package static func spilledRun(descending: Bool) -> OrderKeyEncoding {
        OrderKeyEncoding(descending: descending)
    }

    /// Bytes of the section number for a collation with `sectionCount` sections.
    @inline(__always)
    package static func sectionBytes(sectionCount: Int) -> Int { sectionCount <= 256 ? 1 : 2 }

    /// The largest encoded size of a key with these parts (the exact size is at most 8
    /// bytes less: the position's width).
    @inline(__always)
    package static func maximumCount(keyCount: Int, tieCount: Int) -> Int {
        2 + keyCount + 2 + tieCount + 1 + 9
    }

    /// Encodes one record's place.
    /// - Parameters:
    ///   - section: The record's section (index into the collation's titles).
    ///   - sectionCount: How many sections the collation has.
    ///   - key: The sort key of the record's ordering text.
    ///   - tie: The display key's sort key, or `key` when it has no reading.
    ///   - position: The record's global input position (0 or more).
    /// - Returns: The key bytes.
    /// - Complexity: O(*k*) for keys of *k* bytes.
    package func encode(section: Int, sectionCount: Int, key: ArraySlice<UInt8>, tie: ArraySlice<UInt8>, position: Int) -> [UInt8] {
        key.withUnsafeBufferPointer { key in
            tie.withUnsafeBufferPointer { tie in
                let capacity = Self.maximumCount(keyCount: key.count, tieCount: tie.count)
                return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                    count = encode(
                        section: section, sectionCount: sectionCount, key: key, tie: tie, position: position,
                        into: buffer.baseAddress.unsafelyUnwrapped)
                }
            }
        }
    }

    /// Encodes one record's place into memory the caller provides (no allocation).
    /// - Parameters:
    ///   - section: The record's section.
    ///   - sectionCount: How many sections the collation has.
    ///   - key: The sort key of the record's ordering text.
    ///   - tie: The display key's sort key, or `key` when it has no reading.
    ///   - position: The record's global input position (0 or more).
    ///   - output: At least ``maximumCount(keyCount:tieCount:)`` writable bytes.
    /// - Returns: How many bytes were written.
    /// - Complexity: O(*k*) for keys of *k* bytes.
    @inline(__always)
    package func encode(
        section: Int, sectionCount: Int, key: UnsafeBufferPointer<UInt8>, tie: UnsafeBufferPointer<UInt8>, position: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let count = encodePlace(section: section, sectionCount: sectionCount, key: key, tie: tie, into: output)
        return count + Self.encodePosition(position, into: output + count)
    }

    /// Encodes everything but the position: the bytes all records of one text share.
    /// - Parameters: as ``encode(section:sectionCount:key:tie:position:into:)``.
    /// - Returns: How many bytes were written.
    @inline(__always)
    package func encodePlace(
        section: Int, sectionCount: Int, key: UnsafeBufferPointer<UInt8>, tie: UnsafeBufferPointer<UInt8>,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let flip: UInt8 = descending ? 0xFF : 0
        var count = 0
        let slot = descending ? sectionCount - 1 - section : section
        if Self.sectionBytes(sectionCount: sectionCount) == 2 {
            output[count] = UInt8(truncatingIfNeeded: slot >> 8)
            count += 1
        }
        output[count] = UInt8(truncatingIfNeeded: slot)
        count += 1
        count = append(key, flip: flip, to: output, at: count)
        let order = tie.baseAddress == key.baseAddress && tie.count == key.count ? 0 : compareBytes(tie, key)
        output[count] = UInt8(2 + order.signum()) ^ flip
        count += 1
        if order != 0 { count = append(tie, flip: flip, to: output, at: count) }
        return count
    }

    /// Encodes a position as an order-preserving varint: a length byte (0…8), then the
    /// value's significant bytes, big-endian.
    /// - Parameters:
    ///   - position: 0 or more (negative values encode as 0).
    ///   - output: At least 9 writable bytes.
    /// - Returns: How many bytes were written.
    @inline(__always)
    package static func encodePosition(_ position: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let value = UInt64(max(0, position))
        let width = (64 - value.leadingZeroBitCount + 7) / 8
        output[0] = UInt8(width)
        for index in 0..<width {
            output[1 + index] = UInt8(truncatingIfNeeded: value >> UInt64((width - 1 - index) * 8))
        }
        return 1 + width
    }

    /// Writes `count` bytes at `raw` as lowercase hex digits to `output`. `raw` may lie
    /// inside the output at offset *h* ≥ `count`: digits 2i and 2i+1 land at or before raw
    /// byte i (2i+1 ≤ h+i), never on an unread raw byte j > i.
    @inline(__always)
    package static func expandHex(_ raw: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        for index in 0..<count {
            let byte = raw[index]
            let high = byte >> 4
            let low = byte & 0x0F
            output[2 * index] = high &+ (high < 10 ? 0x30 : 0x57)
            output[2 * index + 1] = low &+ (low < 10 ? 0x30 : 0x57)
        }
    }

    @inline(__always)
    private func append(_ part: UnsafeBufferPointer<UInt8>, flip: UInt8, to output: UnsafeMutablePointer<UInt8>, at start: Int) -> Int {
        var count = start
        if flip == 0 {
            if let base = part.baseAddress { (output + count).update(from: base, count: part.count) }
            count += part.count
        } else {
            for byte in part {
                output[count] = byte ^ flip
                count += 1
            }
        }
        output[count] = flip
        return count + 1
    }

    /// The section an encoded key belongs to.
    /// - Parameters:
    ///   - key: A key made by ``encode(section:sectionCount:key:tie:position:)``.
    ///   - sectionCount: How many sections the collation has.
    /// - Returns: The index into the collation's titles.
    package func section(of key: [UInt8], sectionCount: Int) -> Int {
        key.withUnsafeBufferPointer { section(ofKey: $0, sectionCount: sectionCount) }
    }

    /// The section an encoded key (or place) belongs to.
    /// - Parameters:
    ///   - key: A key or place made by this encoding.
    ///   - sectionCount: How many sections the collation has.
    /// - Returns: The index into the collation's titles.
    @inline(__always)
    package func section(ofKey key: UnsafeBufferPointer<UInt8>, sectionCount: Int) -> Int {
        let slot = Self.sectionBytes(sectionCount: sectionCount) == 2 ? Int(key[0]) << 8 | Int(key[1]) : Int(key[0])
        return descending ? sectionCount - 1 - slot : slot
    }

    /// How many leading bytes of an encoded key are its place (everything but the
    /// position): the section, the sort key's parts up to its end mark, the tie marker, and
    /// the tie's parts unless the marker says the tie is the key. Two records are equal at
    /// the collator's strength exactly when their places are equal (`-u`).
    /// - Parameters:
    ///   - key: A key made by ``encode(section:sectionCount:key:tie:position:)``.
    ///   - sectionCount: How many sections the collation has.
    ///   - keyParts: How many keys each record has (composite keys hold one 00 between parts).
    /// - Returns: The place's length.
    package func placeCount(ofKey key: UnsafeBufferPointer<UInt8>, sectionCount: Int, keyParts: Int) -> Int {
        layout(ofKey: key, sectionCount: sectionCount, keyParts: keyParts).placeEnd
    }

    /// ``placeCount(ofKey:sectionCount:keyParts:)`` of an array.
    package func placeCount(ofKey key: [UInt8], sectionCount: Int, keyParts: Int) -> Int {
        key.withUnsafeBufferPointer { placeCount(ofKey: $0, sectionCount: sectionCount, keyParts: keyParts) }
    }

    /// Parses an encoded key (or place) back into its parts, the bytes of the sort key and
    /// tie un-complemented (see ``OrderKey/init(decoding:sectionCount:keyParts:descending:)``).
    /// - Parameters:
    ///   - bytes: A key or place made by this encoding.
    ///   - sectionCount: How many sections the collation has.
    ///   - keyParts: How many keys each record has.
    /// - Returns: The parts, or nil when the bytes are not such a key.
    package func decode(_ bytes: [UInt8], sectionCount: Int, keyParts: Int) -> (section: Int, key: [UInt8], tie: [UInt8]?, position: Int?)? {
        bytes.withUnsafeBufferPointer { bytes in
            let width = Self.sectionBytes(sectionCount: sectionCount)
            guard bytes.count > width else { return nil }
            let layout = layout(ofKey: bytes, sectionCount: sectionCount, keyParts: keyParts)
            guard layout.complete, let marker = layout.tieMarker, (1...3).contains(marker) else { return nil }
            let section = section(ofKey: bytes, sectionCount: sectionCount)
            guard (0..<sectionCount).contains(section) else { return nil }
            let flip: UInt8 = descending ? 0xFF : 0
            let key = bytes[layout.key].map { $0 ^ flip }
            let tie = marker == 2 ? nil : bytes[layout.tie].map { $0 ^ flip }
            var position: Int? = nil
            if layout.placeEnd < bytes.count {
                let width = Int(bytes[layout.placeEnd])
                guard width <= 8, bytes.count == layout.placeEnd + 1 + width else { return nil }
                var value: UInt64 = 0
                for byte in bytes[(layout.placeEnd + 1)...] { value = value << 8 | UInt64(byte) }
                guard value <= UInt64(Int.max) else { return nil }
                position = Int(value)
            }
            return (section, key, tie, position)
        }
    }

    /// Where the parts of an encoded key lie: the one parser behind
    /// ``placeCount(ofKey:sectionCount:keyParts:)`` and ``decode(_:sectionCount:keyParts:)``.
    private func layout(ofKey key: UnsafeBufferPointer<UInt8>, sectionCount: Int, keyParts: Int) -> KeyLayout {
        let mark: UInt8 = descending ? 0xFF : 0x00
        let parts = max(1, keyParts)
        var at = Self.sectionBytes(sectionCount: sectionCount)
        var complete = true
        /// Skips the parts of a key and its end mark; returns the key's bytes.
        func skipParts() -> Range<Int> {
            let start = min(at, key.count)
            var marks = 0
            while marks < parts && at < key.count {
                if key[at] == mark { marks += 1 }
                at += 1
            }
            if marks < parts { complete = false }
            return start..<(marks == parts ? at - 1 : min(at, key.count))
        }
        let sortKey = skipParts()
        guard at < key.count else {
            return KeyLayout(key: sortKey, tieMarker: nil, tie: at..<at, placeEnd: key.count, complete: false)
        }
        let marker = key[at] ^ mark
        at += 1
        let tie = marker == 2 ? at..<at : skipParts()
        return KeyLayout(key: sortKey, tieMarker: marker, tie: tie, placeEnd: min(at, key.count), complete: complete)
    }

    /// The ranges of an encoded key's parts.
    private struct KeyLayout {
        var key: Range<Int>
        var tieMarker: UInt8?
        var tie: Range<Int>
        var placeEnd: Int
        var complete: Bool
    }
}
