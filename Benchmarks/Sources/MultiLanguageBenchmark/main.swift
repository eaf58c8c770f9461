// MultiLanguageBenchmark: the cost of the first LocalizedIndexedCollation with
// additionalLocales, in a fresh process (the library caches collators and indexes for the
// life of the process, so each combination needs its own process).
//
//   Benchmarks/run multilang [LOCALE[+EXTRA,…] …]
//
// For one argument such as `ko_KR+ja,ru` it prints the CPU time (user + system, from
// getrusage) and the wall time of
//
//   1. LocalizedIndexedCollation(Configuration ko_KR with additionalLocales ja, ru)
//   2. the same languages again with other options, style and person-name mode
//      (the library copies the compiled collator: should cost well under a millisecond)
//
// as one line: `multilang: ko_KR+ja,ru first <ms> ms cpu (<ms> ms wall), second <ms> ms cpu`.
// `Benchmarks/run multilang` (Benchmarks/multilang.py) runs it twice per combination, each time
// in a new process with COLLATE_CACHE_DIR set to a new folder: with the cache empty (the
// merged rules are compiled and written) and with the file that run wrote.

import Foundation
import IndexedCollation

func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
    return user + system
}

func milliseconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) * 1000 + Double(attoseconds) / 1e15
}

func format(_ value: Double) -> String { String(format: "%.1f", value) }

guard let combination = CommandLine.arguments.dropFirst().first else {
    FileHandle.standardError.write(Data("usage: MultiLanguageBenchmark LOCALE[+EXTRA,…]\n".utf8))
    exit(2)
}
let parts = combination.split(separator: "+", maxSplits: 1)
let primary = String(parts[0])
let extras = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : []

do {
    let clock = ContinuousClock()
    let cpuBefore = cpuMilliseconds()
    let start = clock.now
    var configuration = try LocalizedIndexedCollation.Configuration(locale: primary)
    configuration.additionalLocales = try extras.map { try CollationLocale($0) }
    let first = try LocalizedIndexedCollation(configuration)
    let wall = milliseconds(clock.now - start)
    let cpuFirst = cpuMilliseconds() - cpuBefore
    let cpuBeforeSecond = cpuMilliseconds()
    configuration.options = CollatorOptions(numeric: true)
    configuration.style = .icu
    configuration.personNames = true
    let second = try LocalizedIndexedCollation(configuration)
    let cpuSecond = cpuMilliseconds() - cpuBeforeSecond
    precondition(!first.sectionTitles.isEmpty && !second.sectionTitles.isEmpty)
    print(
        "multilang: \(combination) first \(format(cpuFirst)) ms cpu (\(format(wall)) ms wall),"
            + " second \(format(cpuSecond)) ms cpu, \(first.sectionTitles.count) sections")
} catch {
    FileHandle.standardError.write(Data("MultiLanguageBenchmark: \(error)\n".utf8))
    exit(1)
}
