import Foundation
import Testing

@testable import IndexedCollation
@testable import JapaneseReadings

/// Reading guesses for Japanese names written in kanji (MeCab + an IPADIC-style dictionary).
@Suite("Japanese reading guesses")
struct JapaneseReadingTests {
    static let locales = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Locales")

    /// A row of Locales/ja_JP/names-guessed.readings: a name, its hand-written reading,
    /// whether its surname is common, and the dictionary's guess where it differs.
    struct Reviewed {
        var name: String
        var reading: String
        var common: Bool
        var knownGuess: String?
        /// What the guesser must answer: the reviewed guess, else the reading.
        var expectedGuess: String { knownGuess ?? reading }
    }

    static func reviewed(_ file: String = "names-guessed.readings") throws -> [Reviewed] {
        let text = try String(contentsOf: locales.appendingPathComponent("ja_JP").appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 3 else { return nil }
            return Reviewed(
                name: columns[0], reading: columns[1], common: columns[2] == "common", knownGuess: columns.count > 3 ? columns[3] : nil)
        }
    }

    /// Every hand-reviewed readings file of Locales/ja_JP, with the mode its case runs in.
    static let reviewedFiles: [(file: String, names: Bool)] = {
        let folder = locales.appendingPathComponent("ja_JP")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".readings") }
            .sorted()
        return files.map { file in
            let args =
                (try? String(
                    contentsOf: folder.appendingPathComponent(file.replacingOccurrences(of: ".readings", with: ".args")), encoding: .utf8))
                ?? ""
            return (file, args.split(separator: "\n").contains("--names"))
        }
    }()

    struct Score {
        var names = 0
        var row = 0
        var family = 0
        var whole = 0
    }

    /// Accuracy on the hand-written list (150 common and 187 rare surnames with given
    /// names): the section is right when the guessed family reading files under the
    /// row of the real one.
    @Test func familyNamesFileUnderTheirKanaRow() throws {
        let guesser = try JapaneseReadingGuesser.shared(.personName)
        let collation = try LocalizedIndexedCollation(locale: CollationLocale("ja_JP"))
        let names = try Self.reviewed()
        try #require(names.count >= 300)
        var common = Score()
        var rare = Score()
        var report = ""
        for entry in names {
            let guess = try #require(guesser.guess(entry.name), "\(entry.name) needs a guess")
            let expectedFamily = entry.reading.split(separator: " ").first.map(String.init) ?? ""
            let guessedFamily = guess.split(separator: " ").first.map(String.init) ?? ""
            let expectedRow = collation.sectionTitles[collation.section(for: expectedFamily)]
            let guessedRow = collation.sectionTitles[collation.section(for: guess)]
            var score = entry.common ? common : rare
            score.names += 1
            if expectedRow == guessedRow { score.row += 1 }
            if expectedFamily == guessedFamily { score.family += 1 }
            if guess == entry.reading { score.whole += 1 }
            if entry.common { common = score } else { rare = score }
            if guess != entry.reading {
                report +=
                    "\(entry.name)\t\(entry.reading)\t\(guess)\t\(expectedRow == guessedRow ? "" : "ROW \(expectedRow)→\(guessedRow)")\n"
            }
        }
        if let path = ProcessInfo.processInfo.environment["COLLATE_READING_REPORT"] {
            let summary = [("common", common), ("rare", rare)].map {
                "# \($0): \($1.names) names, row \($1.row), family reading \($1.family), whole reading \($1.whole)\n"
            }
            try Data((summary.joined() + report).utf8).write(to: URL(fileURLWithPath: path))
        }
        // Measured with mecab-naist-jdic: common 150/150 rows, rare 172/187 (東 ひがし/あずま,
        // 神 じん/かみ, 千田 ちだ/せんだ read the other way; 小鳥遊, 四月一日 unknown to it).
        #expect(common.row * 100 >= common.names * 99, "common surnames: \(common.row) of \(common.names) under the right row")
        #expect(rare.row * 100 >= rare.names * 90, "rare surnames: \(rare.row) of \(rare.names) under the right row")
        #expect(common.family * 100 >= common.names * 97, "common surnames: \(common.family) of \(common.names) read exactly")
    }

    /// The guesses are the reviewed ones (the hand-written reading, or the dictionary's
    /// known other reading), for every case with guessed readings: a change of dictionary
    /// or algorithm shows here by name, before the goldens show it as a moved record.
    @Test(arguments: reviewedFiles.map(\.file))
    func guessesAreTheReviewedOnes(file: String) throws {
        let names = try #require(Self.reviewedFiles.first { $0.file == file }).names
        let guesser = try JapaneseReadingGuesser.shared(names ? .personName : .text)
        try #require(
            guesser.dictionary.name == "naist-jdic", "the reviewed guesses were made with mecab-naist-jdic, not \(guesser.dictionary.name)")
        let entries = try Self.reviewed(file)
        try #require(!entries.isEmpty)
        for entry in entries {
            #expect(guesser.guess(entry.name) == entry.expectedGuess, "\(entry.name)")
        }
    }

    @Test func everyReviewedFileIsFound() {
        #expect(
            Set(Self.reviewedFiles.map(\.file)).isSuperset(of: ["names-guessed.readings", "names-mode.readings", "guessed-text.readings"]))
    }
}
