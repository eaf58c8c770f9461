import Foundation
import IndexedCollation

/// The place in `collate`'s order (section ‖ sort key ‖ tie part, see
/// `LocalizedIndexedCollation.appendOrderPlace`) of every distinct text a connection has
/// compared, so that sorting *n* rows computes one ICU sort key per distinct text and
/// compares with memcmp, instead of calling ICU O(*n* log *n*) times.
///
/// Texts are looked up by their UTF-8 bytes in an open-addressing table over two byte
/// arenas (no allocation per look-up). When the arenas pass `byteLimit` the table starts
/// again empty, so memory stays bounded whatever the table's size.
///
/// `@unchecked Sendable` is safe: every access to the mutable state holds `lock`; the
/// collation is itself `Sendable` (its ICU collator is only used through const calls).
final class OrderPlaceCache: @unchecked Sendable {
    private struct Entry {
        var textStart: Int
        var textCount: Int32
        var placeCount: Int32
        var placeStart: Int
        var hash: UInt64
    }

    let collation: LocalizedIndexedCollation
    let byteLimit: Int
    private let lock = NSLock()
    private var texts: [UInt8] = []
    private var places: [UInt8] = []
    private var entries: [Entry] = []
    /// Entry index + 1 per slot (0 = empty); the count is a power of two.
    private var slots: [Int32] = []
    private var scratch = OrderPlaceScratch()
    private(set) var misses = 0

    /// - Parameters:
    ///   - collation: The order.
    ///   - byteLimit: The arenas' size past which the cache empties itself (texts and places).
    init(collation: LocalizedIndexedCollation, byteLimit: Int = 64 << 20) {
        self.collation = collation
        self.byteLimit = byteLimit
        slots = [Int32](repeating: 0, count: 1024)
    }

    /// `collate`'s order of two texts: negative, zero or positive. Zero means the texts are
    /// equal in the order (the same text, or canonically equivalent ones such as NFC and NFD
    /// spellings), which only a position (a row id) tells apart.
    func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int32 {
        if a.count == b.count, a.count == 0 || memcmp(a.baseAddress.unsafelyUnwrapped, b.baseAddress.unsafelyUnwrapped, a.count) == 0 {
            return 0
        }
        lock.lock()
        defer { lock.unlock() }
        if texts.count + places.count > byteLimit { removeAll() }
        let first = entry(for: a)
        let second = entry(for: b)
        let x = entries[first], y = entries[second]
        return places.withUnsafeBufferPointer { all in
            let result = compareBytes(
                UnsafeBufferPointer(rebasing: all[x.placeStart..<(x.placeStart + Int(x.placeCount))]),
                UnsafeBufferPointer(rebasing: all[y.placeStart..<(y.placeStart + Int(y.placeCount))]))
            return result < 0 ? -1 : (result > 0 ? 1 : 0)
        }
    }

    /// How many distinct texts the cache holds now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    private func removeAll() {
        texts.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = 0 }
    }

    /// The entry of `text`, computing its place on a miss.
    private func entry(for text: UnsafeRawBufferPointer) -> Int {
        let hash = Self.hash(text)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            let entry = entries[stored - 1]
            if entry.hash == hash, Int(entry.textCount) == text.count,
                texts.withUnsafeBufferPointer({ all in
                    text.count == 0 || memcmp(all.baseAddress.unsafelyUnwrapped + entry.textStart, text.baseAddress.unsafelyUnwrapped, text.count) == 0
                })
            {
                return stored - 1
            }
            slot = (slot + 1) & mask
        }
        misses += 1
        let textStart = texts.count
        texts.append(contentsOf: text.bindMemory(to: UInt8.self))
        let placeStart = places.count
        text.withMemoryRebound(to: UInt8.self) { display in
            collation.appendOrderPlace(display: display, reading: nil, to: &places, scratch: &scratch)
        }
        entries.append(
            Entry(textStart: textStart, textCount: Int32(text.count), placeCount: Int32(places.count - placeStart), placeStart: placeStart, hash: hash))
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
        return entries.count - 1
    }

    private func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    /// FNV-1a over the bytes, then a final mix so that the low bits (the slot) depend on
    /// every byte.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
    }
}
