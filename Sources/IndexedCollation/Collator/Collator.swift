#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A locale-aware string comparator backed by the system ICU.
///
/// A `Collator` is a cheap value: the ICU collator behind it is opened once per
/// (locale, options) and shared, and it is safe to use from many threads at once.
///
/// ```swift
/// let swedish = try Collator(locale: CollationLocale("sv_SE"))
/// ["Örjan", "Zorn", "Åsa", "Ärla"].sorted(using: swedish)
/// // ["Zorn", "Åsa", "Ärla", "Örjan"] — Å Ä Ö come after Z in Swedish
/// ```
/// The corresponding ICU API is `ucol_open` / `icu::Collator`.
public struct Collator: Sendable, SortComparator {
    let handle: CollatorHandle
    /// The order this comparator sorts in, for `SortComparator`.
    public var order: SortOrder = .forward

    /// Opens (or reuses) the collator for a locale.
    /// - Parameters:
    ///   - locale: The locale whose rules to follow.
    ///   - options: Settings that override the locale's defaults.
    /// - Throws: ``CollationError`` when ICU cannot open the collator.
    public init(locale: CollationLocale, options: CollatorOptions = CollatorOptions()) throws(CollationError) {
        handle = try CollatorHandle.shared(locale: locale, options: options)
    }

    init(handle: CollatorHandle) {
        self.handle = handle
    }

    /// Opens (or reuses) the collator for a locale spelling such as `ko_KR` or `zh-u-co-pinyin`.
    /// - Throws: ``CollationError`` for malformed or unknown locales.
    public init(locale spelling: String, options: CollatorOptions = CollatorOptions()) throws(CollationError) {
        try self.init(locale: CollationLocale(spelling), options: options)
    }

    /// The locale this collator was asked for.
    public var locale: CollationLocale { handle.locale }
    /// The options as requested (`nil` = locale default).
    public var options: CollatorOptions { handle.options }
    /// The options in effect, with the locale's defaults filled in.
    public var resolvedOptions: ResolvedCollatorOptions { handle.resolved }
    /// The locale ICU found collation data for, e.g. "ko" for `ko_KR`, or "root".
    public var dataLocale: String { handle.validLocale.isEmpty ? "root" : handle.validLocale }
    /// ICU's version of these collation rules; sort keys are stable only within one version.
    public var version: String { handle.version }

    /// Starts making, on a background thread, this collator's table-driven key writer,
    /// which writes the same bytes as ICU's `ucol_getSortKey` at a fraction of its cost
    /// per string (strings it does not model still go to ICU).
    ///
    /// Sorting 20,000 or more distinct texts starts it by itself, and keys are written by
    /// ICU until it is ready (about 20 ms of one core). Call this when many keys are coming
    /// before they are needed, for example before reading a large file, so that the table
    /// is made while the input is read. Calling it again does nothing.
    public func prepareForManyKeys() { handle.prepareSortKeys() }

    /// Compares two strings by the collator's rules.
    /// - Returns: `.orderedAscending` when `lhs` sorts first (ignoring ``order``).
    public func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        var lhs = lhs
        var rhs = rhs
        let result = lhs.withUTF8 { a in rhs.withUTF8 { b in handle.compare(a, b) } }
        let forward: ComparisonResult = result < 0 ? .orderedAscending : result > 0 ? .orderedDescending : .orderedSame
        guard order == .reverse else { return forward }
        return forward == .orderedAscending ? .orderedDescending : forward == .orderedDescending ? .orderedAscending : .orderedSame
    }

    /// The sort key of a string: comparing keys bytewise equals comparing the strings.
    /// - Complexity: O(*n*) in the length of the string; one ICU call.
    public func sortKey(for string: String) -> SortKey {
        var string = string
        var bytes = [UInt8]()
        string.withUTF8 { handle.appendSortKey(of: $0, to: &bytes) }
        return SortKey(bytes: bytes)
    }

    /// Returns whether two collators are the same: the same shared ICU collator (locale and
    /// options) and the same ``order``.
    ///
    /// - Parameters:
    ///   - lhs: A collator.
    ///   - rhs: Another collator.
    /// - Returns: `true` if both sort every pair of strings the same way for the same reason.
    public static func == (lhs: Collator, rhs: Collator) -> Bool {
        lhs.handle === rhs.handle && lhs.order == rhs.order
    }

    /// Hashes what `==` compares: the shared ICU collator and the order.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(handle))
        hasher.combine(order == .forward)
    }
}

extension Collator: CustomStringConvertible {
    /// The locale, the ICU data it resolved to, and the options that were set:
    /// `Collator(sv_SE → sv, numeric)`, `Collator(ko_KR → ko, reverse)`.
    public var description: String {
        var parts = ["\(locale.identifier) → \(dataLocale)"]
        if options != CollatorOptions() { parts.append(options.description) }
        if order == .reverse { parts.append("reverse") }
        return "Collator(\(parts.joined(separator: ", ")))"
    }
}

extension CollatorOptions: CustomStringConvertible {
    /// The settings that are set, as `collate` flags read: `numeric, alternate shifted`,
    /// or `locale defaults` when none is.
    public var description: String {
        var parts: [String] = []
        if let strength { parts.append("strength \(strength.rawValue)") }
        if let alternate { parts.append("alternate \(alternate.rawValue)") }
        if let caseFirst { parts.append("case first \(caseFirst.rawValue)") }
        if let numeric { parts.append(numeric ? "numeric" : "numeric off") }
        if let normalization { parts.append(normalization ? "normalization" : "normalization off") }
        if let caseLevel { parts.append(caseLevel ? "case level" : "case level off") }
        return parts.isEmpty ? "locale defaults" : parts.joined(separator: ", ")
    }
}
