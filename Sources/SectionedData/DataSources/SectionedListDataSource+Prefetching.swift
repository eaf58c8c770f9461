extension SectionedListDataSource: SectionedDataSourcePrefetching {
    /// Tells ``prefetchHandler`` the items shown at the given rows.
    ///
    /// Positions outside the data (stale ones, after a new snapshot was applied) are skipped;
    /// the handler is not called when no position is left.
    ///
    /// - Parameter positions: The rows to prepare, most urgent first.
    /// - Complexity: O(*k*), where *k* is the number of positions.
    public func prefetchRows(at positions: [Position]) {
        guard let prefetchHandler else { return }
        let items = positions.compactMap { currentSnapshot.itemIdentifier(at: $0) }
        if !items.isEmpty { prefetchHandler(items) }
    }

    /// Tells ``cancelPrefetchingHandler`` the items shown at the given rows.
    ///
    /// Positions outside the data are skipped; the handler is not called when no position is
    /// left.
    ///
    /// - Parameter positions: The rows whose preparation is no longer needed.
    /// - Complexity: O(*k*), where *k* is the number of positions.
    public func cancelPrefetching(forRowsAt positions: [Position]) {
        guard let cancelPrefetchingHandler else { return }
        let items = positions.compactMap { currentSnapshot.itemIdentifier(at: $0) }
        if !items.isEmpty { cancelPrefetchingHandler(items) }
    }
}
