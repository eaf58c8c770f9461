/// Decoding a vCard property value: quoted-printable, the `CHARSET` (through a
/// ``CharsetDecoding``), UTF-8 checking, and text escapes (`\,` `\;` `\n` `\\`) with
/// `;`-separated components.
enum VCardValueDecoding {
    /// The charsets read as UTF-8 (ASCII is a subset).
    static let utf8Names: Set<String> = ["UTF-8", "UTF8", "US-ASCII", "ASCII"]
    /// ISO-8859-1, read without a decoder (each byte is the code point of the same value).
    static let latin1Names: Set<String> = ["ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "LATIN-1"]

    /// The value's bytes as UTF-8 text, still with its text escapes.
    /// - Throws: ``RecordError`` for bad quoted-printable, a charset that cannot decode
    ///   the value, or invalid UTF-8 (under ``InvalidUTF8Handling/error``).
    static func decodedBytes(of property: VCardContentLine, charsets: VCardCharsets) throws(RecordError) -> [UInt8] {
        var bytes = property.value
        if property.isQuotedPrintable { bytes = try quotedPrintableDecoded(bytes, property: property) }
        let valid = bytes.withUnsafeBufferPointer { UTF8Check.firstProblem(in: $0) }
        let declared = property.charset.flatMap { utf8Names.contains($0) ? nil : $0 }
        // A declared charset decodes even valid-looking bytes (UTF-16, ISO-2022-JP's escapes);
        // so does the file's charset for values that declare none. A value declared UTF-8
        // falls back to the default charset only when it is not UTF-8.
        let charset: String?
        if let declared {
            charset = declared
        } else if property.charset == nil {
            charset = charsets.undeclaredCharset(of: bytes, validUTF8: valid == nil)
        } else {
            charset = valid == nil ? nil : charsets.defaultCharset
        }
        if let charset {
            return try charsets.decode(bytes, charset: charset, line: property.line, what: property.name, declared: declared != nil)
        }
        guard let problem = valid else { return bytes }
        switch charsets.invalidUTF8 {
        case .replace: return UTF8Check.repaired(bytes)
        case .error:
            let what = bytes[problem] == 0 ? "a NUL byte" : "invalid UTF-8 (byte 0x\(String(bytes[problem], radix: 16, uppercase: true)))"
            throw RecordError(
                line: property.line,
                message: "\(what) at byte \(problem) of the \(property.isQuotedPrintable ? "decoded " : "")value of \(property.name); "
                    + "expected UTF-8 text or a CHARSET parameter (give the file's charset with --encoding NAME, e.g. "
                    + "--encoding SHIFT_JIS or --encoding WINDOWS-1252, or use --invalid replace)"
            )
        }
    }

    /// Undoes quoted-printable: `=XX` is a byte; a `=` at the very end is a leftover soft
    /// line break. Soft breaks inside were already joined by ``VCardUnfolding``.
    static func quotedPrintableDecoded(_ bytes: [UInt8], property: VCardContentLine) throws(RecordError) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "=") else {
                out.append(byte)
                index += 1
                continue
            }
            if index + 1 == bytes.count { break }
            guard index + 2 < bytes.count, let high = JSONFlattener.hexValue(bytes[index + 1]),
                let low = JSONFlattener.hexValue(bytes[index + 2])
            else {
                let found = bytes[(index + 1)..<min(index + 3, bytes.count)]
                throw RecordError(
                    line: property.line,
                    message: "bad quoted-printable in \(property.name): expected two hexadecimal digits after '=' at byte \(index) "
                        + "of the value, found '\(String(decoding: found, as: UTF8.self))' (write '=' itself as =3D)")
            }
            out.append(high << 4 | low)
            index += 3
        }
        return out
    }

    /// The components of a structured text value (`N`, `ORG`), split at unescaped `;`,
    /// each unescaped.
    static func components(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts = [[UInt8]]()
        var current = [UInt8]()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && index + 1 < bytes.count {
                appendEscape(bytes[index + 1], to: &current)
                index += 2
                continue
            }
            if byte == UInt8(ascii: ";") {
                parts.append(current)
                current.removeAll()
            } else {
                current.append(byte)
            }
            index += 1
        }
        parts.append(current)
        return parts
    }

    /// A text value with its escapes resolved (a `;` stays as written).
    static func unescaped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\\")) else { return bytes }
        var out = [UInt8]()
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") && index + 1 < bytes.count {
                appendEscape(bytes[index + 1], to: &out)
                index += 2
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// `\n`/`\N` → line feed; `\\` `\,` `\;` `\:` → the character; any other backslash is
    /// kept as written (a Windows path in a note).
    static func appendEscape(_ escaped: UInt8, to out: inout [UInt8]) {
        switch escaped {
        case UInt8(ascii: "n"), UInt8(ascii: "N"): out.append(0x0A)
        case UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"): out.append(escaped)
        default: out.append(contentsOf: [UInt8(ascii: "\\"), escaped])
        }
    }
}
