/// Decodes text in a named charset to UTF-8: the seam through which the readers, which are
/// pure Swift, reach a converter library.
///
/// `ContactRecords` knows where a charset is declared (a vCard's `CHARSET=` parameter, a
/// file-wide default) but converts nothing but UTF-8 itself. The command line supplies an
/// implementation backed by ICU's converters (`IndexedCollation`'s `CharsetConversion`),
/// so any ICU converter name works: SHIFT_JIS, CP932, EUC-KR, GB18030, BIG5, KOI8-R…
///
/// ```swift
/// struct ICUDecoder: CharsetDecoding {
///     func utf8(from bytes: [UInt8], charset: String, replacing: Bool) throws(CharsetDecodingFailure) -> [UInt8] {
///         do { return try CharsetConversion.utf8(from: bytes, charset: charset, replacing: replacing) }
///         catch { throw CharsetDecodingFailure(offset: error.offset) }
///     }
/// }
/// let cards = try VCardRecords(charsetDecoder: ICUDecoder()).read(bytes)
/// ```
public protocol CharsetDecoding: Sendable {
    /// Decodes `bytes` in `charset` to UTF-8.
    /// - Parameters:
    ///   - bytes: The encoded bytes.
    ///   - charset: A charset name as written in the input (`SHIFT_JIS`, `cp949`).
    ///   - replacing: Whether undecodable sequences become U+FFFD instead of an error.
    /// - Returns: The text as UTF-8.
    /// - Throws: ``CharsetDecodingFailure``: the charset is unknown, or (unless
    ///   `replacing`) where the first undecodable byte is.
    func utf8(from bytes: [UInt8], charset: String, replacing: Bool) throws(CharsetDecodingFailure) -> [UInt8]
}

/// Why a ``CharsetDecoding`` could not decode: an unknown charset (no offset) or bytes
/// that are not valid in it (their offset).
public struct CharsetDecodingFailure: Error, Sendable, Equatable {
    /// The offset of the first undecodable byte, or `nil` when the charset is unknown.
    public var offset: Int?

    /// Creates a failure.
    /// - Parameter offset: The offset of the first undecodable byte, or `nil` for an
    ///   unknown charset.
    public init(offset: Int?) {
        self.offset = offset
    }
}
