import SectionedData

/// The document as a data source: one section per non-empty group, one row per record,
/// each cell built only when asked for (paging builds just the page's cells).
extension CollatedDocument: SectionedDataSource {
    var numberOfSections: Int { output.groups.count }

    func numberOfRows(inSection section: Int) -> Int { output.groups[section].range.count }

    func cell(at position: Position) -> [String] {
        let group = output.groups[position.section]
        let record = output.order[group.range.lowerBound + position.row]
        if let records { return records.cells(of: Int(record)) }
        return FieldSelector.columns(of: self.record(record), by: fields)
    }

    func titleForHeader(inSection section: Int) -> String? { titles[output.groups[section].section] }

    var sectionIndexTitles: [String] { indexFolding?(sectionCounts).titles ?? titles }

    /// Records per section, indexed like ``titles``.
    var sectionCounts: [Int] {
        var counts = [Int](repeating: 0, count: titles.count)
        for group in output.groups { counts[group.section] += group.range.count }
        return counts
    }
}
