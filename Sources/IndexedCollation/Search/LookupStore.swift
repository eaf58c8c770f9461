/// The lookups of a ``SearchIndex`` in one contiguous store: every lookup's weights one
/// after another in one array, their marks in another, so that a search checks its
/// candidates' lookups by reading two arrays, without two allocations per record.
///
/// A lookup has a number, kept while the lookup lives; records with identical texts share
/// one (it counts its records), and a lookup whose last record goes is dropped: its number
/// is reused, and its weights are reclaimed once dropped weights outnumber the live ones.
struct LookupStore: Sendable {
    private(set) var weights: [UInt32] = []
    private(set) var info: [UInt64] = []
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
        counts[Int(number)] = Int32(lookup.count)
        signatures[Int(number)] = lookup.startSignature
        references[Int(number)] = records
        weights += lookup.weights
        info += lookup.info
        return number
    }

    /// One record fewer shares a lookup; the lookup is dropped with its last record.
    mutating func release(_ number: Int32) {
        references[Int(number)] -= 1
        guard references[Int(number)] == 0 else { return }
        dropped += Int(counts[Int(number)])
        counts[Int(number)] = 0
        freeNumbers.append(number)
        if dropped > 4096 && dropped > weights.count / 2 { compact() }
    }

    /// A lookup again, with arrays of its own.
    func lookup(_ number: Int32) -> SearchLookup {
        let range = firsts[Int(number)]..<firsts[Int(number)] + Int(counts[Int(number)])
        var lookup = SearchLookup()
        lookup.weights = Array(weights[range])
        lookup.info = Array(info[range])
        lookup.startSignature = signatures[Int(number)]
        return lookup
    }

    /// The bytes the store holds.
    var memoryFootprint: Int {
        weights.capacity * 4 + info.capacity * 8 + firsts.capacity * 8 + (counts.capacity + references.capacity) * 4
            + signatures.capacity * 8 + freeNumbers.capacity * 4
    }

    /// Reads lookups, by number, for the time of `body`.
    func withSpans<Result>(_ body: (Spans) -> Result) -> Result {
        weights.withUnsafeBufferPointer { weights in
            info.withUnsafeBufferPointer { info in
                firsts.withUnsafeBufferPointer { firsts in
                    counts.withUnsafeBufferPointer { counts in
                        signatures.withUnsafeBufferPointer { signatures in
                            body(Spans(weights: weights, info: info, firsts: firsts, counts: counts, signatures: signatures))
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
        let info: UnsafeBufferPointer<UInt64>
        let firsts: UnsafeBufferPointer<Int>
        let counts: UnsafeBufferPointer<Int32>
        let signatures: UnsafeBufferPointer<UInt64>

        subscript(number: Int32) -> LookupSpan {
            let first = firsts[Int(number)]
            let count = Int(counts[Int(number)])
            return LookupSpan(
                weights: UnsafeBufferPointer(rebasing: weights[first..<first + count]),
                info: UnsafeBufferPointer(rebasing: info[first..<first + count]), startSignature: signatures[Int(number)])
        }
    }

    /// Moves the live lookups' weights together, numbers unchanged.
    private mutating func compact() {
        var (newWeights, newInfo) = ([UInt32](), [UInt64]())
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
}
