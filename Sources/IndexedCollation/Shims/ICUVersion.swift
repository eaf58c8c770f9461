internal import CCollationShims

/// Versions of the ICU library and data this toolkit runs on.
///
/// Sort keys and index labels can change between ICU releases; record these next to any
/// stored keys or golden files.
public enum ICUVersion {
    /// The ICU library version, e.g. "72.1".
    public static var icu: String {
        String(cString: ccs_icu_version())
    }
    /// The Unicode version of ICU's character data, e.g. "15.0".
    public static var unicode: String {
        String(cString: ccs_unicode_version())
    }
    /// The version of the Unicode Collation Algorithm data of ICU's root collation, e.g. "15.0".
    public static let uca: String = rootCollationVersion()

    private static func rootCollationVersion() -> String {
        readShimString { ccs_uca_version($0, $1) }
    }
}
