import Foundation
import Testing

/// GNU sort's spellings (-t, -k, -u, -z), several keys, and bad structured input.
@Suite("sort's spellings and bad contact files")
struct SortSpellingTests {
    @Test(arguments: [["-t,", "-k2"], ["-t", ",", "-k", "2"], ["--delimiter", ",", "-k2,2"], ["-t,", "--field", "2"]])
    func keyFieldSpellingsAgree(spelling: [String]) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.txt", "x,Öberg\ny,Zorn\nz\n")
        let result = try runInProcess(["-l", "sv", "--format", "tsv"] + spelling + [path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "Z\ty,Zorn\nÖ\tx,Öberg\n#\tz\n")
    }

    @Test(arguments: [["-k2.3"], ["-k2n"], ["-k", "2,3"], ["-k0"], ["--key", "Name"], ["-z", "--input-format", "csv"]])
    func unsupportedSpellingsAreUsageErrors(arguments: [String]) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.txt", "a\tb\n")
        let result = try runInProcess(["-l", "en"] + arguments + [path])
        #expect(result.status == 64, "\(arguments)")
        #expect(!result.stderr.isEmpty)
    }

    @Test func severalKeysCompareInTurn() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.txt", "박\t지훈\n김\t민준\n박\t가영\n김\t가을\n\t이름\n")
        let result = try runInProcess(["-l", "ko", "-k1", "-k2", "--format", "tsv", path])
        #expect(result.stdoutText == "ㄱ\t김\t가을\nㄱ\t김\t민준\nㅂ\t박\t가영\nㅂ\t박\t지훈\nㅇ\t\t이름\n")
        let csv = try scratch.file("in.csv", "family,given\n박,지훈\n김,민준\n박,가영\n김,가을\n")
        let records = try runInProcess(["-l", "ko", "--key", "family", "--key", "2", "--format", "tsv", csv])
        #expect(records.stdoutText == "ㄱ\t김\t가을\nㄱ\t김\t민준\nㅂ\t박\t가영\nㅂ\t박\t지훈\n")
    }

    /// glibc's `sort -u` under en_US.UTF-8 keeps one of 가/나/다 (they compare equal there).
    @Test func uniqueKeepsEveryDistinctHangulRecord() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.txt", "가\n나\n가\n다\n나\nA\na\n")
        let tertiary = try runInProcess(["-l", "ko", "-u", "--format", "tsv", path])
        #expect(tertiary.stdoutText == "ㄱ\t가\nㄴ\t나\nㄷ\t다\nA\ta\nA\tA\n")
        let primary = try runInProcess(["-l", "en", "--unique", "--strength", "primary", "--format", "tsv", path])
        #expect(primary.stdoutText == "A\tA\n#\t가\n#\t나\n#\t다\n")
        let csv = try scratch.file("in.csv", "f,g\n김,민준\n김,민준\n김,가을\n")
        let records = try runInProcess(["-l", "ko", "-u", "--key", "f", "--key", "g", "--format", "tsv", csv])
        #expect(records.stdoutText == "ㄱ\t김\t가을\nㄱ\t김\t민준\n")
    }

    @Test func zeroTerminatedRecords() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.bin", [0x62, 0x00, 0x61, 0x00, 0x63, 0x0A, 0x64, 0x00])
        let result = try runInProcess(["-l", "en", "-z", "--format", "tsv", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Array("A\ta\0B\tb\0C\tc\nd\0".utf8))
        let lines = try runInProcess(["-l", "en", "--format", "tsv", path])
        #expect(lines.status == 1)
    }

    static let broken: [(String, String, String)] = [
        ("quote.csv", "a,b\n1,2\n\"x,1\n", "quote.csv:3:"),
        ("wide.csv", "a,b\n1,2,3\n", "wide.csv:2:"),
        ("open.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:X\n", "open.vcf:1:"),
        ("qp.vcf", "BEGIN:VCARD\nVERSION:2.1\nN;ENCODING=QUOTED-PRINTABLE:=ZZ;\nEND:VCARD\n", "qp.vcf:3:"),
        ("syntax.jsonl", "{\"a\":1}\n{\"a\":\n", "syntax.jsonl:2:"),
    ]

    @Test(arguments: broken)
    func brokenFilesNameTheLineAndLeaveOutputUntouched(name: String, text: String, location: String) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file(name, text)
        let target = try scratch.file("out.json", "keep\n")
        let result = try runInProcess(["-l", "en", "--key", "a", "--format", "json", "-o", target, path].filter { name.hasSuffix(".jsonl") || $0 != "--key" && $0 != "a" })
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("collate: \(path.replacingOccurrences(of: name, with: ""))\(location)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep\n")
        #expect(scratch.entries.sorted() == [name, "out.json"].sorted())
    }

    @Test func theExecutableReadsAContactFile() throws {
        let scratch = try ScratchDirectory()
        let target = scratch.url.appendingPathComponent("sorted.csv").path
        let result = try runProcess(["-l", "ko_KR", "--key", "Last Name", "--format", "csv", "-o", target, ContactFixtures.path("google.csv")])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written.hasPrefix("section,First Name,Middle Name,Last Name,"))
        #expect(written.contains("\r\nㄱ,민준,,김,"))
        let broken = try scratch.file("bad.csv", "a,b\n\"open\n")
        let failure = try runProcess(["-l", "en", broken])
        #expect(failure.status == 1)
        #expect(failure.stderr.hasPrefix("collate: \(broken):2: a quoted field"))
        #expect(failure.stdout.isEmpty)
    }
}
