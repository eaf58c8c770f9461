import Foundation
import IndexedCollation
import Testing
import TestSupport

@testable import CollateCLI

extension LocaleTestCase: CustomTestStringConvertible {
    public var testDescription: String { description }
}

/// `swift test` discovers every Locales/ folder and compares `collate` with goldens
/// recorded by an independent implementation (scripts/make-goldens.py, PyICU).
/// Re-recording from this code is an explicit opt-in (COLLATE_RECORD_GOLDENS=1) that
/// fails the run, so it cannot pass unnoticed.
@Suite("Locales/ regression suite")
struct LocaleGoldenTests {
    static let cases = (try? LocaleTestCase.discover(root: Paths.locales.path)) ?? []
    static let recording = ProcessInfo.processInfo.environment["COLLATE_RECORD_GOLDENS"] == "1"

    @Test func suiteCoversTheRequiredLocales() {
        let folders = Set(Self.cases.map(\.folder))
        for required in [
            "en_US", "de_DE", "sv_SE", "da_DK", "nb_NO", "fi_FI", "es_ES", "fr_FR", "pl_PL", "cs_CZ", "tr_TR", "lt_LT", "ru_RU",
            "uk_UA", "el_GR", "ar", "he_IL", "hi_IN", "th_TH", "vi_VN", "ko_KR", "ja_JP", "zh_CN", "zh_TW", "zh@collation=zhuyin",
        ] {
            #expect(folders.contains(required), "Locales/\(required) is missing")
        }
        #expect(Self.cases.contains { $0.inputPath.hasSuffix("/readings.tsv") })
    }

    /// Every language ICU has locale data for has a suite (a folder of its language).
    @Test func everyICULanguageHasASuite() throws {
        let languages = Set(Self.cases.map { (try? CollationLocale($0.folder))?.languageCode ?? $0.folder })
        let missing = CollationLocale.knownLanguages.filter { !languages.contains($0) }
        #expect(missing.isEmpty, "no Locales/ folder for \(missing)")
        #expect(Set(Self.cases.map(\.folder)).count >= 230)
    }

    /// What the goldens are compared with: the recorded files on the ICU they were
    /// recorded with, else the PyICU oracle run on this machine's ICU (TestSupport's
    /// `ICUOracle`; `COLLATE_ICU_GOLDENS` overrides).
    static func mode() throws -> ICUOracle.Mode {
        try ICUOracle.mode(recorded: LocaleTestRunner.recordedICUVersion(root: Paths.locales.path), running: ICUVersion.icu)
    }

    @Test func oracleModeFollowsTheICUVersionAndTheEnvironment() throws {
        #expect(try ICUOracle.mode(recorded: "72.1", running: "72.1", environment: [:]) == .strict)
        #expect(try ICUOracle.mode(recorded: "72.1", running: "74.2", environment: [:]) == .oracle)
        #expect(try ICUOracle.mode(recorded: nil, running: "74.2", environment: [:]) == .strict)
        #expect(try ICUOracle.mode(recorded: "72.1", running: "74.2", environment: ["COLLATE_ICU_GOLDENS": "strict"]) == .strict)
        #expect(try ICUOracle.mode(recorded: "72.1", running: "72.1", environment: ["COLLATE_ICU_GOLDENS": "oracle"]) == .oracle)
        #expect(try ICUOracle.mode(recorded: "72.1", running: "74.2", environment: ["COLLATE_ICU_GOLDENS": "auto"]) == .oracle)
        #expect(throws: ICUOracle.OracleError.self) {
            try ICUOracle.mode(recorded: "72.1", running: "72.1", environment: ["COLLATE_ICU_GOLDENS": "loose"])
        }
    }

    /// Runs every case through the same runner as `collate test Locales`.
    @Test(arguments: (try? LocaleTestCase.discover(root: Paths.locales.path)) ?? [])
    func matchesGoldens(_ golden: LocaleTestCase) throws {
        if try Self.mode() == .oracle && !Self.recording {
            try matchesOracle(golden)
            return
        }
        let result = LocaleTestRunner().run(golden, record: Self.recording)
        if Self.recording {
            for path in result.recorded {
                Issue.record("Re-recorded \(path) from collate itself; unset COLLATE_RECORD_GOLDENS and review the diff.")
            }
        }
        for failure in result.failures { Issue.record(Comment(rawValue: failure + Self.driftNote)) }
    }

    /// Oracle mode: the same case recorded by the PyICU oracle on this machine's ICU is
    /// what collate must give; where the recorded golden differs from it, that is locale
    /// data drift between ICU releases, reported as a warning.
    func matchesOracle(_ golden: LocaleTestCase) throws {
        let root = try ICUOracle.locales.get()
        let oracleCase = try #require(
            try LocaleTestCase.discover(root: "\(root)/\(golden.folder)").first { $0.name == golden.name },
            "the oracle recorded no \(golden)")
        let result = LocaleTestRunner().run(oracleCase)
        for failure in result.failures {
            Issue.record(Comment(rawValue: "\(failure)\n(compared with scripts/make-goldens.py run on this machine's ICU \(ICUVersion.icu))"))
        }
        for format in LocaleTestCase.formats {
            let recorded = try LocaleTestCase.readFileIfPresent(golden.expectedPath(format))
            let oracle = try LocaleTestCase.readFileIfPresent(oracleCase.expectedPath(format))
            if recorded != oracle {
                let recordedWith = LocaleTestRunner.recordedICUVersion(root: Paths.locales.path) ?? "?"
                Issue.record(
                    "drift: \(golden) \(format): ICU \(ICUVersion.icu) files or orders this sample differently from ICU \(recordedWith), which recorded the golden; collate agrees with this ICU",
                    severity: .warning)
            }
        }
    }

    /// A note on ICU version drift when the goldens come from another ICU (strict mode
    /// forced on an ICU other than the recorded one).
    static var driftNote: String {
        guard let recorded = LocaleTestRunner.recordedICUVersion(root: Paths.locales.path), recorded != ICUVersion.icu else { return "" }
        return
            "\nNOTE: the goldens were recorded with ICU \(recorded) but this run uses ICU \(ICUVersion.icu); locale data (CLDR) changes between ICU releases, so this difference may be data drift rather than a bug. Without COLLATE_ICU_GOLDENS=strict the suite compares with the PyICU oracle on this ICU."
    }

    /// The goldens must come from the independent PyICU script: when PyICU is installed,
    /// the script's --check must agree with the files in the repository.
    @Test func goldensAreReproducibleWithPyICU() throws {
        guard try Self.mode() == .strict else { return }  // another ICU: matchesGoldens compares with the oracle
        let script = Paths.repository.appendingPathComponent("scripts/make-goldens.py")
        guard let check = try PyICUScript.run(script, ["--check"]) else { return }  // no PyICU: .ci/run installs it
        #expect(check.status == 0, "make-goldens.py --check: \(check.output)")
    }
}
