extension IndexedDataSource: CustomStringConvertible {
    /// The locale, the number of records, and each shown section with its row count, at
    /// most twenty: `IndexedDataSource(ko_KR, 6 records; ㄱ 2, ㅂ 1, ㅇ 1, ㅊ 1, S 1)`.
    public var description: String {
        let sections = (0..<numberOfSections).map { section in
            "\(titleForHeader(inSection: section) ?? "") \(numberOfRows(inSection: section))"
        }
        let shown = sections.prefix(20)
        let more = sections.count > shown.count ? ", … \(sections.count - shown.count) more" : ""
        let list = shown.isEmpty ? "" : "; " + shown.joined(separator: ", ") + more
        return "IndexedDataSource(\(collation.locale.identifier), \(numberOfRecords) records\(list))"
    }
}

extension IndexedDataSource.Change: CustomStringConvertible {
    /// The difference in words, as `SnapshotDifference`'s description reads.
    public var description: String {
        "Change(\(difference))"
    }
}
