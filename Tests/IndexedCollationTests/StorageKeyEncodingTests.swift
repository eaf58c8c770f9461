import IndexedCollation
import Testing
import TextSupport

/// The storage-key layout: memcmp order equals the engine's order, parts with offsets
/// equal one run, and the stamp's digest is real SHA-256.
@Suite("Storage key encoding")
struct StorageKeyEncodingTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256MatchesTheStandardVectors(_ text: String, _ digest: String) {
        #expect(SHA256.hex(text) == digest)
    }

    @Test func partsWithOffsetsSortLikeOneRun() throws {
        let japanese = try LocalizedIndexedCollation(locale: "ja_JP")
        let records: [(name: String, reading: String?)] = [
            ("山田", "やまだ"), ("山田", "さんだ"), ("山田", nil), ("やまだ", nil), ("ヤマダ", "やまだ"), ("山田", "やまだ"),
            ("Yamada", nil), ("", nil), ("やまだ", nil), ("矢間田", "やまだ"), ("山田", ""),
        ]
        let whole = japanese.storageKeys(for: records, by: \.name, reading: \.reading)
        let split = 4
        let parts =
            japanese.storageKeys(for: Array(records[..<split]), by: \.name, reading: \.reading)
            + japanese.storageKeys(for: Array(records[split...]), by: \.name, reading: \.reading, positionOffset: split)
        #expect(parts == whole)
        let byKey = records.indices.sorted { whole[$0] < whole[$1] }
        let sections = japanese.sections(of: Array(records.indices), by: { records[$0].name }, reading: { records[$0].reading })
        #expect(byKey == sections.records)
        #expect(Set(whole).count == records.count)
    }

    @Test func tiesAreStoredOnlyWhenTheyDiffer() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let names = ["김민준", "김민준"]
        let keys = korean.storageKeys(for: names, by: { $0 })
        let icuKey = korean.collator.sortKey(for: "김민준").bytes
        // section (1) + ICU key + 00 + tie marker + position (1 or 2 bytes)
        #expect(keys[0].bytes.count == 1 + icuKey.count + 2 + 1)
        #expect(keys[1].bytes.count == 1 + icuKey.count + 2 + 2)
    }

    @Test func largePositionsKeepTheirOrder() {
        let encoding = OrderKeyEncoding.storage
        let key: ArraySlice<UInt8> = [0x2A, 0x01, 0x05]
        let positions = [0, 1, 255, 256, 65_535, 65_536, 1 << 32, (1 << 40) + 7, Int.max]
        let keys = positions.map { encoding.encode(section: 0, sectionCount: 27, key: key, tie: key, position: $0) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.0.lexicographicallyPrecedes($0.1) })
    }

    @Test func libraryStampIgnoresTheLocaleSpellingButNotTheRules() throws {
        let ko = try LocalizedIndexedCollation(locale: "ko")
        let koKR = try LocalizedIndexedCollation(locale: "ko_KR")
        let numeric = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: "ko").with { $0.options = CollatorOptions(numeric: true) })
        #expect(ko.keyStamp == koKR.keyStamp)
        #expect(ko.keyStamp != numeric.keyStamp)
        #expect(ko.keyStamp != ko.keyStamp(descending: true, keySelection: ""))
        #expect(ko.keyStamp != ko.keyStamp(descending: false, keySelection: "field=2"))
    }
}
