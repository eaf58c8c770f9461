import SystemPackage
import SystemSupport

/// One case of a Locales-style regression folder (Locales/README.md): an input file, the
/// `collate` arguments of its `.args` file, and its expected `.tsv`/`.json` outputs.
package struct LocaleTestCase: Sendable, Hashable, CustomStringConvertible {
    /// The locale folder's name (`ko_KR`), the default `--locale`.
    package let folder: String
    /// The case name: the input's file name without its extension (`names`).
    package let name: String
    /// The input file (`<case>.txt` or `<case>.tsv`).
    package let inputPath: String
    /// The arguments: `--locale <folder>` unless the `.args` file names a locale, then the
    /// `.args` lines, one argument per line exactly as written.
    package let arguments: [String]

    /// `folder/name`, as the runner prints it: control characters, line and paragraph
    /// separators and bidirectional controls escaped (`\n`, `\u{1B}`; a backslash doubled),
    /// so a file name cannot start a line of its own in the report (a name holding
    /// "\nok    x" would forge a passing case) or reorder what is shown.
    package var description: String { Self.escaped("\(folder)/\(name)") }

    /// `text` with every character that could break or disguise a report line escaped;
    /// a backslash is doubled unless `backslashes` is false (for messages that already
    /// escape their own, such as a diff's `"Z\tZorro"`).
    static func escaped(_ text: String, backslashes: Bool = true) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\" where backslashes: result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{200E}", "\u{200F}", "\u{202A}"..."\u{202E}",
                "\u{2066}"..."\u{2069}":
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The expected output for a format (`tsv`, `json`): `<case>.expected.<format>`.
    package func expectedPath(_ format: String) -> String {
        let directory = inputPath[..<(inputPath.lastIndex(of: "/") ?? inputPath.startIndex)]
        return "\(directory)/\(name).expected.\(format)"
    }

    /// The formats whose expected files are compared.
    package static let formats = ["tsv", "json"]

    /// Every case under `root`: each folder of `root` (except those starting with `.` or
    /// `_`, which hold data) is a locale; a `root` that itself holds cases is one locale
    /// folder. Sorted by folder, then case name.
    /// - Throws: ``InputError`` when `root` is not a readable directory.
    package static func discover(root: String) throws(InputError) -> [LocaleTestCase] {
        let root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let entries = try listDirectory(root)
        let ownCases = try cases(in: root, folder: baseName(root), entries: entries)
        if !ownCases.isEmpty { return ownCases }
        var all = [LocaleTestCase]()
        for entry in entries where !entry.hasPrefix(".") && !entry.hasPrefix("_") && isDirectory("\(root)/\(entry)") {
            all += try cases(in: "\(root)/\(entry)", folder: entry, entries: listDirectory("\(root)/\(entry)"))
        }
        return all
    }

    static func cases(in directory: String, folder: String, entries: [String]) throws(InputError) -> [LocaleTestCase] {
        var found = [LocaleTestCase]()
        for entry in entries where (entry.hasSuffix(".txt") || entry.hasSuffix(".tsv")) && !entry.contains(".expected.") {
            let name = String(entry.dropLast(4))
            var arguments = [String]()
            let argsPath = "\(directory)/\(name).args"
            if let bytes = try readFileIfPresent(argsPath) {
                var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if lines.last == "" { lines.removeLast() }
                arguments = lines
            }
            if !arguments.contains(where: { $0 == "--locale" || $0.hasPrefix("--locale=") }) {
                arguments = ["--locale", folder] + arguments
            }
            found.append(LocaleTestCase(folder: folder, name: name, inputPath: "\(directory)/\(entry)", arguments: arguments))
        }
        return found
    }

    // MARK: - Files (POSIX; this module does not use Foundation)

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func isDirectory(_ path: String) -> Bool {
        systemFileKind(atPath: path) == .directory
    }

    /// The entries of a directory, sorted by byte order.
    static func listDirectory(_ path: String) throws(InputError) -> [String] {
        guard let names = systemDirectoryEntries(path) else {
            throw InputError(
                file: path, message: isDirectory(path) ? "cannot read the directory" : "no such directory (give a Locales-style folder)")
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The most bytes a case file (input, arguments, expected output) may hold.
    static let fileSizeLimit = 256 << 20

    /// A whole file's bytes, or nil when it does not exist. Only regular files are read: the
    /// file is opened without blocking (a FIFO would wait for a writer for ever) and refused
    /// unless it is a regular file (a FIFO, a device such as `/dev/zero`, a directory), and
    /// a file larger than ``fileSizeLimit`` is refused after reading that much.
    /// - Throws: ``InputError`` naming the file and why.
    static func readFileIfPresent(_ path: String) throws(InputError) -> [UInt8]? {
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try systemOpenForReading(FilePath(path), nonBlocking: true)
        } catch .noSuchFileOrDirectory {
            return nil
        } catch {
            throw InputError(file: path, message: InputFile.reason(error, opening: true))
        }
        defer { systemClose(descriptor) }
        let kind = systemFileKind(of: descriptor)
        guard kind == .regular else {
            let what = kind == .directory ? "a directory" : "a FIFO, socket or device"
            throw InputError(file: path, message: "not a regular file (\(what)): case files must be regular files")
        }
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = buffer.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try systemRead(descriptor, into: raw) } }
            let count: Int
            switch read {
            case .success(let got): count = got
            case .failure(let error): throw InputError(file: path, message: InputFile.reason(error, opening: false))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= fileSizeLimit else {
                throw InputError(file: path, message: "larger than \(fileSizeLimit >> 20) MiB, the most a case file may hold")
            }
            bytes += buffer[0..<count]
        }
    }
}
