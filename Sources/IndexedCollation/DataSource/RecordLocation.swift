/// Where to find a record by its identifier: its section's index in the collation's titles
/// and where it sorts inside that section.
struct RecordLocation: Sendable {
    /// The index of the record's section in ``LocalizedIndexedCollation/sectionTitles``.
    var titleIndex: Int

    /// Where the record sorts inside its section.
    var order: RecordOrder
}
