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
    /// again from its start at every level. A level's paths are read where each worker
    /// made them, in pieces of groups (``Frontier``): joining them into one array was a
    /// quarter of a second of copying on one core for 1M distinct Korean names (15M
    /// paths, most of them keypad digits).
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
        titles = SlotTitles(freeSlots: groups.count)
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
        var lookupCounts = fill(
            keys: GroupKeys(keys: keys, starts: keyStarts), groups: groups, sectionSlots: sectionSlots, deep: false)
        var levelStart = 0
        let groupCount = keyStarts.count - 1
        let chunks = (groupCount + pieceSize - 1) / pieceSize
        // The paths of the last level (three weights or more), in pieces of `pieceSize`
        // groups: a path's key and the place of its last weight.
        var frontier: [Frontier] = []
        for depth in 3...Self.maximumDepth {
            // The lists of the last level that are split, then the paths one weight longer
            // under them, found for each piece of groups on every core.
            var anySplit = false
            for list in levelStart..<lists.count where lookupCounts[list - levelStart] > splitThreshold {
                split[list] = true
                anySplit = true
            }
            guard anySplit else { break }
            let (postings, last, size) = (self, frontier, pieceSize)
            frontier = parallelMap(chunks, threads: systemProcessorCount()) { piece in
                let pieceGroups = piece * size..<min((piece + 1) * size, groupCount)
                var next = Frontier()
                next.starts.reserveCapacity(pieceGroups.count + 1)
                if depth == 3 {
                    for group in pieceGroups {
                        lookups(Int32(group)) { postings.appendPaths(of: $0, to: &next) }
                        next.starts.append(Int32(next.keys.count))
                    }
                    return next
                }
                let before = last[piece]
                before.keys.withUnsafeBufferPointer { lastKeys in
                    before.places.withUnsafeBufferPointer { lastPlaces in
                        for (local, group) in pieceGroups.enumerated() {
                            let paths = Int(before.starts[local])..<Int(before.starts[local + 1])
                            if !paths.isEmpty {
                                lookups(Int32(group)) { span in
                                    postings.appendPaths(
                                        of: span, after: UnsafeBufferPointer(rebasing: lastKeys[paths]),
                                        places: UnsafeBufferPointer(rebasing: lastPlaces[paths]), to: &next)
                                }
                            }
                            next.starts.append(Int32(next.keys.count))
                        }
                    }
                }
                return next
            }
            levelStart = lists.count
            lookupCounts = fill(
                keys: GroupKeys(frontier, groupsPerPiece: pieceSize), groups: groups, sectionSlots: sectionSlots, deep: true)
        }
    }

    /// Paths of three weights or more of the groups of one piece (``pieceSize`` groups,
    /// the last piece fewer), one group after another: each path's key (``children``: its
    /// list without the last weight, and that weight), and where its last weight is in
    /// the group's lookup; one group's keys may repeat (two paths to one list). A level's
    /// paths stay in the pieces their workers made: nothing copies them into one array.
    struct Frontier: Sendable {
        var keys: [UInt64] = []
        var places: [Int32] = []
        /// Where each group's paths start in the piece, and where the last one's end.
        var starts: [Int32] = [0]

        init() {}
    }

    /// The keys of each group, read by group from one array or from a level's pieces of
    /// paths (``Frontier``), and numbered across the pieces: group g's keys have the
    /// numbers `starts[g]..<starts[g + 1]`.
    struct GroupKeys: @unchecked Sendable {
        // @unchecked: read-only pointers into the arrays it holds and never mutates, so
        // their buffers stay where they are.
        private let pieces: [[UInt64]]
        private let bases: [UnsafePointer<UInt64>?]
        /// Each piece's first key number.
        private let offsets: [Int32]
        /// The groups of a piece.
        private let groupsPerPiece: Int
        /// Where each group's keys start in the numbering, and where the last one's end.
        let starts: [Int32]

        /// The keys of one array: group g's are `keys[starts[g]..<starts[g + 1]]`.
        init(keys: [UInt64], starts: [Int32]) {
            pieces = [keys]
            bases = [keys.withUnsafeBufferPointer { $0.baseAddress }]
            offsets = [0]
            groupsPerPiece = max(1, starts.count - 1)
            self.starts = starts
        }

        /// The keys of a level's pieces of paths, numbered one piece after another.
        /// - Parameter groupsPerPiece: The groups of each piece but the last.
        init(_ frontier: [Frontier], groupsPerPiece: Int) {
            pieces = frontier.map(\.keys)
            bases = pieces.map { $0.withUnsafeBufferPointer { $0.baseAddress } }
            var offsets: [Int32] = []
            var starts: [Int32] = []
            starts.reserveCapacity(frontier.count * groupsPerPiece + 1)
            var base: Int32 = 0
            for piece in frontier {
                offsets.append(base)
                for start in piece.starts.dropLast() { starts.append(base + start) }
                base += Int32(piece.keys.count)
            }
            starts.append(base)
            self.offsets = offsets
            self.starts = starts
            self.groupsPerPiece = groupsPerPiece
        }

        /// The number of keys.
        var count: Int { Int(starts.last ?? 0) }

        /// The key numbered `index`, one of group `group`'s.
        @inline(__always)
        func key(_ index: Int, of group: Int) -> UInt64 {
            let piece = group / groupsPerPiece
            return bases[piece].unsafelyUnwrapped[index - Int(offsets[piece])]
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

    /// Makes the lists of the keys of one level and appends their slots in list order,
    /// packed, on every core.
    ///
    /// The slots in list order are cut into pieces, one a worker: each piece numbers the
    /// keys of the groups it meets first in a table of its own, the pieces' keys are then
    /// numbered as lists in order (a list's number is where its key is first met, as one
    /// pass would give it), and each piece counts and places its slots in the lists.
    /// - Parameter deep: Whether the keys are of paths longer than two weights
    ///   (``children``), not of one or two (``numbers``).
    /// - Returns: The number of distinct lookups (groups) of each list made, from the
    ///   first list made on.
    private mutating func fill(keys: GroupKeys, groups: [Int32], sectionSlots: [[Int32]], deep: Bool)
        -> [Int]
    {
        let first = lists.count
        let ordered = sectionSlots.flatMap { $0 }
        // Whether each slot in list order is the first of its group: the piece that meets
        // a group first numbers its keys.
        var firstOfGroup = [Bool](repeating: false, count: ordered.count)
        let keyStarts = keys.starts
        var met = [Bool](repeating: false, count: keyStarts.count - 1)
        for (position, slot) in ordered.enumerated() where !met[Int(groups[Int(slot)])] {
            met[Int(groups[Int(slot)])] = true
            firstOfGroup[position] = true
        }
        met = []
        let pieceCount = max(1, min(64, ordered.count / pieceSize))
        // Each group's lists (-1 for a key that repeats a list of the group): group g's are
        // listsOfGroup[keyStarts[g]..<keyStarts[g + 1]]; first numbered in its piece, then
        // as lists.
        var listsOfGroup = [Int32](repeating: -1, count: keys.count)
        var pieceKeys = [[UInt64]](repeating: [], count: pieceCount)
        let input = (keys: keys, keyStarts: keyStarts, groups: groups, ordered: ordered, firstOfGroup: firstOfGroup)
        listsOfGroup.withUnsafeMutableBufferPointer { listsOfGroup in
            pieceKeys.withUnsafeMutableBufferPointer { pieceKeys in
                let (groupLists, foundKeys) = (SendablePointer(listsOfGroup), SendablePointer(pieceKeys))
                parallelFor(pieceCount, threads: systemProcessorCount()) { piece in
                    var table = StartKeyTable()
                    var found: [UInt64] = []
                    for position in parallelShare(piece, of: pieceCount, count: input.ordered.count)
                    where input.firstOfGroup[position] {
                        let group = Int(input.groups[Int(input.ordered[position])])
                        let range = Int(input.keyStarts[group])..<Int(input.keyStarts[group + 1])
                        for index in range {
                            let key = input.keys.key(index, of: group)
                            let local: Int32
                            if let known = table[key] {
                                local = known
                            } else {
                                local = Int32(found.count)
                                table.insert(key, local)
                                found.append(key)
                            }
                            // A group's paths may reach one list twice: it is listed once.
                            let repeated = (range.lowerBound..<index).contains { groupLists.buffer[$0] == local }
                            groupLists.buffer[index] = repeated ? -1 : local
                        }
                    }
                    foundKeys.buffer[piece] = found
                }
            }
        }
        // The pieces' keys numbered as lists, in order; each piece's numbers to the lists'.
        var listOfLocal: [[Int32]] = pieceKeys.map { $0.map { number($0, deep: deep) } }
        pieceKeys = []
        let made = lists.count - first
        // Each piece's slots counted by list, then placed: a piece's part of a list starts
        // after the earlier pieces' parts.
        var counts = [[Int32]](repeating: [], count: pieceCount)
        var lookupCounts = [Int](repeating: 0, count: made)
        listsOfGroup.withUnsafeMutableBufferPointer { listsOfGroup in
            counts.withUnsafeMutableBufferPointer { counts in
                let (groupLists, output) = (SendablePointer(listsOfGroup), SendablePointer(counts))
                let locals = listOfLocal
                parallelFor(pieceCount, threads: systemProcessorCount()) { piece in
                    let range = parallelShare(piece, of: pieceCount, count: input.ordered.count)
                    for position in range where input.firstOfGroup[position] {
                        let group = Int(input.groups[Int(input.ordered[position])])
                        for index in Int(input.keyStarts[group])..<Int(input.keyStarts[group + 1]) where groupLists.buffer[index] >= 0 {
                            groupLists.buffer[index] = locals[piece][Int(groupLists.buffer[index])]
                        }
                    }
                }
                // Counted once every group has its lists (a group met again later, in
                // another piece, reads the lists its first piece gave it).
                parallelFor(pieceCount, threads: systemProcessorCount()) { piece in
                    var sizes = [Int32](repeating: 0, count: 2 * made)
                    for position in parallelShare(piece, of: pieceCount, count: input.ordered.count) {
                        let group = Int(input.groups[Int(input.ordered[position])])
                        for index in Int(input.keyStarts[group])..<Int(input.keyStarts[group + 1]) where groupLists.buffer[index] >= 0 {
                            let list = Int(groupLists.buffer[index]) - first
                            sizes[list] += 1
                            if input.firstOfGroup[position] { sizes[made + list] += 1 }
                        }
                    }
                    output.buffer[piece] = sizes
                }
            }
        }
        listOfLocal = []
        // Where each piece's part of each list starts in one buffer of every list.
        var offsets = [Int](repeating: 0, count: made + 1)
        var cursors = [[Int]](repeating: [Int](repeating: 0, count: made), count: pieceCount)
        for list in 0..<made {
            var offset = offsets[list]
            for piece in 0..<pieceCount {
                cursors[piece][list] = offset
                offset += Int(counts[piece][list])
                lookupCounts[list] += Int(counts[piece][made + list])
            }
            offsets[list + 1] = offset
        }
        counts = []
        let flat = [Int32](unsafeUninitializedCapacity: offsets[made]) { flat, initialized in
            let target = SendablePointer(flat)
            listsOfGroup.withUnsafeBufferPointer { listsOfGroup in
                let groupLists = UnsafeSendableBuffer(listsOfGroup)
                let starts = cursors
                parallelFor(pieceCount, threads: systemProcessorCount()) { piece in
                    var cursor = starts[piece]
                    for position in parallelShare(piece, of: pieceCount, count: input.ordered.count) {
                        let slot = input.ordered[position]
                        let group = Int(input.groups[Int(slot)])
                        for index in Int(input.keyStarts[group])..<Int(input.keyStarts[group + 1]) where groupLists.buffer[index] >= 0 {
                            let list = Int(groupLists.buffer[index]) - first
                            target.buffer[cursor[list]] = slot
                            cursor[list] += 1
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
