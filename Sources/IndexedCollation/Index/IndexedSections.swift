/// Records grouped into the sections of a ``LocalizedIndexedCollation``.
public struct IndexedSections<Record> {
    /// One non-empty section.
    public struct Section {
        /// The section title, e.g. "ㄱ" or "#".
        public var title: String
        /// The section's position in ``IndexedSections/indexTitles``.
        public var titleIndex: Int
        /// The records, in collation order.
        public var records: [Record]
    }

    /// Every section title, empty sections included, in order ("#" last by default).
    public var indexTitles: [String]
    /// The non-empty sections, in title order.
    public var sections: [Section]

    /// All records in display order.
    public var records: [Record] { sections.flatMap(\.records) }
}

extension IndexedSections: Sendable where Record: Sendable {}
extension IndexedSections.Section: Sendable where Record: Sendable {}
extension IndexedSections: Equatable where Record: Equatable {}
extension IndexedSections.Section: Equatable where Record: Equatable {}
