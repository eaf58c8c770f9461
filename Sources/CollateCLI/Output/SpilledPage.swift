import SectionedData

/// One page of a spilled merge held in memory, as a data source for the in-memory
/// renderers (table, markdown, columns): the sections and counts of the whole input,
/// the cells of the page's rows only. Holding more than `limit` bytes is an error, so
/// a page stays within the memory bound.
final class SpilledPage: MergedRecordWriter, SectionedDataSource {
    let titles: [String]
    let fields: FieldSelector?
    /// The page's rows, numbered across sections.
    let rows: Range<Int>
    private let limit: Int
    /// The non-empty sections: title index and the number of their first row.
    private let sections: [(section: Int, firstRow: Int)]
    private let counts: [Int]
    private var bytes: [UInt8] = []
    private var ranges: [Range<Int>] = []

    /// - Parameters:
    ///   - titles: Every section title.
    ///   - counts: Records per section, indexed like `titles`.
    ///   - descending: Whether sections come in reverse title order (`--reverse`).
    ///   - fields: How a record splits into columns.
    ///   - rows: The page.
    ///   - limit: The most memory the page's records may take.
    init(titles: [String], counts: [Int], descending: Bool, fields: FieldSelector?, rows: Range<Int>, limit: Int) {
        self.titles = titles
        self.counts = counts
        self.fields = fields
        self.rows = rows
        self.limit = limit
        var sections = [(section: Int, firstRow: Int)]()
        var first = 0
        for section in descending ? Array(counts.indices.reversed()) : Array(counts.indices) where counts[section] > 0 {
            sections.append((section, first))
            first += counts[section]
        }
        self.sections = sections
    }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        let start = bytes.count
        bytes.append(contentsOf: line)
        ranges.append(start..<bytes.count)
        if MemoryBudget.cost(bytes: bytes.count, lines: ranges.count) > limit {
            throw InputError(
                file: "--page", message: "the page's records take more than \(limit) bytes of the memory bound; give a smaller --page-size, a larger --buffer-size or --format tsv, json or plain")
        }
    }

    var numberOfSections: Int { sections.count }

    func numberOfRows(inSection section: Int) -> Int { counts[sections[section].section] }

    func cell(at position: Position) -> [String] {
        let index = sections[position.section].firstRow + position.row - rows.lowerBound
        return FieldSelector.columns(of: bytes[ranges[index]], by: fields)
    }

    func titleForHeader(inSection section: Int) -> String? { titles[sections[section].section] }

    var sectionIndexTitles: [String] { titles }
}
