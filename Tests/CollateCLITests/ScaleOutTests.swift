import Foundation
import IndexedCollation
import Testing

/// Keys made part by part (`--position-offset`) reproduce one run; stamps say exactly
/// when keys are comparable; `--format csv` quotes what databases would change.
@Suite("Scale-out: parts, stamps, csv")
struct ScaleOutTests {
    /// A file full of ties: duplicates, NFC/NFD twins, case and accent variants, empty
    /// records, TABs, CR, quotes, backslashes, U+FEFF at the start of lines.
    static func tiedInput(lines count: Int) -> [UInt8] {
        let words = [
            "Müller", "Muller", "MÜLLER", "müller", "é", "e\u{301}", "", "  ", "\\N", "NULL", "a\rb", "x\"q\"", "back\\slash",
            "\u{FEFF}bom", "file10", "file2", "김민준", "까치", "김민준", "山田", "Ångström", "a b", "a-b", "ab",
        ]
        var generator = SplitMix(seed: 7)
        var text = "\u{FEFF}"
        for _ in 0..<count {
            text += words[Int(generator.next() % UInt64(words.count))] + "\t" + String(generator.next() % 3) + "\n"
        }
        return Array(text.utf8)
    }

    static let optionSets: [[String]] = [
        ["--locale", "en"], ["--locale", "en", "--field", "2"], ["--locale", "en", "--field", "1", "--reverse"],
        ["--locale", "de", "--ignore-punctuation", "--strength", "primary"], ["--locale", "ja", "--field", "2", "--reading-field", "1"],
        ["--locale", "ko_KR", "--names", "--numeric"], ["--locale", "ja", "--field", "2", "--reading-field", "1", "--reverse"],
    ]

    @Test(arguments: optionSets)
    func partsKeyedWithOffsetsSortTogetherLikeOneRun(_ options: [String]) throws {
        let scratch = try ScratchDirectory()
        let input = Self.tiedInput(lines: 600)
        let whole = try scratch.file("whole.txt", input)
        // Parts as `split -l` makes them: the first keeps the file's byte order mark.
        let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        var partPaths = [(path: String, offset: Int)]()
        for (index, start) in stride(from: 0, to: lines.count, by: 170).enumerated() {
            let part = lines[lines.startIndex + start..<min(lines.startIndex + start + 170, lines.endIndex)]
            let bytes: [UInt8] = part.flatMap { (line: ArraySlice<UInt8>) -> [UInt8] in Array(line) + [0x0A] }
            partPaths.append((try scratch.file("part\(index).txt", bytes), start))
        }
        let arguments = partPaths.map { part in
            part.offset == 0 ? "'\(part.path)'" : "--position-offset \(part.offset) '\(part.path)'"
        }
        let flags = options.joined(separator: " ")
        let keyAll = arguments.map { "COLLATE \(flags) --format tsv --with-keys \($0)" }.joined(separator: "; ")
        let viaSort = try runProcess([], shell: "(\(keyAll)) | LC_ALL=C sort -t \"$(printf '\\t')\" -k2,2 | cut -f1,4-")
        let expected = try runProcess(options + ["--format", "tsv", whole])
        #expect(expected.status == 0, "\(expected.stderr)")
        #expect(viaSort.stdout == expected.stdout)
        #expect(expected.stdout.count > input.count)
        let keys = try runProcess([], shell: "(\(keyAll)) | cut -f2,3 | sort | uniq -d")
        #expect(keys.stdout.isEmpty, "duplicate keys across parts")
    }

    @Test func leadingByteOrderMarkIsDataWithAnOffset() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("part.txt", Array("\u{FEFF}b\na\n".utf8))
        let plain = try runInProcess(["--locale", "en", "--format", "tsv", path])
        let part = try runInProcess(["--locale", "en", "--format", "tsv", "--position-offset", "5", path])
        #expect(plain.stdoutText == "A\ta\nB\tb\n")
        #expect(part.stdoutText == "A\ta\nB\t\u{FEFF}b\n")
        #expect(try runInProcess(["--position-offset", "-1", path]).status == 64)
    }

    static func stamp(_ options: [String]) throws -> String {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("one.txt", "a\tb\n")
        let result = try runInProcess(options + ["--format", "tsv", "--with-keys", path])
        let fields = result.stdoutText.split(separator: "\t", omittingEmptySubsequences: false)
        return fields.count > 2 ? String(fields[2]) : "no stamp: \(result.stderr)"
    }

    @Test func equalKeysShareAStamp() throws {
        #expect(try Self.stamp(["--locale", "ko"]) == Self.stamp(["--locale", "ko_KR"]))
        #expect(try Self.stamp(["--locale", "ko"]) == Self.stamp(["--locale", "ko-KR", "--strength", "tertiary"]))
        #expect(try Self.stamp(["--locale", "ja"]) == Self.stamp(["--locale", "ja_JP"]))
        #expect(try Self.stamp(["--locale", "ko"]).hasPrefix("k2-icu\(ICUVersion.icu)-uca\(ICUVersion.uca)-"))
    }

    @Test(arguments: [
        ["--numeric"], ["--strength", "primary"], ["--ignore-punctuation"], ["--case-first", "upper"], ["--names"],
        ["--style", "icu"], ["--field", "1"], ["--field", "2"], ["--reverse"], ["--field", "1", "--reading-field", "2"],
    ])
    func everyOptionThatChangesKeysChangesTheStamp(_ option: [String]) throws {
        let base = try Self.stamp(["--locale", "ko"])
        let changed = try Self.stamp(["--locale", "ko"] + option)
        #expect(changed != base, "\(option)")
        #expect(changed.hasPrefix("k2-"))
    }

    @Test func differentTailoringsGetDifferentStamps() throws {
        #expect(try Self.stamp(["--locale", "de"]) != Self.stamp(["--locale", "de@collation=phonebook"]))
        #expect(try Self.stamp(["--locale", "sv"]) != Self.stamp(["--locale", "en"]))
        #expect(try Self.stamp(["--locale", "zh"]) != Self.stamp(["--locale", "zh@collation=stroke"]))
    }

    @Test func csvQuotesWhatDatabasesWouldChange() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("hostile.txt", Array("b\n\n \"q\",\n\\N\nx\ty\na\rb\n".utf8))
        let plain = try runInProcess(["--locale", "en", "--format", "csv", path])
        #expect(plain.status == 0)
        #expect(plain.stdoutText == "section,record\r\nA,\"a\rb\"\r\nB,b\r\nX,x\ty\r\n#,\"\"\r\n#,\" \"\"q\"\",\"\r\n#,\\N\r\n")
        let keyed = try runInProcess(["--locale", "en", "--format", "csv", "--with-keys", path])
        let rows = keyed.stdoutText.components(separatedBy: "\r\n")
        #expect(rows.first == "section,key,stamp,record")
        #expect(rows.dropFirst().dropLast().allSatisfy { $0.split(separator: ",").count >= 4 })
    }

    @Test func reverseWithKeysSortsInReverseAndKeepsTiesInInputOrder() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("ties.txt", "b\t1\na\t2\nb\t3\nA\t4\na\t5\n")
        let reversed = try runInProcess(["--locale", "en", "--field", "1", "--reverse", "--format", "tsv", path])
        #expect(reversed.stdoutText == "B\tb\t1\nB\tb\t3\nA\tA\t4\nA\ta\t2\nA\ta\t5\n")
        let keyed = try runProcess(
            [],
            shell:
                "COLLATE --locale en --field 1 --reverse --format tsv --with-keys '\(path)' | LC_ALL=C sort -t \"$(printf '\\t')\" -k2,2 | cut -f1,4-"
        )
        #expect(keyed.stdout == reversed.stdout)
    }
}

/// A tiny deterministic generator (SplitMix64) for reproducible inputs.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
