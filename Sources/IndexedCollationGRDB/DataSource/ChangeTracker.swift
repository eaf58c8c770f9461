import Foundation
import GRDB
import SectionedData

/// Turns the change log of a keyed table into differences, one read at a time: it
/// remembers the last log entry applied and the section counts the data source shows.
///
/// `@unchecked Sendable` is safe: the state is read and written only while holding `lock`,
/// and a GRDB observation runs its fetches one after another.
final class ChangeTracker: @unchecked Sendable {
    /// A computed update: the change and the state it leads to.
    struct Update: Sendable {
        var change: DatabaseIndexedChange
        var counts: [Int]
        var cursor: Int64
    }

    private struct Place: Equatable {
        var section: Int
        var key: Data
    }

    let keys: SortKeyColumns
    /// The most rows one difference lists; more changed rows make a reload.
    let differenceLimit: Int
    private let lock = NSLock()
    private var counts: [Int]
    private var cursor: Int64

    init(keys: SortKeyColumns, counts: [Int], cursor: Int64, differenceLimit: Int) {
        self.keys = keys
        self.counts = counts
        self.cursor = cursor
        self.differenceLimit = differenceLimit
    }

    /// The counts and the last log entry, read together in one transaction.
    static func currentState(_ db: Database, keys: SortKeyColumns) throws -> (counts: [Int], cursor: Int64) {
        let counts = try keys.sectionCounts(db)
        // The last number given, even when its entry was pruned (sqlite_sequence keeps it).
        let cursor =
            try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [keys.changeLogTable])
            ?? Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM \(keys.changeLogTable.quotedDatabaseIdentifier)") ?? 0
        return (counts, cursor)
    }

    /// Reads the log entries after the last one applied and computes the change; `nil` when
    /// nothing changed.
    func update(_ db: Database) throws -> Update? {
        lock.lock()
        defer { lock.unlock() }
        let log = keys.changeLogTable.quotedDatabaseIdentifier
        let entries = try Row.fetchAll(
            db, sql: "SELECT seq, row_id, old_section, old_key, new_section, new_key FROM \(log) WHERE seq > ? ORDER BY seq",
            arguments: [cursor])
        guard let last = entries.last else { return nil }
        let newCursor: Int64 = last["seq"]
        let state = try Self.currentState(db, keys: keys)
        let newCounts = state.counts
        let firstSeq: Int64 = entries[0]["seq"]
        var olds: [Int64: Place?] = [:]
        var news: [Int64: Place?] = [:]
        var order: [Int64] = []
        // Entries are numbered without gaps (AUTOINCREMENT, rolled back with their
        // transaction): a first entry past the next number means older ones were pruned.
        var complete = firstSeq == cursor + 1
        for entry in entries {
            guard let row = entry["row_id"] as Int64? else {
                complete = false  // a re-key
                break
            }
            // The first entry of a row holds its old place, the last one its new place
            // (nil: not in the table then). updateValue keeps a nil place as a value.
            if olds.index(forKey: row) == nil {
                olds.updateValue(Self.place(entry, "old_section", "old_key"), forKey: row)
                order.append(row)
            }
            news.updateValue(Self.place(entry, "new_section", "new_key"), forKey: row)
        }
        var change = DatabaseIndexedChange.reload
        if complete, order.count <= differenceLimit,
            let difference = try makeDifference(db, rows: order, olds: olds, news: news, oldCounts: counts, newCounts: newCounts)
        {
            change = .difference(difference)
        }
        // The state moves on only once the update is computed: a failed read is retried whole.
        counts = newCounts
        cursor = max(newCursor, state.cursor)
        return Update(change: change, counts: counts, cursor: cursor)
    }

    private static func place(_ row: Row, _ section: String, _ key: String) -> Place? {
        guard let section = row[section] as Int?, let key = row[key] as Data? else { return nil }
        return Place(section: section, key: key)
    }

    /// The difference for the changed rows, or nil when it cannot be listed (counts that
    /// do not add up, an inserted section larger than the limit).
    private func makeDifference(
        _ db: Database, rows: [Int64], olds: [Int64: Place?], news: [Int64: Place?], oldCounts: [Int], newCounts counts: [Int]
    ) throws -> SnapshotDifference<String, Int64>? {
        typealias Difference = SnapshotDifference<String, Int64>
        let titles = keys.collation.sectionTitles
        // The counts must be the old ones plus the logged changes, or an entry was missed.
        var expected = oldCounts
        for row in rows {
            if let old = olds[row] ?? nil, expected.indices.contains(old.section) { expected[old.section] -= 1 }
            if let new = news[row] ?? nil, expected.indices.contains(new.section) { expected[new.section] += 1 }
        }
        guard expected == counts else { return nil }

        let oldShown = oldCounts.indices.filter { oldCounts[$0] > 0 }
        let newShown = counts.indices.filter { counts[$0] > 0 }
        let oldIndex = Dictionary(uniqueKeysWithValues: oldShown.enumerated().map { ($0.element, $0.offset) })
        let newIndex = Dictionary(uniqueKeysWithValues: newShown.enumerated().map { ($0.element, $0.offset) })
        let surviving = Set(oldShown).intersection(newShown)

        var difference = Difference { _ in }  // filled in below, list by list
        for section in oldShown where newIndex[section] == nil {
            difference.sectionDeletions.append(.init(identifier: titles[section], location: oldIndex[section] ?? 0))
        }
        for section in newShown where oldIndex[section] == nil {
            guard counts[section] <= differenceLimit else { return nil }
            let ids = try Int64.fetchAll(
                db,
                sql: """
                    SELECT rowid FROM \(keys.table.quotedDatabaseIdentifier) WHERE \(keys.sectionColumn.quotedDatabaseIdentifier) = ?
                    ORDER BY \(keys.sortKeyColumn.quotedDatabaseIdentifier)
                    """, arguments: [section])
            difference.sectionInsertions.append(.init(identifier: titles[section], location: newIndex[section] ?? 0, itemIdentifiers: ids))
        }

        // Rank of a key among the rows of its section now (the table as it is).
        func currentRank(_ place: Place) throws -> Int {
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM \(keys.table.quotedDatabaseIdentifier)
                    WHERE \(keys.sectionColumn.quotedDatabaseIdentifier) = ? AND \(keys.sortKeyColumn.quotedDatabaseIdentifier) < ?
                    """, arguments: [place.section, place.key]) ?? 0
        }
        let newPlaces = rows.compactMap { news[$0] ?? nil }
        let oldPlaces = rows.map { olds[$0] ?? nil }
        func oldRank(_ place: Place, of row: Int64) throws -> Int {
            var rank = try currentRank(place)
            for other in newPlaces where other.section == place.section && other.key.lexicographicallyPrecedes(place.key) {
                rank -= 1
            }
            for (index, other) in oldPlaces.enumerated() where rows[index] != row {
                if let other, other.section == place.section, other.key.lexicographicallyPrecedes(place.key) { rank += 1 }
            }
            return rank
        }

        for row in rows {
            let old = (olds[row] ?? nil).flatMap { surviving.contains($0.section) ? $0 : nil }
            let new = (news[row] ?? nil).flatMap { surviving.contains($0.section) ? $0 : nil }
            let source = try old.map { Position(row: try oldRank($0, of: row), section: oldIndex[$0.section] ?? 0) }
            let destination = try new.map { Position(row: try currentRank($0), section: newIndex[$0.section] ?? 0) }
            switch (source, destination) {
            case (let source?, let destination?):
                if old == new {
                    difference.reconfiguredItems.append(.init(identifier: row, location: destination))
                } else {
                    if rows.count > 1 || source != destination {
                        difference.itemMoves.append(.init(identifier: row, source: source, destination: destination))
                    }
                    difference.reconfiguredItems.append(.init(identifier: row, location: destination))
                }
            case (let source?, nil):
                difference.itemDeletions.append(.init(identifier: row, location: source))
            case (nil, let destination?):
                difference.itemInsertions.append(.init(identifier: row, location: destination))
            case (nil, nil):
                break
            }
        }
        difference.itemDeletions.sort { $0.location < $1.location }
        difference.itemInsertions.sort { $0.location < $1.location }
        difference.itemMoves.sort { $0.destination < $1.destination }
        difference.reconfiguredItems.sort { $0.location < $1.location }
        return difference
    }
}

/// What changed in a ``DatabaseIndexedDataSource`` after database writes: the difference
/// to animate, or a reload when the changes are too many to list (or the keys were
/// re-keyed).
public enum DatabaseIndexedChange: Sendable, Equatable {
    /// The changes from the rows shown before to the rows after: sections identified by
    /// their titles, rows by their row ids, with the rules of `SnapshotDifference`
    /// (deletions at old positions, everything else at new positions). A row whose text
    /// changed is moved (and reconfigured); a row whose other columns changed is reconfigured.
    case difference(SnapshotDifference<String, Int64>)

    /// Too many rows changed at once (more than the data source lists one by one, or more
    /// than the change log keeps), or the table was re-keyed: reload everything.
    case reload
}
