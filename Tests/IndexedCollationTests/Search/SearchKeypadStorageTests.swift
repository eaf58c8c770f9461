import SectionedData
import Testing

@testable import IndexedCollation

@Suite("Korean lookups are stored without their keypad spellings and made again exactly")
struct SearchKeypadStorageTests {
    private static let korean = ["김민준", "남궁민수", "이 지은", "Kim 민준", "민준 Kim", "김", "뷁", "김민준 010", "황보 석"]

    @Test(arguments: SearchOptions.Mode.allCases)
    func aStrippedLookupExpandsToTheLookupTheMatcherMakes(mode: SearchOptions.Mode) throws {
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ko_KR"), options: SearchOptions(mode: mode))
        for name in Self.korean {
            let lookup = matcher.lookup(keys: [name], readings: [nil])
            let stripped = try #require(matcher.strippingHangulKeypad(lookup), "\(name)")
            #expect(stripped.count < lookup.count, "\(name): \(stripped.count) of \(lookup.count)")
            var expanded = SearchLookup()
            stripped.withSpan { matcher.appendExpandingHangulKeypad($0, to: &expanded) }
            #expect(expanded.weights == lookup.weights, "\(name)")
            #expect(expanded.info == lookup.info, "\(name)")
            #expect(expanded.startSignature == lookup.startSignature, "\(name)")
        }
    }

    /// A new index's pieces make a Korean lookup as it is stored and make it whole from
    /// that (``HangulKeypadStorage/derived``), make a lookup whose syllables do not all
    /// read back whole and strip it (``HangulKeypadStorage/checked``: 9,072 syllables under
    /// ko@collation=search, all of them under searchjl), and keep others whole: each is
    /// what the matcher makes and strips one record at a time, stored and whole.
    @Test(arguments: ["ko_KR", "ko@collation=search", "ko@collation=searchjl", "en"], SearchOptions.Mode.allCases)
    func piecesMakeTheLookupsTheMatcherMakesAndStrips(locale: String, mode: SearchOptions.Mode) throws {
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: CollationLocale(locale)), options: SearchOptions(mode: mode))
        var texts = SearchTexts()
        var records: [(keys: [String], readings: [String?], fields: [SearchField])] = []
        func add(_ keys: [String], _ readings: [String?] = [], _ fields: [SearchField] = []) {
            records.append((keys, readings, fields))
            if keys.count == 1 && readings.isEmpty && fields.isEmpty {
                texts.append(keys[0])
            } else {
                texts.append(keys: keys[...], readings: readings[...], fields: fields)
            }
        }
        for name in Self.korean + ["John Doe", "张伟", "12", "ㄱㅁ", "각", "힣", "ㄱ김"] { add([name]) }
        add(["김", "민준"])
        add(["Kim Minjun"], ["김민준"])
        add(["민준"], [], [SearchField(name: "nickname", text: "준이", kind: .text), SearchField(name: "phone", text: "010-1234-5678", kind: .phone)])
        add(["John"], [], [SearchField(name: "company", text: "삼성 전자", kind: .text)])
        let piece = SearchLookupPiece(texts, matcher: matcher)
        var (stored, whole) = (LookupStore.PieceInfo(), LookupStore.PieceInfo())
        var (storedWeights, wholeWeights, expands, keys): ([UInt32], [UInt32], [Bool], [UInt64]) = ([], [], [], [])
        for (position, record) in records.enumerated() {
            let made = matcher.lookup(keys: record.keys, readings: record.readings, fields: record.fields)
            let stripped = matcher.strippingHangulKeypad(made)
            storedWeights += (stripped ?? made).weights
            stored.append(lookupInfo: (stripped ?? made).info, at: position)
            wholeWeights += made.weights
            whole.append(lookupInfo: made.info, at: position)
            expands.append(stripped != nil)
            keys += StartPostings.startKeys(of: made)
        }
        #expect(piece.weights == storedWeights)
        #expect(piece.pieceInfo.packed == stored.packed && piece.pieceInfo.narrow == stored.narrow)
        #expect(piece.pieceInfo.wide.map(\.lookup) == stored.wide.map(\.lookup))
        #expect(piece.pieceInfo.wide.map(\.info) == stored.wide.map(\.info))
        #expect(piece.wholeWeights == wholeWeights)
        #expect(piece.wholeInfo.packed == whole.packed && piece.wholeInfo.wide.map(\.info) == whole.wide.map(\.info))
        #expect(piece.expandsKeypad == expands)
        #expect(piece.keys == keys)
        // Each way is taken: Korean names stored stripped under ko_KR and en; under the
        // search collations, a name of syllables that do not read back is checked (kept
        // whole when its spellings are not made again exactly).
        let storage = records.map { matcher.hangulKeypadStorage(keys: $0.keys[...], readings: $0.readings[...], fields: $0.fields) }
        #expect(storage.contains(.checked) == locale.contains("collation=search"))
        #expect(storage.contains(.derived) == (locale != "ko@collation=searchjl"))
        #expect(storage[Self.korean.count] == .none)
        if !locale.contains("collation=search") { #expect(expands.filter { $0 }.count >= Self.korean.count + 4) }
    }

    @Test func lookupsWithoutHangulOrKeypadAreKeptWhole() throws {
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ko_KR"))
        for name in ["John Doe", "张伟", "12", "ㄱㅁ"] {
            #expect(matcher.strippingHangulKeypad(matcher.lookup(keys: [name], readings: [nil])) == nil, "\(name)")
        }
        var options = SearchOptions()
        options.keypad = false
        let noKeypad = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ko_KR"), options: options)
        #expect(noKeypad.strippingHangulKeypad(noKeypad.lookup(keys: ["김민준"], readings: [nil])) == nil)
    }

    @Test func theIndexStoresKoreanNamesStrippedAndFindsByDigitsAsBefore() throws {
        let people = (Self.korean + ["John Doe", "张伟", "박서준", "김서연"]).enumerated().map { NamedRecord(id: $0.offset, name: $0.element) }
        var source = try IndexedDataSource(
            people, collation: LocalizedIndexedCollation(locale: "ko_KR"), id: \.id, keys: { RecordKeys($0.name) }
        ) { _, person in person.name }
        try source.buildSearchIndex()
        var index = try #require(source.searchIndex)
        // Every Korean name's lookup is stored stripped, and made again as the matcher makes it.
        var stripped = 0
        for section in 0..<source.numberOfSections {
            for row in 0..<source.numberOfRows(inSection: section) {
                let person = try #require(source.record(at: Position(row: row, section: section)))
                let titleIndex = try #require(
                    source.collation.sectionTitles.firstIndex(of: source.titleForHeader(inSection: section) ?? ""))
                let number = index.lookupOfSlot[Int(index.sectionSlots[titleIndex][row])]
                let made = index.matcher.lookup(keys: [person.name], readings: [nil])
                #expect(index.lookup(number).weights == made.weights, "\(person.name)")
                #expect(index.lookup(number).info == made.info, "\(person.name)")
                if index.store.expandsKeypad(number) { stripped += 1 }
            }
        }
        #expect(stripped == Self.korean.count + 2)
        for text in ["409", "4", "40", "0", "5", "김", "ㄱㅁ", "민준", "kim", "5464", "010", "민준 4"] {
            let found = source.search(text)
            let ids = (0..<found.numberOfSections).map { section in
                (0..<found.numberOfRows(inSection: section)).compactMap { found.record(at: Position(row: $0, section: section))?.id }
            }
            #expect(ids == bruteForceSections(source, index.matcher, text).map { Array($0.dropFirst()) }, "\(text)")
        }
        // Removed and inserted again, a stripped lookup leaves and joins its lists.
        try source.remove(id: 0)
        try source.insert(NamedRecord(id: 100, name: "김민준"))
        index = try #require(source.searchIndex)
        let found = source.search("409")
        #expect(found.numberOfRecords == bruteForceSections(source, index.matcher, "409").reduce(0) { $0 + $1.count - 1 })
        #expect(found.numberOfRecords >= 2)
        #expect(found.match(at: Position(row: 0, section: 0)) != nil)
    }
}
