import SectionedData

/// Where each title of a data source's section index leads, for drawing it: a title that
/// is a section's header leads to the first section of that header with rows; any other
/// title (`•`, standing for titles left out of a short index) leads to the section the
/// source chooses for it, when that section lies among those it stands for — between the
/// sections of the titles before and after it.
package enum IndexTitleTargets {
    /// One index title's destination and what it stands for.
    package struct Target: Equatable {
        /// The section it leads to, or nil when it leads to no rows (drawn as an empty
        /// title: bracketed, dimmed, not a link).
        package var section: Int?
        /// The rows of the sections it stands for: a header title's own sections; a `•`
        /// between two header titles (or after the last), those between their sections;
        /// any other title, the section it leads to.
        package var rows: Int

        package init(section: Int?, rows: Int) {
            self.section = section
            self.rows = rows
        }
    }

    /// For each index title, where it leads and how many rows it stands for.
    /// - Parameters:
    ///   - source: The sections, their headers and rows, and the index's choice of section.
    ///   - titles: The source's index titles.
    /// - Complexity: O(*s* + *t*) for *s* sections and *t* titles, plus the source's
    ///   `section(forSectionIndexTitle:at:)` for each title that is no header.
    package static func targets<Source: SectionedDataSource>(of source: Source, titles: [String]) -> [Target] {
        let sectionCount = source.numberOfSections
        var firstOfHeader: [String: Int] = [:]
        var firstWithRows: [String: Int] = [:]
        var rowsOfHeader: [String: Int] = [:]
        // Rows of sections 0..<n, so a run of sections is one subtraction.
        var rowsBefore = [0]
        rowsBefore.reserveCapacity(sectionCount + 1)
        for section in 0..<sectionCount {
            let header = source.titleForHeader(inSection: section) ?? ""
            let rows = source.numberOfRows(inSection: section)
            if firstOfHeader[header] == nil { firstOfHeader[header] = section }
            if firstWithRows[header] == nil && rows > 0 { firstWithRows[header] = section }
            rowsOfHeader[header, default: 0] += rows
            rowsBefore.append(rowsBefore[section] + rows)
        }
        // The section of each header title, and of the nearest header title after each title.
        let own = titles.map { firstOfHeader[$0] }
        var after = [Int](repeating: sectionCount, count: titles.count)
        var next = sectionCount
        for position in titles.indices.reversed() {
            after[position] = next
            if let section = own[position] { next = section }
        }
        var before = -1
        return titles.indices.map { position in
            if let section = own[position] {
                before = section
                return Target(section: firstWithRows[titles[position]], rows: rowsOfHeader[titles[position]] ?? 0)
            }
            guard let target = source.section(forSectionIndexTitle: titles[position], at: position),
                target > before, target < after[position]
            else { return Target(section: nil, rows: 0) }
            // A folded index's `•` sits between header titles; a title of an index of its
            // own (no headers beside it) stands for the section it leads to only.
            let betweenHeaders = position > 0 && own[position - 1] != nil && (position + 1 == titles.count || own[position + 1] != nil)
            let rows =
                betweenHeaders
                ? rowsBefore[after[position]] - rowsBefore[before + 1] : rowsBefore[target + 1] - rowsBefore[target]
            return Target(section: target, rows: rows)
        }
    }
}
