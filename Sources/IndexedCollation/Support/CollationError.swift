#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An error from the collation layer, with a message that says what to do next.
public enum CollationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The locale is well formed but ICU has no data for its language.
    /// `suggestions` lists close locale IDs that ICU does know.
    case unknownLocale(String, suggestions: [String])
    /// The locale spelling cannot be parsed (e.g. an empty string or a malformed tag).
    case malformedLocale(String, reason: String)
    /// ICU reported a failure; `status` is ICU's symbolic error name.
    case icuFailure(operation: String, status: String)
    /// Japanese reading guesses were asked for (``LocalizedIndexedCollation`` with
    /// `personNames` for `ja`, or `guessReadings`) but no usable MeCab dictionary is
    /// installed; the message names the package to install.
    case readingDictionaryUnavailable(String)
    /// Added index labels (``IndexLabels/adding(_:)``) that are not a usable ICU UnicodeSet
    /// pattern; `reason` says why.
    case invalidLabels(String, reason: String)
    /// A pinned section title (``LocalizedIndexedCollation/Configuration/pinnedSectionTitle``)
    /// that is empty, already a title of the index (`A`, `#`), or a mark a side index draws
    /// itself (`•`, `{search}`); `reason` says which.
    case invalidSectionTitle(String, reason: String)

    /// A message that says what went wrong and what to do next, as `collate` prints it.
    public var description: String {
        switch self {
        case .unknownLocale(let locale, let suggestions):
            let hint =
                suggestions.isEmpty
                ? "" : " Did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"
            return "unknown locale '\(locale)': ICU has no locale data for it.\(hint)"
                + " Run 'collate --list-locales' to see every known locale."
        case .malformedLocale(let locale, let reason):
            return "malformed locale '\(locale)': \(reason)."
                + " Use an ICU ID (ko_KR, zh@collation=stroke) or a BCP-47 tag (ko-KR, zh-u-co-pinyin)."
        case .icuFailure(let operation, let status):
            return "ICU failed to \(operation) (\(status))."
        case .readingDictionaryUnavailable(let message):
            return message
        case .invalidLabels(let pattern, let reason):
            return "invalid index labels '\(pattern)': \(reason)."
                + " Write an ICU UnicodeSet such as '[Æ{Sch*}{St*}]' (letters, strings in braces)."
        case .invalidSectionTitle(let title, let reason):
            return "invalid pinned section title '\(title)': \(reason). Give a title of its own, such as ★."
        }
    }
}

extension CollationError: LocalizedError {
    /// The same message as ``description``, which is what `collate` prints, so that
    /// `error.localizedDescription` names the problem and what to do next.
    public var errorDescription: String? { description }
}

extension IndexedDataSourceError: LocalizedError {
    /// The same message as ``description``, for `error.localizedDescription`.
    public var errorDescription: String? { description }
}
