import SectionedData

/// The sorted rows of every section of an ``IndexedDataSource``, with the list of sections
/// that are shown (the non-empty ones).
///
/// Sections are addressed two ways: by *title index*, their place in the collation's
/// ``LocalizedIndexedCollation/sectionTitles`` (empty sections included), and by *shown
/// index*, their place among the non-empty sections, which is what positions and snapshots
/// use.
@usableFromInline
struct SectionTable<Record, ID: Hashable & Sendable> {
    @usableFromInline
    typealias Entry = RecordEntry<Record, ID>

    /// The snapshot identifier of each section, by title index.
    let identifiers: [String]

    /// The rows of each section, by title index.
    private(set) var sections: [SectionRows<Record, ID>]

    /// The title indexes of the non-empty sections, in increasing order.
    private(set) var shown: [Int] = []

    /// The number of records in all sections.
    private(set) var recordCount = 0

    /// Creates a table of empty sections.
    ///
    /// - Parameter titles: The collation's section titles.
    @usableFromInline
    init(titles: [String]) {
        identifiers = Self.identifiers(for: titles)
        sections = Array(repeating: SectionRows(), count: titles.count)
    }

    /// Snapshot identifiers for section titles: the titles themselves, with ` 2`, ` 3`, …
    /// added to the second and later of a repeated title (ICU titles several buckets `…`
    /// in the ``SectionStyle/icu`` style), so that identifiers are unique.
    static func identifiers(for titles: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return titles.map { title in
            let occurrence = seen[title, default: 0] + 1
            seen[title] = occurrence
            return occurrence == 1 ? title : "\(title) \(occurrence)"
        }
    }

    /// Fills the section at a title index with entries already in order.
    ///
    /// - Parameters:
    ///   - entries: Entries sorted by ``RecordOrder``; nothing happens if there are none.
    ///   - titleIndex: An empty section, after every non-empty one.
    @usableFromInline
    mutating func fill(titleIndex: Int, sorted entries: [Entry]) {
        guard !entries.isEmpty else { return }
        precondition(sections[titleIndex].isEmpty && (shown.last ?? -1) < titleIndex)
        sections[titleIndex] = SectionRows(sorted: entries)
        shown.append(titleIndex)
        recordCount += entries.count
    }

    /// Returns where a title index is among the shown sections.
    ///
    /// - Parameter titleIndex: An index into the collation's titles.
    /// - Returns: The number of shown sections before it, and whether it is shown itself.
    /// - Complexity: O(log *s*).
    func shownIndex(ofTitle titleIndex: Int) -> (index: Int, isShown: Bool) {
        var low = 0
        var high = shown.count
        while low < high {
            let middle = (low + high) / 2
            if shown[middle] < titleIndex { low = middle + 1 } else { high = middle }
        }
        return (low, low < shown.count && shown[low] == titleIndex)
    }

    /// Returns the entry at a position.
    ///
    /// - Parameter position: A position among the shown sections.
    /// - Returns: The entry, or `nil` if the position is outside the table.
    /// - Complexity: O(log *n*).
    func entry(at position: Position) -> Entry? {
        guard shown.indices.contains(position.section) else { return nil }
        let rows = sections[shown[position.section]]
        guard position.row >= 0, position.row < rows.count else { return nil }
        return rows[position.row]
    }

    /// Returns the position of a record.
    ///
    /// - Parameter location: Where the record is.
    /// - Returns: Its position, or `nil` if the table does not hold it there.
    /// - Complexity: O(log *n*) comparisons.
    func position(of location: RecordLocation) -> Position? {
        let (section, isShown) = shownIndex(ofTitle: location.titleIndex)
        guard isShown, let row = sections[location.titleIndex].row(of: location.order) else { return nil }
        return Position(row: row, section: section)
    }

    /// Inserts an entry into a section at its place.
    ///
    /// - Parameters:
    ///   - entry: A record not in the table.
    ///   - titleIndex: The index of its section in the collation's titles.
    /// - Returns: The entry's new position, and whether its section was empty before.
    /// - Complexity: O(log *n*) comparisons.
    mutating func insert(_ entry: Entry, titleIndex: Int) -> (position: Position, sectionIsNew: Bool) {
        let (section, isShown) = shownIndex(ofTitle: titleIndex)
        if !isShown { shown.insert(titleIndex, at: section) }
        let row = sections[titleIndex].insert(entry)
        recordCount += 1
        return (Position(row: row, section: section), !isShown)
    }

    /// Removes a record.
    ///
    /// - Parameter location: Where the record is.
    /// - Returns: The removed entry, its old position, and whether its section is empty now;
    ///   `nil` if the table does not hold the record there.
    /// - Complexity: O(log *n*) comparisons.
    mutating func remove(
        at location: RecordLocation
    ) -> (entry: Entry, position: Position, sectionIsGone: Bool)? {
        let (section, isShown) = shownIndex(ofTitle: location.titleIndex)
        guard isShown, let (entry, row) = sections[location.titleIndex].remove(location.order) else {
            return nil
        }
        recordCount -= 1
        let isGone = sections[location.titleIndex].isEmpty
        if isGone { shown.remove(at: section) }
        return (entry, Position(row: row, section: section), isGone)
    }

    /// Replaces the record at a position, keeping its place.
    mutating func replaceRecord(at position: Position, with record: Record) {
        sections[shown[position.section]].replaceRecord(atRow: position.row, with: record)
    }

    /// The shown sections and their items as a snapshot.
    ///
    /// - Returns: A snapshot whose sections are the non-empty sections in title order.
    /// - Complexity: O(*n*).
    func snapshot() -> Snapshot<String, ID> {
        var snapshot = Snapshot<String, ID>()
        do {
            for titleIndex in shown {
                try snapshot.appendSections([identifiers[titleIndex]])
                try snapshot.appendItems(sections[titleIndex].ids, toSection: identifiers[titleIndex])
            }
        } catch {
            // Section identifiers are unique by construction and record identifiers by the
            // data source's checks.
            preconditionFailure("the section table repeats an identifier: \(error)")
        }
        return snapshot
    }
}

extension SectionTable: Sendable where Record: Sendable {}
