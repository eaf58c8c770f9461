import IndexedCollation
import SectionedData

/// Renders any `SectionedDataSource` whose cells are text as one self-contained HTML page:
/// a side index like UIKit's section index, then a section with a sticky heading per
/// non-empty section.
///
/// ```swift
/// let collation = try LocalizedIndexedCollation(locale: "ko_KR")
/// let grouped = collation.sections(of: ["김민준", "박서준", "Smith"], by: \.self)
/// let table = IndexedTable(indexTitles: grouped.indexTitles,
///                          sections: grouped.sections.map { .init(title: $0.title, rows: $0.records.map { [$0] }) })
/// let page = HTMLRenderer.render(table, options: HTMLOptions(title: "Contacts", languageTag: "ko-KR"))
/// ```
///
/// The page:
/// - lists every index title in a side index that stays in view; titles of non-empty
///   sections are links to them (tap, or press and drag to scrub through sections as on
///   iOS, or use the keyboard), empty ones are dimmed and not links;
/// - shows each record as text only: every character of a cell is escaped (see
///   `HTMLText`), so nothing in the data can become markup, script, a link or a style.
///   Cells with several columns make a table per section;
/// - carries a Content-Security-Policy that allows no network access and only its own
///   inline style sheet and script (by their SHA-256 hashes);
/// - on pages of more than ``HTMLOptions/lazyLayoutThreshold`` rows, lets the browser lay
///   out blocks of rows only as they scroll into view (`content-visibility: auto`), so
///   lists of 100,000 records open quickly;
/// - follows the language's direction and fonts, light and dark schemes, and prints well.
public enum HTMLRenderer {
    /// Renders a data source as an HTML document.
    /// - Parameters:
    ///   - source: The sections, their header titles, the index titles and the cells. Every
    ///     cell of every non-empty section is asked for once. An index title leads to the
    ///     first non-empty section whose header title equals it.
    ///   - options: The page title, language and layout options.
    /// - Returns: The document, UTF-8 text starting with `<!DOCTYPE html>`.
    /// - Complexity: O(*n*) in the total length of the cells and titles.
    public static func render<Source: SectionedDataSource>(_ source: Source, options: HTMLOptions = HTMLOptions()) -> String
    where Source.Cell: TextColumnsRepresentable {
        var sections: [(title: String, rows: [[String]])] = []
        for section in 0..<source.numberOfSections {
            let count = source.numberOfRows(inSection: section)
            guard count > 0 else { continue }
            let rows = (0..<count).map { source.cell(at: Position(row: $0, section: section)).textColumns }
            sections.append((source.titleForHeader(inSection: section) ?? "", rows))
        }
        let indexTitles = source.sectionIndexTitles.isEmpty ? sections.map(\.title) : source.sectionIndexTitles
        let columns = sections.lazy.flatMap(\.rows).map(\.count).max() ?? 1

        var body = [UInt8]()
        var blockSizes = Set<Int>()
        appendIndex(titles: indexTitles, sections: sections.map { ($0.title, $0.rows.count) }, to: &body)
        body += "<main id=\"list\" aria-label=\"".utf8
        HTMLText.append(options.title, to: &body)
        body += "\">\n".utf8
        for (number, section) in sections.enumerated() {
            body += "<section id=\"s\(number)\" tabindex=\"-1\" aria-labelledby=\"h\(number)\">\n<h2 id=\"h\(number)\"><bdi>".utf8
            HTMLText.append(section.title, to: &body)
            body += "</bdi>".utf8
            if options.showCounts { body += " <span class=\"count\">(\(section.rows.count))</span>".utf8 }
            body += "</h2>\n".utf8
            for start in stride(from: 0, to: section.rows.count, by: options.rowsPerBlock) {
                let block = section.rows[start..<min(start + options.rowsPerBlock, section.rows.count)]
                blockSizes.insert(block.count)
                appendBlock(block, columns: columns, to: &body)
            }
            body += "</section>\n".utf8
        }
        body += "</main>\n<div id=\"bubble\" aria-hidden=\"true\" hidden></div>\n".utf8

        let rowCount = sections.reduce(0) { $0 + $1.rows.count }
        let lazySizes = rowCount > options.lazyLayoutThreshold ? blockSizes : []
        let style = HTMLPageStyle.css(languageTag: options.languageTag, indexCount: indexTitles.count, blockSizes: lazySizes)
        let script = HTMLPageScript.source
        var page = [UInt8]()
        page.reserveCapacity(body.count + style.utf8.count + script.utf8.count + 1024)
        page += "<!DOCTYPE html>\n<html lang=\"".utf8
        HTMLText.append(options.languageTag, to: &page)
        page += "\" dir=\"\(HTMLOptions.isRightToLeft(options.languageTag) ? "rtl" : "ltr")\">\n<head>\n<meta charset=\"utf-8\">\n".utf8
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy(style: style, script: script))\">\n".utf8
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n".utf8
        page += "<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"referrer\" content=\"no-referrer\">\n<title>".utf8
        HTMLText.append(options.title, to: &page)
        page += "</title>\n<style>\(style)</style>\n</head>\n<body>\n".utf8
        page += body
        page += "<script>\(script)</script>\n</body>\n</html>\n".utf8
        return String(decoding: page, as: UTF8.self)
    }

    /// The policy: nothing may load or connect; only this page's own style sheet and script
    /// (named by their SHA-256 hashes) apply; no `<base>`, forms or plugins.
    /// - Parameters:
    ///   - style: The exact text of the page's `<style>` element.
    ///   - script: The exact text of the page's `<script>` element.
    /// - Returns: The policy, ready for a `<meta http-equiv>` content attribute.
    package static func contentSecurityPolicy(style: String, script: String) -> String {
        let styleHash = SHA256.base64(SHA256.digest(style.utf8))
        let scriptHash = SHA256.base64(SHA256.digest(script.utf8))
        return "default-src 'none'; style-src 'sha256-\(styleHash)'; script-src 'sha256-\(scriptHash)'; "
            + "img-src 'none'; font-src 'none'; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"
    }

    /// The side index: every title; the ones with a section are links to it, the others are
    /// dimmed text that scrubbing passes to the nearest non-empty section.
    private static func appendIndex(titles: [String], sections: [(title: String, count: Int)], to body: inout [UInt8]) {
        var firstSection = [String: Int]()
        for (number, section) in sections.enumerated() where firstSection[section.title] == nil {
            firstSection[section.title] = number
        }
        // Targets in index order, so an empty title leads to the next section (or the last).
        var targets = titles.map { firstSection[$0] }
        var following: Int? = nil
        for position in targets.indices.reversed() {
            if let target = targets[position] { following = target } else { targets[position] = following }
        }
        let last = targets.last { $0 != nil } ?? nil
        body += "<nav id=\"index\" aria-label=\"Section index\">\n<ol>\n".utf8
        for (position, title) in titles.enumerated() {
            let target = targets[position] ?? last
            let data = target.map { " data-s=\"\($0)\"" } ?? ""
            if let section = firstSection[title] {
                body += "<li><a href=\"#s\(section)\"\(data) aria-label=\"".utf8
                HTMLText.append(title, to: &body)
                body += ", \(sections[section].count)\">".utf8
                HTMLText.append(title, to: &body)
                body += "</a></li>\n".utf8
            } else {
                body += "<li><span class=\"empty\" aria-disabled=\"true\"\(data)>".utf8
                HTMLText.append(title, to: &body)
                body += "</span></li>\n".utf8
            }
        }
        body += "</ol>\n</nav>\n".utf8
    }

    /// One block of rows: a list, or a table when cells have several columns.
    private static func appendBlock(_ rows: ArraySlice<[String]>, columns: Int, to body: inout [UInt8]) {
        if columns <= 1 {
            body += "<ul class=\"rows b\(rows.count)\">\n".utf8
            for row in rows {
                body += "<li>".utf8
                HTMLText.append(row.first ?? "", to: &body)
                body += "</li>\n".utf8
            }
            body += "</ul>\n".utf8
            return
        }
        body += "<div class=\"rows b\(rows.count)\"><table>\n".utf8
        for row in rows {
            body += "<tr>".utf8
            // A short row's last cell spans the rest, so the cells are exactly the fields.
            let cells = row.isEmpty ? [""] : row
            for (column, cell) in cells.enumerated() {
                let span = column == cells.count - 1 && cells.count < columns ? " colspan=\"\(columns - column)\"" : ""
                body += "<td\(span)>".utf8
                HTMLText.append(cell, to: &body)
                body += "</td>".utf8
            }
            body += "</tr>\n".utf8
        }
        body += "</table></div>\n".utf8
    }
}
