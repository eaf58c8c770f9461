import SectionedData
import Synchronization
import TestSupport
import Testing

@testable import IndexedCollation

private typealias Person = NamedRecord

/// Counts the calls of a cell provider, which may run on any thread.
private final class CallCounter: Sendable {
    private let calls = Mutex<[Position]>([])

    func record(_ position: Position) {
        calls.withLock { $0.append(position) }
    }

    var positions: [Position] {
        calls.withLock { $0 }
    }
}

private typealias Source = IndexedDataSource<Person, Int, String>

/// Builds a data source over people, keyed by name, with readings, whose cells are the names.
private func makeSource(
    _ collation: LocalizedIndexedCollation, _ people: [Person], counter: CallCounter? = nil
) throws -> Source {
    try IndexedDataSource(people, collation: collation, id: \.id, keys: { RecordKeys($0.name, reading: $0.reading) }) {
        position, person in
        counter?.record(position)
        return person.name
    }
}

/// People with ids 0, 1, 2, … in the order given.
private func people(_ names: [String]) -> [Person] {
    names.enumerated().map { Person(id: $0.offset, name: $0.element) }
}

/// The sections as a front end sees them: each header title with the cells of its rows.
private func rendered(_ source: some SectionedDataSource<String>) -> [Rendered] {
    (0..<source.numberOfSections).map { section in
        Rendered(
            title: source.titleForHeader(inSection: section) ?? "",
            cells: (0..<source.numberOfRows(inSection: section)).map { source.cell(at: Position(row: $0, section: section)) })
    }
}

/// What `collation.sections(of:by:reading:)` makes of the same people.
private func expected(_ collation: LocalizedIndexedCollation, _ people: [Person]) -> [Rendered] {
    collation.sections(of: people, by: \.name, reading: \.reading).sections.map {
        Rendered(title: $0.title, cells: $0.records.map(\.name))
    }
}

private struct Rendered: Equatable, CustomStringConvertible {
    var title: String
    var cells: [String]
    var description: String { "\(title): \(cells.joined(separator: " "))" }
}

@Suite("IndexedDataSource: building and querying")
struct IndexedDataSourceBuildingTests {
    @Test func koreanSectionsFollowTheCollation() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let names = ["박서준", "김민준", "Smith", "123", "까치", "이서연", "김민준", "최하은", "ㄱ", "Adams", "😀"]
        let source = try makeSource(korean, people(names))
        #expect(
            rendered(source) == [
                Rendered(title: "ㄱ", cells: ["ㄱ", "김민준", "김민준", "까치"]),
                Rendered(title: "ㅂ", cells: ["박서준"]),
                Rendered(title: "ㅇ", cells: ["이서연"]),
                Rendered(title: "ㅊ", cells: ["최하은"]),
                Rendered(title: "A", cells: ["Adams"]),
                Rendered(title: "S", cells: ["Smith"]),
                Rendered(title: "#", cells: ["😀", "123"]),
            ])
        #expect(rendered(source) == expected(korean, people(names)))
        #expect(source.sectionIndexTitles == korean.sectionTitles)
        #expect(source.sectionIndexTitles.count > source.numberOfSections)
        #expect(source.numberOfRecords == names.count)
        // Equal keys keep input order: the first 김민준 is id 1, the second id 6.
        #expect(source.position(of: 1) == Position(row: 1, section: 0))
        #expect(source.position(of: 6) == Position(row: 2, section: 0))
        #expect(source.record(at: Position(row: 0, section: 6))?.name == "😀")
        #expect(source.record(at: Position(row: 1, section: 6)) == Person(id: 3, name: "123"))
        #expect(source.record(at: Position(row: 2, section: 6)) == nil)
        #expect(source.record(at: Position(row: 0, section: 7)) == nil)
        #expect(source.position(of: 99) == nil)
        let snapshot = source.snapshot()
        #expect(snapshot.sectionIdentifiers == ["ㄱ", "ㅂ", "ㅇ", "ㅊ", "A", "S", "#"])
        #expect(try snapshot.itemIdentifiers(inSection: "ㄱ") == [8, 1, 6, 4])
    }

    @Test func japaneseReadingsDecideSectionsAndDisplayKeysBreakTies() throws {
        let japanese = try LocalizedIndexedCollation(locale: "ja_JP")
        let people = [
            Person(id: 0, name: "里東", reading: "さとう"), Person(id: 1, name: "山田太郎", reading: "やまだたろう"),
            Person(id: 2, name: "佐藤", reading: "さとう"), Person(id: 3, name: "日本", reading: ""),
            Person(id: 4, name: "あおい"), Person(id: 5, name: "Smith"), Person(id: 6, name: "東海林", reading: "しょうじ"),
            Person(id: 7, name: "鈴木", reading: "すずき"),
        ]
        let source = try makeSource(japanese, people)
        let sections = rendered(source)
        #expect(sections == expected(japanese, people))
        #expect(sections.map(\.title) == ["S", "あ", "さ", "や", "#"])
        #expect(sections.first { $0.title == "#" }?.cells == ["日本"])  // kanji with an empty reading
        let sa = try #require(sections.first { $0.title == "さ" })
        // さとう twice: the display keys decide, whatever the input order.
        let satou = sa.cells.filter { $0 == "佐藤" || $0 == "里東" }
        let swapped = try makeSource(japanese, people.reversed())
        #expect(rendered(swapped).first { $0.title == "さ" }?.cells.filter { satou.contains($0) } == satou)
        #expect(sa.cells.last == "鈴木")
    }

    @Test func englishInOneSection() throws {
        let english = try LocalizedIndexedCollation(locale: "en_US")
        let source = try makeSource(english, people(["Smith", "smith", "Schmidt", "Sánchez", "Smyth"]))
        #expect(source.numberOfSections == 1)
        #expect(rendered(source) == [Rendered(title: "S", cells: ["Sánchez", "Schmidt", "smith", "Smith", "Smyth"])])
        for (index, title) in source.sectionIndexTitles.enumerated() {
            #expect(source.section(forSectionIndexTitle: title, at: index) == 0, "\(title)")
        }
    }

    @Test func emptyData() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var source = try makeSource(korean, [])
        #expect(source.numberOfSections == 0)
        #expect(source.numberOfRecords == 0)
        #expect(source.snapshot() == Snapshot())
        #expect(source.section(forSectionIndexTitle: "ㄱ", at: 0) == nil)
        #expect(source.sectionIndexTitles == korean.sectionTitles)
        #expect(source.record(at: Position(row: 0, section: 0)) == nil)
        #expect(source.titleForHeader(inSection: 0) == nil)
        let change = try source.insert(Person(id: 1, name: "한지민"))
        #expect(
            change.difference.sectionInsertions == [.init(identifier: "ㅎ", location: 0, itemIdentifiers: [1])])
        #expect(change.difference.changeCount == 1)
        #expect(try Snapshot<String, Int>().applying(change.difference) == source.snapshot())
        #expect(source.section(forSectionIndexTitle: "ㄱ", at: 0) == 0)
        #expect(source.section(forSectionIndexTitle: "#", at: korean.sectionTitles.count - 1) == 0)
    }

    @Test func catchAllSectionIsLast() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var source = try makeSource(korean, people(["", "7eleven", "Ωmega", "김", "Zoe"]))
        #expect(rendered(source).last?.title == "#")
        #expect(Set(rendered(source).last?.cells ?? []) == ["", "7eleven", "Ωmega"])
        let change = try source.insert(Person(id: 10, name: "#hashtag"))
        let position = try #require(source.position(of: 10))
        #expect(position.section == source.numberOfSections - 1)
        #expect(change.difference.itemInsertions == [.init(identifier: 10, location: position)])
        #expect(rendered(source) == expected(korean, people(["", "7eleven", "Ωmega", "김", "Zoe"]) + [Person(id: 10, name: "#hashtag")]))
    }

    @Test func indexTitlesOfEmptySectionsLeadToTheNearestSection() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let source = try makeSource(korean, people(["김민준", "도윤", "Smith"]))  // ㄱ, ㄷ, S
        let titles = korean.sectionTitles
        func section(_ title: String) throws -> Int? {
            let index = try #require(titles.firstIndex(of: title))
            return source.section(forSectionIndexTitle: title, at: index)
        }
        #expect(try section("ㄱ") == 0)
        #expect(try section("ㄴ") == 1)  // empty: ㄷ follows
        #expect(try section("ㄷ") == 1)
        #expect(try section("ㅎ") == 2)  // empty: S follows
        #expect(try section("S") == 2)
        #expect(try section("T") == 2)  // empty, nothing follows: S precedes
        #expect(try section("#") == 2)
        #expect(source.section(forSectionIndexTitle: "ㄴ", at: 40) == 1)  // wrong index: found by title
        #expect(source.section(forSectionIndexTitle: "Ж", at: 0) == nil)
    }

    @Test func icuStyleKeepsSectionIdentifiersUnique() throws {
        let korean = try LocalizedIndexedCollation(LocalizedIndexedCollation.Configuration(locale: "ko_KR").with { $0.style = .icu })
        #expect(korean.sectionTitles.filter { $0 == "…" }.count > 1)
        let source = try makeSource(korean, people(["김", "Ωmega", "😀", "Ярослав", "Smith"]))
        let identifiers = source.snapshot().sectionIdentifiers
        #expect(Set(identifiers).count == identifiers.count)
        #expect(rendered(source) == expected(korean, people(["김", "Ωmega", "😀", "Ярослав", "Smith"])))
        #expect(SectionTable<Person, Int>.identifiers(for: ["…", "A", "…", "…"]) == ["…", "A", "… 2", "… 3"])
    }

    @Test func cellsAreMadeLazily() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let counter = CallCounter()
        let names = (0..<2_000).map { "김\(Character(UnicodeScalar(0xAC00 + $0 * 5) ?? "가"))" }
        var source = try makeSource(korean, people(names), counter: counter)
        #expect(counter.positions.isEmpty)
        let position = Position(row: 7, section: source.numberOfSections - 1)
        let cell = source.cell(at: position)
        #expect(counter.positions == [position])
        #expect(cell == source.record(at: position)?.name)
        try source.insert(Person(id: -1, name: "김가"))
        try source.update(Person(id: -1, name: "박가"))
        try source.remove(id: -1)
        _ = source.snapshot()
        #expect(counter.positions == [position])
    }

    @Test func duplicateIdentifiersAreErrors() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let duplicated = [Person(id: 1, name: "김"), Person(id: 2, name: "이"), Person(id: 1, name: "박")]
        #expect(throws: IndexedDataSourceError<Int>.duplicateID(1)) { try makeSource(korean, duplicated) }
        #expect(IndexedDataSourceError<Int>.duplicateID(1).description.contains("id 1"))

        var source = try makeSource(korean, people(["김", "이"]))
        let before = source.snapshot()
        #expect(throws: IndexedDataSourceError<Int>.duplicateID(0)) { try source.insert(Person(id: 0, name: "박")) }
        #expect(throws: IndexedDataSourceError<Int>.unknownID(7)) { try source.remove(id: 7) }
        #expect(throws: IndexedDataSourceError<Int>.unknownID(7)) { try source.update(Person(id: 7, name: "박")) }
        #expect(IndexedDataSourceError<Int>.unknownID(7).description.contains("id 7"))
        #expect(source.snapshot() == before)
        #expect(source.numberOfRecords == 2)
    }
}

@Suite("IndexedDataSource: editing")
struct IndexedDataSourceEditingTests {
    typealias Difference = SnapshotDifference<String, Int>

    /// Applies an edit and checks that its difference replays on the snapshot before it and
    /// leads to the data source's new state.
    private func edit(
        _ source: inout Source, _ body: (inout Source) throws -> Source.Change
    ) throws -> Difference {
        let old = source.snapshot()
        let change = try body(&source)
        let new = change.snapshot()
        #expect(try old.applying(change.difference) == new)
        #expect(new.sectionIdentifiers == source.snapshot().sectionIdentifiers)
        #expect(new.itemIdentifiers == source.snapshot().itemIdentifiers)
        return change.difference
    }

    @Test func insertingAndRemoving() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var source = try makeSource(korean, people(["김민준", "김하은", "박서준"]))  // ㄱ: 0 1, ㅂ: 2

        var difference = try edit(&source) { try $0.insert(Person(id: 10, name: "김민준")) }
        #expect(difference == Difference { $0.itemInsertions = [.init(identifier: 10, location: Position(row: 1, section: 0))] })

        difference = try edit(&source) { try $0.insert(Person(id: 11, name: "이서연")) }
        #expect(
            difference == Difference { $0.sectionInsertions = [.init(identifier: "ㅇ", location: 2, itemIdentifiers: [11])] })

        difference = try edit(&source) { try $0.remove(id: 0) }
        #expect(difference == Difference { $0.itemDeletions = [.init(identifier: 0, location: Position(row: 0, section: 0))] })

        difference = try edit(&source) { try $0.remove(id: 2) }
        #expect(difference == Difference { $0.sectionDeletions = [.init(identifier: "ㅂ", location: 1)] })
        #expect(rendered(source) == [Rendered(title: "ㄱ", cells: ["김민준", "김하은"]), Rendered(title: "ㅇ", cells: ["이서연"])])
    }

    @Test func newRecordsGoAfterEqualKeys() throws {
        let english = try LocalizedIndexedCollation(locale: "en_US")
        var source = try makeSource(english, people(["Kim", "Kim", "Lee"]))
        try source.insert(Person(id: 5, name: "Kim"))
        #expect(source.position(of: 5) == Position(row: 2, section: 0))
        #expect(try source.snapshot().itemIdentifiers(inSection: "K") == [0, 1, 5])
    }

    @Test func updatingMovesRecordsAndMarksThemForReconfiguring() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var source = try makeSource(korean, people(["김가", "김나", "김다", "박가", "최가"]))  // ㄱ ㅂ ㅊ

        // Same key: stays, reconfigured.
        var difference = try edit(&source) { try $0.update(Person(id: 1, name: "김나")) }
        let kimNa = Difference.ItemChange(identifier: 1, location: Position(row: 1, section: 0))
        #expect(difference == Difference { $0.reconfiguredItems = [kimNa] })

        // Within ㄱ: 김가 moves after 김다.
        difference = try edit(&source) { try $0.update(Person(id: 0, name: "김라")) }
        #expect(
            difference
                == Difference {
                    $0.itemMoves = [
                        .init(identifier: 0, source: Position(row: 0, section: 0), destination: Position(row: 2, section: 0))
                    ]
                    $0.reconfiguredItems = [.init(identifier: 0, location: Position(row: 2, section: 0))]
                })

        // ㄱ to ㅂ, both stay shown: a move across sections.
        difference = try edit(&source) { try $0.update(Person(id: 2, name: "박나")) }
        #expect(
            difference.itemMoves == [
                .init(identifier: 2, source: Position(row: 1, section: 0), destination: Position(row: 1, section: 1))
            ])

        // ㅊ to ㅂ: ㅊ empties, 최가 arrives in ㅂ as an insertion.
        difference = try edit(&source) { try $0.update(Person(id: 4, name: "박다")) }
        #expect(
            difference
                == Difference {
                    $0.sectionDeletions = [.init(identifier: "ㅊ", location: 2)]
                    $0.itemInsertions = [.init(identifier: 4, location: Position(row: 2, section: 1))]
                })

        // ㅂ to a new section ㅎ, ㅂ stays: a deletion and a section insertion.
        difference = try edit(&source) { try $0.update(Person(id: 3, name: "한가")) }
        #expect(
            difference
                == Difference {
                    $0.sectionInsertions = [.init(identifier: "ㅎ", location: 2, itemIdentifiers: [3])]
                    $0.itemDeletions = [.init(identifier: 3, location: Position(row: 0, section: 1))]
                })

        // The only record of ㅎ to a new section A: one section goes, another comes.
        difference = try edit(&source) { try $0.update(Person(id: 3, name: "Adams")) }
        #expect(
            difference
                == Difference {
                    $0.sectionDeletions = [.init(identifier: "ㅎ", location: 2)]
                    $0.sectionInsertions = [.init(identifier: "A", location: 2, itemIdentifiers: [3])]
                })

        #expect(
            rendered(source) == [
                Rendered(title: "ㄱ", cells: ["김나", "김라"]), Rendered(title: "ㅂ", cells: ["박나", "박다"]),
                Rendered(title: "A", cells: ["Adams"]),
            ])
        #expect(source.record(at: Position(row: 0, section: 2)) == Person(id: 3, name: "Adams"))
    }

    @Test func updateKeepsArrivalOrderAmongEqualKeys() throws {
        let english = try LocalizedIndexedCollation(locale: "en_US")
        var source = try makeSource(english, people(["Kim", "Park", "Kim"]))
        try source.update(Person(id: 1, name: "Kim"))
        // Park was between the two Kims in input order, so it sorts between them now.
        #expect(try source.snapshot().itemIdentifiers(inSection: "K") == [0, 1, 2])
        #expect(try makeSource(english, people(["Kim", "Kim", "Kim"])).snapshot() == source.snapshot())
    }
}

@Suite("IndexedDataSource: random edits")
struct IndexedDataSourcePropertyTests {
    static let names: [String: [(String, String?)]] = [
        "ko_KR": [
            "김민준", "김서연", "이서준", "박지후", "최하은", "정도윤", "강지아", "조예준", "윤서현", "장하준", "까치", "뽀미",
            "한수아", "Smith", "adams", "123", "", "😀", "ㄱ", "김", "김민",
        ].map { ($0, nil) },
        "ja_JP": [
            ("佐藤", "さとう"), ("里東", "さとう"), ("鈴木", "すずき"), ("山田", nil), ("あおい", nil), ("Smith", nil),
            ("東海林", "しょうじ"), ("日本", ""), ("田中", "たなか"), ("高橋", "たかはし"), ("渡辺", "わたなべ"), ("伊藤", "いとう"),
            ("小鳥遊", "たかなし"), ("斎藤", "さいとう"), ("カトウ", nil), ("かとう", nil), ("加藤", "かとう"), ("123", nil),
        ],
        "en_US": [
            "Adams", "adams", "Åsa", "Zoe Adams", "Zoë", "Smith", "smith", "O'Brien", "123", "", "Émile", "Zorn", "MacLeod",
            "van der Berg", "Ωmega",
        ].map { ($0, nil) },
    ]

    @Test(arguments: ["ko_KR", "ja_JP", "en_US"])
    func randomEditsMatchAFreshBuild(locale: String) throws {
        let collation = try LocalizedIndexedCollation(locale: locale)
        let pool = try #require(Self.names[locale])
        var generator = SplitMix64(seed: 0x1DE7_ED17 + UInt64(locale.unicodeScalars.count))
        var nextID = 0
        func randomPerson() -> Person {
            let (name, reading) = pool[Int.random(in: 0..<pool.count, using: &generator)]
            defer { nextID += 1 }
            return Person(id: nextID, name: name, reading: reading)
        }
        var model = (0..<30).map { _ in randomPerson() }
        var source = try makeSource(collation, model)
        var previous = source.snapshot()
        for step in 0..<300 {
            let change: Source.Change
            let roll = Int.random(in: 0..<100, using: &generator)
            if roll < 45 || model.isEmpty {
                let person = randomPerson()
                change = try source.insert(person)
                model.append(person)
            } else if roll < 70 {
                let index = Int.random(in: 0..<model.count, using: &generator)
                change = try source.remove(id: model[index].id)
                model.remove(at: index)
            } else {
                let index = Int.random(in: 0..<model.count, using: &generator)
                var person = randomPerson()
                person.id = model[index].id
                change = try source.update(person)
                model[index] = person
            }
            let fresh = try makeSource(collation, model)
            let current = source.snapshot()
            try #require(current == fresh.snapshot(), "step \(step): \(current) != \(fresh.snapshot())")
            try #require(rendered(source) == rendered(fresh), "step \(step)")
            try #require(try previous.applying(change.difference) == change.snapshot(), "step \(step): \(change.difference)")
            try #require(change.difference.changeCount <= 2, "step \(step): \(change.difference)")
            try #require(source.numberOfRecords == model.count)
            for person in model.prefix(5) {
                let position = try #require(source.position(of: person.id))
                try #require(source.record(at: position) == person, "step \(step)")
            }
            previous = current
        }
    }
}

extension IndexedDataSourcePropertyTests {
    /// Thousands of records in one section, so that edits split and merge its chunks.
    @Test func randomEditsInALargeSection() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var generator = SplitMix64(seed: 0xC4A2_C5)
        var nextID = 0
        func randomPerson() -> Person {
            let syllables = (0..<2).map { _ in
                String(Character(UnicodeScalar(UInt32.random(in: 0xAC00...0xAC00 + 400, using: &generator)) ?? "가"))
            }
            defer { nextID += 1 }
            return Person(id: nextID, name: "김" + syllables.joined())
        }
        var model = (0..<3_000).map { _ in randomPerson() }
        var source = try makeSource(korean, model)
        var previous = source.snapshot()
        for step in 0..<300 {
            let change: Source.Change
            let roll = Int.random(in: 0..<100, using: &generator)
            let index = Int.random(in: 0..<model.count, using: &generator)
            if roll < 40 {
                let person = randomPerson()
                change = try source.insert(person)
                model.append(person)
            } else if roll < 80 {
                change = try source.remove(id: model[index].id)
                model.remove(at: index)
            } else {
                var person = randomPerson()
                person.id = model[index].id
                change = try source.update(person)
                model[index] = person
            }
            let current = source.snapshot()
            try #require(try previous.applying(change.difference) == change.snapshot(), "step \(step)")
            if step % 50 == 49 {
                try #require(current == (try makeSource(korean, model)).snapshot(), "step \(step)")
            }
            previous = current
        }
        #expect(rendered(source) == expected(korean, model))
    }
}

@Suite("SectionRows: chunked sorted rows")
struct SectionRowsTests {
    private typealias Rows = SectionRows<Int, Int>

    private func entry(_ key: [UInt8], sequence: Int) -> Rows.Entry {
        RecordEntry(order: RecordOrder(key: SortKey(bytes: key), tie: nil, sequence: sequence), id: sequence, record: sequence)
    }

    @Test func insertsAndRemovesAcrossChunksInOrder() throws {
        var generator = SplitMix64(seed: 7)
        var rows = Rows(sorted: (0..<1_500).map { entry([UInt8(2 + $0 / 10)], sequence: $0) })
        var model = rows.entries.map(\.order)
        var sequence = 1_500
        for step in 0..<6_000 {
            if step % 3 != 2 || model.isEmpty {
                let new = entry([UInt8.random(in: 2...200, using: &generator)], sequence: sequence)
                sequence += 1
                let row = rows.insert(new)
                let expectedRow = model.firstIndex { new.order < $0 } ?? model.count
                try #require(row == expectedRow, "step \(step)")
                model.insert(new.order, at: row)
            } else {
                let index = Int.random(in: 0..<model.count, using: &generator)
                let result = rows.remove(model[index])
                let removed = try #require(result)
                try #require(removed.row == index && removed.entry.order == model[index], "step \(step)")
                model.remove(at: index)
            }
            try #require(rows.count == model.count)
        }
        #expect(rows.entries.map(\.order) == model)
        #expect(rows.count > Rows.chunkCapacity * 2)
        for row in stride(from: 0, to: model.count, by: 97) {
            #expect(rows[row].order == model[row])
            #expect(rows.row(of: model[row]) == row)
        }
        #expect(rows.row(of: RecordOrder(key: SortKey(bytes: [1]), tie: nil, sequence: -1)) == nil)
        let missing = rows.remove(RecordOrder(key: SortKey(bytes: [255]), tie: nil, sequence: -1))
        #expect(missing == nil)
        while let first = model.first {
            let removed = rows.remove(first)
            try #require(removed?.row == 0)
            model.removeFirst()
        }
        #expect(rows.isEmpty)
    }
}

@Suite("IndexedDataSource: person-name mode")
struct IndexedDataSourceNameModeTests {
    @Test(arguments: ["zh_CN", "ko_KR"])
    func insertsFileSurnamesLikeAFreshBuild(locale: String) throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale(locale)).with { $0.personNames = true })
        let names = locale == "zh_CN"
            ? ["张三", "曾国藩", "臧克家", "单田芳", "解缙", "谢霆锋", "增田", "曾小贤", "尉迟恭", "王五", "区家麟", "欧阳修"]
            : ["이순신", "李舜臣", "林巨正", "임꺽정", "盧武鉉", "노무현", "김민준", "金九", "柳寬順", "류현진"]
        let everyone = people(names)
        var grown = try makeSource(collation, [])
        for person in everyone { try grown.insert(person) }
        let fresh = try makeSource(collation, everyone)
        #expect(grown.snapshot() == fresh.snapshot())
        // And the sections are the surname readings', not ICU's default ones.
        let zeng = try #require(fresh.position(of: 1))
        #expect(fresh.titleForHeader(inSection: zeng.section) == (locale == "zh_CN" ? "Z" : "ㅇ"))
    }
}
