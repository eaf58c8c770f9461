import SectionedData

/// What changed in a ``DatabaseIndexedDataSource`` after database writes: the difference
/// to animate, or a reload when the changes are too many to list (or the keys were
/// re-keyed).
public enum DatabaseIndexedChange: Sendable, Equatable {
    /// The changes from the rows shown before to the rows after: sections identified by
    /// their titles, rows by their row ids, with the rules of `SnapshotDifference`
    /// (deletions at old positions, everything else at new positions). A row whose text
    /// changed is moved (and reconfigured); a row whose other columns changed is reconfigured.
    case difference(SnapshotDifference<String, Int64>)

    /// Too many rows changed at once (more than the data source lists one by one, or more
    /// than the change log keeps), or the table was re-keyed: reload everything.
    case reload
}
