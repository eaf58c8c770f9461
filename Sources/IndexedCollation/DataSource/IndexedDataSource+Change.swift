import SectionedData

extension IndexedDataSource {
    /// What one edit of an ``IndexedDataSource`` changed: the difference to animate and the
    /// snapshot it leads to.
    ///
    /// For the snapshot `old` shown before the edit, `try old.applying(change.difference)`
    /// equals `change.snapshot()`.
    public struct Change {
        /// The changes from the snapshot before the edit to the one after it: one item
        /// inserted, deleted or moved, and a section inserted or deleted when one appears or
        /// empties. An updated record that stays shown is marked for reconfiguring.
        ///
        /// - Complexity: Built in O(1) from the edit.
        public let difference: SnapshotDifference<String, ID>

        /// The records after the edit.
        let table: SectionTable<Record, ID>

        /// The records the new snapshot marks for reconfiguring.
        let reconfiguredIDs: [ID]

        /// Returns the snapshot after the edit, with the reconfigure mark of an updated
        /// record that stayed shown.
        ///
        /// - Returns: The sections and record identifiers after the edit.
        /// - Complexity: O(*n*); the change keeps the records it needs, sharing storage with
        ///   the data source until the next edit, which then copies only what it touches.
        public func snapshot() -> Snapshot<String, ID> {
            var snapshot = table.snapshot()
            if !reconfiguredIDs.isEmpty {
                do {
                    try snapshot.reconfigureItems(reconfiguredIDs)
                } catch {
                    preconditionFailure("an updated record is missing from the snapshot: \(error)")
                }
            }
            return snapshot
        }
    }
}

/// A change holds records, so it can cross to another actor when they can.
extension IndexedDataSource.Change: Sendable where Record: Sendable {}
