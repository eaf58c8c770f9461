import Foundation
@testable import CollateCLI
import Testing

/// csv, tsv, jsonl and vcard input past the buffer: pieces cut at record ends (quoted
/// line ends, folded card lines), each record carried through the runs in its output
/// form. Every format and option is compared byte for byte with the in-memory output,
/// with buffers small enough that every record is a run of its own.
@Suite("Spilled records (--buffer-size)")
struct SpilledRecordTests {
    /// A fixture, the locale its charset is detected with, and its keys.
    static let inputs: [(file: String, locale: String, keys: [String])] = [
        ("google.csv", "en", []), ("outlook.csv", "en", []), ("google-ja.csv", "ja_JP", []),
        ("google-ja-cp932.csv", "ja_JP", []), ("outlook-ko-cp949.csv", "ko_KR", []),
        ("contacts.jsonl", "ja_JP", ["--key", "name.family", "--key", "name.given"]),
        ("ios-3.0.vcf", "ja_JP", []), ("android-2.1.vcf", "en", []), ("docomo-2.1-sjis.vcf", "ja_JP", []),
        ("v4-sort-as.vcf", "ja_JP", []),
    ]

    static let options: [[String]] = [[], ["-u"], ["--reverse"], ["--page", "2", "--page-size", "2"], ["--counts"]]

    @Test(arguments: inputs.map(\.file))
    func everyFormatMatchesTheInMemoryRun(_ file: String) throws {
        guard let input = Self.inputs.first(where: { $0.file == file }) else { return }
        var formats = ["json", "tsv", "csv", "plain", "table", "markdown", "columns", "html"]
        if file.hasSuffix(".vcf") { formats.append("vcard") }
        for format in formats {
            // html refuses --page (the page holds every record).
            for options in Self.options where format != "html" || !options.contains("--page") {
                let arguments = ["-l", input.locale, "--format", format] + input.keys + options + [ContactFixtures.path(file)]
                let inMemory = try runInProcess(arguments)
                #expect(inMemory.status == 0, "\(file) \(format) \(options): \(inMemory.stderr)")
                for buffer in ["1", "700"] {
                    let spilled = try runInProcess(["--buffer-size", buffer] + arguments)
                    #expect(spilled.status == 0, "\(file) \(format) \(options) \(buffer): \(spilled.stderr)")
                    #expect(spilled.stdout == inMemory.stdout, "\(file) \(format) \(options) \(buffer)")
                }
            }
        }
    }

    /// Quoted commas and line ends, folded card lines, a key only some pieces have: the
    /// pieces are cut at record ends and the csv header knows every column.
    @Test func recordsSpanningLinesAndColumnsSeenLate() throws {
        let scratch = try ScratchDirectory()
        let csv = try scratch.file(
            "quoted.csv",
            "family,given,note\r\n" + (0..<40).map { "김\($0 % 7),\"민, \($0)\",\"line one\nline \"\"two\"\"\"\r\n" }.joined())
        let vcards = try scratch.file(
            "folded.vcf",
            (0..<30).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Yamada\($0 % 5);Taro\r\nFN:Yamada Taro \($0)\r\nNOTE:a long note that\r\n  is folded \($0)\r\nEND:VCARD\r\n" }.joined())
        let jsonl = try scratch.file(
            "late.jsonl", "{\"n\":{\"f\":\"z\"}}\n" + (0..<30).map { "{\"n\":{\"f\":\"b\($0 % 4)\"},\"x\($0 % 3)\":\($0)}\n" }.joined())
        // Quotes as the reader reads them: a byte order mark, a quote inside an unquoted
        // field (ordinary), "" inside a quoted one, blank lines before the header.
        let quotes = try scratch.file(
            "quotes.csv", [0xEF, 0xBB, 0xBF] + Array("\"family\",given\r\n\r\nO\"Neil,a\r\n\"x, \"\"y\"\"\r\nz\",b\r\nab\"c,\"d\ne\"\r\n김,철수\r\n".utf8))
        let blank = try scratch.file("blank.csv", "\n\nfamily,given\nb,1\n\n\"a\n\",2\n")
        for (path, keys) in [
            (csv, ["--key", "family", "--key", "given"]), (vcards, []), (jsonl, ["--key", "n.f"]), (quotes, []), (blank, []),
        ] {
            for format in ["json", "csv", "tsv", "table"] {
                let arguments = ["-l", "en", "--format", format] + keys + [path]
                let inMemory = try runInProcess(arguments)
                #expect(inMemory.status == 0, "\(path) \(format): \(inMemory.stderr)")
                for buffer in ["1", "40"] {
                    let spilled = try runInProcess(["--buffer-size", buffer] + arguments)
                    #expect(spilled.status == 0 && spilled.stdout == inMemory.stdout, "\(path) \(format) \(buffer): \(spilled.stderr)")
                }
            }
        }
    }

    /// A malformed record in a later piece: the error names its line in the whole file,
    /// nothing is printed, and `-o` keeps what it held.
    @Test func errorsNameTheLineAndWriteNothing() throws {
        let scratch = try ScratchDirectory()
        let csv = try scratch.file("bad.csv", "a,b\n\"x\ny\",1\nq,2\nr,\"3\n")
        let jsonl = try scratch.file("bad.jsonl", "{\"n\":{\"f\":\"b\"}}\n{\"n\":{\"f\":\"a\"}}\n{\"n\":\n")
        let output = try scratch.file("out.txt", "kept\n")
        for (path, keys, line) in [(csv, ["--key", "a"], 5), (jsonl, ["--key", "n.f"], 3)] {
            let result = try runInProcess(["-l", "en", "--buffer-size", "1", "-o", output] + keys + [path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(URL(fileURLWithPath: path).lastPathComponent):\(line):"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(try String(contentsOfFile: output, encoding: .utf8) == "kept\n")
        }
        // A quote left open is a record that never ends: an error naming where it starts,
        // not a piece that grows past the bound.
        let open = try scratch.file("open.csv", "a,b\nx,\"open\n" + String(repeating: "a line inside the open quote, padded\n", count: 40_000))
        let unbounded = try runInProcess(["-l", "en", "--buffer-size", "1M", "--key", "a", open])
        #expect(unbounded.status == 1)
        #expect(unbounded.stderr.contains("open.csv:2:") && unbounded.stderr.contains("quote left open"), "\(unbounded.stderr)")
        #expect(unbounded.stdout.isEmpty)
        // A key no piece has is the in-memory error, once every piece is read.
        let good = try scratch.file("good.jsonl", "{\"n\":{\"f\":\"b\"}}\n{\"m\":1}\n")
        let missing = try runInProcess(["-l", "en", "--buffer-size", "1", "--key", "n.g", good])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no column 'n.g'") && missing.stderr.contains("n.f, m"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)
    }
}
