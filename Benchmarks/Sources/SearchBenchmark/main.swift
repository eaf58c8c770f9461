// Benchmarks/run search: the search index of a 1M-record IndexedDataSource (build time,
// memory per record) and the time of each keystroke of 3-character queries, the first
// searching everything and the next two narrowing the previous result.
//
//   SearchBenchmark FILE [FILE…] [--queries N] [--locale ID] [--slowest N] [--mode M]… [--seed S] [--digest] [--no-keypad]
//
// --mode (repeatable; default prefix): prefix, words or anywhere (SearchOptions.mode, the
// index built for it), keypad (prefix, with queries of phone keypad digits: the initials'
// keys of Korean names, 김민준 → 409) or keypad-spelled (a Korean name's first six Cheonjiin
// digits typed whole, syllable by syllable, 김민준 → 410010: six keystrokes, the digit
// paths deeper than three). Words-mode queries put a name's later word first ("smi jo");
// anywhere queries start inside the name.
//
// --slowest N lists the N slowest keystrokes (what was typed, the step, the matches):
// what makes the p99.
//
// --seed S (default 1) fixes the queries (SplitMix64), so two builds are timed on the same
// keystrokes. --digest prints a hash of every keystroke's results (each found record's
// position in the list, in order; hashed outside the timings): two builds that find the
// same records in the same order print the same digest.
//
// --no-keypad builds the index without keypad spellings (SearchOptions.keypad), to see
// what they cost; keypad-mode queries then find only digits in the records themselves.
//
// Each FILE holds one record a line, `name` or `name<TAB>reading`.
import BenchmarkSupport
import Foundation
import IndexedCollation
import SectionedData

struct Record {
    let id: Int
    let name: String
    let reading: String?
}

var files: [String] = []
var queryCount = 300
var locale = "ko_KR"
var slowest = 5
var modes: [String] = []
var seed: UInt64 = 1
var digest = false
var keypad = true
let usage = """
    usage: SearchBenchmark FILE [FILE…] [--queries N] [--locale ID] [--slowest N] [--mode M]… [--seed S] [--digest] [--no-keypad]
      FILE         one record a line, `name` or `name<TAB>reading`
      --queries N  three-character queries per file and mode (default 300)
      --locale ID  the collation's locale (default ko_KR)
      --slowest N  list the N slowest keystrokes (default 5)
      --mode M     prefix, words, anywhere, keypad or keypad-spelled (repeatable; default prefix)
      --seed S     the queries' seed (default 1)
      --digest     print a hash of every keystroke's results
      --no-keypad  build the index without keypad spellings (SearchOptions.keypad = false)

    """

/// Ends the program with `message` and the usage on standard error (exit 64, EX_USAGE).
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SearchBenchmark: \(message)\n\(usage)".utf8))
    exit(64)
}

/// The value after option `name`, parsed by `parse`, or the end of the program.
func value<T>(of name: String, _ arguments: inout IndexingIterator<ArraySlice<String>>, _ parse: (String) -> T?) -> T {
    guard let text = arguments.next(), let parsed = parse(text) else { fail("\(name) needs a valid value") }
    return parsed
}

let knownModes = ["prefix", "words", "anywhere", "keypad", "keypad-spelled"]
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    case "--queries": queryCount = value(of: argument, &arguments) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
    case "--locale": locale = value(of: argument, &arguments) { $0 }
    case "--slowest": slowest = value(of: argument, &arguments) { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
    case "--mode": modes.append(value(of: argument, &arguments) { knownModes.contains($0) ? $0 : nil })
    case "--seed": seed = value(of: argument, &arguments) { UInt64($0) }
    case "--digest": digest = true
    case "--no-keypad": keypad = false
    case let option where option.hasPrefix("-") && option.count > 1: fail("unknown option \(option)")
    default: files.append(argument)
    }
}
guard !files.isEmpty else { fail("no FILE given") }
for file in files where !FileManager.default.isReadableFile(atPath: file) {
    FileHandle.standardError.write(Data("SearchBenchmark: cannot read \(file)\n".utf8))
    exit(66)
}

/// Three-character queries typed the way people look names up: the first three
/// characters of a name, a reading or its romaji, Korean initials, pinyin initials.
func queries(from records: [Record], count: Int, mode: String, seed: UInt64) -> [String] {
    var generator = SplitMix64(seed: seed)
    var result: [String] = []
    let choseong = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    while result.count < count {
        let record = records[Int.random(in: 0..<records.count, using: &generator)]
        let scalars = Array(record.name.unicodeScalars)
        if mode == "keypad" {
            result.append(keypadDigits(record.name, count: 3, using: &generator))
            continue
        }
        if mode == "keypad-spelled" {
            result.append(cheonjiinDigits(record.name, count: 6))
            continue
        }
        if mode == "anywhere" && scalars.count > 2 {
            result.append(String(String.UnicodeScalarView(scalars.dropFirst(1).prefix(3))))
            continue
        }
        if mode == "words", let space = record.name.firstIndex(of: " ") {
            let later = record.name[record.name.index(after: space)...].prefix(3)
            result.append(later + " " + record.name.prefix(2))
            continue
        }
        switch result.count % 3 {
        case 0:
            result.append(String(String.UnicodeScalarView(scalars.prefix(3))))
        case 1 where scalars.first.map({ (0xAC00...0xD7A3).contains($0.value) }) == true:
            // Korean initials of the first three syllables.
            let initials = scalars.prefix(3).compactMap { scalar -> Character? in
                guard (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
                return choseong[Int((scalar.value - 0xAC00) / 588)]
            }
            result.append(String(initials))
        default:
            let source = record.reading ?? record.name
            result.append(String(String.UnicodeScalarView(Array(source.unicodeScalars).prefix(3))))
        }
    }
    return result
}

/// The first `count` keypad digits a person would type for a name: ITU E.161 for Latin
/// letters, the Cheonjiin key of each Hangul syllable's initial, else a random digit.
func keypadDigits(_ name: String, count: Int, using generator: inout SplitMix64) -> String {
    let latin: [Character: Character] = Dictionary(
        uniqueKeysWithValues: zip("abcdefghijklmnopqrstuvwxyz", "22233344455566677778889999"))
    // Cheonjiin keys of the 19 initials (ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ).
    let initials = Array("4456650778809994678")
    var digits = ""
    for character in name.lowercased() where digits.count < count {
        if let digit = latin[character] {
            digits.append(digit)
        } else if let scalar = character.unicodeScalars.first, (0xAC00...0xD7A3).contains(scalar.value) {
            digits.append(initials[Int((scalar.value - 0xAC00) / 588)])
        } else if character != " " {
            digits.append(Character(String(Int.random(in: 0...9, using: &generator))))
        }
    }
    return digits.isEmpty ? "5" : digits
}

/// The first `count` digits of a name typed whole on the Cheonjiin keypad, syllable by
/// syllable: each syllable's initial's key, its vowel's strokes and its final's key (the
/// shipped table, `Sources/IndexedCollation/Search/Tables/keypad-layouts.tsv`); "5" for a
/// name without Hangul.
func cheonjiinDigits(_ name: String, count: Int) -> String {
    var digits = ""
    for scalar in name.unicodeScalars where (0xAC00...0xD7A3).contains(scalar.value) && digits.count < count {
        let index = Int(scalar.value - 0xAC00)
        let parts = [
            cheonjiin.initials[index / 588], cheonjiin.vowels[(index % 588) / 28], index % 28 == 0 ? "" : cheonjiin.finals[index % 28 - 1],
        ]
        digits += parts.joined()
    }
    return digits.isEmpty ? "5" : String(digits.prefix(count))
}

/// The Cheonjiin keys of the 19 initials, 21 vowels and 27 finals, in syllable order.
let cheonjiin: (initials: [String], vowels: [String], finals: [String]) = {
    let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Sources/IndexedCollation/Search/Tables/keypad-layouts.tsv")
    guard let text = try? String(contentsOf: table, encoding: .utf8) else { fail("cannot read \(table.path)") }
    var keys: [Character: String] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("cheonjiin\t") {
        let columns = line.split(separator: "\t")
        for letter in columns[2] { keys[letter] = String(columns[1]) }
    }
    func spell(_ letters: String) -> [String] { letters.map { keys[$0] ?? "" } }
    return (spell("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"), spell("ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"),
            spell("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"))
}()

/// FNV-1a over the source positions of every found record, in order.
func hashResults<R, I, C>(_ results: SearchResults<R, I, C>, into hash: inout UInt64) {
    func mix(_ value: Int) {
        hash = (hash ^ UInt64(truncatingIfNeeded: value)) &* 0x100_0000_01B3
    }
    for section in 0..<results.numberOfSections {
        for row in 0..<results.numberOfRows(inSection: section) {
            guard let position = results.sourcePosition(of: Position(row: row, section: section)) else { continue }
            mix(position.section << 32 | position.row)
        }
    }
    mix(-1)
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

if modes.isEmpty { modes = ["prefix"] }
print("search: IndexedDataSource.buildSearchIndex(options:) and search/narrowed(to:) per keystroke")
print("locale \(locale); \(queryCount) three-character queries per file and mode, 3 keystrokes each")
for file in files {
for mode in modes {
    var options = SearchOptions(mode: SearchOptions.Mode(rawValue: mode) ?? .prefix)  // keypad modes: prefix
    options.keypad = keypad
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let records = text.split(separator: "\n").enumerated().map { index, line in
        let parts = line.split(separator: "\t", maxSplits: 1)
        return Record(id: index, name: String(parts[0]), reading: parts.count > 1 ? String(parts[1]) : nil)
    }
    var source = try IndexedDataSource(
        records, collation: LocalizedIndexedCollation(locale: CollationLocale(locale)), id: \.id,
        keys: { RecordKeys($0.name, reading: $0.reading) }
    ) { _, record in record.name }
    var build = Latencies()
    try build.time { try source.buildSearchIndex(options: options) }
    var keystrokes = Latencies()
    var firsts = Latencies()
    var found = 0
    var resultHash: UInt64 = 0xCBF2_9CE4_8422_2325
    // Each keystroke: its time, what was typed, search or narrowing, the matches.
    var steps: [(milliseconds: Double, typed: String, step: String, matches: Int)] = []
    let typed = queries(from: records, count: queryCount, mode: mode, seed: seed)
    let longest = typed.map(\.count).max() ?? 3
    for query in typed {
        let characters = Array(query)
        var results = firsts.time { source.search(String(characters.prefix(1))) }
        steps.append((firsts.milliseconds.last!, String(characters.prefix(1)), "search", results.numberOfRecords))
        if digest { hashResults(results, into: &resultHash) }
        for length in 2...max(2, characters.count) where length <= characters.count {
            results = keystrokes.time { results.narrowed(to: String(characters.prefix(length))) }
            steps.append((keystrokes.milliseconds.last!, String(characters.prefix(length)), "narrowed", results.numberOfRecords))
            if digest { hashResults(results, into: &resultHash) }
        }
        found += results.numberOfRecords
    }
    let all = Latencies(milliseconds: firsts.milliseconds + keystrokes.milliseconds)
    let footprint = source.searchIndex?.memoryFootprint ?? 0
    print("")
    print("\(URL(fileURLWithPath: file).lastPathComponent), mode \(mode): \(records.count) records")
    print("  index build: \(Latencies.format(build.percentile(0.5))) ms")
    print("  index memory: \(megabytes(footprint)), \(footprint / max(records.count, 1)) bytes per record")
    print("  keystroke, all: median \(Latencies.format(all.percentile(0.5))) ms, p99 \(Latencies.format(all.percentile(0.99))) ms")
    print("  first keystroke (search): median \(Latencies.format(firsts.percentile(0.5))) ms, p99 \(Latencies.format(firsts.percentile(0.99))) ms")
    print("  keystrokes 2-\(longest) (narrowing): median \(Latencies.format(keystrokes.percentile(0.5))) ms, p99 \(Latencies.format(keystrokes.percentile(0.99))) ms")
    print("  records found by the full queries: \(found / max(queryCount, 1)) on average")
    if digest { print("  results digest: " + String(resultHash, radix: 16)) }
    if slowest > 0 {
        let shown = steps.sorted { $0.milliseconds > $1.milliseconds }.prefix(slowest)
        print("  slowest keystrokes: " + shown.map { "\($0.typed) (\($0.step), \($0.matches) found) \(Latencies.format($0.milliseconds)) ms" }.joined(separator: "; "))
    }
}
}
