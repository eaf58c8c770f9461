import SectionedData

/// Where each title of a data source's section index leads, for drawing it: a title that
/// is a section's header leads to the first section of that header with rows; any other
/// title (`•`, standing for titles left out of a short index) leads to the section the
/// source chooses for it, when that section lies among those it stands for — between the
/// sections of the titles before and after it.
package enum IndexTitleTargets {
    /// For each index title, the section it leads to, or nil when it leads to no rows
    /// (drawn as an empty title: bracketed, dimmed, not a link).
    /// - Parameters:
    ///   - source: The sections, their headers and rows, and the index's choice of section.
    ///   - titles: The source's index titles.
    /// - Complexity: O(*s* + *t*) for *s* sections and *t* titles, plus the source's
    ///   `section(forSectionIndexTitle:at:)` for each title that is no header.
    package static func sections<Source: SectionedDataSource>(of source: Source, titles: [String]) -> [Int?] {
        var firstOfHeader: [String: Int] = [:]
        var firstWithRows: [String: Int] = [:]
        for section in 0..<source.numberOfSections {
            let header = source.titleForHeader(inSection: section) ?? ""
            if firstOfHeader[header] == nil { firstOfHeader[header] = section }
            if firstWithRows[header] == nil && source.numberOfRows(inSection: section) > 0 { firstWithRows[header] = section }
        }
        // The section of each header title, and of the nearest header title after each title.
        let own = titles.map { firstOfHeader[$0] }
        var after = [Int](repeating: source.numberOfSections, count: titles.count)
        var next = source.numberOfSections
        for position in titles.indices.reversed() {
            after[position] = next
            if let section = own[position] { next = section }
        }
        var before = -1
        return titles.indices.map { position in
            if let section = own[position] {
                before = section
                return firstWithRows[titles[position]]
            }
            guard let target = source.section(forSectionIndexTitle: titles[position], at: position),
                target > before, target < after[position]
            else { return nil }
            return target
        }
    }
}
