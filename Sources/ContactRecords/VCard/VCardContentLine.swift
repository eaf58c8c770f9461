/// One unfolded vCard content line: `[group "."] name *(";" param) ":" value`.
struct VCardContentLine {
    /// One parameter: `TYPE=HOME,WORK` has the name `TYPE` and two values; a vCard 2.1 bare
    /// parameter (`HOME`, `QUOTED-PRINTABLE`) has an empty name and itself as its value.
    struct Parameter {
        var name: String
        var values: [String]
    }

    /// The property group (`item1` of `item1.TEL`), if any.
    var group: String?
    /// The property name, upper-cased (names are case-insensitive).
    var name: String
    var parameters: [Parameter]
    /// The value exactly as written (still encoded and escaped).
    var value: [UInt8]
    /// The 1-based physical line where the property starts.
    var line: Int
    /// The offset in the logical line of the `:` that ends the name and parameters (a `:`
    /// inside a quoted parameter value is no end).
    var colon: Int = 0

    /// Parses a logical line; `nil` when it has no `:` (not a property).
    init?(_ bytes: [UInt8], line: Int) {
        self.line = line
        var position = 0
        let count = bytes.count
        while position < count && bytes[position] != UInt8(ascii: ";") && bytes[position] != UInt8(ascii: ":") { position += 1 }
        guard position < count else { return nil }
        let fullName = Self.upper(bytes[0..<position]).trimmingSpaces
        if let dot = fullName.lastIndex(of: ".") {
            group = String(fullName[..<dot])
            name = String(fullName[fullName.index(after: dot)...])
        } else {
            group = nil
            name = fullName
        }
        parameters = []
        while position < count && bytes[position] == UInt8(ascii: ";") {
            position += 1
            var parameter = Parameter(name: "", values: [])
            var current = [UInt8]()
            var quoted = false
            var sawEquals = false
            var wasQuoted = false
            while position < count {
                let byte = bytes[position]
                if quoted {
                    if byte == UInt8(ascii: "\"") { quoted = false } else { current.append(byte) }
                } else if byte == UInt8(ascii: "\"") {
                    quoted = true
                    wasQuoted = true
                } else if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                    break
                } else if byte == UInt8(ascii: "=") && !sawEquals {
                    parameter.name = Self.upper(current[...]).trimmingSpaces
                    current.removeAll()
                    sawEquals = true
                } else if byte == UInt8(ascii: ",") && sawEquals {
                    parameter.values.append(Self.caretDecoded(current, quoted: wasQuoted))
                    current.removeAll()
                    wasQuoted = false
                } else {
                    current.append(byte)
                }
                position += 1
            }
            parameter.values.append(Self.caretDecoded(current, quoted: wasQuoted))
            if !sawEquals { parameter.values = parameter.values.map { $0.uppercased() } }
            parameters.append(parameter)
        }
        guard position < count, bytes[position] == UInt8(ascii: ":") else { return nil }
        colon = position
        value = Array(bytes[(position + 1)...])
    }

    /// The values of every parameter called `name` (case-insensitive), in order.
    func values(of parameterName: String) -> [String] {
        parameters.filter { $0.name == parameterName }.flatMap(\.values)
    }

    /// Whether a parameter says `ENCODING=<one of encodings>` or is a bare 2.1 `<encoding>`.
    func hasEncoding(_ encodings: Set<String>) -> Bool {
        parameters.contains { parameter in
            (parameter.name == "ENCODING" || parameter.name.isEmpty) && parameter.values.contains { encodings.contains($0.uppercased()) }
        }
    }

    var isQuotedPrintable: Bool { hasEncoding(Self.quotedPrintableNames) }
    var isBase64: Bool { hasEncoding(Self.base64Names) }
    /// Whether the value is binary data, never text: base64, or the raw bytes some vCard
    /// 2.1 exporters write into a `PHOTO`, `LOGO`, `KEY` or `SOUND` (not `X-IRMC-N`, a
    /// reading) value that is not UTF-8 (a JPEG's `FF D8 FF E0 00 10 JFIF 00…`). Such a
    /// value is neither decoded nor a clue to the file's charset. (`ENCODING=8BIT` is
    /// 8-bit text, not binary: Nokia and Android write it on names.)
    var isBinary: Bool {
        if isBase64 { return true }
        guard Self.binaryProperties.contains(name), !parameters.contains(where: { $0.values.contains("X-IRMC-N") }) else { return false }
        return !UTF8Check.isValid(value[...])
    }
    static let binaryProperties: Set<String> = ["PHOTO", "LOGO", "KEY", "SOUND"]
    static let quotedPrintableNames: Set<String> = ["QUOTED-PRINTABLE", "QP"]
    static let base64Names: Set<String> = ["B", "BASE64"]
    var charset: String? { values(of: "CHARSET").first?.uppercased() }

    /// The values of a `SORT-AS` parameter, split at commas (`SORT-AS="Harten,Rene"`).
    var sortAs: [String] {
        values(of: "SORT-AS").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    static func upper<C: Collection<UInt8>>(_ bytes: C) -> String {
        String(decoding: bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// RFC 6868: `^n` is a line feed, `^'` a double quote, `^^` a caret (quoted values only,
    /// where the encoding is meant to be used).
    static func caretDecoded(_ bytes: [UInt8], quoted: Bool) -> String {
        guard quoted, bytes.contains(UInt8(ascii: "^")) else { return String(decoding: bytes, as: UTF8.self).trimmingSpaces }
        var out = [UInt8]()
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "^") && index + 1 < bytes.count {
                switch bytes[index + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "N"): out.append(0x0A); index += 2; continue
                case UInt8(ascii: "'"): out.append(UInt8(ascii: "\"")); index += 2; continue
                case UInt8(ascii: "^"): out.append(UInt8(ascii: "^")); index += 2; continue
                default: break
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        guard let first = utf8.first, let last = utf8.last, first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
