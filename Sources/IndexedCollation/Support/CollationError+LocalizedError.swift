#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CollationError: LocalizedError {
    /// The same message as ``description``, which is what `collate` prints, so that
    /// `error.localizedDescription` names the problem and what to do next.
    public var errorDescription: String? { description }
}

extension IndexedDataSourceError: LocalizedError {
    /// The same message as ``description``, for `error.localizedDescription`.
    public var errorDescription: String? { description }
}
