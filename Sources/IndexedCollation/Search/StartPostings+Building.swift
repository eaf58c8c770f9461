import SystemSupport

// Building every list at once, each allocated at its size: the lists of one and two
// weights, then level by level those of longer paths under the lists that are split.
extension StartPostings {
    /// Builds the lists of every slot, at once, each list allocated at its size: the lists
    /// of one and two weights, then, level by level, those of longer paths under the lists
    /// that hold more than ``splitThreshold`` distinct lookups.
    ///
    /// Each level goes on from the paths of the level before (their lists and the place of
    /// their last weight in the lookup, the *frontier*), so a path is walked once, not
    /// again from its start at every level.
    /// - Parameters:
    ///   - keys: The start keys (``appendStartKeys(of:to:)``) of the slots'
    ///     groups, one group after another: group g's are `keys[keyStarts[g]..<keyStarts[g + 1]]`.
    ///   - groups: Each slot's group: slots of one group share one lookup, whose keys are
    ///     numbered once.
    ///   - sectionSlots: For each section title, its slots in row order.
    ///   - lookups: Calls its body with a group's whole lookup (keypad spellings included),
    ///     read for the paths of longer lists.
    mutating func build(
        keys: [UInt64], keyStarts: [Int32], groups: [Int32], sectionSlots: [[Int32]],
        lookups: @Sendable (Int32, (LookupSpan) -> Void) -> Void
    ) {
        titles = Array(repeating: -1, count: groups.count)
        rows = Array(repeating: 0, count: groups.count)
        numbers = StartKeyTable()
        children = StartKeyTable()
        lists = []
        split = []
        for (title, slots) in sectionSlots.enumerated() {
            for (row, slot) in slots.enumerated() {
                titles[Int(slot)] = Int32(title)
                rows[Int(slot)] = Int32(row)
            }
        }
        var lookupCounts = fill(keys: keys, keyStarts: keyStarts, groups: groups, sectionSlots: sectionSlots, deep: false)
        var levelStart = 0
        let groupCount = keyStarts.count - 1
        let chunk = 4096
        let chunks = (groupCount + chunk - 1) / chunk
        // The paths of the last level (three weights or more), each group's one after
        // another: a path's key and the place of its last weight.
        var frontier = Frontier()
        for depth in 3...Self.maximumDepth {
            // The lists of the last level that are split, then the paths one weight longer
            // under them, found for each group on every core.
            var anySplit = false
            for list in levelStart..<lists.count where lookupCounts[list - levelStart] > splitThreshold {
                split[list] = true
                anySplit = true
            }
            guard anySplit else { break }
            var made = [Frontier](repeating: Frontier(), count: chunks)
            let postings = self
            frontier.keys.withUnsafeBufferPointer { lastKeys in
                frontier.places.withUnsafeBufferPointer { lastPlaces in
                    frontier.starts.withUnsafeBufferPointer { lastStarts in
                        made.withUnsafeMutableBufferPointer { made in
                            let output = SendablePointer(made)
                            let last = (
                                keys: UnsafeSendableBuffer(lastKeys), places: UnsafeSendableBuffer(lastPlaces),
                                starts: UnsafeSendableBuffer(lastStarts)
                            )
                            parallelFor(chunks, threads: systemProcessorCount()) { piece in
                                var next = Frontier()
                                next.starts.reserveCapacity(chunk + 1)
                                for group in piece * chunk..<min((piece + 1) * chunk, groupCount) {
                                    if depth == 3 {
                                        lookups(Int32(group)) { postings.appendPaths(of: $0, to: &next) }
                                    } else {
                                        let paths = Int(last.starts.buffer[group])..<Int(last.starts.buffer[group + 1])
                                        if !paths.isEmpty {
                                            lookups(Int32(group)) { span in
                                                postings.appendPaths(
                                                    of: span, after: UnsafeBufferPointer(rebasing: last.keys.buffer[paths]),
                                                    places: UnsafeBufferPointer(rebasing: last.places.buffer[paths]), to: &next)
                                            }
                                        }
                                    }
                                    next.starts.append(Int32(next.keys.count))
                                }
                                output.buffer[piece] = next
                            }
                        }
                    }
                }
            }
            frontier = Frontier(joining: &made)
            levelStart = lists.count
            lookupCounts = fill(keys: frontier.keys, keyStarts: frontier.starts, groups: groups, sectionSlots: sectionSlots, deep: true)
        }
    }

    /// Paths of three weights or more of each group, one group after another: each path's
    /// key (``children``: its list without the last weight, and that weight), and where its
    /// last weight is in the group's lookup; one group's keys may repeat (two paths to one
    /// list).
    struct Frontier: Sendable {
        var keys: [UInt64] = []
        var places: [Int32] = []
        /// Where each group's paths start, and where the last one's end.
        var starts: [Int32] = [0]

        init() {}

        /// The pieces' paths one after another, each piece emptied as it is copied.
        /// - Parameter pieces: Paths of consecutive groups, each with its own starts from 0
        ///   (the first, 0, left out).
        init(joining pieces: inout [Frontier]) {
            let total = pieces.reduce(0) { $0 + $1.keys.count }
            keys.reserveCapacity(total)
            places.reserveCapacity(total)
            starts.reserveCapacity(pieces.reduce(1) { $0 + $1.starts.count })
            for piece in pieces.indices {
                let base = Int32(keys.count)
                keys += pieces[piece].keys
                places += pieces[piece].places
                for end in pieces[piece].starts.dropFirst() { starts.append(base + end) }
                pieces[piece] = Frontier()
            }
        }
    }

    /// Appends a group's paths of three weights under split pairs.
    /// - Parameters:
    ///   - span: The group's whole lookup.
    ///   - next: Where the paths go (a group's range is closed by the caller).
    private func appendPaths(of span: LookupSpan, to next: inout Frontier) {
        let (weights, info) = (span.weights, span.info)
        for index in weights.indices where info[index] & SearchLookup.Mark.matchStart != 0 {
            let first = UInt64(weights[index]) << 32
            Self.forEachNext(in: span, after: index, syllables: info[index] & SearchLookup.Mark.syllables != 0) { second in
                if let pair = numbers[first | UInt64(weights[second])], split[Int(pair)] {
                    appendPaths(of: span, under: pair, after: second, to: &next)
                }
            }
        }
    }

    /// Appends the paths one weight longer than a group's paths of the last level whose
    /// lists are split.
    /// - Parameters:
    ///   - span: The group's whole lookup.
    ///   - keys: The group's paths of the last level (``Frontier/keys``).
    ///   - places: Where each one's last weight is in the lookup.
    ///   - next: Where the paths go.
    private func appendPaths(
        of span: LookupSpan, after keys: UnsafeBufferPointer<UInt64>, places: UnsafeBufferPointer<Int32>, to next: inout Frontier
    ) {
        for (key, place) in zip(keys, places) {
            if let list = children[key], split[Int(list)] { appendPaths(of: span, under: list, after: Int(place), to: &next) }
        }
    }

    /// Appends the paths one weight longer than a path of a split list that ends at a
    /// weight of a lookup.
    @inline(__always)
    private func appendPaths(of span: LookupSpan, under list: Int32, after index: Int, to next: inout Frontier) {
        Self.forEachNext(in: span, after: index, syllables: span.info[index] & SearchLookup.Mark.syllables != 0) { following in
            next.keys.append(UInt64(list) << 32 | UInt64(span.weights[following]))
            next.places.append(Int32(following))
        }
    }

    /// Makes the lists of the keys of one level and appends their slots in list order, each
    /// list allocated at its size.
    /// - Parameter deep: Whether the keys are of paths longer than two weights
    ///   (``children``), not of one or two (``numbers``).
    /// - Returns: The number of distinct lookups (groups) of each list made, from the
    ///   first list made on.
    private mutating func fill(keys: [UInt64], keyStarts: [Int32], groups: [Int32], sectionSlots: [[Int32]], deep: Bool)
        -> [Int]
    {
        let groupCount = keyStarts.count - 1
        let first = lists.count
        // Each group's lists, numbered when the group is first met: group g's are
        // listsOfGroup[keyStarts[g]..<keyStarts[g + 1]].
        var listsOfGroup = [Int32](repeating: -1, count: keys.count)
        var numbered = [Bool](repeating: false, count: groupCount)
        var sizes: [Int32] = []
        var lookupCounts: [Int] = []
        for slots in sectionSlots {
            for slot in slots {
                let group = Int(groups[Int(slot)])
                let range = Int(keyStarts[group])..<Int(keyStarts[group + 1])
                if range.isEmpty { continue }
                if !numbered[group] {
                    numbered[group] = true
                    for position in range {
                        let list = number(keys[position], deep: deep)
                        // A group's paths may reach one list twice: it is listed once.
                        listsOfGroup[position] = listsOfGroup[range.lowerBound..<position].contains(list) ? -1 : list
                    }
                    if sizes.count < lists.count - first {
                        sizes += repeatElement(0, count: lists.count - first - sizes.count)
                        lookupCounts += repeatElement(0, count: lists.count - first - lookupCounts.count)
                    }
                    for position in range where listsOfGroup[position] >= 0 {
                        lookupCounts[Int(listsOfGroup[position]) - first] += 1
                    }
                }
                for position in range where listsOfGroup[position] >= 0 { sizes[Int(listsOfGroup[position]) - first] += 1 }
            }
        }
        // Each list's slots in list order, scattered into one buffer at the list's offset,
        // then copied into an array of its size.
        let made = lists.count - first
        var offsets = [Int](repeating: 0, count: made + 1)
        for list in 0..<made { offsets[list + 1] = offsets[list] + Int(sizes[list]) }
        var cursors = Array(offsets.dropLast())
        let flat = [Int32](unsafeUninitializedCapacity: offsets[made]) { flat, initialized in
            cursors.withUnsafeMutableBufferPointer { cursors in
                listsOfGroup.withUnsafeBufferPointer { listsOfGroup in
                    keyStarts.withUnsafeBufferPointer { keyStarts in
                        groups.withUnsafeBufferPointer { groups in
                            for slots in sectionSlots {
                                for slot in slots {
                                    let group = Int(groups[Int(slot)])
                                    for position in Int(keyStarts[group])..<Int(keyStarts[group + 1])
                                    where listsOfGroup[position] >= 0 {
                                        let list = Int(listsOfGroup[position]) - first
                                        flat[cursors[list]] = slot
                                        cursors[list] += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
            initialized = offsets[made]
        }
        // Each list packed from its part of the buffer, lists spread over all cores.
        var packed = [PackedSlots](repeating: PackedSlots(), count: made)
        let bounds = offsets
        flat.withUnsafeBufferPointer { flat in
            packed.withUnsafeMutableBufferPointer { packed in
                let (input, output) = (UnsafeSendableBuffer(flat), SendablePointer(packed))
                parallelFor(made, threads: systemProcessorCount()) { list in
                    output.buffer[list] = PackedSlots(input.buffer[bounds[list]..<bounds[list + 1]])
                }
            }
        }
        lists.replaceSubrange(first..<first + made, with: packed)
        return lookupCounts
    }
}
