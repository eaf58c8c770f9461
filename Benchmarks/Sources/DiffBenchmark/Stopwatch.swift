/// Times closures with the monotonic `ContinuousClock`.
enum Stopwatch {
    /// Runs `body` once and returns its result and how long it took.
    ///
    /// - Parameter body: The work to time.
    /// - Returns: The result of `body` and the elapsed time in milliseconds.
    static func time<Result>(_ body: () throws -> Result) rethrows -> (Result, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        return (result, milliseconds(clock.now - start))
    }

    /// Runs `body` `runs` times and returns the median time.
    ///
    /// `body` returns a number that must be the same in every run (a change count); the
    /// check keeps the optimizer from dropping the work and catches nondeterminism.
    ///
    /// - Parameters:
    ///   - runs: The number of runs, at least one.
    ///   - body: The work to time.
    /// - Returns: The median time in milliseconds and the number `body` returned.
    static func median(runs: Int, _ body: () -> Int) -> (milliseconds: Double, result: Int) {
        var times: [Double] = []
        var result: Int?
        for _ in 0..<max(runs, 1) {
            let (value, elapsed) = time(body)
            precondition(result == nil || result == value, "the timed work is not deterministic")
            result = value
            times.append(elapsed)
        }
        times.sort()
        let middle = times.count / 2
        let median = times.count % 2 == 1 ? times[middle] : (times[middle - 1] + times[middle]) / 2
        return (median, result ?? 0)
    }

    /// Converts a duration to milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
