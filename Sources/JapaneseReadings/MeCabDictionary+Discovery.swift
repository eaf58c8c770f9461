import IndexedCollation
import SystemSupport

extension MeCabDictionary {
    /// The Debian packages that provide a usable dictionary, named in error messages.
    static let packageHint = "sudo apt-get install mecab-naist-jdic (or mecab-ipadic-utf8)"

    /// Tries the candidate directories in order and returns the first usable dictionary.
    /// - Parameters:
    ///   - directory: A dictionary directory to use alone, or nil to search.
    ///   - resourceFile: A MeCab resource file whose `dicdir` to try first, or nil for
    ///     the usual ones.
    static func load(directory: String?, resourceFile: String?) -> Result<MeCabDictionary, CollationError> {
        var problems = [MeCabDictionaryProblem]()
        for directory in candidates(directory: directory, resourceFile: resourceFile) {
            guard systemIsReadable(directory + "/sys.dic") else {
                problems.append(MeCabDictionaryProblem(directory: directory, reason: "no readable sys.dic"))
                continue
            }
            do throws(MeCabDictionaryProblem) {
                return .success(try MeCabDictionary(directory: directory))
            } catch {
                problems.append(error)
            }
        }
        let absent = problems.filter { $0.reason == "no readable sys.dic" }.map(\.directory)
        let unusable = problems.filter { $0.reason != "no readable sys.dic" }.map { "\($0.directory) \($0.reason)" }
        let found = (absent.isEmpty ? [] : ["no dictionary in \(absent.joined(separator: ", "))"]) + unusable
        return .failure(
            .readingDictionaryUnavailable(
                "guessing Japanese readings needs a MeCab dictionary (IPADIC layout, UTF-8) and none is usable: \(found.joined(separator: "; ")). Install one: \(packageHint); or name its directory (collate: COLLATE_MECAB_DICDIR)."
            ))
    }

    /// Where to look, in order: `directory` alone when given; else the `dicdir` of MeCab's
    /// resource file (`resourceFile`, else `/etc/mecabrc` or `/usr/local/etc/mecabrc`, as
    /// `mecab` itself finds it), then the directories the Debian, source and Homebrew
    /// packages install to.
    static func candidates(directory explicit: String?, resourceFile: String?) -> [String] {
        if let explicit, !explicit.isEmpty { return [explicit] }
        var directories = [String]()
        let resourceFiles = resourceFile.map { [$0] } ?? ["/etc/mecabrc", "/usr/local/etc/mecabrc", "/opt/homebrew/etc/mecabrc"]
        for file in resourceFiles {
            if let directory = dictionaryDirectory(inResourceFile: file) {
                directories.append(directory)
                break
            }
        }
        directories += [
            "/var/lib/mecab/dic/naist-jdic", "/var/lib/mecab/dic/ipadic-utf8", "/usr/lib/x86_64-linux-gnu/mecab/dic/ipadic",
            "/usr/lib/aarch64-linux-gnu/mecab/dic/ipadic", "/usr/local/lib/mecab/dic/ipadic", "/opt/homebrew/lib/mecab/dic/ipadic",
        ]
        var seen = Set<String>()
        return directories.filter { seen.insert($0).inserted }
    }

    /// The `dicdir = …` value of a MeCab resource file, or nil when it has none.
    static func dictionaryDirectory(inResourceFile path: String) -> String? {
        guard let contents = systemReadSmallTextFile(path) else { return nil }
        for text in contents.split(whereSeparator: \.isNewline) {
            guard !text.hasPrefix(";"), !text.hasPrefix("#"), let equals = text.firstIndex(of: "=") else { continue }
            let key = text[..<equals].trimmingWhiteSpace()
            guard key == "dicdir" else { continue }
            let value = text[text.index(after: equals)...].trimmingWhiteSpace()
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

extension Substring {
    /// The text without leading and trailing white space (spaces, tabs, CR, LF).
    fileprivate func trimmingWhiteSpace() -> String {
        let isWhite = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhite($0) }), let last = scalars.lastIndex(where: { !isWhite($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }
}

/// Why one candidate MeCab dictionary could not be used.
struct MeCabDictionaryProblem: Error, Sendable, Equatable {
    var directory: String
    var reason: String
}
