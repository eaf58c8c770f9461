// LibraryBenchmark: times the library call behind `collate`, without process start-up,
// file reading or output.
//
//   Benchmarks/run library [FILE]      (FILE defaults to Benchmarks/corpus/ko-1M.txt,
//                                       generated on first use)
//
// Loads the names of FILE (one per line) as [String], then times
//
//   LocalizedIndexedCollation(locale: "ko_KR").sections(of: names, by: { $0 })
//
// five times with ContinuousClock and prints the median (the collator and index are
// cached by the library after the first call, so the first run also pays for building
// them). The last line is `library: 1M sections(of:) <s> s` (target: under 0.6 s on the
// 2-core reference machine).
//
// With `--two-keys` after FILE, each name is split into a family name (its first
// character) and a given name (the rest), and the timed call is
// `sections(of: people, keys: [\.family, \.given])`; the last line then says
// `sections(of:keys:) 2 keys`.
//
// With `--data-source` after FILE, the names are split as for `--two-keys` and the timed
// call is `IndexedDataSource(people, collation:, id:, keys: { [RecordKey…, RecordKey…] })`;
// with `--data-source-deprecated`, the spelling before `RecordKeys`
// (`IndexedDataSource(collation:records:id:keys:readings:)`), for comparing the two.
//
// With `--external MiB` after FILE, the timed call is an ExternalSorter with that memory
// bound: every name appended, `finish()`, and every record read back (the last line
// says `ExternalSorter <MiB> MiB`; the run count is printed beside the times).

import Foundation
import IndexedCollation

let path = CommandLine.arguments.dropFirst().first ?? "Benchmarks/corpus/ko-1M.txt"
let mode = CommandLine.arguments.dropFirst(2).first
let dataSource = mode == "--data-source" || mode == "--data-source-deprecated"
let twoKeys = mode == "--two-keys" || dataSource
let externalMiB = CommandLine.arguments.dropFirst(2).first == "--external" ? CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } : nil
if CommandLine.arguments.dropFirst(2).first == "--external" && externalMiB == nil {
    FileHandle.standardError.write(Data("LibraryBenchmark: --external takes a size in MiB\n".utf8))
    exit(64)
}
guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("LibraryBenchmark: cannot read \(path)\n".utf8))
    exit(1)
}
var names: [String] = []
data.withUnsafeBytes { bytes in
    var start = 0
    for index in 0..<bytes.count where bytes[index] == 0x0A {
        names.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        start = index + 1
    }
    if start < bytes.count {
        names.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
    }
}

func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
}

struct Person {
    var id: Int
    var family: String
    var given: String
}

/// The deprecated spelling, in a deprecated context (no warning for the comparison).
@available(*, deprecated)
func deprecatedDataSource(_ people: [Person], _ collation: LocalizedIndexedCollation) throws -> IndexedDataSource<Person, Int, String> {
    try IndexedDataSource(collation: collation, records: people, id: \.id, keys: [\.family, \.given], readings: []) { _, person in person.given }
}
let people = twoKeys ? names.enumerated().map { Person(id: $0.offset, family: String($0.element.prefix(1)), given: String($0.element.dropFirst())) } : []

let clock = ContinuousClock()
var times: [Double] = []
var sectionCount = 0
var runs = 0
for _ in 0..<5 {
    let start = clock.now
    let collation = try LocalizedIndexedCollation(locale: "ko_KR")
    let counts: [Int]
    if let externalMiB {
        let sorter = try ExternalSorter(collation: collation, memoryLimit: externalMiB << 20)
        for name in names { try sorter.append(name) }
        let sorted = try sorter.finish()
        var read = [Int](repeating: 0, count: sorted.sectionTitles.count)
        try sorted.forEach { read[$0.section] += 1 }
        precondition(read == sorted.sectionCounts, "the section counts differ from the records read")
        counts = read.filter { $0 > 0 }
        runs = sorter.runsWritten
    } else if mode == "--data-source" {
        let source = try IndexedDataSource(people, collation: collation, id: \.id, keys: { [RecordKey($0.family), RecordKey($0.given)] }) {
            _, person in person.given
        }
        counts = (0..<source.numberOfSections).map { source.numberOfRows(inSection: $0) }.filter { $0 > 0 }
    } else if mode == "--data-source-deprecated" {
        let source = try deprecatedDataSource(people, collation)
        counts = (0..<source.numberOfSections).map { source.numberOfRows(inSection: $0) }.filter { $0 > 0 }
    } else if twoKeys {
        counts = collation.sections(of: people, keys: [\.family, \.given]).sections.map(\.records.count)
    } else {
        counts = collation.sections(of: names, by: { $0 }).sections.map(\.records.count)
    }
    times.append(seconds(clock.now - start))
    // Outside the timing: nothing lost or duplicated (keeps the work observable, too).
    let count = counts.reduce(0, +)
    precondition(count == names.count, "sections(of:) returned \(count) of \(names.count) records")
    sectionCount = counts.count
}
times.sort()
let median = times[times.count / 2]
let label = names.count % 1_000_000 == 0 ? "\(names.count / 1_000_000)M"
    : names.count % 1_000 == 0 ? "\(names.count / 1_000)k" : "\(names.count)"
print("runs (s): " + times.map { String(format: "%.3f", $0) }.joined(separator: " ")
    + "  [\(names.count) names, \(sectionCount) non-empty sections\(externalMiB == nil ? "" : ", \(runs) runs")]")
let call = externalMiB.map { "ExternalSorter \($0) MiB" }
    ?? (mode == "--data-source" ? "IndexedDataSource RecordKeys 2 keys"
        : mode == "--data-source-deprecated" ? "IndexedDataSource deprecated 2 keys" : twoKeys ? "sections(of:keys:) 2 keys" : "sections(of:)")
print("library: \(label) \(call) \(String(format: "%.3f", median)) s")
