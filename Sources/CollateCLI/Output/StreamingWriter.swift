import IndexedCollation
import IndexedTableFormatting

/// The record stream's writer of tsv, json and plain: records one at a time, in output
/// order, each section opened as its first record comes.
final class StreamingWriter {
    let format: OutputFormat
    let sink: OutputSink
    /// Locale, titles, counts, side index and cells; the options of `plain`
    /// (``DocumentOutline/table``) and tsv's row end (``DocumentOutline/recordEnd``).
    let outline: DocumentOutline
    /// Whether the records of ``record(section:key:line:)`` are JSON values to write as
    /// they are (structured records carried in their output form, ``RecordForm/json``)
    /// rather than lines to write as JSON strings.
    var writesJSONValues = false
    /// The tsv rows' writer (made for every format: a few bytes of titles; a `let`, not
    /// a lazy `var`, so that a record does not retain and release it).
    private let tsv: TSVWriter
    private var currentSection: Int?
    private var recordsInSection = 0
    private var sectionsWritten = 0
    /// json with `--search` on structured records: the section's matches so far (each
    /// record's JSON value carries its match after a NUL byte, see ``RecordView``).
    private var matchBytes: [[UInt8]] = []
    /// plain: the previous record's row.
    private var repeated = RepeatedRecord<String>()

    /// Creates a writer.
    /// - Parameters:
    ///   - format: tsv, json or plain.
    ///   - sink: Where the output goes.
    ///   - outline: What the document holds apart from its records.
    init(format: OutputFormat, sink: OutputSink, outline: DocumentOutline) {
        (self.format, self.sink, self.outline) = (format, sink, outline)
        tsv = TSVWriter(sink: sink, titles: outline.titles, recordEnd: outline.recordEnd)
    }

    private var options: TableOptions { outline.table }
    private var titles: [String] { outline.titles }
    private var fields: FieldSelector? { outline.fields }

    func begin() throws(OutputSink.Failure) {
        switch format {
        case .json:
            try sink.write("{\n  \"locale\": ")
            try JSONText.writeString(Array(outline.localeIdentifier.utf8)[...], to: sink)
            try sink.write(",\n  \"indexTitles\": [")
            for (index, title) in titles.enumerated() {
                try sink.write(index == 0 ? "\n    " : ",\n    ")
                try JSONText.writeString(Array(title.utf8)[...], to: sink)
            }
            try sink.write(titles.isEmpty ? "]" : "\n  ]")
            if let index = outline.sectionIndex { try writeSectionIndex(index) }
            try sink.write(",\n  \"sections\": [")
        case .plain:
            if let index = outline.sectionIndex {
                // A title, `•` included, is empty when the records it stands for are none.
                let isNonEmpty = { (title: Int) in index.counts[title] > 0 }
                try sink.write(PlainRenderer.indexLine(titles: index.titles, isNonEmpty: isNonEmpty, options: options) + "\n")
            } else {
                try sink.write(PlainRenderer.indexLine(titles: titles, isNonEmpty: { self.outline.counts[$0] > 0 }, options: options) + "\n")
            }
        default:
            break
        }
    }

    /// The folded side index in json: `sectionIndexTitles` (the titles shown) and
    /// `sectionIndex` (each title, the position in `indexTitles` of the section it jumps
    /// to, that section's title and the records the title stands for).
    private func writeSectionIndex(_ index: SectionIndex) throws(OutputSink.Failure) {
        try sink.write(",\n  \"sectionIndexTitles\": [")
        for (position, title) in index.titles.enumerated() {
            try sink.write(position == 0 ? "\n    " : ",\n    ")
            try JSONText.writeString(Array(title.utf8)[...], to: sink)
        }
        try sink.write(index.titles.isEmpty ? "],\n  \"sectionIndex\": [" : "\n  ],\n  \"sectionIndex\": [")
        for position in index.titles.indices {
            try sink.write(position == 0 ? "\n    {\n      \"title\": " : ",\n    {\n      \"title\": ")
            try JSONText.writeString(Array(index.titles[position].utf8)[...], to: sink)
            try sink.write(",\n      \"section\": \(index.sections[position]),\n      \"sectionTitle\": ")
            try JSONText.writeString(Array(titles[index.sections[position]].utf8)[...], to: sink)
            try sink.write(",\n      \"count\": \(index.counts[position])\n    }")
        }
        try sink.write(index.titles.isEmpty ? "]" : "\n  ]")
    }

    /// Writes one record: a tsv row, a json string (or the JSON value it is, with
    /// ``writesJSONValues``) or a plain row; the key is not written.
    @inline(__always)
    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws(OutputSink.Failure) {
        try enter(section)
        switch format {
        case .tsv:
            try tsv.record(section: section, line: line)
        case .json:
            try sink.write(recordsInSection == 0 ? "\n        " : ",\n        ")
            if writesJSONValues, let nul = line.firstIndex(of: 0) {
                try sink.write(UnsafeBufferPointer(rebasing: line[..<nul]))
                matchBytes.append(Array(line[(nul + 1)...]))
            } else if writesJSONValues {
                try sink.write(line)
            } else {
                try JSONText.writeString(line, to: sink)
            }
        default:
            let row = repeated.reused(section: section, line: line)
                ?? PlainRenderer.rowLine(FieldSelector.columns(of: line, by: fields).map { CellText($0, ambiguousWide: options.ambiguousWide) }) + "\n"
            try sink.write(row)
            repeated.keep(row, section: section, line: line)
        }
        recordsInSection += 1
    }

    /// json with `--search` on structured records: the section's `matches`, one object per
    /// record in the order of `records` (`{"field": …, "value": …}`: where the search found it).
    private func writeMatches() throws(OutputSink.Failure) {
        guard !matchBytes.isEmpty else { return }
        try sink.write(",\n      \"matches\": [")
        for (index, match) in matchBytes.enumerated() {
            try sink.write(index == 0 ? "\n        " : ",\n        ")
            try sink.write(match[...])
        }
        try sink.write("\n      ]")
        matchBytes.removeAll(keepingCapacity: true)
    }

    /// Closes the previous section and opens `section` when the record starts a new one.
    private func enter(_ section: Int) throws(OutputSink.Failure) {
        if section != currentSection {
            if currentSection != nil && format == .json {
                try sink.write("\n      ]")
                try writeMatches()
                try sink.write("\n    }")
            }
            switch format {
            case .json:
                try sink.write(sectionsWritten == 0 ? "\n    {\n      \"title\": " : ",\n    {\n      \"title\": ")
                try JSONText.writeString(Array(titles[section].utf8)[...], to: sink)
                try sink.write(",\n      \"records\": [")
            case .plain:
                try sink.write("\n" + PlainRenderer.headerLine(title: titles[section], count: outline.counts[section], options: options) + "\n")
            default:
                break
            }
            currentSection = section
            recordsInSection = 0
            sectionsWritten += 1
        }
    }

    func end() throws(OutputSink.Failure) {
        if format == .json {
            if sectionsWritten == 0 {
                try sink.write("]\n}\n")
            } else {
                try sink.write("\n      ]")
                try writeMatches()
                try sink.write("\n    }\n  ]\n}\n")
            }
        }
        try sink.flush()
    }
}

extension StreamingWriter: RecordStreamWriter {}
