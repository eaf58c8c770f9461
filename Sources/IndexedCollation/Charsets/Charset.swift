/// A charset ICU can decode, checked once where it is named: Shift_JIS, CP949 (Windows
/// Korean), EUC-KR, GB18030, Big5, KOI8-R, Windows-125x, UTF-16…
///
/// ```swift
/// let korean = try Charset("CP949")      // Microsoft's table, windows-949
/// korean.isASCIITransparent              // true: bytes below 0x80 are ASCII
/// let text = try korean.utf8(from: bytes)
/// try Charset("ISO-2022-JP").isASCIITransparent   // false: 7-bit escapes
/// ```
///
/// A value is valid by construction: an unknown name is refused by ``init(_:)``, never at
/// first use. Names are ICU's converter names and aliases, except that Windows code page
/// numbers (`CP949`, `cp-950`, `MS874`, `CP1252`) open Microsoft's tables (see
/// ``CharsetConversion/canonicalName(of:)``).
public struct Charset: Hashable, Sendable, CustomStringConvertible {
    /// The name as given (`"CP949"`): what messages show and converters open.
    public let name: String
    /// ICU's canonical name of the converter the name opens (`"windows-949-2000"`).
    public let canonicalName: String

    /// Checks a charset name.
    /// - Parameter name: A charset name or alias, in any case.
    /// - Throws: ``CharsetConversionError`` when ICU has no converter of that name.
    public init(_ name: String) throws(CharsetConversionError) {
        guard let canonical = CharsetConversion.canonicalName(of: name) else { throw CharsetConversionError(charset: name, offset: nil) }
        self.name = name
        canonicalName = canonical
    }

    /// UTF-8.
    public static let utf8 = Charset(checked: "UTF-8")

    private init(checked name: String) {
        self.name = name
        canonicalName = CharsetConversion.canonicalName(of: name) ?? name
    }

    /// Whether bytes in this charset need no conversion, only UTF-8 checking (UTF-8 and
    /// US-ASCII).
    public var isUTF8: Bool { CharsetConversion.isUTF8(name) }

    /// Whether every byte below 0x80 is the ASCII character (Shift_JIS, EUC-KR, Big5,
    /// Windows-125x): line ends, delimiters and quotes can be found in the raw bytes.
    /// False for 7-bit stateful charsets (ISO-2022-JP), UTF-7, HZ, EBCDIC, SCSU, UTF-16/32.
    public var isASCIITransparent: Bool { CharsetConversion.isASCIITransparent(name) }

    /// Whether a code unit is wider than a byte (UTF-16, UTF-32): the bytes must be
    /// converted as a whole, since their line ends are not single bytes.
    public var isWide: Bool {
        let upper = canonicalName.uppercased()
        return upper.hasPrefix("UTF-16") || upper.hasPrefix("UTF-32") || upper.hasPrefix("UTF16") || upper.hasPrefix("UTF32")
    }

    /// Decodes bytes in this charset to UTF-8.
    /// - Parameters:
    ///   - bytes: The encoded bytes.
    ///   - replacing: Whether undecodable sequences become U+FFFD instead of an error.
    /// - Returns: The text as UTF-8.
    /// - Throws: ``CharsetConversionError`` (unless `replacing`) with the offset of the
    ///   first undecodable sequence.
    /// - Complexity: O(*n*).
    public func utf8(from bytes: [UInt8], replacing: Bool = false) throws(CharsetConversionError) -> [UInt8] {
        try CharsetConversion.utf8(from: bytes, charset: name, replacing: replacing)
    }

    /// The name as given.
    public var description: String { name }
}
