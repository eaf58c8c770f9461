/// The changes that turn one ``Snapshot`` into another: sections and items deleted,
/// inserted and moved, plus the reload and reconfigure marks of the newer snapshot.
///
/// Compute one with ``Snapshot/difference(from:)`` and replay it with
/// ``Snapshot/applying(_:)``; for any two snapshots `old` and `new`,
/// `try old.applying(new.difference(from: old)) == new`.
///
/// The changes follow the rules of a table view's batch update, so a user interface can
/// animate them directly:
///
/// - Deletions carry positions in the old snapshot; insertions, reloads and the
///   destinations of moves carry positions in the new one.
/// - Items of a deleted section are implied by the section deletion and not listed; the
///   items of an inserted section are listed in its ``SectionInsertion`` only. An item that
///   leaves a deleted section for a surviving one is an insertion there; an item that leaves
///   a surviving section for an inserted one is a deletion there.
/// - Item moves connect sections present in both snapshots, within a section or across
///   sections. Items that keep their order relative to each other are not moves; the moves
///   are as few as possible (their complement is a longest common subsequence).
/// - Moving a section moves its items with it; they are not listed as moves.
///
/// Every list is sorted: deletions by old position, everything else by new position.
///
/// The lists are plain values that can be edited, like those of a decoded difference:
/// ``Snapshot/applying(_:)`` checks a difference against the snapshot and throws if it
/// does not fit.
public struct SnapshotDifference<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    Sendable, Equatable
{
    /// The deleted sections, with their indexes in the old snapshot, in increasing order.
    public var sectionDeletions: [SectionChange] = []

    /// The inserted sections, with their indexes and items in the new snapshot, in
    /// increasing order of index.
    public var sectionInsertions: [SectionInsertion] = []

    /// The sections that changed places relative to the others, in increasing order of
    /// destination.
    public var sectionMoves: [SectionMove] = []

    /// The deleted items, with their positions in the old snapshot, in increasing order.
    ///
    /// Items of deleted sections are not listed.
    public var itemDeletions: [ItemChange] = []

    /// The inserted items, with their positions in the new snapshot, in increasing order.
    ///
    /// Items of inserted sections are not listed.
    public var itemInsertions: [ItemChange] = []

    /// The items that changed section, or changed places relative to the others in their
    /// section, in increasing order of destination.
    public var itemMoves: [ItemMove] = []

    /// The sections the new snapshot marks for reloading, with their new indexes.
    public var reloadedSections: [SectionChange] = []

    /// The items the new snapshot marks for reloading, with their new positions.
    public var reloadedItems: [ItemChange] = []

    /// The items the new snapshot marks for reconfiguring, with their new positions.
    public var reconfiguredItems: [ItemChange] = []

    /// Whether the two snapshots are equal: nothing is deleted, inserted, moved or marked.
    @inlinable
    public var isEmpty: Bool {
        changeCount == 0
    }

    /// The number of entries in all of the lists together.
    @inlinable
    public var changeCount: Int {
        sectionDeletions.count + sectionInsertions.count + sectionMoves.count
            + itemDeletions.count + itemInsertions.count + itemMoves.count
            + reloadedSections.count + reloadedItems.count + reconfiguredItems.count
    }
}

extension SnapshotDifference {
    /// Creates a difference by filling in its lists: what ``Snapshot/difference(from:)``
    /// finds, or the changes of an edit the caller already knows, such as a sorted data
    /// source inserting, removing or moving one record, without comparing two whole
    /// snapshots (`Difference { $0.itemInsertions = [inserted] }`).
    ///
    /// The caller is responsible for the rules ``SnapshotDifference`` documents: deletions
    /// carry old positions, everything else new positions, and each list is sorted. A list
    /// left alone is empty.
    ///
    /// - Parameter build: Fills in the lists of an empty difference.
    /// - Complexity: That of `build`.
    @inlinable
    package init(_ build: (inout Self) throws -> Void) rethrows {
        try build(&self)
    }
}

// In this file, so that `encode(to:)` and the coding keys can be synthesized: a
// difference encodes as one list per property, positions as `{"section": s, "row": r}`.
extension SnapshotDifference: Codable where SectionID: Codable, ItemID: Codable {
    /// Reads a difference as `encode(to:)` writes it; a missing list means no such changes.
    ///
    /// The lists are taken as written: a difference read from elsewhere is checked when it
    /// is applied (``Snapshot/applying(_:)`` throws if it does not fit the snapshot).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: What the decoder throws for malformed input.
    /// - Complexity: O(*c*) for *c* changes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func list<Element: Decodable>(_ key: CodingKeys) throws -> [Element] {
            try container.decodeIfPresent([Element].self, forKey: key) ?? []
        }
        self.init(
            sectionDeletions: try list(.sectionDeletions), sectionInsertions: try list(.sectionInsertions),
            sectionMoves: try list(.sectionMoves), itemDeletions: try list(.itemDeletions),
            itemInsertions: try list(.itemInsertions), itemMoves: try list(.itemMoves),
            reloadedSections: try list(.reloadedSections), reloadedItems: try list(.reloadedItems),
            reconfiguredItems: try list(.reconfiguredItems))
    }
}

extension SnapshotDifference: CustomStringConvertible {
    /// The changes in words, one clause per change, at most twenty:
    /// `SnapshotDifference(insert section "ㄱ" at 0 with [3]; move 5 [0, 1] → [2, 0])`,
    /// or `SnapshotDifference(no changes)`.
    public var description: String {
        func name(_ value: some Any) -> String { String(reflecting: value) }
        var clauses: [String] = []
        clauses += sectionDeletions.map { "delete section \(name($0.identifier)) at \($0.location)" }
        clauses += sectionInsertions.map {
            "insert section \(name($0.identifier)) at \($0.location) with [\($0.itemIdentifiers.map(name).joined(separator: ", "))]"
        }
        clauses += sectionMoves.map { "move section \(name($0.identifier)) \($0.source) → \($0.destination)" }
        clauses += itemDeletions.map { "delete \(name($0.identifier)) at \($0.location)" }
        clauses += itemInsertions.map { "insert \(name($0.identifier)) at \($0.location)" }
        clauses += itemMoves.map { "move \(name($0.identifier)) \($0.source) → \($0.destination)" }
        clauses += reloadedSections.map { "reload section \(name($0.identifier)) at \($0.location)" }
        clauses += reloadedItems.map { "reload \(name($0.identifier)) at \($0.location)" }
        clauses += reconfiguredItems.map { "reconfigure \(name($0.identifier)) at \($0.location)" }
        guard !clauses.isEmpty else { return "SnapshotDifference(no changes)" }
        let shown = clauses.prefix(20)
        let more = clauses.count > shown.count ? "; … \(clauses.count - shown.count) more" : ""
        return "SnapshotDifference(\(shown.joined(separator: "; "))\(more))"
    }
}
