extension IndexingEngine {
    /// One non-empty section of the output.
    package struct Group: Sendable, Hashable {
        /// Index into the collation's `sectionTitles`.
        package var section: Int
        /// The section's records: `order[range]`.
        package var range: Range<Int>

        package init(section: Int, range: Range<Int>) {
            self.section = section
            self.range = range
        }
    }
}
