/// An error thrown by a ``Snapshot`` operation that would leave the snapshot inconsistent.
///
/// Where UIKit's `NSDiffableDataSourceSnapshot` raises an exception and ends the process,
/// ``Snapshot`` throws one of these values and leaves itself unchanged. Every case names the
/// identifier at fault, so the message says what to fix:
///
/// ```swift
/// var snapshot = Snapshot<String, String>()
/// try snapshot.appendSections(["ㄱ"])
/// try snapshot.appendItems(["김민준"], toSection: "ㄱ")
/// try snapshot.appendItems(["김민준"], toSection: "ㄱ")
/// // throws SnapshotError.duplicateItem("김민준", existingSection: "ㄱ")
/// ```
public enum SnapshotError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error,
    Equatable
{
    /// A section identifier that is already in the snapshot, or appears twice in the
    /// identifiers passed to one call.
    case duplicateSection(SectionID)

    /// An item identifier that is already in the snapshot, or appears twice in the
    /// identifiers passed to one call.
    ///
    /// `existingSection` names the section that already holds the item, or is `nil` when the
    /// identifier was repeated inside the same call.
    case duplicateItem(ItemID, existingSection: SectionID?)

    /// A section identifier the snapshot does not contain.
    case unknownSection(SectionID)

    /// An item identifier the snapshot does not contain.
    case unknownItem(ItemID)

    /// A section was to be moved before or after itself.
    case sectionMovedRelativeToItself(SectionID)

    /// An item was to be moved before or after itself.
    case itemMovedRelativeToItself(ItemID)

    /// Items were appended without naming a section, to a snapshot that has no sections.
    case noSections

    /// A ``SnapshotDifference`` does not fit the snapshot it was applied to; the message
    /// says which part of the difference disagrees.
    case differenceMismatch(String)
}

extension SnapshotError: CustomStringConvertible {
    /// A human-readable message that names the identifier at fault and what to do next.
    public var description: String {
        switch self {
        case .duplicateSection(let section):
            return "section \(Self.quote(section)) is already in the snapshot; "
                + "section identifiers must be unique, so give each section its own identifier"
        case .duplicateItem(let item, let existingSection?):
            return "item \(Self.quote(item)) is already in section \(Self.quote(existingSection)); "
                + "item identifiers must be unique across all sections; move the item instead"
        case .duplicateItem(let item, nil):
            return "item \(Self.quote(item)) appears more than once in the items passed; "
                + "item identifiers must be unique across all sections"
        case .unknownSection(let section):
            return "section \(Self.quote(section)) is not in the snapshot; append it first"
        case .unknownItem(let item):
            return "item \(Self.quote(item)) is not in the snapshot; append it first"
        case .sectionMovedRelativeToItself(let section):
            return "section \(Self.quote(section)) cannot be moved before or after itself"
        case .itemMovedRelativeToItself(let item):
            return "item \(Self.quote(item)) cannot be moved before or after itself"
        case .noSections:
            return "the snapshot has no sections to append items to; append a section first"
        case .differenceMismatch(let detail):
            return "the difference does not fit this snapshot (\(detail)); "
                + "compute it with difference(from:) against this snapshot"
        }
    }

    private static func quote(_ value: some Any) -> String {
        String(reflecting: value)
    }
}
