import Testing
@testable import IndexedCollation

/// The section of a record from the first two primary bytes of its sort key (the index's
/// prefix table) must be the bucket the binary search over the boundaries finds.
@Suite("Sections from the key's first primary bytes")
struct SectionFromKeyTests {
    @Test(arguments: ["ko_KR", "ja_JP", "zh_CN", "zh_Hant_TW", "en_US", "ru_RU", "sv_SE", "el_GR", "ar", "th_TH"])
    func prefixTableAgreesWithSearch(_ locale: String) throws {
        let collation = try LocalizedIndexedCollation(locale: locale)
        let index = collation.index
        var keys = [[UInt8]]()
        for boundary in 0..<index.boundaryBuckets.count {
            let key = Array(index.boundaryBytes[index.boundaryStarts[boundary]..<index.boundaryStarts[boundary + 1]])
            keys.append(key)
            keys.append(key + [0x02])
            keys.append(key + [0xFF, 0xFF])
            if key.count > 1 { keys.append(Array(key.dropLast())) }
            if let last = key.last, last > 2 { keys.append(Array(key.dropLast()) + [last - 1, 0xFF]) }
        }
        var state: UInt64 = 38
        for _ in 0..<50_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 60) + 1
            keys.append((0..<length).map { UInt8(truncatingIfNeeded: (state >> UInt64(8 * ($0 % 7))) | 2) })
        }
        // Every two-byte prefix the table decides: the prefix alone, and followed by the
        // least and greatest bytes, are in its bucket.
        for prefix in 0..<65_536 where index.bucketOfPrefix[prefix] >= 0 {
            let two = [UInt8(truncatingIfNeeded: prefix >> 8), UInt8(truncatingIfNeeded: prefix)]
            keys += [two, two + [0x02], two + [0xFF, 0xFF, 0xFF]]
        }
        // Likewise every third byte after a prefix the table leaves to its third byte.
        for prefix in 0..<65_536 where index.bucketOfPrefix[prefix] < -1 {
            for byte in 0..<256 {
                let three = [UInt8(truncatingIfNeeded: prefix >> 8), UInt8(truncatingIfNeeded: prefix), UInt8(byte)]
                keys += [three, three + [0x02], three + [0xFF, 0xFF]]
            }
        }
        var disagreements = 0
        for key in keys {
            key.withUnsafeBufferPointer { key in
                if index.bucket(forPrimaryKey: key) != index.searchBucket(forPrimaryKey: key) { disagreements += 1 }
            }
        }
        #expect(disagreements == 0)
        let resolvedByPrefix = (0..<65_536).filter { index.bucketOfPrefix[$0] >= 0 || index.bucketOfPrefix[$0] < -1 }.count
        #expect(resolvedByPrefix > 60_000, "most two-byte prefixes should decide their section")
    }

    @Test func sectionsOfNamesMatchICUBuckets() throws {
        let names = ["김민준", "이서연", "박지호", "최", "Smith", "ㅎ", "가", "힣", "1번", "😀", "Émile", "Ølberg", "Ярослав"]
        for locale in ["ko_KR", "en_US", "ru_RU"] {
            let collation = try LocalizedIndexedCollation(locale: locale)
            for name in names {
                #expect(collation.sectionTitles[collation.section(for: name)] == collation.icuBucketTitle(for: name), "\(locale) \(name)")
            }
        }
    }
}
