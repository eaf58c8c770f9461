@testable import CollateCLI
import Testing

/// Output is one stream of (section, key, record) into one writer per format: the
/// in-memory result is a single run of it, spilled runs a merge. Each format and option
/// is therefore written once; these check the combinations the other suites leave out
/// (`-z` with the drawn layouts and html, pages with `-u` and folded titles) and the
/// writers the outline makes.
@Suite("Record stream")
struct RecordStreamTests {
    static let names = [
        "김민준,3", "Smith,1", "이서연,2", "김민준,3", "<b>Åsa</b>,9", "山田,", "까치,7", "smith,1", "123,4", "박서준,5", "", "Zoë,6",
    ]

    static let options: [[String]] = [
        ["-z"], ["-z", "--reverse", "--page", "2", "--page-size", "3"], ["--page", "1", "--page-size", "4", "-u"],
        ["--counts", "--max-titles", "5"], ["--index-titles", "nonempty", "--page", "2", "--page-size", "2"],
        ["--delimiter", ",", "--field", "1", "--counts", "-u"],
    ]

    @Test(arguments: ["table", "plain", "markdown", "columns", "tsv", "csv", "json", "html"])
    func inMemoryAndSpilledWriteTheSameBytes(format: String) throws {
        let scratch = try ScratchDirectory()
        // html refuses --page (the page holds every record).
        for options in Self.options where format != "html" || !options.contains("--page") {
            let separator = options.contains("-z") ? "\0" : "\n"
            let path = try scratch.file("names-\(options.count).txt", Self.names.joined(separator: separator) + separator)
            try SpilledOutputTests().expectSameOutput(
                ["--locale", "ko_KR", "--format", format, "--width", "40"] + options + [path], buffers: ["1", "40"], "\(format) \(options)")
        }
    }

    /// A page of tsv holds only its rows, `-z` ends each in NUL, and a bad page size is
    /// refused before anything is written.
    @Test func pagesAndRowEnds() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.names.joined(separator: "\0") + "\0")
        let page = try runInProcess(["--locale", "ko_KR", "-z", "--format", "tsv", "--page", "2", "--page-size", "3", path])
        #expect(page.status == 0)
        #expect(page.stdout.filter { $0 == 0 }.count == 3)
        #expect(!page.stdout.contains(0x0A))
        let bad = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--page", "0", path])
        #expect(bad.status != 0)
        #expect(bad.stdout.isEmpty)
    }

    /// The writers the outline makes: storage keys in hex beside the stamp, csv's header
    /// of structured records, json's outline before the first record.
    @Test func theOutlineMakesEachFormatsWriter() throws {
        var outline = DocumentOutline(localeIdentifier: "ko_KR", titles: ["ㄱ", "A", "#"], counts: [1, 1, 0], fields: nil)
        func written(_ format: OutputFormat, _ records: [(Int, [UInt8], String)]) throws -> String {
            let sink = OutputSink.memory()
            let writer = outline.makeWriter(for: format, sink: sink)
            try writer.begin()
            for (section, key, line) in records {
                try key.withUnsafeBufferPointer { key in
                    try Array(line.utf8).withUnsafeBufferPointer { try writer.record(section: section, key: key, line: $0) }
                }
            }
            try writer.end()
            try sink.flush()
            return String(decoding: sink.collected, as: UTF8.self)
        }
        #expect(try written(.json, [(0, [], "김")]).hasPrefix("{\n  \"locale\": \"ko_KR\",\n  \"indexTitles\": ["))
        #expect(try written(.plain, [(0, [], "김"), (1, [], "Ann")]) == "Index: ㄱ A [#]\n\nㄱ\n  김\n\nA\n  Ann\n")
        outline.stamp = "s1"
        #expect(try written(.tsv, [(0, [0x01, 0xAB], "김")]) == "ㄱ\t01ab\ts1\t김\n")
        #expect(try written(.csv, [(1, [0xFF], "a,b")]) == "section,key,stamp,record\r\nA,ff,s1,\"a,b\"\r\n")
        outline.stamp = nil
        outline.recordColumns = ["Name", "Phone"]
        // A structured record is carried as its non-empty values: the columns skipped since
        // the previous value and the field's length (varints) and its csv field; the empty
        // ones are added.
        let carried = [0, 4] + Array(",Ann".utf8) + [0, 6] + Array(",\"1,2\"".utf8)
        let phoneOnly = [1, 2] + Array(",7".utf8)
        // A field of 201 bytes: its length takes two varint bytes (201 = 0xC9 0x01).
        let long = String(repeating: "x", count: 200)
        let longPhone = [1, 0xC9, 0x01] + Array(",\(long)".utf8)
        var encoded: [UInt8] = []
        RecordForm.appendVarint(201, to: &encoded)
        #expect(encoded == [0xC9, 0x01])
        let sink = OutputSink.memory()
        let writer = outline.makeWriter(for: .csv, sink: sink)
        try writer.begin()
        for line in [carried, phoneOnly, [], longPhone] {
            try line.withUnsafeBufferPointer { try writer.record(section: 1, key: UnsafeBufferPointer(start: nil, count: 0), line: $0) }
        }
        try writer.end()
        try sink.flush()
        #expect(String(decoding: sink.collected, as: UTF8.self) == "section,Name,Phone\r\nA,Ann,\"1,2\"\r\nA,,7\r\nA,,\r\nA,,\(long)\r\n")
    }
}
