import IndexedCollation
import IndexedTableFormatting

/// The result of collating an input, ready to print in any ``OutputFormat``.
struct CollatedDocument {
    let localeIdentifier: String
    let titles: [String]
    let lines: Lines
    let fields: FieldSelector?
    let output: IndexingEngine.Output

    func record(_ index: Int32) -> ArraySlice<UInt8> { lines.bytes[lines.ranges[Int(index)]] }

    func write(_ format: OutputFormat, to sink: OutputSink, table options: TableOptions) throws(OutputSink.Failure) {
        if lines.ranges.isEmpty { return }  // empty input prints nothing, in every format
        switch format {
        case .tsv: try writeTSV(to: sink)
        case .json: try writeJSON(to: sink)
        case .plain: try writePlain(to: sink)
        case .markdown: try writeMarkdown(to: sink)
        case .table:
            for line in TableRenderer.render(table(), options: options) {
                try sink.write(line)
                try sink.write(byte: 0x0A)
            }
        }
    }

    private func writeTSV(to sink: OutputSink) throws(OutputSink.Failure) {
        try lines.bytes.withUnsafeBufferPointer { (bytes) throws(OutputSink.Failure) in
            try lines.ranges.withUnsafeBufferPointer { (ranges) throws(OutputSink.Failure) in
                for group in output.groups {
                    let title = Array(titles[group.section].utf8) + [0x09]
                    try title.withUnsafeBufferPointer { (title) throws(OutputSink.Failure) in
                        for record in output.order[group.range] {
                            try sink.write(title)
                            try sink.write(UnsafeBufferPointer(rebasing: bytes[ranges[Int(record)]]))
                            try sink.write(byte: 0x0A)
                        }
                    }
                }
            }
        }
    }

    /// The layout of Python's `json.dumps(…, ensure_ascii=False, indent=2)`, so goldens
    /// made by the independent PyICU script compare byte for byte.
    private func writeJSON(to sink: OutputSink) throws(OutputSink.Failure) {
        try sink.write("{\n  \"locale\": ")
        try JSONText.writeString(Array(localeIdentifier.utf8)[...], to: sink)
        try sink.write(",\n  \"indexTitles\": [")
        for (index, title) in titles.enumerated() {
            try sink.write(index == 0 ? "\n    " : ",\n    ")
            try JSONText.writeString(Array(title.utf8)[...], to: sink)
        }
        try sink.write(titles.isEmpty ? "],\n  \"sections\": [" : "\n  ],\n  \"sections\": [")
        for (groupIndex, group) in output.groups.enumerated() {
            try sink.write(groupIndex == 0 ? "\n    {\n      \"title\": " : ",\n    {\n      \"title\": ")
            try JSONText.writeString(Array(titles[group.section].utf8)[...], to: sink)
            try sink.write(",\n      \"records\": [")
            for (index, record) in output.order[group.range].enumerated() {
                try sink.write(index == 0 ? "\n        " : ",\n        ")
                try JSONText.writeString(self.record(record), to: sink)
            }
            try sink.write("\n      ]\n    }")
        }
        try sink.write(output.groups.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    private func writePlain(to sink: OutputSink) throws(OutputSink.Failure) {
        try sink.write("Index: " + indexLine() + "\n")
        for group in output.groups {
            try sink.write("\n" + CellText.escaped(titles[group.section]) + "\n")
            for record in output.order[group.range] {
                try sink.write("  " + CellText.escaped(String(decoding: self.record(record), as: UTF8.self)) + "\n")
            }
        }
    }

    private func writeMarkdown(to sink: OutputSink) throws(OutputSink.Failure) {
        try sink.write("**Index:** " + indexLine(escape: Markdown.escape) + "\n")
        for group in output.groups {
            try sink.write("\n## " + Markdown.escape(CellText.escaped(titles[group.section])) + "\n\n")
            for record in output.order[group.range] {
                let text = CellText.escaped(String(decoding: self.record(record), as: UTF8.self))
                try sink.write("- " + (text.isEmpty ? "(empty)" : Markdown.escape(text)) + "\n")
            }
        }
    }

    /// Index titles separated by spaces; titles of empty sections in brackets.
    private func indexLine(escape: (String) -> String = { $0 }) -> String {
        let present = Set(output.groups.map(\.section))
        return titles.enumerated().map { index, title in
            present.contains(index) ? escape(title) : "[" + escape(title) + "]"
        }.joined(separator: " ")
    }

    /// The document as an ``IndexedTable``: one column per field with `--delimiter`
    /// (the whole line otherwise).
    func table() -> IndexedTable {
        let sections = output.groups.map { group in
            IndexedTable.Section(
                title: titles[group.section],
                rows: output.order[group.range].map { record in
                    let text = String(decoding: self.record(record), as: UTF8.self)
                    guard let fields, fields.splitsColumns else { return [text] }
                    return text.split(separator: fields.delimiterString, omittingEmptySubsequences: false).map(String.init)
                })
        }
        return IndexedTable(indexTitles: titles, sections: sections)
    }
}

/// JSON string escaping exactly as Python's `json.dumps(ensure_ascii=False)`.
enum JSONText {
    static func writeString(_ bytes: ArraySlice<UInt8>, to sink: OutputSink) throws(OutputSink.Failure) {
        let hex = Array("0123456789abcdef".utf8)
        try sink.write(byte: 0x22)
        var runStart = bytes.startIndex
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            try sink.write(bytes[runStart..<index])
            switch byte {
            case 0x22: try sink.write("\\\"")
            case 0x5C: try sink.write("\\\\")
            case 0x0A: try sink.write("\\n")
            case 0x0D: try sink.write("\\r")
            case 0x09: try sink.write("\\t")
            case 0x08: try sink.write("\\b")
            case 0x0C: try sink.write("\\f")
            default: try sink.write([0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
            runStart = index + 1
        }
        try sink.write(bytes[runStart..<bytes.endIndex])
        try sink.write(byte: 0x22)
    }
}

/// Markdown escaping for text that must stay literal.
enum Markdown {
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_{}[]()<>#+-.!|~".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
