/// The slots of one start list (``StartPostings``), in list order, packed: about a byte a
/// slot where an array of `Int32` takes four (1.02 bytes over the 30M slots of 1M distinct
/// Korean names' lists, 1.15 with the blocks, 2026-11-28).
///
/// The slots are cut into blocks of at most ``blockLimit``; a block keeps its first slot in
/// full and each next one as its difference from the slot before, zigzag-encoded (a slot
/// inserted after the list was built may be numbered below its neighbours) in LEB128
/// bytes: in a list built at once, slots rise in list order and the differences are small.
/// Reading a list decodes its blocks in order; an insert or removal decodes and encodes
/// one block, and moves the bytes after it.
struct PackedSlots: Sendable {
    /// The most slots a block holds: an edit decodes one block; reading a slot at a place
    /// decodes up to this many.
    static let blockLimit = 128

    /// The blocks' bytes, one block after another.
    private var bytes: [UInt8] = []
    /// The blocks, in order.
    private var blocks: [Block] = []
    /// The number of slots.
    private(set) var count = 0

    /// Where a block's bytes start, its first slot and its number of slots.
    private struct Block {
        var offset: Int
        var first: Int32
        var count: Int32
    }

    /// An empty list.
    init() {}

    /// A list of slots in list order, its storage of the exact size (a list built at once
    /// is never grown: arrays grown block by block held about 40 % more than their bytes,
    /// 49 against 34 bytes a record over 1M distinct Korean names' lists, 2026-11-28).
    init(_ slots: some Collection<Int32>) {
        let blockCount = (slots.count + Self.blockLimit - 1) / Self.blockLimit
        var byteCount = 0
        var (previous, place) = (Int32(0), 0)
        for slot in slots {
            if place % Self.blockLimit != 0 { byteCount += Self.encodedSize(slot &- previous) }
            (previous, place) = (slot, place + 1)
        }
        count = slots.count
        guard let first = slots.first else { return }
        guard byteCount > 0 else {
            // One slot: no bytes (an empty array is the runtime's shared storage, and lists
            // are built on many threads at once: a count stored into it is a race).
            blocks = [Block(offset: 0, first: first, count: 1)]
            return
        }
        // The bytes written in place, at their size (an append a byte checked the array's
        // storage each time; a million names' lists hold 30M slots).
        var made: [Block] = []
        made.reserveCapacity(blockCount)
        let encoded = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            var at = 0
            (previous, place) = (0, 0)
            for slot in slots {
                if place % Self.blockLimit == 0 {
                    made.append(Block(offset: at, first: slot, count: Int32(min(Self.blockLimit, count - place))))
                } else {
                    Self.encodeDifference(slot &- previous) { byte in
                        buffer[at] = byte
                        at += 1
                    }
                }
                (previous, place) = (slot, place + 1)
            }
            precondition(at == byteCount, "the slots changed while they were packed")
            initialized = at
        }
        (bytes, blocks) = (encoded, made)
    }

    /// Whether the list has no slots.
    var isEmpty: Bool { count == 0 }

    /// The slots, in list order.
    /// - Complexity: O(*n*), a few nanoseconds a slot.
    var slots: [Int32] {
        [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBufferPointer { bytes in
                var written = 0
                for (index, block) in blocks.enumerated() {
                    Self.decode(block, from: bytes.baseAddress, end: end(of: index), into: buffer.baseAddress.unsafelyUnwrapped + written)
                    written += Int(block.count)
                }
            }
            initialized = count
        }
    }

    /// The bytes the list holds.
    var memoryFootprint: Int { bytes.capacity + blocks.capacity * MemoryLayout<Block>.stride }

    /// Inserts a slot at the place of the first slot that `precedes` does not put before it
    /// (the list is ordered by `precedes`).
    /// - Parameters:
    ///   - slot: The slot.
    ///   - precedes: Whether a slot of the list comes before `slot`.
    mutating func insert(_ slot: Int32, after precedes: (Int32) -> Bool) {
        count += 1
        guard !blocks.isEmpty else {
            appendBlock([slot])
            return
        }
        // The last block whose first slot comes before, else the first block.
        let index = max(0, blockCount(whereFirst: precedes) - 1)
        var block = decoded(index)
        let at = block.firstIndex { !precedes($0) } ?? block.count
        block.insert(slot, at: at)
        if block.count > Self.blockLimit {
            let half = block.count / 2
            replaceBlock(index, with: [Array(block[..<half]), Array(block[half...])])
        } else {
            replaceBlock(index, with: [block])
        }
    }

    /// Removes a slot.
    ///
    /// No two slots of a list may have the same place in its order (section title and
    /// row): the search stops at the first slot past the removed one's place.
    /// - Parameters:
    ///   - slot: The slot.
    ///   - precedes: Whether a slot of the list comes before `slot` (the list's order).
    /// - Returns: Whether the slot was there.
    @discardableResult
    mutating func remove(_ slot: Int32, after precedes: (Int32) -> Bool) -> Bool {
        let candidates = max(0, blockCount(whereFirst: precedes) - 1)..<blocks.count
        for index in candidates {
            var block = decoded(index)
            if let at = block.firstIndex(of: slot) {
                block.remove(at: at)
                replaceBlock(index, with: block.isEmpty ? [] : [block])
                count -= 1
                return true
            }
            // Past the slot's place: it is not in the list.
            if let last = block.last, !precedes(last) { break }
        }
        return false
    }

    /// The number of blocks whose first slot comes before (a binary search).
    private func blockCount(whereFirst precedes: (Int32) -> Bool) -> Int {
        var (low, high) = (0, blocks.count)
        while low < high {
            let middle = (low + high) / 2
            if precedes(blocks[middle].first) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A block's slots.
    private func decoded(_ index: Int) -> [Int32] {
        let block = blocks[index]
        return [Int32](unsafeUninitializedCapacity: Int(block.count) + 1) { buffer, initialized in
            let blockEnd = end(of: index)
            bytes.withUnsafeBufferPointer {
                Self.decode(block, from: $0.baseAddress, end: blockEnd, into: buffer.baseAddress.unsafelyUnwrapped)
            }
            initialized = Int(block.count)
        }
    }

    /// Where the bytes of block `index` end: where the next block's start, or at the end.
    private func end(of index: Int) -> Int { index + 1 < blocks.count ? blocks[index + 1].offset : bytes.count }

    /// Appends a block of slots at the end (its slots counted by the caller).
    private mutating func appendBlock(_ slots: [Int32]) {
        blocks.append(Block(offset: bytes.count, first: slots[0], count: Int32(slots.count)))
        Self.encode(slots, into: &bytes)
    }

    /// Puts blocks of slots in the place of one block, moving the bytes after it.
    private mutating func replaceBlock(_ index: Int, with replacements: [[Int32]]) {
        let (start, blockEnd) = (blocks[index].offset, end(of: index))
        var encoded: [UInt8] = []
        var made: [Block] = []
        for slots in replacements {
            made.append(Block(offset: start + encoded.count, first: slots[0], count: Int32(slots.count)))
            Self.encode(slots, into: &encoded)
        }
        bytes.replaceSubrange(start..<blockEnd, with: encoded)
        let shift = encoded.count - (blockEnd - start)
        blocks.replaceSubrange(index...index, with: made)
        if shift != 0 {
            for later in (index + made.count)..<blocks.count { blocks[later].offset += shift }
        }
    }

    /// A difference between slots zigzag-encoded: 0, -1, 1, -2, … as 0, 1, 2, 3, …, so
    /// small differences of either sign take few LEB128 bytes.
    @inline(__always)
    private static func zigzag(_ difference: Int32) -> UInt32 { UInt32(bitPattern: (difference << 1) ^ (difference >> 31)) }

    /// The difference a zigzag-encoded value stands for (``zigzag(_:)``).
    @inline(__always)
    private static func unzigzag(_ value: UInt32) -> Int32 { Int32(bitPattern: (value >> 1) ^ (0 &- (value & 1))) }

    /// The bytes ``encodeDifference(_:_:)`` writes for a difference between slots.
    @inline(__always)
    private static func encodedSize(_ difference: Int32) -> Int {
        let value = zigzag(difference)
        return value < 1 << 7 ? 1 : value < 1 << 14 ? 2 : value < 1 << 21 ? 3 : value < 1 << 28 ? 4 : 5
    }

    /// Appends the encoding of a block's slots after its first: each one's difference from
    /// the one before (wrapping, so any two slots differ by at most 32 bits), zigzag, then
    /// LEB128 (seven bits a byte, the high bit set on all but the last).
    private static func encode(_ slots: [Int32], into bytes: inout [UInt8]) {
        var previous = slots[0]
        for slot in slots.dropFirst() {
            encodeDifference(slot &- previous) { bytes.append($0) }
            previous = slot
        }
    }

    /// Gives `write` the bytes of one difference between slots, in order: zigzag, then
    /// LEB128 (seven bits a byte, the high bit set on all but the last); as many as
    /// ``encodedSize(_:)`` counts.
    @inline(__always)
    private static func encodeDifference(_ difference: Int32, _ write: (UInt8) -> Void) {
        var value = zigzag(difference)
        while value >= 0x80 {
            write(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        write(UInt8(value))
    }

    /// Writes a block's slots, in order, from its first.
    /// - Parameters:
    ///   - bytes: The list's bytes (nil only when the list has none, as when every block
    ///     has one slot).
    ///   - end: Where the block's bytes end.
    ///   - target: Room for the block's slots.
    @inline(__always)
    private static func decode(
        _ block: Block, from bytes: UnsafePointer<UInt8>?, end: Int, into target: UnsafeMutablePointer<Int32>
    ) {
        var slot = block.first
        target[0] = slot
        var position = block.offset
        var index = 1
        if end - position == Int(block.count) - 1 {
            // A byte a slot (most blocks of a list built at once): no byte continues.
            let source = bytes.unsafelyUnwrapped + position - 1
            while index < Int(block.count) {
                let value = UInt32(source[index])
                slot = slot &+ unzigzag(value)
                target[index] = slot
                index += 1
            }
            return
        }
        while index < Int(block.count) {
            let source = bytes.unsafelyUnwrapped
            var byte = source[position]
            position += 1
            var value = UInt32(byte & 0x7F)
            var shift: UInt32 = 7
            while byte >= 0x80 {
                byte = source[position]
                position += 1
                value |= UInt32(byte & 0x7F) << shift
                shift += 7
            }
            slot = slot &+ unzigzag(value)
            target[index] = slot
            index += 1
        }
    }
}
