import ArgumentParser

/// The command line as `collate` hands it to swift-argument-parser: checked for bytes that
/// are not UTF-8, and with `--name=VALUE` passed as two words where the parser would
/// misread it.
enum CommandLineWords {
    /// The arguments after the program name, or the first one that is not UTF-8 (its
    /// number, from 1, and its bytes). Swift's `CommandLine.arguments` replaces such bytes
    /// with U+FFFD, so a file name read from it would name another file (`-o` would write
    /// one): `collate` refuses them instead.
    static func process() -> Result<[String], InvalidArgument> {
        var words: [String] = []
        for number in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[number] else { break }
            guard let word = String(validatingCString: pointer) else {
                let bytes = UnsafeBufferPointer(start: pointer, count: strlenOf(pointer)).map { UInt8(bitPattern: $0) }
                return .failure(InvalidArgument(number: number, bytes: bytes))
            }
            words.append(word)
        }
        return .success(words)
    }

    /// An argument whose bytes are not UTF-8.
    struct InvalidArgument: Error, CustomStringConvertible {
        let number: Int
        let bytes: [UInt8]

        var description: String {
            "argument \(number) (\(Self.escaped(bytes))) is not UTF-8: file names and options must be UTF-8 text"
                + " (a file with another name can be read from standard input: collate < FILE)"
        }

        /// The bytes as text: printable ASCII as it is, every other byte as \xHH.
        static func escaped(_ bytes: [UInt8]) -> String {
            var text = ""
            for byte in bytes {
                if byte >= 0x20 && byte < 0x7F {
                    text.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    text += "\\x" + LineDecoder.hex(byte)
                }
            }
            return text
        }
    }

    /// The arguments with each `--name=VALUE` that swift-argument-parser 1.8.2 misreads
    /// passed as `--name` and `VALUE` (apple/swift-argument-parser#958):
    /// - an empty VALUE (`--search=`, `--output=`): the parser takes the next argument as
    ///   the value, so `--output= in.txt` would write over the input;
    /// - a VALUE that starts with a combining mark (`--search=\u{301}e`): the parser looks
    ///   for `=` as a whole character, finds none (`=` and the mark are one), and calls the
    ///   option unknown.
    /// Neither VALUE starts with `-`, so as a word of its own it is still read as the
    /// option's value. Only options that take a value are split: a flag's `--reverse=`
    /// stays one word, for the parser's own "does not take any value" (split, its empty
    /// word would be read as the input file). Everything else, and every word after `--`,
    /// is passed unchanged.
    static func splittingMisreadValues(_ arguments: [String]) -> [String] {
        var words: [String] = []
        words.reserveCapacity(arguments.count)
        for (index, argument) in arguments.enumerated() {
            if argument == "--" {
                words += arguments[index...]
                break
            }
            guard argument.hasPrefix("--"), let equals = argument.unicodeScalars.firstIndex(of: "=") else {
                words.append(argument)
                continue
            }
            let name = argument.unicodeScalars[..<equals]
            let value = String(argument.unicodeScalars[argument.unicodeScalars.index(after: equals)...])
            let nameIsPlain = name.dropFirst(2).allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            // The parser finds the `=` where the text's characters have it.
            let parserFindsIt = argument.firstIndex(of: "=").map { $0.samePosition(in: argument.unicodeScalars) == equals } ?? false
            if nameIsPlain && name.count > 2 && (value.isEmpty || !parserFindsIt) && optionsTakingValues.contains(String(name)) {
                words += [String(name), value]
            } else {
                words.append(argument)
            }
        }
        return words
    }
}

extension CommandLineWords {
    /// The long names (`--output`) of every option of `collate` and `collate test` that
    /// takes a value, as the parser's own help lists them (`-o, --output <file>`); flags
    /// (`--reverse`, `--progress/--no-progress`) have no `<value>` after them. Read once,
    /// and only when a word needs it.
    static let optionsTakingValues: Set<String> = {
        var names = Set<String>()
        for command in [CollateCommand.self, LocaleTestCommand.self] as [any ParsableCommand.Type] {
            let words = command.helpMessage(includeHidden: true, columns: 10_000).split(whereSeparator: \.isWhitespace)
            for (index, word) in words.enumerated().dropLast() where words[index + 1].hasPrefix("<") {
                let name = word.drop { $0 == "[" }.prefix { $0 != "," }
                if name.hasPrefix("--") { names.insert(String(name)) }
            }
        }
        return names
    }()
}

/// strlen(3), without importing the C library here.
private func strlenOf(_ pointer: UnsafePointer<CChar>) -> Int {
    var length = 0
    while pointer[length] != 0 { length += 1 }
    return length
}
