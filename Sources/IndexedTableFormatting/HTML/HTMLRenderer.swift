internal import TextSupport
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
/// - follows the language's direction and fonts, light and dark schemes, and prints well;
/// - with `search:`, has a search box that hides the rows a query does not find and dims
///   the index titles of sections left empty, as `collate --search` would filter them.
public enum HTMLRenderer {
    /// Renders a data source as an HTML document.
    /// - Parameters:
    ///   - source: The sections, their header titles, the index titles and the cells. Every
    ///     cell of every non-empty section is asked for once. An index title leads to the
    ///     first non-empty section whose header title equals it; a title no section has (a
    ///     `•` of a folded index) to the section the source's
    ///     `section(forSectionIndexTitle:at:)` gives, when that lies between the sections
    ///     of the titles around it (else it is drawn empty).
    ///   - options: The page title, language and layout options.
    ///   - search: The lookups that add a search box filtering the rows as the user types
    ///     (see ``HTMLSearchLookups``: IndexedCollation's `SearchPageEncoder` gives a
    ///     collation's matching rule); nil (the default) for none.
    /// - Returns: The document, UTF-8 text starting with `<!DOCTYPE html>`.
    /// - Complexity: O(*n*) in the total length of the cells and titles.
    public static func render<Source: SectionedDataSource>(
        _ source: Source, options: HTMLOptions = HTMLOptions(), search: (any HTMLSearchLookups)? = nil
    ) -> String
    where Source.Cell: TextColumnsRepresentable {
        var sections: [(title: String, rows: [[String]])] = []
        // The number each shown section has on the page, by its number in the source.
        var shown: [Int: Int] = [:]
        for section in 0..<source.numberOfSections {
            let count = source.numberOfRows(inSection: section)
            guard count > 0 else { continue }
            shown[section] = sections.count
            let rows = (0..<count).map { source.cell(at: Position(row: $0, section: section)).textColumns }
            sections.append((source.titleForHeader(inSection: section) ?? "", rows))
        }
        let indexTitles = source.sectionIndexTitles.isEmpty ? sections.map(\.title) : source.sectionIndexTitles
        let targets = source.sectionIndexTitles.isEmpty ? nil : IndexTitleTargets.targets(of: source, titles: indexTitles)
        let stream = HTMLPageStream(
            options: options, indexTitles: indexTitles, indexTargets: targets?.map { $0.section.flatMap { shown[$0] } },
            indexCounts: targets?.map(\.rows),
            sections: sections.enumerated().map { .init(id: $0, title: $1.title, count: $1.rows.count) },
            columns: sections.lazy.flatMap(\.rows).map(\.count).max() ?? 1, search: search)
        var page = stream.begin()
        for (number, section) in sections.enumerated() {
            for row in section.rows { stream.row(row, section: number, into: &page) }
        }
        page += stream.end()
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
}
