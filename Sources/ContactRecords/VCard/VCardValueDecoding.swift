/// Decoding a vCard property value: quoted-printable, the `CHARSET`, UTF-8 checking,
/// and text escapes (`\,` `\;` `\n` `\\`) with `;`-separated components.
enum VCardValueDecoding {
    /// The charsets read as UTF-8 (ASCII is a subset).
    static let utf8Names: Set<String> = ["UTF-8", "UTF8", "US-ASCII", "ASCII"]
    /// The charsets read as ISO-8859-1 (with the Windows-1252 letters in 0x80–0x9F).
    static let latin1Names: Set<String> = ["ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "LATIN-1", "WINDOWS-1252", "CP1252"]

    /// The value's bytes as UTF-8 text, still with its text escapes.
    /// - Throws: ``RecordError`` for bad quoted-printable, an unsupported charset holding
    ///   non-ASCII bytes, or invalid UTF-8 (under ``InvalidUTF8Handling/error``).
    static func decodedBytes(of property: VCardContentLine, invalidUTF8: InvalidUTF8Handling) throws(RecordError) -> [UInt8] {
        var bytes = property.value
        if property.isQuotedPrintable { bytes = try quotedPrintableDecoded(bytes, property: property) }
        let valid = bytes.withUnsafeBufferPointer { UTF8Check.firstProblem(in: $0) }
        guard let problem = valid else { return bytes }
        let charset = property.charset
        if let charset, latin1Names.contains(charset) { return latin1Decoded(bytes) }
        if let charset, !utf8Names.contains(charset) {
            throw RecordError(
                line: property.line,
                message: "\(property.name) is in CHARSET=\(charset), which is not supported; expected UTF-8 or ISO-8859-1 "
                    + "(convert the file, e.g. iconv -f \(charset) -t UTF-8, and remove the CHARSET parameters)")
        }
        switch invalidUTF8 {
        case .replace: return UTF8Check.repaired(bytes)
        case .error:
            let what = bytes[problem] == 0 ? "a NUL byte" : "invalid UTF-8 (byte 0x\(String(bytes[problem], radix: 16, uppercase: true)))"
            throw RecordError(
                line: property.line,
                message: "\(what) at byte \(problem) of the \(property.isQuotedPrintable ? "decoded " : "")value of \(property.name); "
                    + "expected UTF-8 text or a CHARSET parameter (convert the file, e.g. iconv -f LATIN1 -t UTF-8, or use --invalid replace)")
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

    /// ISO-8859-1 bytes as UTF-8, reading 0x80–0x9F as Windows-1252 does (€, smart quotes…).
    static func latin1Decoded(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            if byte < 0x80 {
                out.append(byte)
                continue
            }
            var scalar = UInt32(byte)
            if byte < 0xA0 { scalar = windows1252[Int(byte - 0x80)] }
            out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        }
        return out
    }

    /// Windows-1252's characters for 0x80–0x9F (undefined ones stay C1 controls).
    static let windows1252: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

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
