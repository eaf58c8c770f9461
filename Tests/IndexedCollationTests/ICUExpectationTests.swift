import Foundation
import Testing
import TestSupport

@testable import IndexedCollation

/// One expectation from ICU's AlphabeticIndex tests (Tests/ICUExpectations).
struct ICUExpectation: CustomTestStringConvertible, Sendable {
    let kind, locale, input, expected, icu72, collate, verdict, source, note: String
    let also: [String]
    let line: Int

    var testDescription: String { "\(line): \(kind) \(locale)\(also.isEmpty ? "" : "+" + also.joined(separator: ",")) \(input)" }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ICUExpectations/alphabetic-index.tsv")

    /// The ICU version the file's answers come from (its first line: "checked against ICU 72.1").
    static func recordedICUVersion(of file: URL = file) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8), let range = text.range(of: "checked against ICU ") else { return nil }
        return String(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    /// What the suite compares with: the recorded answers on their ICU, else the PyICU
    /// oracle's on this machine's ICU (TestSupport's `ICUOracle`).
    static func mode() throws -> ICUOracle.Mode {
        try ICUOracle.mode(recorded: recordedICUVersion(), running: ICUVersion.icu)
    }

    /// Identifies a case across the recorded file and the oracle's.
    var key: String { [kind, locale, also.joined(separator: ","), input, source].joined(separator: "\t") }

    static func load(from file: URL = file) -> [ICUExpectation] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            guard !line.hasPrefix("#"), !line.isEmpty else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 10 else { return nil }
            return ICUExpectation(
                kind: f[0], locale: f[1], input: f[3], expected: f[4], icu72: f[5], collate: f[6], verdict: f[7], source: f[8],
                note: f[9], also: f[2].split(separator: ",").map(String.init), line: number + 1)
        }
    }

    /// This library's answer, in the case's terms.
    func answer() throws -> String {
        let locale = try CollationLocale(locale)
        // `also` holds languages and label options: "labels=none", "add=SET" (--add-labels).
        var labels: IndexLabels = also.contains("labels=none") ? .none : .locale
        for option in also where option.hasPrefix("add=") { labels = try labels.adding(String(option.dropFirst(4))) }
        let extras = try also.filter { !$0.hasPrefix("add=") && !$0.hasPrefix("labels=") }.map { (extra) throws(CollationError) in
            try CollationLocale(extra)
        }
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: locale).with {
                $0.additionalLocales = extras; $0.labels = labels
            })
        let icuStyle = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: locale).with {
                $0.style = .icu; $0.additionalLocales = extras; $0.labels = labels
            })
        switch kind {
        case "labels": return collation.sectionTitles.dropLast().joined(separator: ":")
        case "bucket": return collation.sectionTitles[collation.section(for: input)]
        case "bucket-is-letter": return collation.sectionTitles[collation.section(for: input)] == "#" ? "#" : "letter"
        case "inflow-count": return String(icuStyle.index.buckets.filter { $0.kind == .inflow }.count)
        case "bucket-count": return String(icuStyle.sectionTitles.count)
        case "label-at": return icuStyle.sectionTitles[Int(input) ?? 0]
        case "bucket-index": return String(icuStyle.section(for: input))
        case "first-label-script": return collation.sectionTitles[0] == input ? collate : "first title \(collation.sectionTitles[0])"
        case "has-labels": return collation.sectionTitles.count > 1 ? "yes" : "no"
        default: return "unknown kind \(kind)"
        }
    }
}

/// ICU's own AlphabeticIndex tests (ICU4C alphaindextst.cpp, ICU4J AlphabeticIndexTest.java),
/// imported as data with their provenance: collate agrees with each, except for recorded
/// CLDR drift (it then gives ICU 72's answer) and documented policy differences.
@Suite("ICU's AlphabeticIndex expectations")
struct ICUExpectationTests {
    static let cases = ICUExpectation.load()

    @Test func importedEveryCase() throws {
        #expect(Self.cases.count >= 200)
        let counts = Dictionary(grouping: Self.cases, by: \.verdict).mapValues(\.count)
        #expect(Set(counts.keys).isSubset(of: ["agree", "drift", "policy"]))
        let header = try String(contentsOf: ICUExpectation.file, encoding: .utf8).split(separator: "\n").first { $0.contains("Counts:") }
        let summary = "agree \(counts["agree"] ?? 0), drift \(counts["drift"] ?? 0), policy \(counts["policy"] ?? 0)"
        #expect(header?.hasSuffix(summary) == true, "header says \(header ?? "nothing"), cases give \(summary)")
        #expect(Self.cases.allSatisfy { expectation in ["C ", "J ", "C, J", "A "].contains { expectation.source.hasPrefix($0) } })
        // ICU's addLabels and no-label cases (TestSchSt, TestInflow, TestNoLabels) and
        // Android's second-language cases are imported, none of them unexplained.
        #expect(Self.cases.filter { $0.source.hasPrefix("C TestSchSt") }.count == 25)
        #expect(Self.cases.contains { $0.source.hasPrefix("C TestNoLabels") && $0.kind == "bucket-count" && $0.collate == "1" })
        #expect(Self.cases.contains { $0.source.hasPrefix("J TestInflow") && $0.also.contains("add=[\u{2C80}]") })
        #expect(
            Self.cases.contains {
                $0.source == "A ContactLocaleUtilsTest testPinyinEnabledSecondaryLocale" && $0.verdict == "agree" && $0.collate == "D"
            })
    }

    /// The data file is what scripts/make-icu-expectations.py writes on this ICU (PyICU).
    @Test func dataFileIsReproducibleWithPyICU() throws {
        guard try ICUExpectation.mode() == .strict else { return }  // another ICU: compared with the oracle below
        let script = ICUExpectation.file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/make-icu-expectations.py")
        guard let check = try PyICUScript.run(script, ["--check"]) else { return }  // no PyICU: .ci/run installs it
        #expect(check.status == 0, "\(check.output)")
    }

    @Test(arguments: ICUExpectation.load())
    func collateGivesTheRecordedAnswer(_ recorded: ICUExpectation) throws {
        var expectation = recorded
        if try ICUExpectation.mode() == .oracle {
            let oracle = try ICUExpectation.load(from: ICUOracle.expectations.get())
            expectation = try #require(oracle.first { $0.key == recorded.key }, "the oracle has no case \(recorded.key)")
            if expectation.collate != recorded.collate || expectation.icu72 != recorded.icu72 {
                Issue.record(
                    "drift: ICU \(ICUVersion.icu) answers \(expectation.icu72) (collate: \(expectation.collate)) where the recorded ICU answered \(recorded.icu72) (collate: \(recorded.collate))",
                    severity: .warning)
            }
        }
        #expect(try expectation.answer() == expectation.collate, "\(expectation.source)")
        switch expectation.verdict {
        case "agree" where expectation.source.hasPrefix("A "):  // Android: icu72 is for comparison only
            #expect(expectation.collate == expectation.expected)
        case "agree": #expect(expectation.collate == expectation.expected && expectation.icu72 == expectation.expected)
        case "drift": #expect(expectation.icu72 != expectation.expected && !expectation.note.isEmpty)
        case "policy" where expectation.source.hasPrefix("A "):
            #expect(expectation.collate != expectation.expected && !expectation.note.isEmpty)
        case "policy":
            #expect(expectation.icu72 == expectation.expected && expectation.collate != expectation.icu72 && !expectation.note.isEmpty)
        default: Issue.record("unknown verdict \(expectation.verdict)")
        }
    }
}
