/// Writes the HTML page of ``HTMLRenderer`` one row at a time, from what is known before
/// the first row: the index titles, the sections shown with their row counts, and the
/// widest row's number of columns. ``HTMLRenderer`` and output streamed from disk
/// (`collate` past its memory bound) both write through it, so both give the same bytes.
///
/// ```swift
/// let stream = HTMLPageStream(options: options, indexTitles: titles, sections: shown, columns: 1)
/// var page = stream.begin()
/// for (section, row) in rows { stream.row(row, section: section, into: &page) }
/// page += stream.end()
/// ```
package final class HTMLPageStream {
    private let options: HTMLOptions
    /// The records' search lookups and the query table, when the page has a search box.
    private let search: (any HTMLSearchLookups)?
    private let indexTitles: [String]
    /// The `id` of the section each index title links to, or nil to link by title.
    private let indexTargets: [Int?]?
    /// The records each index title stands for (its link's label), or nil for the count
    /// of the section it links to.
    private let indexCounts: [Int]?
    private let sections: [SectionedTextStream.Section]
    /// Where each section id is in ``sections``.
    private let places: [Int: Int]
    private let columns: Int
    /// The section being written (its place in ``sections``) and the rows written in it.
    private var current: Int?
    private var rowInSection = 0

    /// Creates a stream.
    /// - Parameters:
    ///   - options: The page title, language and layout options.
    ///   - indexTitles: Every index title, in order.
    ///   - indexTargets: For each index title, the `id` of the section it links to (nil:
    ///     none, an empty title), or nil to link each title to the first section shown
    ///     under that title (a `•` of a folded index is no section's title: give targets).
    ///   - indexCounts: For each index title, the records it stands for, which its link's
    ///     label reads out (a `•` stands for several sections), or nil for the count of the
    ///     section it links to.
    ///   - sections: The sections shown, in order, with their row counts (the caller's `id`
    ///     numbers rows in ``row(_:section:into:)``); each must then get exactly `count` rows.
    ///   - columns: The most columns any row has; rows of several columns make tables.
    ///   - search: The lookups of the matching rule the page's search box follows, or nil
    ///     for a page without one.
    package init(
        options: HTMLOptions, indexTitles: [String], indexTargets: [Int?]? = nil, indexCounts: [Int]? = nil,
        sections: [SectionedTextStream.Section], columns: Int, search: (any HTMLSearchLookups)? = nil
    ) {
        self.options = options
        self.search = search
        self.indexTitles = indexTitles
        self.indexTargets = indexTargets
        self.indexCounts = indexCounts
        self.sections = sections
        self.columns = columns
        places = Dictionary(sections.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The page up to the first row: head, style sheet, side index and the list's start.
    package func begin() -> [UInt8] {
        let rowCount = sections.reduce(0) { $0 + $1.count }
        var blockSizes = Set<Int>()
        if rowCount > options.lazyLayoutThreshold {
            for section in sections {
                if section.count >= options.rowsPerBlock { blockSizes.insert(options.rowsPerBlock) }
                if section.count % options.rowsPerBlock != 0 { blockSizes.insert(section.count % options.rowsPerBlock) }
            }
        }
        let style = HTMLPageStyle.css(languageTag: options.languageTag, indexCount: indexTitles.count, blockSizes: blockSizes)
        var page = [UInt8]()
        page += "<!DOCTYPE html>\n<html lang=\"".utf8
        HTMLText.append(options.languageTag, to: &page)
        page += "\" dir=\"\(HTMLOptions.isRightToLeft(options.languageTag) ? "rtl" : "ltr")\">\n<head>\n<meta charset=\"utf-8\">\n".utf8
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLRenderer.contentSecurityPolicy(style: style, script: script))\">\n".utf8
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n".utf8
        page += "<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"referrer\" content=\"no-referrer\">\n<title>".utf8
        HTMLText.append(options.title, to: &page)
        page += "</title>\n<style>\(style)</style>\n</head>\n<body>\n".utf8
        appendIndex(to: &page)
        if search != nil {
            page += "<div id=\"find\"><input id=\"search\" type=\"search\" hidden autocomplete=\"off\" spellcheck=\"false\"".utf8
            page += " placeholder=\"/\" aria-label=\"Search\" aria-controls=\"list\"> <span id=\"search-status\" role=\"status\"></span></div>\n".utf8
        }
        page += "<main id=\"list\" aria-label=\"".utf8
        HTMLText.append(options.title, to: &page)
        page += "\">\n".utf8
        return page
    }

    /// Appends one row to `page`: its cells, in the section with the caller's number
    /// `section`; opens the section and the row's block, and closes them after their last
    /// row.
    package func row(_ cells: [String], section: Int, into page: inout [UInt8]) {
        guard let place = places[section] else { preconditionFailure("row for a section not shown: \(section)") }
        if current != place {
            precondition(current.map { rowInSection == sections[$0].count } ?? true, "a section got fewer rows than its count")
            current = place
            rowInSection = 0
            page += "<section id=\"s\(place)\" tabindex=\"-1\" aria-labelledby=\"h\(place)\">\n<h2 id=\"h\(place)\"><bdi>".utf8
            HTMLText.append(sections[place].title, to: &page)
            page += "</bdi>".utf8
            if options.showCounts { page += " <span class=\"count\">(\(sections[place].count))</span>".utf8 }
            page += "</h2>\n".utf8
        }
        let count = sections[place].count
        if rowInSection % options.rowsPerBlock == 0 {
            let blockSize = min(options.rowsPerBlock, count - rowInSection)
            page += (columns <= 1 ? "<ul class=\"rows b\(blockSize)\">\n" : "<div class=\"rows b\(blockSize)\"><table>\n").utf8
        }
        appendRow(cells, to: &page)
        rowInSection += 1
        if rowInSection % options.rowsPerBlock == 0 || rowInSection == count {
            page += (columns <= 1 ? "</ul>\n" : "</table></div>\n").utf8
        }
        if rowInSection == count { page += "</section>\n".utf8 }
    }

    /// The rest of the page after the last row.
    package func end() -> [UInt8] {
        precondition(current.map { $0 == sections.count - 1 && rowInSection == sections[$0].count } ?? sections.isEmpty,
                     "the page ended before every row was written")
        var page = [UInt8]()
        page += "</main>\n<div id=\"bubble\" aria-hidden=\"true\" hidden></div>\n".utf8
        if let search {
            let words = search.matchesWordsInAnyOrder ? " data-words=\"1\"" : ""
            page += "<script type=\"application/json\" id=\"search-table\"\(words)>\(search.queryTable())</script>\n".utf8
        }
        page += "<script>\(script)</script>\n</body>\n</html>\n".utf8
        return page
    }

    /// The page's script.
    private var script: String { HTMLPageScript.source(searching: search != nil) }

    /// The attribute carrying a row's search lookup, or nothing.
    private func appendLookup(of cells: [String], to page: inout [UInt8]) {
        guard let search else { return }
        page += " data-q=\"".utf8
        HTMLText.append(search.lookup(cells: cells), to: &page)
        page += "\"".utf8
    }

    /// The side index: a magnifier that focuses the search box (on a page with one), then
    /// every title; the ones with a section are links to it, the others are dimmed text
    /// that scrubbing passes to the nearest non-empty section.
    private func appendIndex(to page: inout [UInt8]) {
        var firstSection = [String: Int]()
        for (number, section) in sections.enumerated() where firstSection[section.title] == nil {
            firstSection[section.title] = number
        }
        // The section (its place in `sections`) each title links to.
        let links = indexTargets.map { targets in targets.map { $0.flatMap { places[$0] } } } ?? indexTitles.map { firstSection[$0] }
        // Targets in index order, so an empty title leads to the next section (or, past the
        // last linked title, to the page's last section: the one before it in the list).
        var targets = links
        var following: Int? = nil
        for position in targets.indices.reversed() {
            if let target = targets[position] { following = target } else { targets[position] = following }
        }
        let last = sections.indices.last
        page += "<nav id=\"index\" aria-label=\"Section index\">\n<ol>\n".utf8
        if search != nil {
            // UIKit's search entry (UITableView.indexSearch): a magnifier above the letters
            // that focuses the search box; shown by the search script, which the box needs.
            page += "<li id=\"index-search\" hidden><a href=\"#find\" aria-label=\"Search\">\(Self.magnifier)</a></li>\n".utf8
        }
        for (position, title) in indexTitles.enumerated() {
            let target = targets[position] ?? last
            let data = target.map { " data-s=\"\($0)\"" } ?? ""
            if let section = links[position] {
                page += "<li><a href=\"#s\(section)\"\(data) aria-label=\"".utf8
                HTMLText.append(title, to: &page)
                page += ", \(indexCounts?[position] ?? sections[section].count)\">".utf8
                HTMLText.append(title, to: &page)
                page += "</a></li>\n".utf8
            } else {
                page += "<li><span class=\"empty\" aria-disabled=\"true\"\(data)>".utf8
                HTMLText.append(title, to: &page)
                page += "</span></li>\n".utf8
            }
        }
        page += "</ol>\n</nav>\n".utf8
    }

    /// The index's magnifier, drawn (no font has to hold a glyph for it) in the text colour.
    private static let magnifier =
        "<svg viewBox=\"0 0 16 16\" width=\"0.9em\" height=\"0.9em\" aria-hidden=\"true\"><circle cx=\"6.5\" cy=\"6.5\" r=\"4.5\" "
        + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/><path d=\"M10 10l4.5 4.5\" stroke=\"currentColor\" "
        + "stroke-width=\"2\" stroke-linecap=\"round\"/></svg>"

    /// One row: a list item, or a table row when rows have several columns.
    private func appendRow(_ row: [String], to page: inout [UInt8]) {
        if columns <= 1 {
            page += "<li".utf8
            appendLookup(of: row, to: &page)
            page += ">".utf8
            HTMLText.append(row.first ?? "", to: &page)
            page += "</li>\n".utf8
            return
        }
        page += "<tr".utf8
        appendLookup(of: row, to: &page)
        page += ">".utf8
        // A short row's last cell spans the rest, so the cells are exactly the fields.
        let cells = row.isEmpty ? [""] : row
        for (column, cell) in cells.enumerated() {
            let span = column == cells.count - 1 && cells.count < columns ? " colspan=\"\(columns - column)\"" : ""
            page += "<td\(span)>".utf8
            HTMLText.append(cell, to: &page)
            page += "</td>".utf8
        }
        page += "</tr>\n".utf8
    }
}
