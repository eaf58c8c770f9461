import Testing

@testable import IndexedCollation

/// Library storage keys sort, as plain bytes, like the sections do.
@Suite("Storage keys (library)")
struct StorageKeyTests {
    @Test func libraryKeysMatchTheSections() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let names = ["박서준", "김민준", "Smith", "123", "까치", "김민준"]
        let keys = korean.storageKeys(for: names, by: { $0 })
        let byKey = names.indices.sorted { keys[$0] < keys[$1] }.map { names[$0] }
        #expect(byKey == korean.sections(of: names, by: { $0 }).records)
        #expect(korean.keyStamp.hasPrefix("k2-icu\(ICUVersion.icu)-uca\(ICUVersion.uca)-"))
    }
}
