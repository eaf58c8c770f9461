import Testing

@testable import IndexedCollation

/// A new search index holds its per-record tables at their size: each section's slots,
/// each start list's bytes and blocks, each slot's lookup, row and title (a byte).
@Suite("Search index memory")
struct SearchIndexMemoryTests {
    @Test func aNewIndexHoldsItsTablesAtTheirSize() throws {
        let surnames = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신"]
        let given = ["민준", "서연", "지호", "하은", "도윤", "서준", "지우", "예준", "수아", "시우"]
        let names = (0..<6_000).map { surnames[$0 % 13 % surnames.count] + given[$0 * 7 % given.count] + String($0 % 97) }
        var source = try IndexedDataSource(
            names.enumerated().map { NamedRecord(id: $0.offset, name: $0.element) }, collation: LocalizedIndexedCollation(locale: "ko_KR"),
            id: \.id, keys: { RecordKeys($0.name) }
        ) { _, record in record.name }
        try source.buildSearchIndex()
        let index = try #require(source.searchIndex)
        let sections = index.sectionSlots.filter { !$0.isEmpty }
        #expect(sections.count > 5)
        // Allocator rounding aside (16 bytes an array); grown slot by slot they held up to twice.
        let slotBytes = index.sectionSlots.reduce(0) { $0 + $1.capacity * 4 }
        #expect(slotBytes >= 4 * names.count && slotBytes <= 4 * names.count + 16 * index.sectionSlots.count)
        let lists = index.postings.lists.reduce(0) { $0 + $1.memoryFootprint }
        let slots = index.postings.lists.reduce(0) { $0 + $1.count }
        #expect(lists < slots * 2, "\(lists) bytes for \(slots) slots")
        #expect(index.postings.titles.memoryFootprint < 2 * names.count)
        #expect(source.search("김").numberOfSections == 1)
    }
}
