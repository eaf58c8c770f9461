// FoundationSortBenchmark: the Foundation-comparator peer of Benchmarks/run pipeline.
//
//   FoundationSortBenchmark --locale L [--cap N] FILE
//
// Reads FILE (UTF-8 lines split on "\n", one trailing "\r" and a leading BOM dropped, a
// last line without newline counted), takes the first N lines (default 20000), and sorts
// those whole lines with
//
//   a.compare(b, options: [], range: nil, locale: Locale(identifier: L)) == .orderedAscending
//
// (the Locale is created once, outside the comparator). Only the sort is timed, with
// ContinuousClock. A comparison sort of n lines costs about n·log2(n) comparisons, so the
// time for the whole file of `total` lines is extrapolated as
//
//   t(total) = t(N) · (total · log2 total) / (N · log2 N)
//
// It prints one machine-readable line for the pipeline runner:
//
//   foundation-sort lines=<total> sorted=<N> seconds=<t(N)> extrapolated=<t(total)>
//
// No sections, no output file: the sort alone is what is compared.

import Foundation

struct Options {
    var locale = "en_US"
    var cap = 20_000
    var file = ""
}

func usage() -> Never {
    FileHandle.standardError.write(
        Data("usage: FoundationSortBenchmark --locale L [--cap N] FILE\n".utf8))
    exit(64)
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()[...]
    while let argument = arguments.popFirst() {
        switch argument {
        case "--locale":
            guard let value = arguments.popFirst() else { usage() }
            options.locale = value
        case "--cap":
            guard let value = arguments.popFirst(), let cap = Int(value), cap > 1 else { usage() }
            options.cap = cap
        case "-h", "--help":
            usage()
        default:
            guard options.file.isEmpty, !argument.hasPrefix("-") else { usage() }
            options.file = argument
        }
    }
    if options.file.isEmpty { usage() }
    return options
}

/// The file's lines as byte ranges: split on "\n", a trailing "\r" dropped, a leading BOM
/// dropped, a last line without newline counted.
func lineRanges(_ bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var ranges: [Range<Int>] = []
    var index = start
    while index < bytes.count {
        if bytes[index] == 0x0A {
            let end = index > start && bytes[index - 1] == 0x0D ? index - 1 : index
            ranges.append(start..<end)
            start = index + 1
        }
        index += 1
    }
    if start < bytes.count {
        let end = bytes[bytes.count - 1] == 0x0D ? bytes.count - 1 : bytes.count
        ranges.append(start..<end)
    }
    return ranges
}

let options = parseOptions()
guard let data = FileManager.default.contents(atPath: options.file) else {
    FileHandle.standardError.write(Data("FoundationSortBenchmark: cannot read \(options.file)\n".utf8))
    exit(1)
}
let (total, lines): (Int, [String]) = data.withUnsafeBytes { bytes in
    let ranges = lineRanges(bytes)
    let lines = ranges.prefix(options.cap).map { range in
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    return (ranges.count, lines)
}
guard lines.count > 1 else {
    FileHandle.standardError.write(Data("FoundationSortBenchmark: fewer than 2 lines\n".utf8))
    exit(1)
}

let locale = Locale(identifier: options.locale)
let clock = ContinuousClock()
let start = clock.now
let sorted = lines.sorted { a, b in
    a.compare(b, options: [], range: nil, locale: locale) == .orderedAscending
}
let elapsed = clock.now - start
let (wholeSeconds, attoseconds) = elapsed.components
let seconds = Double(wholeSeconds) + Double(attoseconds) / 1e18

precondition(sorted.count == lines.count, "the sort lost lines")
func work(_ n: Int) -> Double { Double(n) * log2(Double(n)) }
let extrapolated = seconds * work(total) / work(lines.count)
print(
    "foundation-sort lines=\(total) sorted=\(lines.count) seconds=\(String(format: "%.6f", seconds)) "
        + "extrapolated=\(String(format: "%.6f", extrapolated))")
