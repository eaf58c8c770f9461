import Foundation
import Testing
@testable import CollateCLI

/// The command line's own faults, from the third fault pass: `--name=` with an empty value
/// or a combining mark after `=`, arguments that are not UTF-8, a closed output pipe, help
/// text that cannot be written, and option values that name nothing.
@Suite("Command-line faults")
struct CommandLineFaultTests {
    private static let names = "Bob\nalice\nZed\n"

    @Test func anEmptySearchAfterEqualsKeepsEveryRecordAndReadsTheFile() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.names)
        // Standard input holds something else: the file must be what is read.
        let result = try runProcess(["--locale", "en", "--format", "tsv", "--search=", path], stdin: Array("zzz\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "A\talice\nB\tBob\nZ\tZed\n")
        let query = try runProcess(["--locale", "en", "--format", "tsv", "--search=al", path])
        #expect(query.stdoutText == "A\talice\n", "\(query.stderr)")
    }

    @Test func anEmptyOutputAfterEqualsIsRefusedAndLeavesTheNextFile() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("victim.txt", Self.names)
        let result = try runProcess(["--format", "tsv", "--output=", path], stdin: [])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("collate: --output needs a file name"), "\(result.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.names)
        let spaced = try runProcess(["--format", "tsv", "-o", "", path], stdin: [])
        #expect(spaced.status == 64)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.names)
    }

    @Test func aValueStartingWithACombiningMarkIsReadAfterEquals() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "e\u{301}tienne\nzed\n")
        let joined = try runProcess(["--locale", "fr", "--format", "tsv", "--search=\u{301}", path])
        let apart = try runProcess(["--locale", "fr", "--format", "tsv", "--search", "\u{301}", path])
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stdout == apart.stdout)
        #expect(joined.stderr == apart.stderr)
    }

    @Test func wordsAreSplitOnlyWhereTheParserMisreadsThem() {
        let split = CommandLineWords.splittingMisreadValues
        #expect(split(["--search=", "in.txt"]) == ["--search", "", "in.txt"])
        #expect(split(["--search=\u{301}e"]) == ["--search", "\u{301}e"])
        #expect(split(["--search=-x", "--locale=ko", "-o=", "a=b"]) == ["--search=-x", "--locale=ko", "-o=", "a=b"])
        #expect(split(["--", "--search="]) == ["--", "--search="])
        #expect(split(["--=", "--Search="]) == ["--=", "--Search="])
        // Flags take no value: the parser itself says so.
        #expect(split(["--reverse=", "--progress=", "--help="]) == ["--reverse=", "--progress=", "--help="])
        #expect(split(["--locale=", "--max-titles=", "--filter="]) == ["--locale", "", "--max-titles", "", "--filter", ""])
    }

    /// A flag with `=` and nothing after it is the flag, as the parser reads it (the split
    /// made it a flag and an empty file name: "collate: : no such file"); with a value it
    /// is the parser's usage error.
    @Test func aFlagWithAnEmptyValueIsTheFlag() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.names)
        let reversed = try runProcess(["--locale", "en", "--format", "tsv", "--reverse", path])
        #expect(reversed.stdoutText == "Z\tZed\nB\tBob\nA\talice\n", "\(reversed.stderr)")
        for arguments in [["--reverse=", path], [path, "--reverse="], ["--reverse="]] {
            let result = try runProcess(["--locale", "en", "--format", "tsv"] + arguments, stdin: Array(Self.names.utf8))
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == reversed.stdout, "\(arguments)")
        }
        let valued = try runProcess(["--reverse=x", path])
        #expect(valued.status == 64)
        #expect(valued.stderr.contains("'--reverse' does not take any value"), "\(valued.stderr)")
    }

    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let scratch = try ScratchDirectory()
        _ = try scratch.file("in.txt", Self.names)
        let directory = scratch.url.path
        let read = try runProcess([], shell: "cd '\(directory)' && cp in.txt \"$(printf 'n\\377.txt')\" && COLLATE \"$(printf 'n\\377.txt')\"")
        #expect(read.status == 64)
        #expect(read.stderr.hasPrefix("collate: argument 1 (n\\xFF.txt) is not UTF-8"), "\(read.stderr)")
        #expect(read.stdout.isEmpty)
        // The refusal written to a closed pipe still ends with its own status.
        let closed = try runProcess([], shell: "cd '\(directory)' && { COLLATE \"$(printf 'n\\377.txt')\" 2>&1; echo \"status=$?\" >&2; } | true")
        #expect(closed.stderr == "status=64\n")
        let written = try runProcess([], shell: "cd '\(directory)' && COLLATE --format tsv -o \"$(printf 'out\\376.txt')\" in.txt")
        #expect(written.status == 64)
        // Nothing written under any name: the input and its copy only.
        #expect(scratch.entries.count == 2, "\(scratch.entries)")
    }

    @Test(arguments: [["--format", "tsv"], ["--format", "json"], ["--format", "html"], ["--format", "tsv", "--buffer-size", "1M"]])
    func aClosedPipeEndsWithStatusZero(options: [String]) throws {
        let scratch = try ScratchDirectory()
        var lines = ""
        for index in 0..<200_000 { lines += "name\(index)\n" }
        let path = try scratch.file("big.txt", lines)
        // sh has no PIPESTATUS: the status is printed inside the pipeline's left side.
        let command = "{ COLLATE --locale en \(options.joined(separator: " ")) '\(path)'; echo \"status=$?\" >&2; } | head -c 10 > /dev/null"
        let result = try runProcess([], shell: command)
        #expect(result.stderr == "status=0\n")
    }

    @Test func helpThatCannotBeWrittenIsAnError() throws {
        let help = try runProcess([], shell: "COLLATE --help > /dev/full")
        #expect(help.status == 1)
        #expect(help.stderr == "collate: <stdout>: cannot write: No space left on device\n", "\(help.stderr)")
        let version = try runProcess([], shell: "COLLATE --version > /dev/full")
        #expect(version.status == 1)
        // The reader is gone before the help is written (`true` reads nothing), so the
        // write meets a closed pipe: without SIGPIPE ignored the status would be 141.
        let piped = try runProcess([], shell: "{ COLLATE --help; echo \"status=$?\" >&2; } | true")
        #expect(piped.stderr == "status=0\n")
    }

    @Test func aLocaleTestReportThatCannotBeWrittenSaysWhy() throws {
        let scratch = try ScratchDirectory()
        _ = try scratch.file("case.txt", "b\na\n")
        _ = try scratch.file("case.expected", "a\nb\n")
        let result = try runProcess([], shell: "COLLATE test '\(scratch.url.path)' > /dev/full")
        #expect(result.status == 1)
        #expect(result.stderr == "collate test: cannot write the report: No space left on device\n", "\(result.stderr)")
    }

    @Test func aKeyColumnPastTheLastIsAnError() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("people.csv", "Name,Phone\nBob,1\n\"Al,ice\",2\n")
        let result = try runProcess(["--format", "tsv", "--key", "3", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no column '3' for --key/--reading-key (the input has: Name, Phone)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let reading = try runProcess(["--format", "tsv", "--key", "Name", "--reading-key", "9", path])
        #expect(reading.status == 1)
        #expect(reading.stderr.contains("no column '9'"), "\(reading.stderr)")
        let last = try runProcess(["--locale", "en", "--format", "tsv", "--key", "2", path])
        #expect(last.stdoutText == "#\t1\n#\t2\n", "\(last.stderr)")
    }

    @Test func anUnknownCollationTypeIsAUsageError() throws {
        for locale in ["de@collation=phonebk", "en-u-co-bogus", "en@collation=bogus"] {
            let result = try runProcess(["--locale", locale, "--format", "tsv"], stdin: Array("a\n".utf8))
            #expect(result.status == 64, "\(locale)")
            #expect(result.stderr.contains("ICU knows no collation type"), "\(locale): \(result.stderr)")
        }
        let lacking = try runProcess(["--locale", "de@collation=pinyin", "--format", "tsv"], stdin: Array("a\n".utf8))
        #expect(lacking.status == 64)
        #expect(lacking.stderr.contains("ICU has no 'pinyin' collation for de (it has standard, phonebook"), "\(lacking.stderr)")
        #expect(lacking.stdout.isEmpty)
        let phonebook = try runProcess(["--locale", "de-u-co-phonebk", "--format", "tsv"], stdin: Array("Muff\nMüller\nMuller\n".utf8))
        #expect(phonebook.status == 0, "\(phonebook.stderr)")
        // Phonebook order reads ü as ue: Müller before Muff.
        #expect(phonebook.stdoutText == "M\tMüller\nM\tMuff\nM\tMuller\n")
    }

    @Test func htmlRefusesAPage() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.names)
        let result = try runProcess(["--locale", "en", "--format", "html", "--page", "2", "--page-size", "1", path])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("collate: --page does not apply to --format html"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aPinnedTitleThatIsAnotherSectionsIsAUsageError() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("pins.csv", "Name,Fav\nBob,yes\nAl,\n")
        let result = try runProcess(["--locale", "en", "--format", "tsv", "--pin", "Fav", "--pin-title", "A", path])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("collate: invalid pinned section title 'A'"), "\(result.stderr)")
        let bullet = try runProcess(["--locale", "en", "--format", "tsv", "--pin", "Fav", "--pin-title", "•", path])
        #expect(bullet.status == 64)
        #expect(bullet.stderr.contains("a side index draws '•' itself"), "\(bullet.stderr)")
        let own = try runProcess(["--locale", "en", "--format", "tsv", "--pin", "Fav", "--pin-title", "Fav", path])
        #expect(own.status == 0, "\(own.stderr)")
    }
}
