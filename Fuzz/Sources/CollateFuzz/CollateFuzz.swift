import Foundation
import CollateCLI

/// Options the first input byte selects, so one corpus exercises many code paths.
let configurations: [[String]] = [
    ["--locale", "ko_KR", "--format", "tsv"],
    ["--locale", "ja_JP", "--format", "tsv", "--field", "1", "--reading-field", "2"],
    ["--locale", "zh_CN", "--format", "json", "--names"],
    ["--locale", "sv_SE", "--format", "table", "--width", "40"],
    ["--locale", "ar", "--format", "table", "--field", "2", "--delimiter", ",", "--wrap", "--width", "30"],
    ["--locale", "en_US", "--format", "plain", "--ignore-punctuation", "--numeric"],
    ["--locale", "zh_TW", "--format", "columns", "--style", "icu"],
    ["--locale", "th_TH", "--format", "markdown", "--reverse", "--invalid", "replace"],
]

/// The configurations parsed once (parsing per input would dominate the run time).
nonisolated(unsafe) let commands: [CollateCommand] = configurations.map { arguments in
    guard let command = try? CollateCommand.parse(arguments) else { fatalError("bad configuration \(arguments)") }
    return command
}

/// libFuzzer's entry point: runs the whole pipeline on the input and checks that no
/// record is lost or duplicated (the output of tsv has exactly one line per record).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = Int(data[0]) % configurations.count
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let command = commands[selector]
    do {
        let output = try command.output(for: input)
        if selector <= 1 {  // tsv: one output line per input line, every line present
            checkPermutation(input: input, output: output)
        }
    } catch where CollateCommand.isInputError(error) {
        // Invalid UTF-8 or NUL bytes: a clean, reported error.
    } catch {
        fatalError("unexpected error: \(error)")
    }
    return 0
}

/// The multiset of input lines (after the documented line rules) equals the multiset of
/// records in the tsv output.
func checkPermutation(input: [UInt8], output: [UInt8]) {
    var bytes = input[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let separator: UInt8 = !input.contains(0x0A) && input.contains(0x0D) ? 0x0D : 0x0A
    var lines = bytes.split(separator: separator, omittingEmptySubsequences: false).map { line -> [UInt8] in
        separator == 0x0A && line.last == 0x0D ? Array(line.dropLast()) : Array(line)
    }
    if bytes.last == separator || bytes.isEmpty { lines.removeLast() }
    var records = output.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if output.isEmpty || output.last == 0x0A { records.removeLast() }
    let recordsOnly = records.map { line -> [UInt8] in
        guard let tab = line.firstIndex(of: 0x09) else { fatalError("tsv line without a tab") }
        return Array(line[(tab + 1)...])
    }
    func counts(_ list: [[UInt8]]) -> [[UInt8]: Int] { list.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
    if counts(lines) != counts(recordsOnly) {
        fatalError("records lost or duplicated: \(lines.count) lines in, \(recordsOnly.count) records out")
    }
}

#if FUZZING
/// libFuzzer's driver, started from our own entry point: SwiftPM renames an executable's
/// `main` to `<Target>_main`, so libFuzzer's own `main` cannot be used.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("CollateFuzz_main")
public func collateFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzz(data, size)
    }
}
#else
/// Without libFuzzer (a plain `swift build`, where `Fuzz/run` passes no `-DFUZZING`): replays
/// the files named as arguments through the same checks, so a crasher can be rerun in any
/// build (`swift run CollateFuzz Fuzz/crashers/<file>`).
@_cdecl("CollateFuzz_main")
public func collateFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    for index in 1..<Int(argc) {
        guard let path = argv?[index].map({ String(cString: $0) }), let bytes = FileManager.default.contents(atPath: path) else {
            continue
        }
        let input = [UInt8](bytes)
        _ = input.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { fuzz($0, buffer.count) } }
    }
    return 0
}
#endif
