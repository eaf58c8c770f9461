import SystemSupport

/// One file of the compiled-collator cache (``CompiledCollatorCache``): the merged rules a
/// collator was compiled from and ICU's binary of it.
///
/// The format of the C++ cache it replaces, so existing files stay valid. Named
/// `merged-icu<ICU version>-<FNV-1a of the rules, hex>.bin`; a 24-byte header (magic
/// `ccsRBC01`, the rules' UTF-16 code units and the binary's bytes as little-endian UInt32,
/// an FNV-1a checksum of rules and binary as little-endian UInt64), the rules (UTF-16 in the
/// host's byte order, like ICU's binary itself), the binary.
struct CompiledRulesFile {
    let directory: String
    let path: String
    /// The rules as stored: UTF-16 code units in the host's byte order.
    let rules: [UInt8]

    private static let magic = Array("ccsRBC01".utf8)
    private static let headerSize = 24
    /// Larger binaries are not ICU's (a merged ko and ja collator is about 300 KB).
    private static let binaryLimit = 64 << 20

    init(directory: String, rules: [UInt16]) {
        self.directory = directory
        self.rules = rules.withUnsafeBytes { Array($0) }
        let hash = String(Self.fnv1a(self.rules), radix: 16)
        path = directory + "/merged-icu\(ICUVersion.icu)-" + String(repeating: "0", count: 16 - hash.count) + hash + ".bin"
    }

    /// The binary stored for these rules, or nil when the file is missing or not one of
    /// ours for exactly these rules (short, damaged, other rules, not a regular file).
    func read() -> [UInt8]? {
        let limit = Self.headerSize + rules.count + Self.binaryLimit
        guard let bytes = systemReadRegularFile(path, limit: limit), bytes.count > Self.headerSize,
            Array(bytes[0..<8]) == Self.magic,
            Self.integer(bytes, at: 8, size: 4) == UInt64(rules.count / 2)
        else { return nil }
        let binaryCount = Int(Self.integer(bytes, at: 12, size: 4))
        let binaryStart = Self.headerSize + rules.count
        guard binaryCount > 0, bytes.count == binaryStart + binaryCount,
            bytes[Self.headerSize..<binaryStart].elementsEqual(rules),
            Self.fnv1a(bytes[binaryStart...], from: Self.fnv1a(rules)) == Self.integer(bytes, at: 16, size: 8)
        else { return nil }
        return Array(bytes[binaryStart...])
    }

    /// Stores `binary` for these rules (temporary file, then rename); failures are ignored:
    /// the cache only saves time.
    func write(_ binary: [UInt8]) {
        guard systemMakeDirectories(directory) else { return }
        var bytes = Self.magic
        bytes.reserveCapacity(Self.headerSize + rules.count + binary.count)
        Self.append(UInt64(rules.count / 2), size: 4, to: &bytes)
        Self.append(UInt64(binary.count), size: 4, to: &bytes)
        Self.append(Self.fnv1a(binary, from: Self.fnv1a(rules)), size: 8, to: &bytes)
        bytes += rules
        bytes += binary
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

    private static func fnv1a(_ bytes: [UInt8], from start: UInt64 = 1_469_598_103_934_665_603) -> UInt64 {
        fnv1a(bytes[...], from: start)
    }

    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }

    private static func append(_ value: UInt64, size: Int, to bytes: inout [UInt8]) {
        for shift in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
    }
}
