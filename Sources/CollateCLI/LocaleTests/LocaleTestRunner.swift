import IndexedCollation

/// Runs Locales-style regression cases through `collate` in this process: each case's
/// arguments plus `--format tsv` / `--format json`, compared byte for byte with its
/// expected files. Used by `collate test DIR` and by the package's own test suite.
package struct LocaleTestRunner: Sendable {
    /// The outcome of one case.
    package struct Result: Sendable {
        /// The case.
        package let testCase: LocaleTestCase
        /// A short account of each difference (empty when the case passed).
        package let failures: [String]
        /// The files written in recording mode.
        package let recorded: [String]
        /// Whether every expected file matched.
        package var passed: Bool { failures.isEmpty }
    }

    /// How many differing lines a failure shows.
    package var maxDiffLines = 3
    /// The environment `collate` sees (the locale default comes from it; cases name theirs).
    package var environment: [String: String] = ["LANG": "C.UTF-8"]

    package init() {}

    /// `collate`'s output for a case in one format.
    /// - Throws: ``InputError`` for unreadable input, or the command's own error (bad
    ///   arguments in `.args`, an unknown locale).
    package func output(of testCase: LocaleTestCase, format: String) throws -> [UInt8] {
        let input = try LocaleTestCase.readFileIfPresent(testCase.inputPath) ?? []
        let command = try CollateCommand.parse(testCase.arguments + ["--format", format, testCase.inputPath])
        return try command.output(for: input, environment: environment)
    }

    /// Runs a case and compares (or, with `record`, rewrites) its expected files.
    /// - Returns: The result; errors are reported as failures of the case.
    package func run(_ testCase: LocaleTestCase, record: Bool = false) -> Result {
        var failures = [String]()
        var recorded = [String]()
        for format in LocaleTestCase.formats {
            let path = testCase.expectedPath(format)
            let actual: [UInt8]
            do {
                actual = try output(of: testCase, format: format)
            } catch {
                failures.append("collate \(testCase.arguments.joined(separator: " ")): \(CollateCommand.message(for: error))")
                break
            }
            do {
                if record {
                    if try LocaleTestCase.readFileIfPresent(path) != actual {
                        try Self.write(actual, to: path)
                        recorded.append(path)
                    }
                    continue
                }
                guard let expected = try LocaleTestCase.readFileIfPresent(path) else {
                    failures.append("\(LocaleTestCase.baseName(path)) is missing (run with --record to create it)")
                    continue
                }
                if expected != actual { failures.append(difference(expected: expected, actual: actual, file: path)) }
            } catch {
                failures.append("\(error)")
            }
        }
        return Result(testCase: testCase, failures: failures, recorded: recorded)
    }

    /// The first differing lines of an expected file and the actual output.
    package func difference(expected: [UInt8], actual: [UInt8], file: String) -> String {
        let want = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let got = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var lines = ["\(LocaleTestCase.baseName(file)) differs (expected \(want.count - 1) lines, got \(got.count - 1)):"]
        var shown = 0
        for index in 0..<max(want.count, got.count) where shown < maxDiffLines {
            let left = index < want.count ? want[index] : nil
            let right = index < got.count ? got[index] : nil
            guard left != right else { continue }
            lines.append("  line \(index + 1): expected \(Self.quoted(left))")
            lines.append("  \(String(repeating: " ", count: "line \(index + 1): ".count + 5))got \(Self.quoted(right))")
            shown += 1
        }
        return lines.joined(separator: "\n")
    }

    static func quoted(_ line: Substring?) -> String {
        guard let line else { return "<end of file>" }
        var text = "\""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Writes a whole file atomically (temporary file + rename).
    static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try AtomicOutputFile(path)
        do {
            let sink = OutputSink(descriptor: file.descriptor)
            try sink.write(bytes)
            try sink.flush()
        } catch {
            file.abandon()
            throw InputError(file: path, message: "cannot write: \(error)")
        }
        try file.commit()
    }

    /// The ICU version a folder's goldens were recorded with: `ICU_VERSION` in `root`, or
    /// in its parent when `root` is one locale folder; nil when neither says.
    package static func recordedICUVersion(root: String) -> String? {
        let trimmed = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let parent = trimmed.lastIndex(of: "/").map { String(trimmed[..<$0]) } ?? "."
        for path in ["\(trimmed)/ICU_VERSION", "\(parent.isEmpty ? "/" : parent)/ICU_VERSION"] {
            guard let bytes = try? LocaleTestCase.readFileIfPresent(path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
            if !text.isEmpty { return text }
        }
        return nil
    }
}
