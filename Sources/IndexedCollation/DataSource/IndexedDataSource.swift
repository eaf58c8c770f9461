import SectionedData

/// A live, sectioned, locale-sorted list of records: the counterpart of UIKit's
/// `UILocalizedIndexedCollation` and `UITableViewDiffableDataSource` together.
///
/// Records are filed into the sections of a ``LocalizedIndexedCollation`` (ㄱ…ㅎ A…Z # for
/// Korean, A…Z あ…わ # for Japanese) and sorted within each by the locale's collator, as
/// ``LocalizedIndexedCollation/sections(of:by:reading:descending:)`` does. Only non-empty
/// sections are shown; the side index keeps every title.
///
/// ```swift
/// struct Contact: Identifiable { var id: Int; var familyName: String; var givenName: String }
///
/// let korean = try LocalizedIndexedCollation(locale: "ko_KR")
/// var contacts = try IndexedDataSource(
///     [Contact(id: 1, familyName: "박", givenName: "서준"),
///      Contact(id: 2, familyName: "김", givenName: "민준")],
///     collation: korean, id: \.id, keys: { RecordKeys($0.familyName) }
/// ) { position, contact in contact.familyName + contact.givenName }
///
/// contacts.titleForHeader(inSection: 0)                  // "ㄱ"
/// contacts.cellForRow(at: Position(row: 0, section: 1))  // "박서준"
/// let change = try contacts.insert(Contact(id: 3, familyName: "김", givenName: "철수"))
/// change.difference.itemInsertions                       // 3 at [0, 1], after 김민준
/// ```
///
/// Each record keeps its sort key, so ``insert(_:)``, ``remove(id:)`` and ``update(_:)``
/// compute one new key and find the record's place with O(log *n*) memcmp comparisons.
/// Each returns a ``Change`` whose `SnapshotDifference` is built from the edit itself, not
/// by comparing snapshots, so editing a list of a million records takes microseconds.
///
/// Cells are not stored: ``cell(at:)`` calls the cell provider for the one row asked for.
///
/// ## Concurrency
///
/// Records need not be `Sendable`, and the cell provider and key closures are plain
/// closures: a `@MainActor` view controller can keep class models and build cells from its
/// own state. The data source therefore is not `Sendable`; it lives where it was made,
/// like the table view it feeds. To sort a large list without blocking that actor, build it
/// with ``build(_:collation:id:keys:isolation:cellProvider:)``, which sends
/// only the keys (strings) to other threads and attaches the records and cell provider on
/// the caller's actor. ``Change`` and the `Snapshot`s it makes are `Sendable` when the
/// records are.
public struct IndexedDataSource<Record, ID: Hashable & Sendable, Cell>: SectionedDataSource {
    /// A closure that makes the cell for a record shown at a position.
    ///
    /// It runs where ``cell(at:)`` is called, so it may read and change the state of the
    /// actor that owns the data source.
    public typealias CellProvider = (Position, Record) -> Cell

    /// The collation that decides the sections and the order within them.
    public let collation: LocalizedIndexedCollation

    /// Returns a record's identifier.
    @usableFromInline
    let identify: (Record) -> ID

    /// Returns a record's display keys and their readings. Set once, except that an empty
    /// source made by ``init(_:collation:id:keys:cellProvider:)`` takes the key count of
    /// its first record (see ``insert(_:)``).
    @usableFromInline
    var recordKeys: KeyReaders<Record>

    /// The closure that makes cells.
    @usableFromInline
    let cellProvider: CellProvider

    /// The records, sorted into sections.
    @usableFromInline
    var table: SectionTable<Record, ID>

    /// Where each record is, by identifier.
    @usableFromInline
    var locations: [ID: RecordLocation]

    /// The arrival order the next inserted record gets.
    @usableFromInline
    var nextSequence: Int

    /// The search index, once ``buildSearchIndex()`` has built it; edits keep it current.
    public internal(set) var searchIndex: SearchIndex<ID>? = nil

    /// The fields each record is searched by besides its keys
    /// (``buildSearchIndex(options:fields:)``), for the records inserted later.
    var searchFieldReader: (@Sendable (Record) -> [SearchField])? = nil

    /// A title budget for the side index, or `nil` (the default) for every title: the
    /// sections are unchanged, only ``sectionIndexTitles`` is folded (see ``SectionIndex``).
    public var maximumIndexTitles: Int? = nil

    /// Whether the side index shows titles of sections without records: `true` (the
    /// default) as iOS does, so the index never shifts; `false` as Android does.
    public var includesEmptyIndexTitles = true

    /// Whether the side index starts with UIKit's search entry
    /// (``searchIndexTitle``, `UITableView.indexSearch`), which maps to no section:
    /// `false` by default.
    public var includesSearchIndexTitle = false

    /// Which part of a name sorts first, for a source built from people's names
    /// (``init(_:collation:id:name:sortOrder:displayOrder:cellProvider:)``); `.family` otherwise.
    public internal(set) var nameSortOrder: NameSortOrder = .family

    /// Which part of a name ``displayName(at:)`` shows first: ``NameDisplayOrder/auto``
    /// (the default) shows Chinese, Japanese and Korean names family first, others given
    /// first. Changing it changes no order and no section.
    public var nameDisplayOrder: NameDisplayOrder = .auto

    /// Returns a record's name, for a source built from people's names.
    @usableFromInline
    var personName: ((Record) -> PersonName)? = nil

    /// Sorts and files records with one or more keys: what every public initializer does
    /// of the deprecated spellings (``build(_:collation:id:keys:isolation:cellProvider:)``
    /// sorts elsewhere).
    ///
    /// - Parameters:
    ///   - recordKeys: How to read the records' keys and readings.
    ///   - Others: As in ``init(_:collation:id:keys:cellProvider:)``.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` for the first repeated identifier.
    /// - Complexity: O(*n* log *n*) memcmp comparisons and one ICU sort key per key and
    ///   reading, spread over all cores.
    @inlinable
    init(
        collation: LocalizedIndexedCollation,
        records: [Record],
        id: @escaping (Record) -> ID,
        recordKeys: KeyReaders<Record>,
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        let sorted = SortedRecords(records, collation: collation, keys: recordKeys)
        try self.init(
            collation: collation, records: records, sorted: sorted, id: id, keys: recordKeys, cellProvider: cellProvider)
    }

    /// Files records whose keys are already sorted into sections.
    ///
    /// - Parameters:
    ///   - sorted: The records' sections, order and sort keys, as ``SortedRecords`` makes them.
    ///   - keys: How to read the records' keys and readings (for later edits).
    ///   - Others: As in ``init(_:collation:id:keys:cellProvider:)``.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` for the first repeated identifier.
    /// - Complexity: O(*n*), no ICU call.
    @usableFromInline
    init(
        collation: LocalizedIndexedCollation,
        records: [Record],
        sorted: SortedRecords,
        id: @escaping (Record) -> ID,
        keys: KeyReaders<Record>,
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        self.collation = collation
        self.identify = id
        self.recordKeys = keys
        self.cellProvider = cellProvider
        nextSequence = records.count

        var table = SectionTable<Record, ID>(titles: collation.sectionTitles)
        var locations: [ID: RecordLocation] = [:]
        locations.reserveCapacity(records.count)
        for (titleIndex, range) in sorted.groups {
            var entries: [RecordEntry<Record, ID>] = []
            entries.reserveCapacity(range.count)
            for position in range {
                let index = Int(sorted.order[position])
                let order = RecordOrder(key: sorted.keys[position], tie: sorted.ties[index], sequence: index)
                let recordID = id(records[index])
                let location = RecordLocation(titleIndex: titleIndex, order: order)
                guard locations.updateValue(location, forKey: recordID) == nil else { throw .duplicateID(recordID) }
                entries.append(RecordEntry(order: order, id: recordID, record: records[index]))
            }
            table.fill(titleIndex: titleIndex, sorted: entries)
        }
        self.table = table
        self.locations = locations
    }

    /// The number of records in all sections.
    ///
    /// - Complexity: O(1).
    public var numberOfRecords: Int {
        table.recordCount
    }

    /// Returns the sections and record identifiers being shown, to hand to a front end or to
    /// compare.
    ///
    /// Sections are identified by their titles (in the ``SectionStyle/icu`` style, where ICU
    /// titles several buckets `…`, the second and later get the suffix ` 2`, ` 3`, …).
    ///
    /// - Returns: A snapshot of the non-empty sections, in order, with no reload or
    ///   reconfigure marks.
    /// - Complexity: O(*n*); edits return their `SnapshotDifference` without it.
    public func snapshot() -> Snapshot<String, ID> {
        table.snapshot()
    }

    /// Returns the record shown at a position.
    ///
    /// - Parameter position: A position among the shown sections.
    /// - Returns: The record, or `nil` if the position is outside the data.
    /// - Complexity: O(log *n*).
    public func record(at position: Position) -> Record? {
        table.entry(at: position)?.record
    }

    /// Returns where a record is shown, as UIKit's `indexPath(for:)` does.
    ///
    /// - Parameter id: A record identifier.
    /// - Returns: The record's position, or `nil` if no record has that identifier.
    /// - Complexity: O(log *n*) memcmp comparisons.
    public func position(of id: ID) -> Position? {
        locations[id].flatMap { table.position(of: $0) }
    }
}

/// An error from editing an ``IndexedDataSource``, naming the record identifier at fault.
///
/// The data source is unchanged when one is thrown.
public enum IndexedDataSourceError<ID: Hashable & Sendable>: Error, Equatable, CustomStringConvertible {
    /// Two records have the same identifier: when building, two of the records given, or
    /// when inserting, the new record and one already in the data source.
    case duplicateID(ID)

    /// No record in the data source has the identifier given to remove or update.
    case unknownID(ID)

    /// A message that says what went wrong and what to do next.
    public var description: String {
        switch self {
        case .duplicateID(let id):
            return "duplicate record id \(String(reflecting: id)): every record needs its own id;"
                + " to change a record that is already there, call update(_:)"
        case .unknownID(let id):
            return "no record has id \(String(reflecting: id)): insert(_:) it first"
        }
    }
}

extension IndexedDataSource: CustomStringConvertible {
    /// The locale, the number of records, and each shown section with its row count, at
    /// most twenty: `IndexedDataSource(ko_KR, 6 records; ㄱ 2, ㅂ 1, ㅇ 1, ㅊ 1, S 1)`.
    public var description: String {
        let sections = (0..<numberOfSections).map { section in
            "\(titleForHeader(inSection: section) ?? "") \(numberOfRows(inSection: section))"
        }
        let shown = sections.prefix(20)
        let more = sections.count > shown.count ? ", … \(sections.count - shown.count) more" : ""
        let list = shown.isEmpty ? "" : "; " + shown.joined(separator: ", ") + more
        return "IndexedDataSource(\(collation.locale.identifier), \(numberOfRecords) records\(list))"
    }
}

extension IndexedDataSource.Change: CustomStringConvertible {
    /// The difference in words, as `SnapshotDifference`'s description reads.
    public var description: String {
        "Change(\(difference))"
    }
}
