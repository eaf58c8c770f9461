import IndexedCollation
import SystemSupport

/// How `--buffer-size` bounds the whole process: the library's share-out of a bound
/// (``SpillBudget``: pieces, merge blocks, fan-in, the longest record), plus what only
/// the tool needs: its default size and its input's limits.
extension SpillBudget {
    /// Memory per input byte of structured records (csv, tsv, jsonl, vcard): the piece, its
    /// table (fields, or decoded values), the keys copied out, their sort keys, and each
    /// record's output form for the run.
    static let bytesPerRecordByte = 8

    /// The longest line accepted: one line is a record that must be held whole. Lines
    /// longer than the bound (with a 1 MiB floor for tiny buffers) are refused with an
    /// error naming the line instead of exhausting memory.
    var maxLineBytes: Int { max(bytes / Self.bytesPerByte, 1 << 20) }

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
