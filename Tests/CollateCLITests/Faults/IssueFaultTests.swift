import Foundation
import Testing
import SystemSupport
@testable import CollateCLI

/// The nine faults of issue 28, each reproduced as the issue reports it (at a size that
/// keeps the test quick); each test failed before its fix.
@Suite("Issue 28 faults")
struct IssueFaultTests {
    /// Fault 4: `--position-offset 9223372036854775807` with two records trapped (SIGILL).
    @Test func hugePositionOffsetIsAUsageErrorNotATrap() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", "b\na\n")
        let refused = try runProcess(["--with-keys", "--format", "tsv", "--position-offset", "\(Int.max)", input])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("collate: --position-offset must be at most"), "\(refused.stderr)")
        let largest = try runProcess(["--with-keys", "--format", "tsv", "--position-offset", "\(NumericLimits.positionOffset.upperBound)", input])
        #expect(largest.status == 0, "\(largest.stderr)")
        #expect(largest.stdoutText.split(separator: "\n").count == 2)
    }

    /// Fault 5: `--format columns --width 9223372036854775807` trapped in the layout.
    @Test func hugeWidthIsAUsageErrorAndTheLayoutSaturates() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", "b\na\n")
        let refused = try runProcess(["--format", "columns", "--width", "\(Int.max)", input])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--width must be at most"), "\(refused.stderr)")
        let widest = try runProcess(["--format", "columns", "--width", "\(NumericLimits.width.upperBound)", input])
        #expect(widest.status == 0, "\(widest.stderr)")
    }

    /// Fault 9: a write error of `--list-locales` printed Swift's debug form of the error.
    @Test func listLocalesOnAFullDeviceIsOneClearLine() throws {
        let result = try runProcess([], shell: "COLLATE --list-locales > /dev/full")
        #expect(result.status == 1)
        #expect(result.stderr == "collate: <stdout>: cannot write: No space left on device\n", "\(result.stderr)")
    }

    /// Fault 6: with SIGHUP ignored by the parent (`nohup`), a hangup during the output
    /// phase of `-o` killed the run; it must finish and write the whole output.
    @Test func ignoredHangupStaysIgnoredDuringTheOutputPhase() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", (0..<300_000).map { "name\($0)" }.joined(separator: "\n") + "\n")
        let output = scratch.url.appendingPathComponent("out.tsv").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' HUP; exec '\(Paths.collate.path)' --locale en --format tsv -o '\(output)' '\(input)'"]
        process.environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        try process.run()
        // Hang up once the temporary output file exists (the cleanup handlers are set).
        var sawTemporary = false
        while process.isRunning && !sawTemporary {
            sawTemporary = scratch.entries.contains { $0.hasPrefix(".collate-") }
            if !sawTemporary { usleep(1_000) }
        }
        if sawTemporary { kill(process.processIdentifier, SIGHUP) }
        process.waitUntilExit()
        #expect(sawTemporary, "the run ended before its output phase was seen")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "status \(process.terminationStatus)")
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 300_000)
        #expect(Set(scratch.entries) == ["in.txt", "out.tsv"], "\(scratch.entries)")
    }

    /// Fault 2: a file whose first MiB has carriage returns and no line feed was split at
    /// every CR when spilling, though the whole input (with its later LFs) splits at LF.
    @Test func spilledLineEndsAreDecidedAsInMemory() throws {
        let scratch = try ScratchDirectory()
        var bytes = [UInt8]()
        for index in 0..<130_000 { bytes += Array("cr\(index)\r".utf8) }
        for index in 0..<25_000 { bytes += Array("lf\(index)\n".utf8) }
        let input = try scratch.file("in.txt", bytes)
        let inMemory = try runInProcess(["--format", "tsv", "--buffer-size", "1G", input])
        let spilled = try runInProcess(["--format", "tsv", "--buffer-size", "4M", input])
        #expect(inMemory.status == 0 && spilled.status == 0, "\(spilled.stderr)")
        // One record holds every CR-ended line and the first LF-ended one.
        #expect(inMemory.stdout.filter { $0 == 0x0A }.count == 25_000)
        #expect(spilled.stdout == inMemory.stdout)
    }

    /// Fault 3: JSON Lines nested some 15,000 levels deep overflowed the recursive reader's
    /// stack (SIGSEGV); now a nesting limit is an error naming the line.
    @Test func deepJSONNestingIsAnErrorNotACrash() throws {
        let scratch = try ScratchDirectory()
        let deep = String(repeating: "{\"a\":", count: 20_000) + "1" + String(repeating: "}", count: 20_000)
        let input = try scratch.file("in.jsonl", "{\"a\":\"x\"}\n" + deep + "\n")
        let result = try runProcess(["--key", "a", input])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("collate: \(input):2: objects and arrays nest deeper than"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// Fault 8: a FIFO at the compiled-rules cache path blocked `fopen` forever; it is
    /// ignored like a damaged cache file (and replaced by the freshly compiled one).
    @Test func aFIFOAtTheCachePathIsIgnored() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", "김민준\nSmith\n")
        let cache = scratch.url.appendingPathComponent("cache")
        let arguments = ["--locale", "ko_KR", "--also", "ja,ru", "--format", "tsv", input]
        let environment = ["LANG": "C.UTF-8", "COLLATE_CACHE_DIR": cache.path]
        let cold = try runProcess(arguments, environment: environment)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first)
        let file = cache.appendingPathComponent(name).path
        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o600) == 0)
        // `timeout` ends a hang with status 124 instead of hanging the test run.
        let again = try runProcess([], environment: environment, shell: "timeout 20 COLLATE " + arguments.map { "'\($0)'" }.joined(separator: " "))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == cold.stdout)
        #expect(systemFileKind(atPath: file) == .regular)
    }

    /// Debatable point: UTF-16 input got the `iconv -f LATIN1` hint, which garbles it; now
    /// UTF-16 is named, and other input is told to give its charset with --encoding.
    @Test func utf16InputGetsTheUTF16Hint() throws {
        let littleEndian: [UInt8] = [0xFF, 0xFE] + Array("Zorn\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let withoutMark = Array(littleEndian.dropFirst(2))
        for bytes in [littleEndian, withoutMark] {
            let result = try runProcess(["--format", "tsv"], stdin: bytes)
            #expect(result.status == 1)
            #expect(result.stderr.contains(bytes == littleEndian ? "--encoding UTF-16" : "--encoding UTF-16LE"), "\(result.stderr)")
            #expect(!result.stderr.contains("LATIN1"), "\(result.stderr)")
        }
        let latin1 = try runProcess(["--format", "tsv"], stdin: Array("Zorn\n".utf8) + [0xD6, 0x62, 0x0A])
        #expect(latin1.stderr.contains("--encoding NAME"), "\(latin1.stderr)")
        #expect(!latin1.stderr.contains("UTF-16"), "\(latin1.stderr)")
    }

    /// Debatable point: the spill needed some 80 descriptors and failed under `ulimit -n
    /// 16`; the merge fan-in now follows RLIMIT_NOFILE.
    @Test func aSpilledRunFitsSixteenDescriptors() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", (0..<60_000).map { "name \(($0 * 7919) % 60_000)" }.joined(separator: "\n") + "\n")
        let expected = try runProcess(["--format", "tsv", input])
        let limited = try runProcess([], shell: "ulimit -n 16 && COLLATE --format tsv --buffer-size 16K '\(input)'")
        #expect(limited.status == 0, "\(limited.stderr)")
        // Compared as one Bool: a failed #expect on two 900 KB arrays makes swift-testing
        // diff them element by element, which outlasted CI once.
        let same = limited.stdout == expected.stdout
        let firstDifference = zip(limited.stdout, expected.stdout).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(limited.stdout.count, expected.stdout.count)
        #expect(same, "\(limited.stdout.count) bytes against \(expected.stdout.count), first difference at byte \(firstDifference)")
    }
}
