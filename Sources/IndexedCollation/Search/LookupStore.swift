/// The lookups of a ``SearchIndex`` in one contiguous store: every lookup's weights one
/// after another in one array, their marks in another, so that a search checks its
/// candidates' lookups by reading two arrays, without two allocations per record.
///
/// A weight's marks take 32 bits (``pack(_:)``) when its key's UTF-8 range is inside the
/// first 1,024 bytes, as in any name; a lookup with a weight beyond keeps 64 bits a weight
/// in a store of its own (``wideInfo``).
///
/// A lookup has a number, kept while the lookup lives; records with identical texts share
/// one (it counts its records), and a lookup whose last record goes is dropped: its number
/// is reused, and its weights are reclaimed once dropped weights outnumber the live ones.
struct LookupStore: Sendable {
    private(set) var weights: [UInt32] = []
    /// The packed marks of each weight (``pack(_:)``; 0 for a wide lookup's weights).
    private(set) var info: [UInt32] = []
    /// The marks of wide lookups (a weight beyond 1,024 bytes), by lookup number.
    private var wideInfo: [Int32: [UInt64]] = [:]
    /// For each lookup number: where its weights start, how many, its start signature and
    /// how many records share it (0 for a dropped number).
    private var firsts: [Int] = []
    private var counts: [Int32] = []
    private var signatures: [UInt64] = []
    private var references: [Int32] = []
    private var freeNumbers: [Int32] = []
    /// Weights of dropped lookups still in the arrays.
    private var dropped = 0

    /// Adds a lookup, shared by `records` records.
    /// - Returns: Its number.
    mutating func add(_ lookup: SearchLookup, records: Int32 = 1) -> Int32 {
        add(weights: lookup.weights[...], info: lookup.info[...], signature: lookup.startSignature, records: records)
    }

    /// Adds a lookup given by its weights, their marks and its start signature, shared by
    /// `records` records.
    /// - Returns: Its number.
    @discardableResult
    mutating func add(weights added: ArraySlice<UInt32>, info addedInfo: ArraySlice<UInt64>, signature: UInt64, records: Int32)
        -> Int32
    {
        let number: Int32
        if let free = freeNumbers.popLast() {
            number = free
        } else {
            number = Int32(firsts.count)
            firsts.append(0)
            counts.append(0)
            signatures.append(0)
            references.append(0)
        }
        firsts[Int(number)] = weights.count
        counts[Int(number)] = Int32(added.count)
        signatures[Int(number)] = signature
        references[Int(number)] = records
        weights += added
        wideInfo[number] = nil
        let start = info.count
        for marks in addedInfo {
            guard let packed = Self.pack(marks) else {
                info.removeSubrange(start...)
                info += repeatElement(0, count: added.count)
                wideInfo[number] = Array(addedInfo)
                return number
            }
            info.append(packed)
        }
        return number
    }

    /// The marks of lookups made one after another, packed as a store keeps them
    /// (``LookupStore/pack(_:)``), with the wide ones apart: made by the threads that
    /// make a new index's lookups, so that the store only copies them.
    struct PieceInfo {
        /// Each weight's packed marks (0 for a wide lookup's weights).
        private(set) var packed: [UInt32] = []
        /// The marks of the lookups that do not pack, by their position among the piece's.
        private(set) var wide: [(lookup: Int, info: [UInt64])] = []

        /// Appends the marks of the lookup at `position` among the piece's.
        mutating func append(lookupInfo info: [UInt64], at position: Int) {
            let start = packed.count
            for marks in info {
                guard let value = LookupStore.pack(marks) else {
                    packed.removeSubrange(start...)
                    packed += repeatElement(0, count: info.count)
                    wide.append((position, info))
                    return
                }
                packed.append(value)
            }
        }
    }

    /// Appends lookups made one after another, numbered in order (a new store, with no
    /// number to reuse).
    /// - Parameters:
    ///   - weights: Their weights, one lookup after another.
    ///   - info: Their marks.
    ///   - ends: Where each lookup's weights end in `weights`.
    ///   - signatures: Each lookup's start signature.
    ///   - records: How many records share each lookup.
    mutating func append(
        weights newWeights: [UInt32], info newInfo: PieceInfo, ends: [Int32], signatures newSignatures: [UInt64],
        records: ArraySlice<Int32>
    ) {
        precondition(freeNumbers.isEmpty, "append(weights:info:ends:signatures:records:) numbers lookups in order")
        let (base, firstNumber) = (weights.count, firsts.count)
        var begin: Int32 = 0
        for end in ends {
            firsts.append(base + Int(begin))
            counts.append(end - begin)
            begin = end
        }
        weights += newWeights
        info += newInfo.packed
        signatures += newSignatures
        references += records
        for (position, marks) in newInfo.wide { wideInfo[Int32(firstNumber + position)] = marks }
    }

    /// Makes room for `count` more weights in `lookups` more lookups, exactly: a new
    /// index's store is filled once, at its size.
    mutating func reserve(weights count: Int, lookups: Int) {
        weights.reserveCapacity(weights.count + count)
        info.reserveCapacity(info.count + count)
        firsts.reserveCapacity(firsts.count + lookups)
        counts.reserveCapacity(counts.count + lookups)
        signatures.reserveCapacity(signatures.count + lookups)
        references.reserveCapacity(references.count + lookups)
    }

    /// One record fewer shares a lookup; the lookup is dropped with its last record.
    mutating func release(_ number: Int32) {
        references[Int(number)] -= 1
        guard references[Int(number)] == 0 else { return }
        dropped += Int(counts[Int(number)])
        counts[Int(number)] = 0
        wideInfo[number] = nil
        freeNumbers.append(number)
        if dropped > 4096 && dropped > weights.count / 2 { compact() }
    }

    /// A lookup again, with arrays of its own.
    func lookup(_ number: Int32) -> SearchLookup {
        let range = firsts[Int(number)]..<firsts[Int(number)] + Int(counts[Int(number)])
        var lookup = SearchLookup()
        lookup.weights = Array(weights[range])
        lookup.info = wideInfo[number] ?? info[range].map(Self.unpack)
        lookup.startSignature = signatures[Int(number)]
        return lookup
    }

    /// The bytes the store holds.
    var memoryFootprint: Int {
        let wide = wideInfo.values.reduce(wideInfo.capacity * 16) { $0 + $1.capacity * 8 }
        return weights.capacity * 4 + info.capacity * 4 + wide + firsts.capacity * 8 + (counts.capacity + references.capacity) * 4
            + signatures.capacity * 8 + freeNumbers.capacity * 4
    }

    /// Reads lookups, by number, for the time of `body`.
    func withSpans<Result>(_ body: (Spans) -> Result) -> Result {
        weights.withUnsafeBufferPointer { weights in
            info.withUnsafeBufferPointer { info in
                firsts.withUnsafeBufferPointer { firsts in
                    counts.withUnsafeBufferPointer { counts in
                        signatures.withUnsafeBufferPointer { signatures in
                            body(
                                Spans(
                                    weights: weights, info: info, wideInfo: wideInfo, firsts: firsts, counts: counts,
                                    signatures: signatures))
                        }
                    }
                }
            }
        }
    }

    /// The lookups of a store, read by number without copying; valid inside
    /// ``LookupStore/withSpans(_:)`` only.
    struct Spans: @unchecked Sendable {
        // @unchecked: read-only pointers into arrays that outlive every use (withSpans).
        let weights: UnsafeBufferPointer<UInt32>
        let info: UnsafeBufferPointer<UInt32>
        /// Wide lookups' marks: arrays held by the store, which outlives every use.
        let wideInfo: [Int32: [UInt64]]
        let firsts: UnsafeBufferPointer<Int>
        let counts: UnsafeBufferPointer<Int32>
        let signatures: UnsafeBufferPointer<UInt64>

        subscript(number: Int32) -> LookupSpan {
            let first = firsts[Int(number)]
            let count = Int(counts[Int(number)])
            if !wideInfo.isEmpty, let wide = wideInfo[number] {
                // The store's array lives as long as the store: its buffer stays valid.
                return wide.withUnsafeBufferPointer {
                    LookupSpan(
                        weights: UnsafeBufferPointer(rebasing: weights[first..<first + count]), info: $0,
                        startSignature: signatures[Int(number)])
                }
            }
            return LookupSpan(
                weights: UnsafeBufferPointer(rebasing: weights[first..<first + count]),
                packedInfo: UnsafeBufferPointer(rebasing: info[first..<first + count]), startSignature: signatures[Int(number)])
        }
    }

    /// Moves the live lookups' weights together, numbers unchanged.
    private mutating func compact() {
        var (newWeights, newInfo) = ([UInt32](), [UInt32]())
        newWeights.reserveCapacity(weights.count - dropped)
        newInfo.reserveCapacity(weights.count - dropped)
        for number in firsts.indices {
            guard references[number] > 0 else {
                firsts[number] = 0
                continue
            }
            let range = firsts[number]..<firsts[number] + Int(counts[number])
            firsts[number] = newWeights.count
            newWeights += weights[range]
            newInfo += info[range]
        }
        (weights, info, dropped) = (newWeights, newInfo, 0)
    }

    /// A weight's marks (``SearchLookup``'s 64 bits: marks, key, UTF-8 start and end) in 32
    /// bits: marks (4 bits), key (8), start and end (10 each); nil when they do not fit.
    static func pack(_ marks: UInt64) -> UInt32? {
        let start = (marks >> 16) & 0xFF_FFFF
        let end = (marks >> 40) & 0xFF_FFFF
        guard marks & 0xF0 == 0, start < 1024, end < 1024 else { return nil }
        return UInt32(marks & 0xF) | UInt32((marks >> 8) & 0xFF) << 4 | UInt32(start) << 12 | UInt32(end) << 22
    }

    /// The 64-bit marks of packed ones (``pack(_:)``).
    @inline(__always)
    static func unpack(_ packed: UInt32) -> UInt64 {
        UInt64(packed & 0xF) | UInt64((packed >> 4) & 0xFF) << 8 | UInt64((packed >> 12) & 0x3FF) << 16
            | UInt64(packed >> 22) << 40
    }
}
