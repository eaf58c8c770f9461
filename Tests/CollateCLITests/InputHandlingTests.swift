import CollateCLI
import Foundation
import Testing

/// Input rules and bad input, run in-process (fast) through the real command.
@Suite("Input handling")
struct InputHandlingTests {
    func tsv(_ bytes: [UInt8], _ extra: [String] = []) throws -> CLIResult {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.txt", bytes)
        return try runInProcess(["--locale", "en_US", "--format", "tsv"] + extra + [path])
    }

    /// What the fuzzer relies on: undecodable input is told apart from every other error
    /// through the public API.
    @Test func inputErrorsAreToldApartThroughThePublicAPI() throws {
        let command = try CollateCommand.parse(["--locale", "ko_KR", "--format", "tsv"])
        var thrown: (any Error)?
        do { _ = try command.output(for: [0x61, 0xFF, 0x0A]) } catch { thrown = error }
        let invalid = try #require(thrown, "invalid UTF-8 was accepted")
        #expect(CollateCommand.isInputError(invalid))
        thrown = nil
        let unknownLocale = try CollateCommand.parse(["--locale", "xx_YY", "--format", "tsv"])
        do { _ = try unknownLocale.output(for: Array("a\n".utf8)) } catch { thrown = error }
        #expect(CollateCommand.isInputError(try #require(thrown, "an unknown locale was accepted")) == false)
        #expect(try command.output(for: Array("b\na\n".utf8)) == Array("A\ta\nB\tb\n".utf8))
    }

    @Test func byteOrderMarkAtStartIsDropped() throws {
        let result = try tsv([0xEF, 0xBB, 0xBF] + Array("b\na\n".utf8))
        #expect(result.stdoutText == "A\ta\nB\tb\n")
    }

    @Test func byteOrderMarkInTheMiddleIsData() throws {
        let result = try tsv(Array("b\n\u{FEFF}a\n".utf8))
        #expect(result.stdout.count == Array("A\t\u{FEFF}a\nB\tb\n".utf8).count)
        #expect(result.stdoutText.contains("\u{FEFF}a"))
    }

    @Test func crlfAndMixedLineEnds() throws {
        #expect(try tsv(Array("b\r\na\r\n".utf8)).stdoutText == "A\ta\nB\tb\n")
        #expect(try tsv(Array("b\na\r\nc".utf8)).stdoutText == "A\ta\nB\tb\nC\tc\n")
    }

    @Test func crOnlyFilesSplitOnCR() throws {
        #expect(try tsv(Array("b\ra\rc\r".utf8)).stdoutText == "A\ta\nB\tb\nC\tc\n")
    }

    @Test func lastLineWithoutNewlineCounts() throws {
        #expect(try tsv(Array("b\na".utf8)).stdoutText == "A\ta\nB\tb\n")
    }

    @Test func emptyInputPrintsNothing() throws {
        for format in ["tsv", "table", "plain", "markdown"] {
            let scratch = try ScratchDirectory()
            let path = try scratch.file("empty.txt", [])
            let result = try runInProcess(["--format", format, path])
            #expect(result.status == 0)
            #expect(result.stdout.isEmpty, "\(format)")
            #expect(result.stderr.isEmpty)
        }
    }

    /// json is always one document, also with no record left: empty input (file or
    /// standard input), or a search that finds nothing, in memory and spilled (issue 39).
    @Test func jsonWithNoRecordIsOneEmptyDocument() throws {
        let scratch = try ScratchDirectory()
        let empty = try scratch.file("empty.txt", [])
        let names = try scratch.file("names.txt", (0..<20_000).map { "name \($0)\n" }.joined())
        let contacts = try scratch.file("contacts.csv", "name\nBob\n")
        let runs: [[String]] = [
            [empty], ["--search", "zzz", names], ["--search", "zzz", "--buffer-size", "64K", names], ["--search", "zzz", contacts],
        ]
        for arguments in runs {
            let result = try runInProcess(["-l", "en", "--format", "json"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
            #expect(document?["locale"] as? String == "en", "\(arguments)")
            #expect((document?["indexTitles"] as? [String])?.last == "#", "\(arguments)")
            #expect((document?["sections"] as? [Any])?.isEmpty == true, "\(arguments)")
        }
        // Empty standard input, as a process.
        let piped = try runProcess(["-l", "en", "--format", "json"], stdin: [])
        #expect(piped.status == 0, "\(piped.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(piped.stdout)) as? [String: Any]
        #expect((document?["sections"] as? [Any])?.isEmpty == true)
    }

    @Test func emptyLinesAreRecords() throws {
        let result = try tsv(Array("\n\nb\n".utf8))
        #expect(result.stdoutText == "B\tb\n#\t\n#\t\n")
    }

    @Test(arguments: [
        ("overlong", [0xC0, 0xAF] as [UInt8]), ("surrogate", [0xED, 0xA0, 0x80]), ("truncated", [0xE2, 0x82]),
        ("lone continuation", [0x80]), ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]), ("invalid byte", [0xFF]),
    ])
    func invalidUTF8IsAnErrorWithLineAndOffset(kind: String, bad: [UInt8]) throws {
        let result = try tsv(Array("ok\nab".utf8) + bad + Array("c\nlast\n".utf8))
        #expect(result.status == 1, "\(kind)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("in.txt:2: invalid UTF-8"), "\(result.stderr)")
        #expect(result.stderr.contains("at byte 2 of the line"), "\(result.stderr)")
        // At the very end of the input, too.
        let atEnd = try tsv(Array("ok\n".utf8) + bad)
        #expect(atEnd.status == 1)
        #expect(atEnd.stderr.contains(":2: invalid UTF-8"), "\(atEnd.stderr)")
    }

    @Test func invalidReplaceKeepsEveryLine() throws {
        let result = try tsv(Array("b\n".utf8) + [0x61, 0xFF, 0x0A] + Array("c\n".utf8), ["--invalid", "replace"])
        #expect(result.status == 0)
        #expect(result.stdoutText == "A\ta\u{FFFD}\nB\tb\nC\tc\n")
    }

    @Test func nulBytesAreRefusedOrReplaced() throws {
        let bytes = Array("b\na".utf8) + [0] + Array("x\n".utf8)
        let refused = try tsv(bytes)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(":2: a NUL byte"))
        let replaced = try tsv(bytes, ["--invalid", "replace"])
        #expect(replaced.stdoutText == "A\ta\u{FFFD}x\nB\tb\n")
    }

    @Test func missingUnreadableAndDirectoryInputs() throws {
        let missing = try runInProcess(["/nonexistent/names.txt"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "collate: /nonexistent/names.txt: no such file\n")
        let scratch = try ScratchDirectory()
        let directory = try runInProcess([scratch.url.path])
        #expect(directory.status == 1)
        #expect(directory.stderr.contains("is a directory"))
        if getuid() != 0 {  // root reads everything
            let path = try scratch.file("secret.txt", "x\n")
            chmod(path, 0)
            let unreadable = try runInProcess([path])
            #expect(unreadable.status == 1)
            #expect(unreadable.stderr.contains("permission denied"))
        }
    }

    /// A regular file is read on another thread while the collation is opened
    /// (``InputPrefetch``): its output is the output of the same bytes collated in memory,
    /// its read errors are the same, and an error of the run's own settings (an unknown
    /// locale) still comes first.
    @Test func filesReadAheadAsStandardInputIs() throws {
        let scratch = try ScratchDirectory()
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        var number = 0
        while bytes.count < 400_000 {  // past the size that starts the key table early
            bytes += Array(["김민준\(number)\r\n", "Åsa \(number)\n", "이서연\n", "\n"][number % 4].utf8)
            number += 1
        }
        let path = try scratch.file("big.txt", bytes)
        let fromFile = try runInProcess(["--locale", "ko_KR", "--format", "tsv", path])
        let inMemory = try CollateCommand.parse(["--locale", "ko_KR", "--format", "tsv"]).output(for: bytes)
        #expect(fromFile.status == 0)
        #expect(fromFile.stdout == inMemory)
        #expect(fromFile.stdoutText.hasPrefix("ㄱ\t김민준0\n"))
        let bad = try scratch.file("bad.txt", bytes + [0x61, 0xFF, 0x0A])
        let refused = try runInProcess(["--locale", "ko_KR", bad])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("bad.txt:\(number + 1): invalid UTF-8"), "\(refused.stderr)")
        let both = try runInProcess(["--locale", "xx_YY", bad])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("collate: unknown locale 'xx_YY'"))
    }

    @Test func unknownLocalesAreRefusedWithAHint() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.txt", "a\n")
        for locale in ["xx_YY", "klingon"] {
            let result = try runInProcess(["--locale", locale, path])
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("collate: unknown locale '\(locale)'"))
            #expect(result.stderr.contains("--list-locales"))
            #expect(result.stdout.isEmpty)
        }
        let austrian = try runInProcess(["--locale", "de_AT", "--format", "tsv", path])
        #expect(austrian.status == 0)
        #expect(austrian.stdoutText == "A\ta\n")
    }

    @Test func localeComesFromTheEnvironment() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.txt", "Öberg\nZorn\n")
        let swedish = try runInProcess(["--format", "tsv", path], environment: ["LANG": "sv_SE.UTF-8"])
        #expect(swedish.stdoutText == "Z\tZorn\nÖ\tÖberg\n")
        let german = try runInProcess(["--format", "tsv", path], environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "sv_SE.UTF-8"])
        #expect(german.stdoutText == "O\tÖberg\nZ\tZorn\n")
        let fallback = try runInProcess(["--format", "json", path], environment: [:])
        #expect(fallback.stdoutText.contains("\"locale\": \"en\""))
    }

    @Test(arguments: [
        ["--field", "0"], ["--reading-field", "1", "--field", "1"], ["--delimiter", ""], ["--delimiter", "ab"],
        ["--strength", "extreme"], ["--format", "xml"], ["--style", "fancy"], ["--no-such-flag"], ["--width", "3"],
    ])
    func badFlagsAreUsageErrors(arguments: [String]) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.txt", "a\n")
        let result = try runInProcess(arguments + [path])
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
    }

    @Test func fieldsDelimitersAndReadings() throws {
        let lines = "1\t山田\tやまだ\n2\t東海林\tしょうじ\n3\t日本\t\n4\tSmith\n5\n"
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.tsv", lines)
        let result = try runInProcess(["--locale", "ja_JP", "--format", "tsv", "--field", "2", "--reading-field", "3", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "S\t4\tSmith\nさ\t2\t東海林\tしょうじ\nや\t1\t山田\tやまだ\n#\t5\n#\t3\t日本\t\n")
        let commas = try scratch.file("in.csv", "x,Öberg\ny,Zorn\nz\n")
        // A .csv file is read as CSV (header row) unless asked for lines (#11).
        let swedish = try runInProcess(["--locale", "sv", "--input-format", "lines", "--format", "tsv", "--field", "2", "--delimiter", ",", commas])
        #expect(swedish.stdoutText == "Z\ty,Zorn\nÖ\tx,Öberg\n#\tz\n")
    }

    @Test func optionsReachTheCollator() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("in.txt", "file10\nfile2\nfile1\n")
        let numeric = try runInProcess(["--locale", "en", "--format", "tsv", "--numeric", path])
        #expect(numeric.stdoutText == "F\tfile1\nF\tfile2\nF\tfile10\n")
        let plain = try runInProcess(["--locale", "en", "--format", "tsv", path])
        #expect(plain.stdoutText == "F\tfile1\nF\tfile10\nF\tfile2\n")
        let reversed = try runInProcess(["--locale", "en", "--format", "tsv", "--reverse", "--numeric", path])
        #expect(reversed.stdoutText == "F\tfile10\nF\tfile2\nF\tfile1\n")
        let punctuation = try scratch.file("p.txt", "de Luca\nDelacroix\n-Dean\n")
        let shifted = try runInProcess(["--locale", "en", "--format", "tsv", "--ignore-punctuation", punctuation])
        #expect(shifted.stdoutText == "D\tDelacroix\nD\tde Luca\n#\t-Dean\n")
        let icu = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--style", "icu", try scratch.file("k.txt", "김\n123\n")])
        #expect(icu.stdoutText == "…\t123\nㄱ\t김\n")
    }
}

/// `-o`: atomic replacement, no partial files, the input may be the output.
@Suite("Output files")
struct OutputFileTests {
    @Test func writesAtomicallyAndMayReplaceTheInput() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "b\na\n")
        let result = try runInProcess(["--locale", "en", "--format", "tsv", "-o", path, path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "A\ta\nB\tb\n")
        #expect(scratch.entries == ["names.txt"])  // no temporary file left
    }

    @Test func failedInputLeavesTheOldOutputUntouched() throws {
        let scratch = try ScratchDirectory()
        let output = try scratch.file("out.tsv", "old contents\n")
        let bad = try scratch.file("bad.txt", [0x61, 0xFF, 0x0A])
        let result = try runInProcess(["-o", output, bad])
        #expect(result.status == 1)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "old contents\n")
        #expect(Set(scratch.entries) == ["out.tsv", "bad.txt"])
    }

    @Test func unwritableDirectoryIsAClearError() throws {
        let scratch = try ScratchDirectory()
        let result = try runInProcess(["-o", "/proc/collate-out.tsv", try scratch.file("in.txt", "a\n")])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("collate: /proc/collate-out.tsv: cannot"), "\(result.stderr)")
    }

    @Test func missingDirectoryIsAClearError() throws {
        let scratch = try ScratchDirectory()
        let result = try runInProcess(["-o", scratch.url.appendingPathComponent("no/such/dir/out.tsv").path, try scratch.file("in.txt", "a\n")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot"))
    }
}

/// `-o` onto things that are not plain files.
@Suite("Output destinations")
struct OutputDestinationTests {
    @Test func aSymbolicLinkKeepsPointingAtTheNewContents() throws {
        let scratch = try ScratchDirectory()
        let target = try scratch.file("target.tsv", "old\n")
        let link = scratch.url.appendingPathComponent("link.tsv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let input = try scratch.file("in.txt", "b\na\n")
        let result = try runInProcess(["--locale", "en", "--format", "tsv", "-o", link, input])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "A\ta\nB\tb\n")
    }

    @Test func devicesAreWrittenNotReplaced() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", "b\na\n")
        let null = try runInProcess(["--format", "tsv", "-o", "/dev/null", input])
        #expect(null.status == 0)
        let full = try runInProcess(["--format", "tsv", "-o", "/dev/full", input])
        #expect(full.status == 1)
        #expect(full.stderr.contains("No space left on device"), "\(full.stderr)")
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func aDirectoryIsRefused() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", "a\n")
        let result = try runInProcess(["-o", scratch.url.path, input])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is a directory"))
    }
}
