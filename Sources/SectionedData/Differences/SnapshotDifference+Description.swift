extension SnapshotDifference: CustomStringConvertible {
    /// The changes in words, one clause per change, at most twenty:
    /// `SnapshotDifference(insert section "ㄱ" at 0 with [3]; move 5 [0, 1] → [2, 0])`,
    /// or `SnapshotDifference(no changes)`.
    public var description: String {
        func name(_ value: some Any) -> String { String(reflecting: value) }
        var clauses: [String] = []
        clauses += sectionDeletions.map { "delete section \(name($0.identifier)) at \($0.location)" }
        clauses += sectionInsertions.map {
            "insert section \(name($0.identifier)) at \($0.location) with [\($0.itemIdentifiers.map(name).joined(separator: ", "))]"
        }
        clauses += sectionMoves.map { "move section \(name($0.identifier)) \($0.source) → \($0.destination)" }
        clauses += itemDeletions.map { "delete \(name($0.identifier)) at \($0.location)" }
        clauses += itemInsertions.map { "insert \(name($0.identifier)) at \($0.location)" }
        clauses += itemMoves.map { "move \(name($0.identifier)) \($0.source) → \($0.destination)" }
        clauses += reloadedSections.map { "reload section \(name($0.identifier)) at \($0.location)" }
        clauses += reloadedItems.map { "reload \(name($0.identifier)) at \($0.location)" }
        clauses += reconfiguredItems.map { "reconfigure \(name($0.identifier)) at \($0.location)" }
        guard !clauses.isEmpty else { return "SnapshotDifference(no changes)" }
        let shown = clauses.prefix(20)
        let more = clauses.count > shown.count ? "; … \(clauses.count - shown.count) more" : ""
        return "SnapshotDifference(\(shown.joined(separator: "; "))\(more))"
    }
}
