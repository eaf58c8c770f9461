import Testing
@testable import CollateCLI

/// Every numeric option over extreme values: a value outside its range is a usage error
/// naming the option (exit 64), a value inside runs to completion; nothing traps.
@Suite("Numeric options at their extremes")
struct NumericOptionTests {
    /// An option, the arguments it needs beside it, and the range it accepts.
    struct Case: CustomTestStringConvertible, Sendable {
        var option: String
        var companions: [String]
        var accepted: ClosedRange<Int>?
        var testDescription: String { option }
    }

    static let cases: [Case] = [
        Case(option: "--field", companions: ["--delimiter", ","], accepted: NumericLimits.field),
        Case(option: "--reading-field", companions: ["--field", "2", "--delimiter", ","], accepted: NumericLimits.field),
        Case(option: "--position-offset", companions: ["--with-keys", "--format", "tsv"], accepted: NumericLimits.positionOffset),
        Case(option: "--page", companions: ["--format", "tsv"], accepted: NumericLimits.page),
        Case(option: "--page-size", companions: ["--format", "tsv", "--page", "2"], accepted: NumericLimits.page),
        Case(option: "--width", companions: ["--format", "columns"], accepted: NumericLimits.width),
        Case(option: "--max-titles", companions: ["--format", "tsv"], accepted: 1...Int.max),
        // A size: bytes, or a number with a unit; checked by parseSize, not a range.
        Case(option: "--buffer-size", companions: ["--format", "tsv"], accepted: nil),
    ]

    /// The extreme spellings: Int's ends and one past them, huge decimals, negatives.
    static let extremes = [
        "\(Int.max)", "\(Int.min)", "9223372036854775808", "-9223372036854775809", "99999999999999999999999999999",
        "-1", "0", "1", "\(Int.max - 1)", "\(1 << 62)", "\((1 << 62) + 1)", "\(1 << 20)", "\((1 << 20) + 1)",
    ]

    @Test(arguments: cases)
    func extremeValuesAreRefusedOrRun(_ testCase: Case) throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", "b,Zed,zed\na,Abe,abe\n")
        for value in Self.extremes {
            let arguments = ["--locale", "en"] + testCase.companions + ["\(testCase.option)=\(value)", input]
            let result = try runInProcess(arguments)
            let expectedAccepted: Bool
            if let range = testCase.accepted {
                expectedAccepted = Int(value).map(range.contains) ?? false
            } else {
                expectedAccepted = InputArguments.parseSize(value) != nil
            }
            if expectedAccepted {
                #expect(result.status == 0, "\(testCase.option)=\(value): \(result.stderr)")
            } else {
                #expect(result.status == 64, "\(testCase.option)=\(value) should be a usage error")
                #expect(result.stderr.contains(testCase.option), "\(testCase.option)=\(value): \(result.stderr)")
            }
        }
    }

    /// A negative value after a space is the option's value, refused by its range, not
    /// "Missing value" (issue 39: `--max-titles -1`).
    @Test(arguments: cases)
    func negativeValuesAfterASpaceGetTheRangeError(_ testCase: Case) throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", "b,Zed,zed\na,Abe,abe\n")
        let result = try runInProcess(["--locale", "en"] + testCase.companions + [testCase.option, "-1", input])
        #expect(result.status == 64, "\(testCase.option) -1: \(result.stderr)")
        #expect(result.stderr.contains(testCase.option), "\(testCase.option) -1: \(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(testCase.option) -1: \(result.stderr)")
    }

    /// Units that overflow are refused too (`--buffer-size` 9223372036854775807K).
    @Test func sizeUnitsThatOverflowAreRefused() throws {
        for value in ["\(Int.max)K", "\(Int.max / 1024 + 1)K", "9999999999T", "-5M", "0"] {
            let result = try runInProcess(["--buffer-size=\(value)"])
            #expect(result.status == 64, "\(value)")
            #expect(result.stderr.contains("--buffer-size"), "\(value): \(result.stderr)")
        }
    }

    /// A `$COLUMNS` of any size draws the columns style (issue 28, fault 5: it trapped).
    @Test(arguments: ["\(Int.max)", "\(Int.max - 2)", "\(1 << 40)"])
    func hugeColumnsEnvironmentDrawsColumns(_ columns: String) throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", "b\na\nc\n")
        let result = try runProcess(["--locale", "en", "--format", "columns", input], environment: ["LANG": "C.UTF-8", "COLUMNS": columns])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("  a"))
    }
}
