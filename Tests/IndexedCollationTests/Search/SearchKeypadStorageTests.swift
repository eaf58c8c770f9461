import SectionedData
import TestSupport
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

    /// A digit query checked against a stored lookup reads the Cheonjiin digits from its
    /// jamo (``SearchMatcher/matchesExpandingHangulKeypad(_:in:)``) and answers as the
    /// lookup made whole does: for every path a match can follow from each start of the
    /// lookup's digits (each a query that matches), each with its last digit changed (most
    /// do not), and random digit strings; over random names, mixed with Latin, jamo and
    /// phone numbers, of syllables mostly of those whose keypad spelling is derived and
    /// some from the whole Hangul block (under ko@collation=search, 9,072 do not read back:
    /// lookups with such a spelling are stored whole, or with it kept beside stripped ones).
    @Test(arguments: ["ko_KR", "ko@collation=search"], SearchOptions.Mode.allCases)
    func digitQueriesMatchStoredLookupsAsTheirWholeLookups(locale: String, mode: SearchOptions.Mode) throws {
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: CollationLocale(locale)), options: SearchOptions(mode: mode))
        var random = SplitMix64(seed: 38)
        // Mostly syllables whose keypad spelling is derived from their jamo, some of any.
        let derivable = matcher.derivableHangulKeypad.indices.filter { matcher.derivableHangulKeypad[$0] }
        func syllables(_ count: Int) -> String {
            String(String.UnicodeScalarView((0..<count).map { _ in
                let index = Int.random(in: 0..<5, using: &random) == 0 ? Int.random(in: 0..<11_172, using: &random) : derivable.randomElement(using: &random)!
                return Unicode.Scalar(0xAC00 + UInt32(index))!
            }))
        }
        var records: [(keys: [String], readings: [String?], fields: [SearchField])] = Self.korean.map { ([$0], [nil], []) }
        for round in 0..<100 {
            var name = syllables(Int.random(in: 1...4, using: &random))
            switch round % 5 {
            case 1: name += " " + syllables(Int.random(in: 1...3, using: &random))
            case 2: name = "Kim " + name
            case 3: name += "ㄱ"
            default: break
            }
            let fields = round % 7 == 0 ? [SearchField(name: "phone", text: "010-\(1000 + round)-5678", kind: .phone)] : []
            records.append(([name], [round % 4 == 0 ? syllables(3) : nil], fields))
        }
        let digits = (0...9).map { matcher.query(String($0)).variants[0][0] }
        var (checked, matched, stored) = (0, 0, 0)
        for record in records {
            let whole = matcher.lookup(keys: record.keys, readings: record.readings, fields: record.fields)
            // A lookup kept whole (not stripped) is matched as it is.
            guard let kept = matcher.strippingHangulKeypad(whole) else { continue }
            stored += 1
            var queries: [[UInt32]] = (0..<12).map { _ in (0..<Int.random(in: 1...6, using: &random)).map { _ in digits.randomElement(using: &random)! } }
            whole.withSpan { span in
                // Every path of up to 7 weights from each start of a digit spelling.
                func paths(from index: Int, _ path: [UInt32], syllables: Bool) {
                    queries.append(path)
                    var changed = path
                    changed[changed.count - 1] = digits[((digits.firstIndex(of: path.last!) ?? 0) + 1) % 10]
                    queries.append(changed)
                    guard path.count < 7 else { return }
                    StartPostings.forEachNext(in: span, after: index, syllables: syllables) { next in
                        paths(from: next, path + [span.weights[next]], syllables: syllables)
                    }
                }
                for index in span.weights.indices where span.info[index] & SearchLookup.Mark.matchStart != 0 && digits.contains(span.weights[index]) {
                    paths(from: index, [span.weights[index]], syllables: span.info[index] & SearchLookup.Mark.syllables != 0)
                }
            }
            for query in queries {
                let expected = whole.matches(query)
                let found = kept.withSpan { matcher.matchesExpandingHangulKeypad(query, in: $0) }
                #expect(found == expected, "\(record.keys) \(query.map { digits.firstIndex(of: $0)! })")
                checked += 1
                if expected { matched += 1 }
            }
        }
        // Enough of each answer, and of lookups stored without their keypad spellings.
        #expect(matched > 1_000 && checked - matched > 1_000, "\(matched) of \(checked)")
        #expect(stored > 30, "\(stored) stored stripped")
    }

    /// A spelling made again gets no Cheonjiin spelling when one of its syllables has none
    /// (here 준's vowel replaced by a Latin letter's weight), so a digit query that would
    /// match its first syllable's digits does not match it, read from the jamo or made again.
    @Test func aSpellingWithASyllableWithoutKeysHasNoDigitsToMatch() throws {
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ko_KR"))
        let stored = try #require(matcher.strippingHangulKeypad(matcher.lookup(keys: ["김민준"], readings: [nil])))
        let query = matcher.query("41").variants[0]  // ㄱ, then ㅣ
        var broken = stored
        #expect(broken.weights[7] == matcher.query("ㅜ").variants[0][0])  // ㄱ ㅣ ㅁ, ㅁ ㅣ ㄴ, ㅈ ㅜ ㄴ
        broken.weights[7] = matcher.query("k").variants[0][0]
        for (lookup, expected) in [(stored, true), (broken, false)] {
            var whole = SearchLookup()
            lookup.withSpan { matcher.appendExpandingHangulKeypad($0, to: &whole) }
            #expect(whole.matches(query) == expected)
            #expect(lookup.withSpan { matcher.matchesExpandingHangulKeypad(query, in: $0) } == expected)
        }
    }
}
