import ArgumentParser
import IndexedCollation

/// `--search`: keep only the records a query finds, in the sections they have without it;
/// `--no-search-box`: an html page without the search box.
struct SearchArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Keep only the records QUERY finds: a prefix, at the locale's primary strength (accents, case, width and kana type ignored), of the record's key from one of its words, of its reading, or of its script's spellings (Korean initial consonants, Chinese pinyin and initials, Japanese kana and romaji). Repeat to keep the records any of the queries finds. Records keep their sections. An empty query, or one of only spaces and punctuation, keeps everything.", valueName: "query"))
    var search: [String] = []

    @Flag(inversion: .prefixedNo, help: ArgumentHelp("With --format html: give the page a search box that filters the list as you type, by the same rule as --search (each row then carries its lookup, about three times the page's size for Korean names). --no-search-box leaves the box and the lookups out."))
    var searchBox = true

    func validate() throws {
        if let bad = Self.invalidUTF8Query(in: Self.rawArguments()) {
            throw ValidationError("--search: the query is not valid UTF-8 (byte \(bad.offset) of argument \(bad.argument)); give the query in UTF-8.")
        }
    }

    /// The process's arguments as bytes, before Swift repairs invalid UTF-8 with U+FFFD.
    static func rawArguments() -> [[UInt8]] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            var bytes = [UInt8]()
            var offset = 0
            while pointer[offset] != 0 {
                bytes.append(UInt8(bitPattern: pointer[offset]))
                offset += 1
            }
            return bytes
        }
    }

    /// The first `--search` value in `arguments` that is not valid UTF-8: which argument
    /// (1-based) and the offset of its first bad byte.
    static func invalidUTF8Query(in arguments: [[UInt8]]) -> (argument: Int, offset: Int)? {
        var takesValue = false
        for (index, argument) in arguments.enumerated() {
            let isValue = takesValue
            takesValue = argument == Array("--search".utf8)
            var value = argument[...]
            let prefix = Array("--search=".utf8)
            if !isValue {
                guard argument.starts(with: prefix) else { continue }
                value = argument[prefix.count...]
            }
            var decoder = UTF8()
            var iterator = value.makeIterator()
            var offset = 0
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: break decoding
                case .error: return (index, (isValue ? 0 : prefix.count) + offset)
                }
            }
        }
        return nil
    }
}
