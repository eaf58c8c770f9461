/// How `--buffer-size` bounds the whole process: what the default is, and how much input
/// one sorted piece may hold so that the piece's bytes, the engine's arrays and keys, and
/// the fixed buffers (input block, output, run files) together stay within the bound.
struct MemoryBudget: Sendable, Equatable {
    /// The bound in bytes (`--buffer-size`, or ``defaultSize()``).
    let bytes: Int

    init(bytes: Int) { self.bytes = max(1, bytes) }

    /// Memory the engine needs per record beyond the record's bytes: line and key ranges,
    /// grouping table, text numbers, section, order, the sort's prefix entries and key
    /// offsets (measured: ~90 bytes at 10M distinct lines; rounded up).
    static let bytesPerLine = 112
    /// Memory per input byte: the piece itself, its ICU sort key (about as long as the
    /// text for CJK, longer for Latin) and slack for repaired (`--invalid replace`) copies.
    static let bytesPerByte = 3
    /// Memory per input byte of structured records (csv, tsv, jsonl, vcard): the piece, its
    /// table (fields, or decoded values), the keys copied out, their sort keys, and each
    /// record's output form for the run.
    static let bytesPerRecordByte = 8
    /// Fixed buffers outside any piece: a 1 MiB input block, 1 MiB output buffer, 1 MiB
    /// run writer, the merge's read blocks (bounded separately), and allocator slack.
    static let reserve = 8 << 20

    /// What one piece of `bytes` input bytes in `lines` lines costs in memory.
    static func cost(bytes: Int, lines: Int) -> Int { bytes * bytesPerByte + lines * bytesPerLine }

    /// The cost budget of one piece: the bound less the fixed buffers (a quarter of a
    /// small bound; at least 1, so tiny test buffers still make progress a line at a time).
    var pieceBudget: Int { max(1, bytes - min(Self.reserve, bytes / 4)) }

    /// The cost budget of each piece after the first when runs are written on a second
    /// thread while the next piece is read and keyed (``ExternalSort/makeRuns(first:reader:)``):
    /// two pieces are held then. The first piece is written before the second is read, so
    /// it keeps the whole budget and an input that fits the bound is still sorted in memory.
    var overlappedPieceBudget: Int { max(1, pieceBudget / 2) }

    /// Whether runs are written while the next piece is read: not under a low descriptor
    /// limit (`ulimit -n`), where the twice as many runs would need more files open.
    var overlapsRuns: Bool { mergeFanIn(longest: 0) >= ExternalSort.mergeWidth }

    /// The longest line accepted: one line is a record that must be held whole. Lines
    /// longer than the bound (with a 1 MiB floor for tiny buffers) are refused with an
    /// error naming the line instead of exhausting memory.
    var maxLineBytes: Int { max(bytes / Self.bytesPerByte, 1 << 20) }

    /// Bytes of one read block of a run during the merge of `runs` runs, so the blocks
    /// together take at most half the bound (64 KiB to 1 MiB each).
    func mergeBlock(runs: Int) -> Int { min(1 << 20, max(64 << 10, bytes / 2 / max(1, runs))) }

    /// Bytes of records per block of a run file: what the widest merge holds of each run
    /// (``mergeBlock(runs:)`` for ``ExternalSort/mergeWidth`` runs), so its read blocks
    /// stay within half the bound.
    var runBlock: Int { mergeBlock(runs: ExternalSort.mergeWidth) }

    /// Memory the run readers of one merge may hold together: half the bound, plus part
    /// of the fixed allowance, so a few long records can still be merged under a small
    /// bound.
    var mergeMemory: Int { bytes / 2 + (24 << 20) }

    /// What one run reader holds when its records are up to `longest` bytes (key and line
    /// together): its read block, which holds a long record whole, and the record's key
    /// and line (a long record's buffers are given back once it is passed).
    func readerMemory(longest: Int) -> Int { runBlock + 4096 + 2 * longest }

    /// The most runs merged at once: as many readers as ``mergeMemory`` holds beside the
    /// writer of the merged run (at least 2, at most ``ExternalSort/mergeWidth``), and
    /// few enough that the runs kept open while the input is read stay within the
    /// descriptor limit (`ulimit -n`).
    /// - Parameters:
    ///   - longest: The longest record of the runs (key and line bytes).
    ///   - descriptorLimit: RLIMIT_NOFILE, or nil when unlimited.
    func mergeFanIn(longest: Int, descriptorLimit: Int? = systemDescriptorLimit()) -> Int {
        var width = (mergeMemory - 2 * longest) / readerMemory(longest: longest)
        if let descriptorLimit {
            // Tiered merging keeps up to width - 1 runs open per level (about 6 levels at
            // width 8 for 250,000 runs), beside stdin/stdout/stderr, the input, the output
            // and the run being written.
            width = min(width, max(2, (descriptorLimit - 8) / 6))
        }
        return min(ExternalSort.mergeWidth, max(2, width))
    }

    /// The longest record (key and line bytes) that can be spilled: a merge of two runs
    /// holding such records, and its writer, fit ``mergeMemory``. A longer record is an
    /// error naming the --buffer-size it needs, never a silently exceeded bound.
    var longestSpilledRecord: Int { max(0, (mergeMemory - 2 * (runBlock + 4096)) / 6) }

    /// The smallest bound whose ``longestSpilledRecord`` is at least `record` bytes.
    static func bytesToSpill(record: Int) -> Int {
        let block = MemoryBudget(bytes: Int.max / 4).runBlock + 4096
        return max(1 << 20, 2 * (6 * record + 2 * block - (24 << 20)))
    }

    /// Address space the process needs beyond what it maps at start: a second malloc
    /// arena (64 MiB reserved), one 8 MiB stack per sorting thread, and slack.
    static func addressSpaceHeadroom(processors: Int) -> Int { (64 << 20) + processors * (8 << 20) }

    /// GNU sort's default (coreutils `default_sort_size`): the larger of the free memory
    /// and 1/8 of physical memory, but at most 3/4 of physical memory, half the data
    /// limit, half of what the address-space limit leaves beside the process's own
    /// mappings and threads (`ulimit -v`: ICU's data and the runtime already take some
    /// 70 MB of it) and 15/16 of the resident-set limit; at least 16 MiB.
    static func defaultSize(
        physical: Int? = systemPhysicalMemory(), available: Int? = systemAvailableMemory(),
        data: Int? = systemResourceLimit(.data), addressSpace: Int? = systemResourceLimit(.addressSpace),
        residentSet: Int? = systemResourceLimit(.residentSet), addressSpaceInUse: Int? = systemAddressSpaceInUse(),
        processors: Int = systemProcessorCount()
    ) -> Int {
        var size = Int.max
        if let data { size = min(size, data / 2) }
        if let addressSpace {
            let free = addressSpace - (addressSpaceInUse ?? 0) - addressSpaceHeadroom(processors: processors)
            size = min(size, max(0, free) / 2)
        }
        if let residentSet { size = min(size, residentSet / 16 * 15) }
        let total = physical ?? 1 << 30
        size = min(size, total / 4 * 3)
        size = min(size, max(available ?? 0, total / 8))
        return max(size, 16 << 20)
    }
}
