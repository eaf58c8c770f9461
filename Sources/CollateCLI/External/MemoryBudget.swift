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
    /// Fixed buffers outside any piece: a 1 MiB input block, 1 MiB output buffer, 1 MiB
    /// run writer, the merge's read blocks (bounded separately), and allocator slack.
    static let reserve = 8 << 20

    /// What one piece of `bytes` input bytes in `lines` lines costs in memory.
    static func cost(bytes: Int, lines: Int) -> Int { bytes * bytesPerByte + lines * bytesPerLine }

    /// The cost budget of one piece: the bound less the fixed buffers (a quarter of a
    /// small bound; at least 1, so tiny test buffers still make progress a line at a time).
    var pieceBudget: Int { max(1, bytes - min(Self.reserve, bytes / 4)) }

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

    /// GNU sort's default (coreutils `default_sort_size`): the larger of the free memory
    /// and 1/8 of physical memory, but at most 3/4 of physical memory, half the data and
    /// address-space limits and 15/16 of the resident-set limit; at least 16 MiB.
    static func defaultSize(
        physical: Int? = systemPhysicalMemory(), available: Int? = systemAvailableMemory(),
        data: Int? = systemResourceLimit(.data), addressSpace: Int? = systemResourceLimit(.addressSpace),
        residentSet: Int? = systemResourceLimit(.residentSet)
    ) -> Int {
        var size = Int.max
        if let data { size = min(size, data) }
        if let addressSpace { size = min(size, addressSpace) }
        if size != Int.max { size /= 2 }
        if let residentSet { size = min(size, residentSet / 16 * 15) }
        let total = physical ?? 1 << 30
        size = min(size, total / 4 * 3)
        size = min(size, max(available ?? 0, total / 8))
        return max(size, 16 << 20)
    }
}
