import SectionedData

/// The document as a data source: one section per non-empty group, one row per record,
/// each cell built only when asked for (paging builds just the page's cells).
extension CollatedDocument: SectionedDataSource {
    var numberOfSections: Int { output.groups.count }

    func numberOfRows(inSection section: Int) -> Int { output.groups[section].range.count }

    func cell(at position: Position) -> [String] {
        let group = output.groups[position.section]
        let record = output.order[group.range.lowerBound + position.row]
        let text = String(decoding: self.record(record), as: UTF8.self)
        guard let fields, fields.splitsColumns else { return [text] }
        return text.split(separator: fields.delimiterString, omittingEmptySubsequences: false).map(String.init)
    }

    func titleForHeader(inSection section: Int) -> String? { titles[output.groups[section].section] }

    var sectionIndexTitles: [String] { titles }
}
