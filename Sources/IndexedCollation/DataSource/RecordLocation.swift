/// Where to find a record by its identifier: its section's index in the collation's titles
/// and where it sorts inside that section.
@usableFromInline
struct RecordLocation: Sendable {
    /// The index of the record's section in ``LocalizedIndexedCollation/sectionTitles``.
    @usableFromInline
    var titleIndex: Int

    /// Where the record sorts inside its section.
    @usableFromInline
    var order: RecordOrder

    /// Creates the location of a record.
    @inlinable
    init(titleIndex: Int, order: RecordOrder) {
        self.titleIndex = titleIndex
        self.order = order
    }
}
