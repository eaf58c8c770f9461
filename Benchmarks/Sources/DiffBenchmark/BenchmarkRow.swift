/// The figures measured for one size.
struct BenchmarkRow {
    /// The number of items in the old snapshot.
    var items: Int

    /// The number of changes `Snapshot.difference(from:)` reports.
    var changes: Int

    /// The median time to build the new snapshot with `Snapshot(sections:)`, in ms.
    var build: Double

    /// The median time of `Snapshot.difference(from:)`, in ms.
    var ours: Double

    /// The median time of `CollectionDifference`, in ms, or `nil` if it was skipped.
    var collectionDifference: Double?

    /// The estimated time of `CollectionDifference` when it was skipped, in ms.
    var estimate: Double?
}
