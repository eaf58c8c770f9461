import SectionedData

/// Errors of ``DatabaseIndexedDataSource`` itself.
public enum DatabaseIndexedDataSourceError: Error, Equatable, Sendable {
    /// The position is outside the data the data source shows.
    case positionOutOfRange(Position)
}
