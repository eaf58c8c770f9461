import SystemSupport

/// How a memory bound in bytes is shared out by the external sort: how much of it one
/// sorted piece may take (its bytes, the engine's arrays and keys), and how the merge's
/// read blocks, its fan-in and the longest record it can hold follow from it, so that the
/// whole sort stays within the bound whatever the input size.
///
/// `collate --buffer-size` is such a bound for the whole process (the tool adds its
/// input and output buffers and its default size, GNU sort's, in `SpillBudget`).
package struct SpillBudget: Sendable, Equatable {
    /// The bound in bytes.
    package let bytes: Int

    package init(bytes: Int) { self.bytes = max(1, bytes) }

    /// Memory the engine needs per record beyond the record's bytes: line and key ranges,
    /// grouping table, text numbers, section, order, the sort's prefix entries and key
    /// offsets (measured: ~90 bytes at 10M distinct lines; rounded up).
    package static let bytesPerLine = 112
    /// Memory per input byte: the piece itself, its ICU sort key (about as long as the
    /// text for CJK, longer for Latin) and slack for repaired (`--invalid replace`) copies.
    package static let bytesPerByte = 3
    /// Fixed buffers outside any piece: a 1 MiB input block, 1 MiB output buffer, 1 MiB
    /// run writer, the final merge's batches of short records (``MergeAhead``: two of
    /// about 320 KiB for each of its one or two merging threads), the merge's read blocks
    /// (bounded separately), and allocator slack.
    package static let reserve = 8 << 20
    /// The most runs merged at once; more are first merged into one run (so the number
    /// of open files stays small whatever the input size and bound).
    package static let mergeWidth = 64

    /// What one piece of `bytes` input bytes in `lines` lines costs in memory.
    package static func cost(bytes: Int, lines: Int) -> Int { bytes * bytesPerByte + lines * bytesPerLine }

    /// The cost budget of one piece: the bound less the fixed buffers (a quarter of a
    /// small bound; at least 1, so tiny test buffers still make progress a line at a time).
    package var pieceBudget: Int { max(1, bytes - min(Self.reserve, bytes / 4)) }

    /// The cost budget of each piece after the first when runs are written on a second
    /// thread while the next piece is read and keyed: two pieces are held then. The first
    /// piece is written before the second is read, so it keeps the whole budget and an
    /// input that fits the bound is still sorted in memory.
    package var overlappedPieceBudget: Int { max(1, pieceBudget / 2) }

    /// Whether runs are written while the next piece is read: not under a low descriptor
    /// limit (`ulimit -n`), where the twice as many runs would need more files open.
    package var overlapsRuns: Bool { mergeFanIn(longest: 0) >= Self.mergeWidth }

    /// Bytes of one read block of a run during the merge of `runs` runs, so the blocks
    /// together take at most half the bound (64 KiB to 1 MiB each).
    package func mergeBlock(runs: Int) -> Int { min(1 << 20, max(64 << 10, bytes / 2 / max(1, runs))) }

    /// Bytes of records per block of a run file: what the widest merge holds of each run
    /// (``mergeBlock(runs:)`` for ``mergeWidth`` runs), so its read blocks stay within
    /// half the bound.
    package var runBlock: Int { mergeBlock(runs: Self.mergeWidth) }

    /// Memory the run readers of one merge may hold together: half the bound, plus part
    /// of the fixed allowance, so a few long records can still be merged under a small
    /// bound.
    package var mergeMemory: Int { bytes / 2 + (24 << 20) }

    /// What one run reader holds when its records are up to `longest` bytes (key and line
    /// together): its read block, which holds a long record whole, and the record's key
    /// and line (a long record's buffers are given back once it is passed).
    package func readerMemory(longest: Int) -> Int { runBlock + 4096 + 2 * longest }

    /// The most runs merged at once: as many readers as ``mergeMemory`` holds beside the
    /// writer of the merged run (at least 2, at most ``mergeWidth``), and few enough that
    /// the runs kept open while the input is read stay within the descriptor limit
    /// (`ulimit -n`).
    /// - Parameters:
    ///   - longest: The longest record of the runs (key and line bytes).
    ///   - descriptorLimit: RLIMIT_NOFILE, or nil when unlimited.
    package func mergeFanIn(longest: Int, descriptorLimit: Int? = systemDescriptorLimit()) -> Int {
        var width = (mergeMemory - 2 * longest) / readerMemory(longest: longest)
        if let descriptorLimit {
            // Tiered merging keeps up to width - 1 runs open per level (about 6 levels at
            // width 8 for 250,000 runs), beside stdin/stdout/stderr, the input, the output
            // and the run being written.
            width = min(width, max(2, (descriptorLimit - 8) / 6))
        }
        return min(Self.mergeWidth, max(2, width))
    }

    /// The longest record (key and line bytes) that can be spilled: a merge of two runs
    /// holding such records, and its writer, fit ``mergeMemory``. A longer record is an
    /// error naming the bound it needs, never a silently exceeded bound.
    package var longestSpilledRecord: Int { max(0, (mergeMemory - 2 * (runBlock + 4096)) / 6) }

    /// The smallest bound whose ``longestSpilledRecord`` is at least `record` bytes.
    package static func bytesToSpill(record: Int) -> Int {
        let block = SpillBudget(bytes: Int.max / 4).runBlock + 4096
        return max(1 << 20, 2 * (6 * record + 2 * block - (24 << 20)))
    }
}
