/// A type that prepares the data of rows before they are shown, such as decoding pictures or
/// fetching records, and stops when they no longer will be.
///
/// This is the counterpart of UIKit's `UITableViewDataSourcePrefetching`. A scrolling
/// front end calls ``prefetchRows(at:)`` for rows about to appear and
/// ``cancelPrefetching(forRowsAt:)`` for rows that scrolled out of reach before appearing.
/// Positions may be stale: an implementation skips those outside its data.
public protocol SectionedDataSourcePrefetching {
    /// Starts preparing the data of rows that will be shown soon.
    ///
    /// - Parameter positions: The rows to prepare, most urgent first.
    func prefetchRows(at positions: [Position])

    /// Stops preparing the data of rows that will not be shown after all.
    ///
    /// The default implementation does nothing.
    ///
    /// - Parameter positions: The rows whose preparation is no longer needed.
    func cancelPrefetching(forRowsAt positions: [Position])
}

extension SectionedDataSourcePrefetching {
    /// Does nothing; prefetching runs to completion unless a conforming type cancels it.
    ///
    /// - Parameter positions: The rows whose preparation is no longer needed.
    public func cancelPrefetching(forRowsAt positions: [Position]) {}
}
