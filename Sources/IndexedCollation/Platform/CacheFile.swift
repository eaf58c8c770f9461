import SystemSupport

/// One file of the collator caches in ``CompiledCollatorCache/directory``: a key (what the
/// file is for, compared in full, so a hash collision cannot pick the wrong file) and a
/// payload.
///
/// Named `<kind>-icu<ICU version>-<FNV-1a of the key, hex>.bin`; a 24-byte header (the
/// kind's 8-byte magic, the key's length in units and the payload's bytes as little-endian
/// UInt32, an FNV-1a checksum of key and payload as little-endian UInt64), the key, the
/// payload. Two kinds:
/// - ``compiledRules(directory:rules:)``: a multi-language collator's merged rules (UTF-16
///   in the host's byte order, counted in code units) and ICU's binary of the collator
///   compiled from them; the format of the C++ cache it replaces, so its files stay valid.
/// - ``keyTable(directory:description:)``: a collator's description and what its
///   table-driven key writer learned from ICU (``CollatorHandle/prepareSortKeys()``).
struct CacheFile {
    let directory: String
    let path: String
    /// The key as stored.
    let key: [UInt8]
    private let magic: [UInt8]
    /// Bytes of a unit of the key's length in the header.
    private let keyUnit: Int
    /// Larger payloads are not ours.
    private let payloadLimit: Int

    private static let headerSize = 24

    private init(directory: String, kind: String, magic: String, key: [UInt8], keyUnit: Int, payloadLimit: Int) {
        (self.directory, self.key, self.magic, self.keyUnit, self.payloadLimit) = (directory, key, Array(magic.utf8), keyUnit, payloadLimit)
        let hash = String(Self.fnv1a(key[...]), radix: 16)
        path = directory + "/\(kind)-icu\(ICUVersion.icu)-" + String(repeating: "0", count: 16 - hash.count) + hash + ".bin"
    }

    /// The file of ICU's binary of a collator compiled from merged `rules` (a merged ko and
    /// ja collator is about 300 KB).
    static func compiledRules(directory: String, rules: [UInt16]) -> CacheFile {
        CacheFile(
            directory: directory, kind: "merged", magic: "ccsRBC01", key: rules.withUnsafeBytes { Array($0) }, keyUnit: 2,
            payloadLimit: 64 << 20)
    }

    /// The file of what the table-driven key writer of a collator with this
    /// ``CollatorHandle/rulesDescription`` learned from ICU.
    static func keyTable(directory: String, description: String) -> CacheFile {
        CacheFile(
            directory: directory, kind: "keytable", magic: "ccsKTF01", key: Array(description.utf8), keyUnit: 1, payloadLimit: 1 << 16)
    }

    /// The payload stored for this key, or nil when the file is missing or not one of ours
    /// for exactly this key (short, damaged, another key, not a regular file).
    func read() -> [UInt8]? {
        let limit = Self.headerSize + key.count + payloadLimit
        guard let bytes = systemReadRegularFile(path, limit: limit), bytes.count > Self.headerSize,
            Array(bytes[0..<8]) == magic,
            Self.integer(bytes, at: 8, size: 4) == UInt64(key.count / keyUnit)
        else { return nil }
        let payloadCount = Int(Self.integer(bytes, at: 12, size: 4))
        let payloadStart = Self.headerSize + key.count
        guard payloadCount > 0, bytes.count == payloadStart + payloadCount,
            bytes[Self.headerSize..<payloadStart].elementsEqual(key),
            Self.fnv1a(bytes[payloadStart...], from: Self.fnv1a(key[...])) == Self.integer(bytes, at: 16, size: 8)
        else { return nil }
        return Array(bytes[payloadStart...])
    }

    /// Stores `payload` for this key (temporary file, then rename); failures are ignored:
    /// the cache only saves time.
    func write(_ payload: [UInt8]) {
        guard systemMakeDirectories(directory) else { return }
        var bytes = magic
        bytes.reserveCapacity(Self.headerSize + key.count + payload.count)
        Self.append(UInt64(key.count / keyUnit), size: 4, to: &bytes)
        Self.append(UInt64(payload.count), size: 4, to: &bytes)
        Self.append(Self.fnv1a(payload[...], from: Self.fnv1a(key[...])), size: 8, to: &bytes)
        bytes += key
        bytes += payload
        _ = systemReplaceFile(path, with: bytes)
    }

    /// FNV-1a from the seed the shim's C++ cache used (1469598103934665603, a digit short of
    /// FNV's offset basis): kept, so files written by earlier versions are found and valid.
    private static func fnv1a(_ bytes: ArraySlice<UInt8>, from start: UInt64 = 1_469_598_103_934_665_603) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var hash = start
            for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }

    /// The little-endian integer of `size` bytes at `offset`.
    static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }

    /// Appends `value` as a little-endian integer of `size` bytes.
    static func append(_ value: UInt64, size: Int, to bytes: inout [UInt8]) {
        for shift in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
    }
}
