internal import CCollationShims

/// Character and set properties from ICU (uscript, UnicodeSet), for index labels and
/// index titles.
enum ICUProperties {
    /// ICU's script code of a code point (0 Common, 1 Inherited, 17 Han, …).
    static func script(of scalar: Unicode.Scalar) -> Int32 { ccs_script_code(scalar.value) }

    /// How many code points and strings a UnicodeSet pattern holds, or -1 with ICU's
    /// failure in `status` (e.g. `U_MALFORMED_SET`).
    static func unicodeSetSize(_ pattern: String, status: inout Int32) -> Int32 {
        var utf8 = pattern
        return utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { ccs_unicode_set_size($0.baseAddress, Int32($0.count), &status) }
        }
    }
}
