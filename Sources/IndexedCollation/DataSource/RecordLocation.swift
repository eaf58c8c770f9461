/// Where to find a record by its identifier: its section's index in the collation's titles
/// and where it sorts inside that section. Made only by non-inlinable code, with the
/// memberwise initializer.
@usableFromInline
struct RecordLocation: Sendable {
    /// The index of the record's section in ``LocalizedIndexedCollation/sectionTitles``.
    @usableFromInline
    var titleIndex: Int

    /// Where the record sorts inside its section.
    @usableFromInline
    var order: RecordOrder
}
