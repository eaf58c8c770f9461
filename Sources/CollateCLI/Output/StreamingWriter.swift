import IndexedCollation
import IndexedTableFormatting

/// Writes records one at a time, in output order, in the formats that can be streamed
/// (tsv, json, plain): the in-memory path's json and the spilled merge both use it, so
/// there is one json layout.
final class StreamingWriter {
    let format: OutputFormat
    let sink: OutputSink
    /// Locale, titles, per-section counts and columns.
    let outline: DocumentOutline
    /// Counts, colour and measuring options for `plain`.
    let options: TableOptions
    /// What ends a tsv row: newline, or NUL with `-z`.
    let recordEnd: UInt8
    /// Whether the merged records of ``record(section:bytes:)`` are JSON values to write as
    /// they are (structured records carried in their output form, ``RecordForm/json``)
    /// rather than lines to write as JSON strings.
    var writesJSONValues = false
    private lazy var tsv = TSVWriter(sink: sink, titles: outline.titles, recordEnd: recordEnd)
    private var currentSection: Int?
    private var recordsInSection = 0
    private var sectionsWritten = 0

    /// Creates a writer.
    /// - Parameters:
    ///   - format: tsv, json or plain (see ``supports(_:)``).
    ///   - sink: Where the output goes.
    ///   - outline: What the document holds apart from its records.
    ///   - options: Counts, colour and measuring options for `plain`.
    ///   - recordEnd: What ends a tsv row (newline, or NUL with `-z`).
    init(format: OutputFormat, sink: OutputSink, outline: DocumentOutline, options: TableOptions = TableOptions(), recordEnd: UInt8 = 0x0A) {
        self.format = format
        self.recordEnd = recordEnd
        self.sink = sink
        self.outline = outline
        self.options = options
    }

    private var titles: [String] { outline.titles }
    private var fields: FieldSelector? { outline.fields }

    /// Whether a format can be written record by record.
    static func supports(_ format: OutputFormat) -> Bool { [.tsv, .json, .plain].contains(format) }

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
                // A bullet is not a section: drawn as in memory, like an empty title.
                let isNonEmpty = { (title: Int) in index.titles[title] != SectionIndex.bullet && index.counts[title] > 0 }
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

    /// Writes one json record whose value `body` writes (an object or string at the
    /// records' indentation).
    func record(section: Int, json body: (OutputSink) throws(OutputSink.Failure) -> Void) throws(OutputSink.Failure) {
        try enter(section)
        try sink.write(recordsInSection == 0 ? "\n        " : ",\n        ")
        try body(sink)
        recordsInSection += 1
    }

    /// Writes one record given as raw bytes (the merge of spilled runs).
    @inline(__always)
    func record(section: Int, bytes: UnsafeBufferPointer<UInt8>) throws(OutputSink.Failure) {
        if writesJSONValues && format == .json {
            return try record(section: section) { (sink) throws(OutputSink.Failure) in try sink.write(bytes) }
        }
        if format == .tsv && section == currentSection {
            try tsv.record(section: section, line: bytes)
            recordsInSection += 1
            return
        }
        try record(section: section, line: Array(bytes)[...])
    }

    func record(section: Int, line: ArraySlice<UInt8>) throws(OutputSink.Failure) {
        try enter(section)
        try write(section: section, line: line)
        recordsInSection += 1
    }

    /// Closes the previous section and opens `section` when the record starts a new one.
    private func enter(_ section: Int) throws(OutputSink.Failure) {
        if section != currentSection {
            if currentSection != nil && format == .json { try sink.write("\n      ]\n    }") }
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

    private func write(section: Int, line: ArraySlice<UInt8>) throws(OutputSink.Failure) {
        switch format {
        case .tsv:
            try line.withUnsafeBufferPointer { (line) throws(OutputSink.Failure) in try tsv.record(section: section, line: line) }
        case .json:
            try sink.write(recordsInSection == 0 ? "\n        " : ",\n        ")
            try JSONText.writeString(line, to: sink)
        default:
            let columns = FieldSelector.columns(of: line, by: fields)
            try sink.write(PlainRenderer.rowLine(columns.map { CellText($0, ambiguousWide: options.ambiguousWide) }) + "\n")
        }
    }

    func end() throws(OutputSink.Failure) {
        if format == .json { try sink.write(sectionsWritten == 0 ? "]\n}\n" : "\n      ]\n    }\n  ]\n}\n") }
        try sink.flush()
    }
}

extension StreamingWriter: RecordStreamWriter {
    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        try record(section: section, bytes: line)
    }
}
