/// The times of many runs of one operation, in milliseconds.
public struct Latencies {
    public private(set) var milliseconds: [Double] = []

    /// No times yet, or the times of earlier runs.
    public init(milliseconds: [Double] = []) { self.milliseconds = milliseconds }

    /// Runs `body` once and adds how long it took.
    ///
    /// - Parameter body: The operation to time.
    /// - Returns: What `body` returned.
    public mutating func time<Result>(_ body: () throws -> Result) rethrows -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let (seconds, attoseconds) = (clock.now - start).components
        milliseconds.append(Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
        return result
    }

    /// The time that `fraction` of the runs took at most (0.5: the median, 0.99: p99).
    public func percentile(_ fraction: Double) -> Double {
        let sorted = milliseconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    /// The time in milliseconds with three decimals, e.g. `0.004`.
    public static func format(_ milliseconds: Double) -> String {
        let thousandths = Int((milliseconds * 1_000).rounded())
        let fraction = String(thousandths % 1_000)
        return "\(thousandths / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
