import Foundation
import IndexedCollation
import Testing

/// One case of the Locales/ regression suite: an input, its arguments and its goldens.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let folder: String
    let input: URL
    let arguments: [String]

    var testDescription: String { "\(folder)/\(input.lastPathComponent)" }

    func expectedURL(_ format: String) -> URL {
        input.deletingPathExtension().appendingPathExtension("expected.\(format)")
    }

    /// Every case in every Locales/ folder: each `*.txt`/`*.tsv` that is not a golden.
    static func discover() -> [GoldenCase] {
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: Paths.locales.path)) ?? []).sorted()
        var cases = [GoldenCase]()
        for folder in folders {
            let directory = Paths.locales.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            guard !folder.hasPrefix("."), !folder.hasPrefix("_"), manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let files = ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
            for file in files where (file.hasSuffix(".txt") || file.hasSuffix(".tsv")) && !file.contains(".expected.") {
                let input = directory.appendingPathComponent(file)
                let argsFile = input.deletingPathExtension().appendingPathExtension("args")
                var arguments = [String]()
                if let data = manager.contents(atPath: argsFile.path) {
                    arguments = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
                }
                if !arguments.contains(where: { $0 == "--locale" || $0.hasPrefix("--locale=") }) {
                    arguments = ["--locale", folder] + arguments
                }
                cases.append(GoldenCase(folder: folder, input: input, arguments: arguments))
            }
        }
        return cases
    }
}

/// `swift test` discovers every Locales/ folder and compares `collate` with goldens
/// recorded by an independent implementation (scripts/make-goldens.py, PyICU).
/// Re-recording from this code is an explicit opt-in (COLLATE_RECORD_GOLDENS=1) that
/// fails the run, so it cannot pass unnoticed.
@Suite("Locales/ regression suite")
struct LocaleGoldenTests {
    static let cases = GoldenCase.discover()
    static let recording = ProcessInfo.processInfo.environment["COLLATE_RECORD_GOLDENS"] == "1"

    @Test func suiteCoversTheRequiredLocales() {
        let folders = Set(Self.cases.map(\.folder))
        for required in [
            "en_US", "de_DE", "sv_SE", "da_DK", "nb_NO", "fi_FI", "es_ES", "fr_FR", "pl_PL", "cs_CZ", "tr_TR", "lt_LT", "ru_RU",
            "uk_UA", "el_GR", "ar", "he_IL", "hi_IN", "th_TH", "vi_VN", "ko_KR", "ja_JP", "zh_CN", "zh_TW", "zh@collation=zhuyin",
        ] {
            #expect(folders.contains(required), "Locales/\(required) is missing")
        }
        #expect(Self.cases.contains { $0.input.lastPathComponent == "readings.tsv" })
    }

    @Test(arguments: GoldenCase.discover())
    func matchesGoldens(_ golden: GoldenCase) throws {
        for format in ["tsv", "json"] {
            let result = try runInProcess(golden.arguments + ["--format", format, golden.input.path])
            #expect(result.status == 0, "\(result.stderr)")
            let expectedURL = golden.expectedURL(format)
            if Self.recording {
                try Data(result.stdout).write(to: expectedURL)
                Issue.record("Re-recorded \(expectedURL.lastPathComponent) from collate itself; unset COLLATE_RECORD_GOLDENS and review the diff.")
                continue
            }
            let expected = try [UInt8](Data(contentsOf: expectedURL))
            if result.stdout != expected {
                Issue.record(Comment(rawValue: Self.explain(actual: result.stdout, expected: expected, file: expectedURL)))
            }
        }
    }

    /// A readable account of the first difference, and of ICU version drift.
    static func explain(actual: [UInt8], expected: [UInt8], file: URL) -> String {
        let actualLines = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actualLines.count, expectedLines.count)
        var message = "\(file.lastPathComponent) differs at line \(first + 1): expected «\(first < expectedLines.count ? expectedLines[first] : "<end>")», got «\(first < actualLines.count ? actualLines[first] : "<end>")»"
        let recorded = (try? String(contentsOf: Paths.locales.appendingPathComponent("ICU_VERSION"), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        if recorded != ICUVersion.icu {
            message += ". NOTE: the goldens were recorded with ICU \(recorded) but this run uses ICU \(ICUVersion.icu); locale data (CLDR) changes between ICU releases, so this difference may be data drift rather than a bug. Re-record with `/usr/bin/python3 scripts/make-goldens.py` on this ICU and review the diff."
        }
        return message
    }

    /// The goldens must come from the independent PyICU script: when PyICU is installed,
    /// the script's --check must agree with the files in the repository.
    @Test func goldensAreReproducibleWithPyICU() throws {
        let python = "/usr/bin/python3"
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import icu"]
        probe.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: python), (try? probe.run()) != nil else { return }
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else { return }  // PyICU absent: .ci/run installs it
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = [Paths.repository.appendingPathComponent("scripts/make-goldens.py").path, "--check"]
        let pipe = Pipe()
        check.standardOutput = pipe
        check.standardError = pipe
        try check.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "make-goldens.py --check: \(output)")
    }
}
