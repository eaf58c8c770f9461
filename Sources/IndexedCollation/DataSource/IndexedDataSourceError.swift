/// An error from editing an ``IndexedDataSource``, naming the record identifier at fault.
///
/// The data source is unchanged when one is thrown.
public enum IndexedDataSourceError<ID: Hashable & Sendable>: Error, Equatable, CustomStringConvertible {
    /// Two records have the same identifier: when building, two of the records given, or
    /// when inserting, the new record and one already in the data source.
    case duplicateID(ID)

    /// No record in the data source has the identifier given to remove or update.
    case unknownID(ID)

    /// A message that says what went wrong and what to do next.
    public var description: String {
        switch self {
        case .duplicateID(let id):
            return "duplicate record id \(String(reflecting: id)): every record needs its own id;"
                + " to change a record that is already there, call update(_:)"
        case .unknownID(let id):
            return "no record has id \(String(reflecting: id)): insert(_:) it first"
        }
    }
}
