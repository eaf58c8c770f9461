import SystemSupport

// Building every list at once, each allocated at its size: the lists of one and two
// weights, then level by level those of longer paths under the lists that are split.
extension StartPostings {
    /// Builds the lists of every slot, at once, each list allocated at its size: the lists
    /// of one and two weights, then, level by level, those of longer paths under the lists
    /// that hold more than ``splitThreshold`` distinct lookups.
    /// - Parameters:
    ///   - keys: The start keys (``appendStartKeys(of:to:)``) of the slots'
    ///     groups, one group after another: group g's are `keys[keyStarts[g]..<keyStarts[g + 1]]`.
    ///   - groups: Each slot's group: slots of one group share one lookup, whose keys are
    ///     numbered once.
    ///   - sectionSlots: For each section title, its slots in row order.
    ///   - lookups: Each group's whole lookup (a group is a lookup number of `lookups`),
    ///     read for the paths of longer lists.
    mutating func build(
        keys: [UInt64], keyStarts: [Int32], groups: [Int32], sectionSlots: [[Int32]], lookups: LookupStore.Spans
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
        // The last level's keys of each group: only a group with a split list there has
        // paths in the next.
        var previous = (keys: keys, starts: keyStarts, deep: false)
        for depth in 3...Self.maximumDepth {
            // The lists of the last level that are split, then the paths one weight longer
            // under them, found for each group on every core.
            var anySplit = false
            for list in levelStart..<lists.count where lookupCounts[list - levelStart] > splitThreshold {
                split[list] = true
                anySplit = true
            }
            guard anySplit else { break }
            var made = [(keys: [UInt64], ends: [Int32])](repeating: ([], []), count: chunks)
            let (postings, last) = (self, previous)
            made.withUnsafeMutableBufferPointer { made in
                let output = SendablePointer(made)
                parallelFor(chunks, threads: systemProcessorCount()) { piece in
                    var keys: [UInt64] = []
                    var ends: [Int32] = []
                    ends.reserveCapacity(chunk)
                    for group in piece * chunk..<min((piece + 1) * chunk, groupCount) {
                        let splitBefore = (Int(last.starts[group])..<Int(last.starts[group + 1])).contains { position in
                            let key = last.keys[position]
                            guard let list = last.deep ? postings.children[key] : postings.numbers[key] else { return false }
                            return postings.split[Int(list)]
                        }
                        if splitBefore { postings.appendPathKeys(of: lookups[Int32(group)], depth: depth, to: &keys) }
                        ends.append(Int32(keys.count))
                    }
                    output.buffer[piece] = (keys, ends)
                }
            }
            var deepKeys: [UInt64] = []
            deepKeys.reserveCapacity(made.reduce(0) { $0 + $1.keys.count })
            var deepStarts: [Int32] = [0]
            deepStarts.reserveCapacity(groupCount + 1)
            for piece in made.indices {
                let base = Int32(deepKeys.count)
                deepKeys += made[piece].keys
                for end in made[piece].ends { deepStarts.append(base + end) }
                made[piece] = ([], [])
            }
            levelStart = lists.count
            lookupCounts = fill(keys: deepKeys, keyStarts: deepStarts, groups: groups, sectionSlots: sectionSlots, deep: true)
            previous = (deepKeys, deepStarts, true)
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
                    for position in range { listsOfGroup[position] = number(keys[position], deep: deep) }
                    if sizes.count < lists.count - first {
                        sizes += repeatElement(0, count: lists.count - first - sizes.count)
                        lookupCounts += repeatElement(0, count: lists.count - first - lookupCounts.count)
                    }
                    for position in range { lookupCounts[Int(listsOfGroup[position]) - first] += 1 }
                }
                for position in range { sizes[Int(listsOfGroup[position]) - first] += 1 }
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
                                    for position in Int(keyStarts[group])..<Int(keyStarts[group + 1]) {
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
        for list in 0..<made { lists[first + list] = Array(flat[offsets[list]..<offsets[list + 1]]) }
        return lookupCounts
    }
}
