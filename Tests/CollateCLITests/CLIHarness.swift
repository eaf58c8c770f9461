import Foundation
import SystemPackage
import Testing

@testable import CollateCLI

/// What one run of `collate` produced.
struct CLIResult {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    /// Whether the process ended by a signal (then `status` is the signal's number).
    var signaled = false
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

enum CLIError: Error { case setup(String) }

/// Where the repository and its build products are.
enum Paths {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let locales = repository.appendingPathComponent("Locales")
    /// The `collate` executable next to the test bundle.
    static var collate: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "collate")
    }
}

/// A scratch directory removed when the value goes away.
final class ScratchDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("collate-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
    func file(_ name: String, _ text: String) throws -> String { try file(name, Array(text.utf8)) }
    var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] }
}

/// Runs the command in this process, with stdout and stderr captured in files.
func runInProcess(_ arguments: [String], environment: [String: String] = ["LANG": "C.UTF-8"]) throws -> CLIResult {
    let scratch = try ScratchDirectory()
    let outPath = scratch.url.appendingPathComponent("stdout").path
    let errPath = scratch.url.appendingPathComponent("stderr").path
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    let status: Int32
    do {
        let command = try ParsedCommands.shared.command(for: arguments)
        status = command.execute(
            standardOutput: FileDescriptor(rawValue: out.fileDescriptor), standardError: FileDescriptor(rawValue: err.fileDescriptor),
            environment: environment)
    } catch {
        let message = CollateCommand.message(for: error)
        try err.write(contentsOf: Array(message.utf8))
        status = CollateCommand.exitCode(for: error).rawValue
    }
    try out.close()
    try err.close()
    let stdout = try [UInt8](Data(contentsOf: URL(fileURLWithPath: outPath)))
    let stderr = try String(decoding: Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self)
    return CLIResult(status: status, stdout: stdout, stderr: stderr)
}

/// Parsed commands, kept by their arguments without `--buffer-size SIZE`: the spill tests
/// run one command at several buffer sizes, and a parse in a debug build costs ~80 ms
/// (swift-argument-parser checks the whole command's definition on every parse in
/// debug builds: half the unit tests' time went there), so a command is parsed once and
/// then given each buffer size. Arguments whose size does not parse are parsed whole, so
/// `--buffer-size`'s own errors still come from the parser.
final class ParsedCommands: @unchecked Sendable {
    // @unchecked: `commands` is read and written under `lock` only.
    static let shared = ParsedCommands()
    private let lock = NSLock()
    private var commands: [[String]: CollateCommand] = [:]

    func command(for arguments: [String]) throws -> CollateCommand {
        let sizes = arguments.indices.filter { arguments[$0] == "--buffer-size" }
        var key = arguments
        var size: String? = nil
        if sizes.count == 1, let index = sizes.first, index + 1 < arguments.count,
            InputArguments.parseSize(arguments[index + 1]) != nil, !arguments[..<index].contains("--")
        {
            size = arguments[index + 1]
            key.removeSubrange(index...index + 1)
        } else if !sizes.isEmpty {
            return try CollateCommand.parse(arguments)
        }
        var command: CollateCommand
        if let parsed = lock.withLock({ commands[key] }) {
            command = parsed
        } else {
            command = try CollateCommand.parse(key)
            lock.withLock { commands[key] = command }
        }
        command.input.bufferSize = size
        return command
    }
}

/// Runs the built `collate` executable as a child process.
func runProcess(_ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = ["LANG": "C.UTF-8"], shell: String? = nil)
    throws -> CLIResult
{
    let binary = Paths.collate
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw CLIError.setup("no collate executable at \(binary.path); run `swift build` first")
    }
    let process = Process()
    if let shell {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", shell.replacingOccurrences(of: "COLLATE", with: "'\(binary.path)'")]
    } else {
        process.executableURL = binary
        process.arguments = arguments
    }
    process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { a, _ in a }
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    if let stdin {
        try input.fileHandleForWriting.write(contentsOf: stdin)
        try input.fileHandleForWriting.close()
    }
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIResult(
        status: process.terminationStatus, stdout: [UInt8](outData), stderr: String(decoding: errData, as: UTF8.self),
        signaled: process.terminationReason == .uncaughtSignal)
}
