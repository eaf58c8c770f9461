/// The state of a sectioned list at one point in time: ordered sections, each holding
/// ordered items, all named by unique identifiers.
///
/// `Snapshot` is the counterpart of UIKit's `NSDiffableDataSourceSnapshot`. Build one,
/// hand it to a ``SectionedListDataSource``, and compute a ``SnapshotDifference`` between
/// two of them with ``difference(from:)``:
///
/// ```swift
/// var snapshot = Snapshot<String, String>()
/// try snapshot.appendSections(["ㄱ", "ㄴ", "#"])
/// try snapshot.appendItems(["김민준", "김서연"], toSection: "ㄱ")
/// try snapshot.appendItems(["나은비"], toSection: "ㄴ")
/// try snapshot.appendItems(["7eleven"], toSection: "#")
/// snapshot.indexOfSection("ㄴ")                        // 1
/// snapshot.sectionIdentifier(containingItem: "나은비")  // "ㄴ"
/// ```
///
/// Unlike UIKit, which ends the process, every operation that would break the snapshot's
/// rules throws a ``SnapshotError`` naming the identifier at fault and leaves the snapshot
/// unchanged. The rules: section identifiers are unique; item identifiers are unique across
/// all sections; operations name identifiers the snapshot contains.
///
/// The snapshot keeps a table from each item to its section and offset, so finding an item
/// is O(1) and a snapshot of a million items is practical to build, query and diff.
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// The section identifiers in display order.
    @usableFromInline
    var sectionIDs: [SectionID] = []

    /// The item identifiers of each section, parallel to ``sectionIDs``.
    @usableFromInline
    var sectionItems: [[ItemID]] = []

    /// The storage slot of each section, parallel to ``sectionIDs``.
    @usableFromInline
    var sectionSlots: [Int32] = []

    /// For every slot handed out, the current index of its section, or -1 once deleted.
    @usableFromInline
    var slotIndexes: [Int] = []

    /// The current index of each section.
    @usableFromInline
    var sectionIndexes: [SectionID: Int] = [:]

    /// The slot and offset of each item.
    @usableFromInline
    var itemLocations: [ItemID: ItemLocation] = [:]

    /// The number of items in all sections.
    @usableFromInline
    var itemCount = 0

    /// The items marked by ``reloadItems(_:)``.
    @usableFromInline
    var reloadedItemSet: Set<ItemID> = []

    /// The items marked by ``reconfigureItems(_:)``.
    @usableFromInline
    var reconfiguredItemSet: Set<ItemID> = []

    /// The sections marked by ``reloadSections(_:)``.
    @usableFromInline
    var reloadedSectionSet: Set<SectionID> = []

    /// Creates an empty snapshot, with no sections and no items.
    @inlinable
    public init() {}

    /// Creates a snapshot holding the given sections and their items, in order.
    ///
    /// ```swift
    /// let snapshot = try Snapshot<String, String>(sections: [
    ///     ("A", ["Åsa", "Anders"]),
    ///     ("Ö", ["Östen"]),
    /// ])
    /// ```
    ///
    /// - Parameter sections: Pairs of a section identifier and the identifiers of its items.
    /// - Throws: ``SnapshotError/duplicateSection(_:)`` or
    ///   ``SnapshotError/duplicateItem(_:existingSection:)`` naming the first identifier that
    ///   appears twice.
    /// - Complexity: O(*n*) expected, where *n* is the total number of sections and items.
    @inlinable
    public init(
        sections: some Sequence<(SectionID, [ItemID])>
    ) throws(SnapshotError<SectionID, ItemID>) {
        for (section, items) in sections {
            try appendSections([section])
            try appendItems(items, toSection: section)
        }
    }
}

extension Snapshot: Equatable {
    /// Returns whether two snapshots hold the same sections and items in the same order, and
    /// the same reload and reconfigure marks.
    ///
    /// - Parameters:
    ///   - lhs: A snapshot.
    ///   - rhs: Another snapshot.
    /// - Returns: `true` if the snapshots are indistinguishable through their public API.
    /// - Complexity: O(*n*), where *n* is the number of items.
    @inlinable
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        lhs.itemCount == rhs.itemCount
            && lhs.sectionIDs == rhs.sectionIDs
            && lhs.sectionItems == rhs.sectionItems
            && lhs.reloadedSectionSet == rhs.reloadedSectionSet
            && lhs.reloadedItemSet == rhs.reloadedItemSet
            && lhs.reconfiguredItemSet == rhs.reconfiguredItemSet
    }
}

extension Snapshot: CustomStringConvertible {
    /// A summary listing each section with up to its first twenty items.
    public var description: String {
        let sections = zip(sectionIDs, sectionItems).map { section, items in
            let shown = items.prefix(20).map { String(reflecting: $0) }
            let more = items.count > shown.count ? ", … \(items.count - shown.count) more" : ""
            return "\(String(reflecting: section)): [\(shown.joined(separator: ", "))\(more)]"
        }
        return "Snapshot(\(sections.joined(separator: "; ")))"
    }
}
