import SectionedData
import Testing

@Suite("Prefetching")
struct SectionedDataSourcePrefetchingTests {
    /// A prefetcher that only implements the required method and records what it is told.
    final class RecordingPrefetcher: SectionedDataSourcePrefetching {
        var prefetched: [Position] = []

        func prefetchRows(at positions: [Position]) {
            prefetched += positions
        }
    }

    func source() throws -> SectionedListDataSource<String, String, String> {
        let snapshot = try Snapshot<String, String>(sections: [
            ("A", ["Anna", "Axel"]), ("B", ["Bo"]),
        ])
        return SectionedListDataSource(snapshot: snapshot) { _, name in name }
    }

    @Test("prefetching hands the items at the rows to the handler, skipping stale rows")
    func prefetch() throws {
        var source = try source()
        var prefetched: [[String]] = []
        source.prefetchHandler = { prefetched.append($0) }
        source.prefetchRows(at: [
            Position(row: 0, section: 1), Position(row: 9, section: 0),
            Position(row: 1, section: 0),
        ])
        #expect(prefetched == [["Bo", "Axel"]])
        source.prefetchRows(at: [Position(row: 0, section: 7)])
        #expect(prefetched.count == 1, "no call when every row is stale")
    }

    @Test("cancelling hands the items at the rows to the cancel handler")
    func cancel() throws {
        var source = try source()
        var cancelled: [[String]] = []
        var prefetched: [[String]] = []
        source.prefetchHandler = { prefetched.append($0) }
        source.cancelPrefetchingHandler = { cancelled.append($0) }
        source.cancelPrefetching(forRowsAt: [
            Position(row: 0, section: 0), Position(row: 5, section: 5),
        ])
        #expect(cancelled == [["Anna"]])
        #expect(prefetched.isEmpty)
        source.cancelPrefetching(forRowsAt: [])
        #expect(cancelled.count == 1)
    }

    @Test("cancelling is optional for conforming types")
    func defaultCancel() {
        let prefetcher = RecordingPrefetcher()
        prefetcher.prefetchRows(at: [Position(row: 3, section: 0)])
        prefetcher.cancelPrefetching(forRowsAt: [Position(row: 3, section: 0)])
        #expect(prefetcher.prefetched == [Position(row: 3, section: 0)])
    }
}
