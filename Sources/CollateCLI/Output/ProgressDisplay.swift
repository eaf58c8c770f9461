import SystemPackage
import SystemSupport

/// A one-line progress display on standard error for long jobs (bytes read, runs
/// written, merge percentage, elapsed time): shown only once a job has run for a second,
/// redrawn at most ten times a second, and cleared at the end.
final class Progress {
    /// Whether to show progress: `--no-progress` never; `--progress` whenever standard
    /// error is a terminal; by default only on a terminal outside CI (`CI` unset).
    static func isWanted(flag: Bool?, standardErrorIsTerminal: Bool, environment: [String: String]) -> Bool {
        guard standardErrorIsTerminal else { return false }
        if let flag { return flag }
        return (environment["CI"] ?? "").isEmpty
    }

    private let descriptor: FileDescriptor
    private let start: Double
    private let clock: () -> Double
    private var lastDraw = -1.0
    private var shown = false
    private var bytesRead = 0
    private var runs = 0
    private var merged: (done: Int, total: Int)?
    /// Every line drawn (for tests, when the descriptor is negative).
    private(set) var drawn: [String] = []

    init(descriptor: FileDescriptor, clock: @escaping () -> Double = systemMonotonicSeconds) {
        self.descriptor = descriptor
        self.clock = clock
        start = clock()
    }

    func update(bytesRead: Int, runs: Int) {
        self.bytesRead = bytesRead
        self.runs = runs
        redraw()
    }

    func update(merged done: Int, of total: Int) {
        merged = (done, total)
        redraw()
    }

    /// The text of the line for the current state.
    func line(elapsed: Double) -> String {
        var parts = ["collate: read \(Self.megabytes(bytesRead))"]
        if runs > 0 { parts.append("\(runs) run\(runs == 1 ? "" : "s") written") }
        if let merged, merged.total > 0 { parts.append("merging \(min(100, merged.done * 100 / merged.total))%") }
        parts.append(String(Int(elapsed)) + " s")
        return parts.joined(separator: ", ")
    }

    private static func megabytes(_ bytes: Int) -> String { "\(bytes >> 20) MB" }

    private func redraw() {
        let now = clock()
        let elapsed = now - start
        guard elapsed >= 1, now - lastDraw >= 0.1 else { return }
        lastDraw = now
        shown = true
        emit("\r\u{1B}[K" + line(elapsed: elapsed))
    }

    /// Clears the line, if one was drawn.
    func finish() {
        guard shown else { return }
        shown = false
        emit("\r\u{1B}[K")
    }

    private func emit(_ text: String) {
        if descriptor.rawValue < 0 {
            drawn.append(text)
            return
        }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { raw in
            _ = try? systemWrite(descriptor, UnsafeRawBufferPointer(raw))
        }
    }
}
