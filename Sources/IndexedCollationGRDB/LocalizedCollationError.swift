/// What went wrong between a database and the order of a `LocalizedIndexedCollation`,
/// with a message that says what to do next.
public enum LocalizedCollationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The connection has no collation by this name: it was not registered on this
    /// connection (every connection of a `DatabasePool` needs it).
    case missingCollation(String)

    /// The connection lacks the SQL functions that compute stored keys (see
    /// ``SortKeyColumns/registerFunctions(in:)``); the name is the missing function's.
    case missingKeyFunctions(String)

    /// The connection's key functions with this prefix make keys of another stamp (they
    /// were registered from another ``SortKeyColumns``, for example with other options).
    case keyFunctionsDiffer(String, registered: String, expected: String)

    /// The table's stored keys were made with another stamp (another ICU, other collation
    /// options or titles): comparing them with new keys would mis-order rows. Re-key with
    /// ``SortKeyColumns/rekeyIfNeeded(_:)``.
    case staleKeys(table: String, stored: String?, current: String)

    /// A name that cannot be used as given (collation, function, table or column name).
    case invalidName(String, reason: String)

    /// The message, naming what to do next.
    public var description: String {
        switch self {
        case .missingCollation(let name):
            "this connection has no collation '\(name)': register it on every connection, in "
                + "Configuration.prepareDatabase { db in db.add(collation: .localized(collation, name: \"\(name)\")) }"
        case .missingKeyFunctions(let name):
            "this connection has no SQL function '\(name)': call SortKeyColumns.registerFunctions(in: db) "
                + "in Configuration.prepareDatabase, for every connection"
        case .keyFunctionsDiffer(let name, let registered, let expected):
            "the connection's '\(name)_…' key functions make keys with stamp \(registered), not \(expected): "
                + "register this SortKeyColumns' functions (registerFunctions(in:)), or give each order its own name"
        case .staleKeys(let table, let stored, let current):
            "the sort keys of '\(table)' were made with stamp \(stored ?? "none"), not \(current): "
                + "re-key them with SortKeyColumns.rekeyIfNeeded(db) (in a write) before reading them in order"
        case .invalidName(let name, let reason):
            "cannot use the name '\(name)': \(reason)"
        }
    }
}
