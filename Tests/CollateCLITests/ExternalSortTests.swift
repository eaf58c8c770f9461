import Foundation
@testable import CollateCLI
import Testing

/// Inputs larger than --buffer-size are sorted in runs on disk and merged: the output
/// must be byte-identical to sorting in memory, for every sample and option.
@Suite("External sort (--buffer-size)")
struct ExternalSortTests {
    @Test(arguments: GoldenCase.discover())
    func spilledRunsGiveTheSameOutput(_ golden: GoldenCase) throws {
        for format in ["tsv", "json", "plain"] {
            for extra in [[], ["--reverse"]] {
                let arguments = golden.arguments + ["--format", format] + extra
                let inMemory = try runInProcess(arguments + [golden.input.path])
                for buffer in ["1", "64", "700"] {
                    let spilled = try runInProcess(arguments + ["--buffer-size", buffer, golden.input.path])
                    #expect(spilled.status == inMemory.status, "\(format) \(extra) \(buffer): \(spilled.stderr)")
                    #expect(spilled.stdout == inMemory.stdout, "\(golden.testDescription) \(format) \(extra) buffer \(buffer)")
                }
            }
        }
    }

    @Test func randomInputsSurviveSpilling() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("가나다라김까치ABCabc한글ÅÖ山田やま12 -\t")
        let scratch = try ScratchDirectory()
        for round in 0..<20 {
            var text = ""
            for _ in 0..<Int.random(in: 0...300, using: &generator) {
                text += String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
                text += ["\n", "\r\n"].randomElement(using: &generator) ?? "\n"
            }
            let path = try scratch.file("in\(round).txt", text)
            let inMemory = try runInProcess(["--locale", "ko_KR", "--format", "tsv", path])
            let spilled = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--buffer-size", "\(Int.random(in: 1...200, using: &generator))", path])
            #expect(spilled.stdout == inMemory.stdout, "round \(round)")
        }
    }

    /// 5,000 one-line runs: merged in tiers of 64 (two levels), never more than 64 open.
    @Test func thousandsOfRunsMergeInTiers() throws {
        var lines = ""
        var generator = SystemRandomNumberGenerator()
        let names = ["김민준", "이서연", "Smith", "Åsa", "123", "까치", "박지훈", "anna", "Anna"]
        for index in 0..<5_000 { lines += "\(names.randomElement(using: &generator) ?? "x") \(index % 97)\n" }
        let scratch = try ScratchDirectory()
        let path = try scratch.file("many.txt", lines)
        let inMemory = try runInProcess(["--locale", "ko_KR", "--format", "tsv", path])
        let spilled = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--buffer-size", "1", path])
        #expect(spilled.status == 0, "\(spilled.stderr)")
        #expect(spilled.stdout == inMemory.stdout)
        let reversed = try runInProcess(["--locale", "ko_KR", "--format", "json", "--reverse", "--buffer-size", "1", path])
        #expect(reversed.stdout == (try runInProcess(["--locale", "ko_KR", "--format", "json", "--reverse", path])).stdout)
    }

    /// Plain output streamed from runs keeps the layout options of the in-memory renderer.
    @Test(arguments: [["--counts"], ["--color", "always"], ["--field", "1", "--reading-field", "2", "--delimiter", "\t"]])
    func plainOptionsSurviveSpilling(options: [String]) throws {
        let path = Paths.locales.appendingPathComponent(options.contains("--field") ? "ja_JP/readings.tsv" : "sv_SE/names.txt").path
        let arguments = ["--locale", options.contains("--field") ? "ja_JP" : "sv_SE", "--format", "plain"] + options
        let inMemory = try runInProcess(arguments + [path])
        let spilled = try runInProcess(arguments + ["--buffer-size", "50", path])
        #expect(!inMemory.stdout.isEmpty)
        #expect(spilled.stdout == inMemory.stdout)
    }

    @Test func invalidUTF8InALaterPieceNamesTheRightLine() throws {
        let scratch = try ScratchDirectory()
        var bytes = Array(String(repeating: "name\n", count: 50).utf8)
        bytes += [0x61, 0xFF, 0x0A]
        let path = try scratch.file("bad.txt", bytes)
        let result = try runInProcess(["--buffer-size", "20", "--format", "tsv", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.txt:51: invalid UTF-8 (byte 0xFF) at byte 1 of the line (offset 251 in the file)"), "\(result.stderr)")
    }

    @Test func recordInputsPastTheBufferSpill() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("contacts.csv", "name,phone\n" + (0..<200).map { "김\($0),010-\($0)" }.joined(separator: "\n") + "\n")
        let spilled = try runInProcess(["--locale", "ko_KR", "--key", "name", "--format", "tsv", "--buffer-size", "100", path])
        #expect(spilled.status == 0, "\(spilled.stderr)")
        let fits = try runInProcess(["--locale", "ko_KR", "--key", "name", "--format", "tsv", "--buffer-size", "1M", path])
        #expect(fits.status == 0)
        #expect(spilled.stdout == fits.stdout)
    }

    @Test(arguments: ["0", "-5", "12Q", "lots", ""])
    func badSizesAreUsageErrors(size: String) throws {
        let result = try runInProcess(["--buffer-size", size, "/dev/null"])
        #expect(result.status == 64, "\(size): \(result.stderr)")
    }

    @Test func sizesParse() {
        #expect(InputArguments.parseSize("64K") == 65536)
        #expect(InputArguments.parseSize("100M") == 100 << 20)
        #expect(InputArguments.parseSize("2g") == 2 << 30)
        #expect(InputArguments.parseSize("512") == 512)
        #expect(InputArguments.parseSize("9999999999T") == nil)
    }
}
