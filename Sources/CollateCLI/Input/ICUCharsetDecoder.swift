import ContactRecords
import IndexedCollation

/// `ContactRecords`' charset seam, backed by ICU's converters through `IndexedCollation`
/// (the only module that calls ICU): any ICU converter name or alias decodes.
struct ICUCharsetDecoder: CharsetDecoding {
    func utf8(from bytes: [UInt8], charset: String, replacing: Bool) throws(CharsetDecodingFailure) -> [UInt8] {
        do {
            return try CharsetConversion.utf8(from: bytes, charset: charset, replacing: replacing)
        } catch {
            throw CharsetDecodingFailure(offset: error.offset)
        }
    }
}
