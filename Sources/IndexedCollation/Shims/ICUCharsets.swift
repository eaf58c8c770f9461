internal import CCollationShims

/// ICU's converters and charset detector (ucnv, ucsdet), for ``CharsetConversion`` and
/// ``CharsetDetection``.
enum ICUCharsets {
    /// ICU's canonical converter name for a spelling, or nil when it has none.
    static func canonicalName(_ name: String) -> String? {
        var status: Int32 = 0
        let canonical = readShimString { ccs_charset_canonical_name(name, $0, $1, &status) }
        return status > 0 ? nil : canonical
    }

    /// Converts `bytes` in `charset` to UTF-8 into `output`: the bytes written, ICU's status
    /// (`U_BUFFER_OVERFLOW_ERROR` when `output` is too small) and the failing input offset.
    static func toUTF8(
        _ bytes: UnsafeBufferPointer<UInt8>, charset: String, replacing: Bool, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> (written: Int, status: Int32, errorOffset: Int32) {
        var status: Int32 = 0
        var errorOffset: Int32 = -1
        let written = ccs_charset_to_utf8(
            charset, bytes.baseAddress, Int32(bytes.count), replacing ? Int32(CCS_CHARSET_REPLACE) : Int32(CCS_CHARSET_STOP),
            output.baseAddress, Int32(output.count), &errorOffset, &status)
        return (Int(written), status, errorOffset)
    }

    /// The detector's matches as `name<TAB>language<TAB>confidence` lines, best first.
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var status: Int32 = 0
        return readShimString { ccs_charset_detect(bytes.baseAddress, Int32(bytes.count), $0, $1, &status) }
    }
}
