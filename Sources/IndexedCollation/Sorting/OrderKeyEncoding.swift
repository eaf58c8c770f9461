/// The output order as bytes: one encoding for storage keys (`--with-keys`,
/// `storageKeys(for:by:reading:)`) and the keys of spilled runs, so that plain byte order
/// (memcmp) of the keys is exactly the order the indexing engine's comparator produces.
///
/// Layout: section (2 bytes, big-endian) ‖ sort key ‖ end ‖ tie key ‖ end ‖ position
/// (big-endian). The tie key is the display key's sort key when the record has a reading
/// or a surname reading, else the sort key again. Ascending, the end mark is 0x00: ICU
/// sort keys contain no 0x00 byte, so a shorter key sorts first, as in the engine.
/// Descending, the section number is counted from the end and the key bytes are
/// complemented with the end mark 0xFF, which turns memcmp order around for
/// variable-length keys; the position stays ascending so equal keys keep input order.
///
/// With several keys per record the sort key and the tie key are composites (each key's
/// ICU sort key, joined by one 0x00 byte: `IndexingEngine.makeCompositeKeys`). Every
/// record of a run has the same number of separators, so the 0x00 end mark still sorts a
/// shorter composite first and memcmp of the encoding stays the engine's order; an
/// encoding that assumes "no 0x00 inside a key" must allow for those separators.
package struct OrderKeyEncoding: Sendable, Hashable {
    /// Whether the keys sort in reverse output order.
    package var descending: Bool
    /// Bytes of the input position: 4 in storage keys (the documented format), 8 in
    /// spilled runs (global positions of any input).
    package var positionBytes: Int

    package init(descending: Bool, positionBytes: Int) {
        self.descending = descending
        self.positionBytes = positionBytes
    }

    /// Storage keys: ascending, 4-byte positions (DESIGN.md, "Storage keys").
    package static let storage = OrderKeyEncoding(descending: false, positionBytes: 4)

    /// Keys of spilled runs: the output's direction, 8-byte global positions.
    package static func spilledRun(descending: Bool) -> OrderKeyEncoding {
        OrderKeyEncoding(descending: descending, positionBytes: 8)
    }

    /// Encodes one record's place.
    /// - Parameters:
    ///   - section: The record's section (index into the collation's titles).
    ///   - sectionCount: How many sections the collation has.
    ///   - key: The sort key of the record's ordering text.
    ///   - tie: The display key's sort key, or `key` when it has no reading.
    ///   - position: The record's input position.
    /// - Returns: The key bytes.
    /// - Complexity: O(*k*) for keys of *k* bytes.
    package func encode(section: Int, sectionCount: Int, key: ArraySlice<UInt8>, tie: ArraySlice<UInt8>, position: Int) -> [UInt8] {
        let slot = UInt16(truncatingIfNeeded: descending ? sectionCount - 1 - section : section)
        var bytes = [UInt8]()
        bytes.reserveCapacity(key.count + tie.count + 4 + positionBytes)
        bytes.append(UInt8(slot >> 8))
        bytes.append(UInt8(slot & 0xFF))
        for part in [key, tie] {
            if descending {
                for byte in part { bytes.append(0xFF &- byte) }
                bytes.append(0xFF)
            } else {
                bytes.append(contentsOf: part)
                bytes.append(0)
            }
        }
        let value = UInt64(truncatingIfNeeded: position)
        for shift in stride(from: (positionBytes - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
        return bytes
    }

    /// The section an encoded key belongs to.
    /// - Parameters:
    ///   - key: A key made by ``encode(section:sectionCount:key:tie:position:)``.
    ///   - sectionCount: How many sections the collation has.
    /// - Returns: The index into the collation's titles.
    package func section(of key: [UInt8], sectionCount: Int) -> Int {
        let slot = Int(UInt16(key[0]) << 8 | UInt16(key[1]))
        return descending ? sectionCount - 1 - slot : slot
    }
}
