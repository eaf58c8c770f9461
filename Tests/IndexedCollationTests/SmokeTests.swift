import Testing
@testable import IndexedCollation

@Suite struct SmokeTests {
    @Test func koreanSections() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let grouped = korean.sections(of: ["박서준", "김민준", "Smith", "123", "까치"], by: { $0 })
        #expect(grouped.sections.map(\.title) == ["ㄱ", "ㅂ", "S", "#"])
        #expect(grouped.sections.first?.records == ["김민준", "까치"])
        #expect(korean.sectionTitles.first == "ㄱ")
        #expect(korean.sectionTitles.last == "#")
    }
}
