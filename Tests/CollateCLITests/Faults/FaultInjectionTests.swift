import Foundation
import Testing
@testable import CollateCLI
import SystemSupport

/// The fault-injection suite: every read, write, open, temporary-file creation, fsync and
/// rename of a run of `collate -o` is made to fail in turn (the Nth call, for every N
/// until the run has fewer calls), in memory and spilled with a tiny --buffer-size.
/// Each faulted run must exit 1 with one `collate: …` line, leave the `-o` file as it
/// was and no temporary file behind, and never crash.
///
/// The faults come from `COLLATE_FAULT_INJECT` (SystemSupport's `FaultInjection`), which only debug
/// builds read, so the suite runs the built executable as a process (a process-wide
/// hook in this test process would fail the tests running beside it).
@Suite("Fault injection")
struct FaultInjectionTests {
    /// One operation, the error its calls fail with.
    static let faults: [(SystemCall, String)] = [
        (.read, "EIO"), (.write, "ENOSPC"), (.open, "EACCES"), (.temporaryFile, "EMFILE"), (.fsync, "EIO"), (.rename, "EXDEV"),
    ]

    /// What the runs of one mode went through.
    struct Tally {
        var injected = 0
        var survived = 0
        var problems: [String] = []
    }

    @Test(arguments: [false, true])
    func everyFailingCallIsSurvived(spilled: Bool) throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", (0..<200).map { "name \(($0 * 7919) % 200)" }.joined(separator: "\n") + "\n")
        let outputDirectory = scratch.url.appendingPathComponent("out")
        let temporaryDirectory = scratch.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
        let output = outputDirectory.appendingPathComponent("sorted.tsv").path
        let old = Array("old contents\n".utf8)
        let arguments = ["--locale", "en", "--format", "tsv"] + (spilled ? ["--buffer-size", "2K"] : []) + ["-o", output, input]
        let environment = ["LANG": "C.UTF-8", "TMPDIR": temporaryDirectory.path]
        let expected = try runProcess(["--locale", "en", "--format", "tsv", input]).stdout
        var tally = Tally()
        for (operation, code) in Self.faults {
            var call = 1
            while call <= 400 {
                try Data(old).write(to: URL(fileURLWithPath: output))
                let result = try runProcess(arguments, environment: environment.merging(["COLLATE_FAULT_INJECT": "\(operation.rawValue):\(call):\(code)"]) { $1 })
                let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
                let leftovers = (try FileManager.default.contentsOfDirectory(atPath: outputDirectory.path)).filter { $0 != "sorted.tsv" }
                    + (try FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path))
                if result.status == 0 && !result.signaled {
                    // Past the last call: the run is whole.
                    if written != expected { tally.problems.append("\(operation.rawValue):\(call): exit 0 with other output") }
                    if !leftovers.isEmpty { tally.problems.append("\(operation.rawValue):\(call): left \(leftovers)") }
                    break
                }
                tally.injected += 1
                let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
                var why: [String] = []
                if result.signaled { why.append("killed by signal \(result.status)") }
                if result.status != 1 { why.append("exit \(result.status)") }
                if !(lines.count == 2 && lines[1].isEmpty && lines[0].hasPrefix("collate: ")) { why.append("stderr \(result.stderr.debugDescription)") }
                if written != old { why.append("-o file changed") }
                if !leftovers.isEmpty { why.append("left \(leftovers)") }
                if why.isEmpty { tally.survived += 1 } else { tally.problems.append("\(operation.rawValue):\(call):\(code): " + why.joined(separator: ", ")) }
                call += 1
            }
            #expect(call > 1, "\(operation.rawValue) was never called")
            #expect(call <= 400, "\(operation.rawValue) never ran out of calls")
        }
        #expect(tally.problems.isEmpty, "\(tally.problems.joined(separator: "\n"))")
        #expect(tally.injected > (spilled ? 100 : 5), "only \(tally.injected) faults injected")
        #expect(tally.survived == tally.injected, "faults: \(tally.survived) of \(tally.injected) injected faults survived")
    }
}
