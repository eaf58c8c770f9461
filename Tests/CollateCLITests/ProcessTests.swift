import Foundation
import Testing
@testable import CollateCLI

typealias CollateCommandParser = CollateCommand

/// The built `collate` executable as a child process: exit codes, stderr, stdin, pipes.
@Suite("collate as a process")
struct ProcessTests {
    @Test func koreanSampleEndToEnd() throws {
        let result = try runProcess(["--locale", "ko_KR", "--format", "json", Paths.locales.appendingPathComponent("ko_KR/names.txt").path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(object["locale"] as? String == "ko_KR")
        let titles = try #require(object["indexTitles"] as? [String])
        #expect(titles.first == "ㄱ")
        #expect(titles.last == "#")
        let sections = try #require(object["sections"] as? [[String: Any]])
        let byTitle = Dictionary(uniqueKeysWithValues: sections.compactMap { section -> (String, [String])? in
            guard let title = section["title"] as? String, let records = section["records"] as? [String] else { return nil }
            return (title, records)
        })
        #expect(byTitle["ㄱ"]?.contains("김민준") == true)
        #expect(byTitle["ㄱ"]?.contains("까치") == true)
        #expect(byTitle["ㅂ"]?.contains("박서준") == true)
        #expect(byTitle["S"]?.contains("Smith") == true)
        #expect(byTitle["#"]?.contains("123") == true)
    }

    @Test func readsStandardInput() throws {
        let dash = try runProcess(["--locale", "sv", "--format", "tsv", "-"], stdin: Array("Öberg\nZorn\n".utf8))
        #expect(dash.stdoutText == "Z\tZorn\nÖ\tÖberg\n")
        let none = try runProcess(["--locale", "sv", "--format", "tsv"], stdin: Array("Öberg\nZorn\n".utf8))
        #expect(none.stdoutText == dash.stdoutText)
    }

    @Test func fileAndStdinGiveIdenticalOutput() throws {
        let path = Paths.locales.appendingPathComponent("ja_JP/names.txt").path
        let fromFile = try runProcess(["--locale", "ja_JP", "--format", "json", path])
        let fromStdin = try runProcess(["--locale", "ja_JP", "--format", "json"], stdin: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(fromFile.stdout == fromStdin.stdout)
        #expect(!fromFile.stdout.isEmpty)
    }

    @Test func errorsAreOneLineOnStderrWithStatus() throws {
        let missing = try runProcess(["/nonexistent"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "collate: /nonexistent: no such file\n")
        let locale = try runProcess(["--locale", "xx_YY"], stdin: [])
        #expect(locale.status == 64)
        #expect(locale.stderr.hasPrefix("collate: unknown locale 'xx_YY'"))
        let usage = try runProcess(["--field", "0"], stdin: [])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("collate: --field must be 1 or more"))
        let invalid = try runProcess(["--format", "tsv"], stdin: [0x61, 0x0A, 0x62, 0xC3])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.hasPrefix("collate: <stdin>:2: invalid UTF-8 (byte 0xC3) at byte 1 of the line"))
        #expect(invalid.stdout.isEmpty)
    }

    @Test func helpAndVersion() throws {
        let help = try runProcess(["--help"])
        #expect(help.status == 0)
        #expect(help.stdoutText.contains("--reading-field"))
        #expect(help.stdoutText.contains("Exit status"))
        let version = try runProcess(["--version"])
        #expect(version.stdoutText.contains("ICU"))
    }

    /// One release number: what `collate --version` prints is what the README's and the
    /// DocC catalog's "add it to your package" snippets depend on, and the CHANGELOG's
    /// newest entry.
    @Test func versionIsTheSameEverywhere() throws {
        let printed = try runProcess(["--version"]).stdoutText
        let number = try #require(printed.split(separator: " ").dropFirst().first.map(String.init))
        #expect(printed.hasPrefix("collate \(number) (ICU "))
        #expect(number.split(separator: ".").count == 3 && number.allSatisfy { $0.isNumber || $0 == "." })
        for document in ["README.md", "Sources/IndexedCollation/IndexedCollation.docc/GettingStarted.md"] {
            let text = try String(contentsOf: Paths.repository.appendingPathComponent(document), encoding: .utf8)
            #expect(text.contains("LocalizedIndexedCollation\", from: \"\(number)\")"), "\(document) names another version than \(number)")
        }
        let changes = try String(contentsOf: Paths.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changes.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(newest?.hasPrefix("## \(number)") == true, "CHANGELOG.md's newest entry is \(newest ?? "missing"), not \(number)")
    }

    @Test func closedPipeExitsQuietly() throws {
        var lines = ""
        for index in 0..<200_000 { lines += "name\(index)\n" }
        let scratch = try ScratchDirectory()
        let path = try scratch.file("big.txt", lines)
        let result = try runProcess([], shell: "COLLATE --locale en --format tsv '\(path)' | head -1; echo \"status=${PIPESTATUS:-0}\"")
        #expect(result.stdoutText.hasPrefix("#\tname0\n") || result.stdoutText.hasPrefix("N\t"))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func interruptedOutputLeavesNoTemporaryFile() throws {
        let scratch = try ScratchDirectory()
        let output = try scratch.file("out.tsv", "old\n")
        var lines = ""
        for index in 0..<400_000 { lines += "이름\(index)\n" }
        let input = try scratch.file("in.txt", lines)
        // Start, interrupt shortly after, and check the destination and the directory.
        _ = try runProcess([], shell: "COLLATE --locale ko_KR --format tsv -o '\(output)' '\(input)' & pid=$!; sleep 0.3; kill -TERM $pid; wait $pid; true")
        let contents = try String(contentsOfFile: output, encoding: .utf8)
        #expect(contents == "old\n" || contents.hasPrefix("ㅇ\t이름0\n"))  // old, or complete if it finished first
        #expect(Set(scratch.entries) == ["out.tsv", "in.txt"], "\(scratch.entries)")
    }
}

/// Faults around the process: full disks, FIFOs, odd field choices.
@Suite("Faults")
struct FaultTests {
    @Test func fullDiskLeavesTheOldOutputAndNoTemporaryFile() throws {
        let scratch = try ScratchDirectory()
        var lines = ""
        for index in 0..<20_000 { lines += "name number \(index)\n" }
        let input = try scratch.file("in.txt", lines)
        let output = try scratch.file("out.tsv", "old\n")
        let result = try runProcess([], shell: "ulimit -f 10; COLLATE --locale en --format tsv -o '\(output)' '\(input)'")
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write"), "\(result.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "old\n")
        #expect(Set(scratch.entries) == ["in.txt", "out.tsv"])
    }

    @Test func readsAFIFO() throws {
        let scratch = try ScratchDirectory()
        let fifo = scratch.url.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try runProcess([], shell: "printf 'b\\na\\n' > '\(fifo)' & COLLATE --locale en --format tsv '\(fifo)'")
        #expect(result.stdoutText == "A\ta\nB\tb\n")
    }

    @Test func fieldBeyondTheLineIsAnEmptyKey() throws {
        let result = try runProcess(["--locale", "en", "--format", "tsv", "--field", "3", "--delimiter", ","], stdin: Array("a,b,Zed\nonly\nx,y,Abe\n".utf8))
        #expect(result.stdoutText == "A\tx,y,Abe\nZ\ta,b,Zed\n#\tonly\n")
    }

    @Test func inMemoryPipelineMatchesTheProcess() throws {
        let command = try CollateCommandParser.parse(["--locale", "ko_KR", "--format", "json"])
        let input = Array("박서준\n김민준\nSmith\n123\n".utf8)
        let inMemory = try command.output(for: input)
        let process = try runProcess(["--locale", "ko_KR", "--format", "json"], stdin: input)
        #expect(inMemory == process.stdout)
    }
}
