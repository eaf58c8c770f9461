import Synchronization

/// Counts calls from any thread: how often the data source's cell provider ran, so the page
/// and the tests can see that only rows scrolled into view are built.
final class CallCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Adds one call.
    func increment() { count.add(1, ordering: .relaxed) }

    /// The calls so far.
    var value: Int { count.load(ordering: .relaxed) }
}
