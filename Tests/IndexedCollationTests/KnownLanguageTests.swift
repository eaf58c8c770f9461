import Foundation
import Testing

@testable import IndexedCollation

/// Every language ICU has locale data for is accepted and indexed with ICU's own labels
/// (DESIGN.md: a locale is known when ICU has locale data for it, whatever its collation).
@Suite("Every language ICU knows")
struct KnownLanguageTests {
    static let languages = CollationLocale.knownLanguages

    @Test func icu72ListsTwoHundredEighteenLanguages() throws {
        try #require(ICUVersion.icu.hasPrefix("72."), "the count is ICU 72's; this run uses ICU \(ICUVersion.icu)")
        #expect(Self.languages.count == 218)
        for language in ["eu", "vai", "agq", "ak", "asa", "ast", "bas", "bem", "ko", "sv"] {
            #expect(Self.languages.contains(language), "\(language)")
        }
    }

    @Test(arguments: ["eu", "vai", "agq", "ak", "ast", "de_AT", "en_US", "ko_KR", "sr_Latn_RS", "ja-u-kr-kana-latn"])
    func acceptsLocalesWithLocaleData(spelling: String) throws {
        let collation = try LocalizedIndexedCollation(locale: CollationLocale(spelling))
        #expect(collation.sectionTitles.count > 2)
    }

    @Test func rootCollationLocalesAreMarked() throws {
        #expect(try CollationLocale("eu").dataInfo == .init(collation: .root, hasIndexCharacters: true))
        #expect(try CollationLocale("sv").dataInfo.collation == .tailored)
        #expect(try CollationLocale("de_AT").dataInfo.collation == .inherited)
    }

    /// The labels of all 218 languages agree with PyICU's AlphabeticIndex (an independent
    /// ICU binding), plus English A–Z where the language's own labels have no Latin letter.
    @Test func labelsAgreeWithPyICU() throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { return }
        let script = """
            import sys, icu
            latin = icu.UnicodeSet("[[:Script=Latin:]&[:Letter:]]")
            N = icu.UAlphabeticIndexLabelType.NORMAL
            def labels(index):
                im = index.buildImmutableIndex()
                return [im.getBucket(i)[0] for i in range(im.bucketCount) if im.getBucket(i)[1] == N]
            for name in sys.stdin.read().split():
                index = icu.AlphabeticIndex(icu.Locale(name)); index.maxLabelCount = 100000
                own = labels(index)
                if not any(latin.containsSome(l) for l in own):
                    index.addLabels(icu.Locale.getEnglish()); own = labels(index)
                print(name + "\\t" + "\\x1f".join(own))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(Self.languages.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return }  // PyICU absent: .ci/run installs it
        let lines = text.split(separator: "\n")
        #expect(lines.count == Self.languages.count)
        var differences = [String]()
        for line in lines {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            let name = String(parts[0])
            let expected = parts.count > 1 ? parts[1].split(separator: "\u{1F}").map(String.init) : []
            let collation = try LocalizedIndexedCollation(locale: CollationLocale(name))
            let titles = Array(collation.sectionTitles.dropLast())
            if titles != expected { differences.append("\(name): \(titles.prefix(8)) vs PyICU \(expected.prefix(8))") }
            #expect(collation.sectionTitles.last == "#")
        }
        #expect(differences.isEmpty, "\(differences.count) languages differ, e.g. \(differences.prefix(5))")
    }
}
