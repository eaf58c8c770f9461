/// What `collate` leaves for the end of the process to free.
///
/// Once a run's output is written, the process ends; the kernel's teardown of its address
/// space costs less than returning every array of an in-memory document to malloc first
/// (about 5 ms of 1M lines' 170 ms, profiled). `collate`'s `main` turns this on; runs
/// inside a longer process (tests, `CollateCommand.output(for:)`) free as usual.
enum ProcessEnd {
    /// Whether the process ends after the run (set by ``CollateTool/main(arguments:)`` only).
    nonisolated(unsafe) static var endsAfterRun = false
    /// What is kept alive until the end.
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `value` alive until the process ends, when it ends after the run.
    static func keep(_ value: Any) {
        if endsAfterRun { kept.append(value) }
    }
}
