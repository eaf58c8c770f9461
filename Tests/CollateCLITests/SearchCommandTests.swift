import Foundation
import Testing

/// `collate --search`: the kept records are those the library's matcher finds, in the
/// sections they have without --search, in every format, from every kind of input.
@Suite("collate --search")
struct SearchCommandTests {
    static let names = ["김민준", "박서준", "김서연", "Smith, John", "José García", "최민서", "张伟", "ヤマダ タロウ", "123"]

    /// The records of a tsv output.
    static func records(_ tsv: String) -> [String] {
        tsv.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1).last ?? "") }
    }

    @Test(arguments: [
        ("ㅅ", ["김서연", "박서준"]),
        ("ㄱㅁ", ["김민준"]),
        ("jose", ["José García"]),
        ("JOHN", ["Smith, John"]),
        ("zw", ["张伟"]),
        ("やまだ", ["ヤマダ タロウ"]),
        ("taro", ["ヤマダ タロウ"]),
        ("12", ["123"]),
        ("xyz", []),
    ])
    func keepsWhatTheQueryFinds(query: String, expected: [String]) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.names.joined(separator: "\n") + "\n")
        let result = try runInProcess(["--locale", "ko_KR", "--search", query, "--format", "tsv", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(Self.records(result.stdoutText)) == Set(expected))
    }

    /// Each kept record has the section and relative order it has without --search.
    @Test(arguments: ["tsv", "json", "csv", "plain", "table", "markdown", "columns", "html"])
    func sameSectionsInEveryFormat(format: String) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.names.joined(separator: "\n") + "\n")
        let all = try runInProcess(["--locale", "ko_KR", "--format", "tsv", path]).stdoutText
        let expected = all.split(separator: "\n").filter { ["김서연", "박서준", "최민서", "김민준"].contains(where: $0.hasSuffix) }
        let tsv = try runInProcess(["--locale", "ko_KR", "--search", "ㅁ", "--search", "ㅅ", "--format", "tsv", path])
        #expect(tsv.stdoutText.split(separator: "\n") == expected)
        let result = try runInProcess(["--locale", "ko_KR", "--search", "ㅅ", "--format", format, path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("김서연") && result.stdoutText.contains("박서준"))
        #expect(!result.stdoutText.contains("김민준") && !result.stdoutText.contains("Smith"))
    }

    @Test func spilledRunsKeepTheSameRecords() throws {
        let scratch = try ScratchDirectory()
        let many = (0..<400).map { Self.names[$0 % Self.names.count] + " \($0)" }
        let path = try scratch.file("many.txt", many.joined(separator: "\n") + "\n")
        let inMemory = try runInProcess(["--locale", "ko_KR", "--search", "ㄱ", "--format", "tsv", path])
        let spilled = try runInProcess(["--locale", "ko_KR", "--search", "ㄱ", "--buffer-size", "2K", "--format", "tsv", path])
        #expect(inMemory.status == 0 && spilled.status == 0, "\(spilled.stderr)")
        #expect(spilled.stdoutText == inMemory.stdoutText)
        #expect(Self.records(inMemory.stdoutText).count == 90)
    }

    /// A record input past the buffer keeps what the in-memory run keeps, in every format.
    @Test(arguments: ["json", "csv", "tsv", "html"])
    func spilledRecordInputsKeepTheSameRecords(format: String) throws {
        let scratch = try ScratchDirectory()
        let rows = (0..<300).map { "\"\(Self.names[$0 % Self.names.count]), \($0)\",\($0)" }
        let path = try scratch.file("many.csv", "name,number\n" + rows.joined(separator: "\n") + "\n")
        let arguments = ["--locale", "ko_KR", "--key", "name", "--search", "ㄱ", "--search", "jose", "--format", format, path]
        let inMemory = try runInProcess(arguments)
        let spilled = try runInProcess(["--buffer-size", "1K"] + arguments)
        #expect(inMemory.status == 0 && spilled.status == 0, "\(spilled.stderr)")
        #expect(spilled.stdoutText == inMemory.stdoutText)
        #expect(inMemory.stdoutText.contains("José García, 4") && !inMemory.stdoutText.contains("박서준"))
    }

    @Test func recordInputsKeysAndReadings() throws {
        let scratch = try ScratchDirectory()
        let csv = try scratch.file(
            "people.csv", "Family,Given,Reading\n山田,太郎,やまだ\n佐藤,健,さとう\nSmith,Anna,\n沈,从文,\n")
        let result = try runInProcess(
            ["--locale", "ja", "--key", "Family", "--key", "Given", "--reading-key", "Reading", "--search", "yama", "--format", "csv", csv])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.split(whereSeparator: \.isNewline) == ["section,Family,Given,Reading", "や,山田,太郎,やまだ"])
        let given = try runInProcess(["--locale", "en", "--key", "Family", "--key", "Given", "--search", "ann", "--format", "tsv", csv])
        #expect(given.stdoutText.contains("Smith") && !given.stdoutText.contains("山田"))
        let surname = try runInProcess(["--locale", "zh_CN", "--key", "Family", "--key", "Given", "--search", "shen", "--format", "tsv", csv])
        #expect(Self.records(surname.stdoutText).count == 1 && surname.stdoutText.contains("沈"))
        let card = "BEGIN:VCARD\nVERSION:3.0\nN:김;민준;;;\nFN:김민준\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nN:박;서준;;;\nFN:박서준\nEND:VCARD\n"
        let vcf = try scratch.file("people.vcf", card)
        let cards = try runInProcess(["--locale", "ko", "--search", "ㅅㅈ", "--format", "tsv", vcf])
        #expect(cards.status == 0, "\(cards.stderr)")
        #expect(cards.stdoutText.contains("박") && !cards.stdoutText.contains("김"))
        let fields = try scratch.file("fields.tsv", "1\t김민준\n2\t박서준\n")
        let byField = try runInProcess(["--locale", "ko", "--field", "2", "--search", "박", "--format", "tsv", fields])
        #expect(byField.stdoutText == "ㅂ\t2\t박서준\n")
    }

    @Test func badAndOddQueries() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.names.joined(separator: "\n") + "\n")
        // A value that starts with "-" is given as --search=VALUE; an empty one as its own argument.
        for everything in [["--search", ""], ["--search", "   "], ["--search=-,.!"]] {
            let result = try runInProcess(["--locale", "ko_KR"] + everything + ["--format", "tsv", path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(Self.records(result.stdoutText).count == Self.names.count)
        }
        let long = try runInProcess(["--locale", "ko_KR", "--search", String(repeating: "김", count: 5000), "--format", "tsv", path])
        #expect(long.status == 0 && long.stdoutText.isEmpty)
        // Invalid UTF-8 reaches the process only through argv: a usage error, nothing written.
        let invalid = try runProcess([], shell: "COLLATE --locale ko_KR --search \"$(printf 'a\\377')\" '\(path)'")
        #expect(invalid.status == 64, "\(invalid.stderr)")
        #expect(invalid.stderr.hasPrefix("collate: argument 4 (a\\xFF) is not UTF-8") && invalid.stdoutText.isEmpty, "\(invalid.stderr)")
    }
}
