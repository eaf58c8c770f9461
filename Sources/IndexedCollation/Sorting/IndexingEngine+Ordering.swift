extension IndexingEngine {
    /// Distinct texts in output order: by section (reversed when descending), then by key,
    /// then by tie key (``RecordComparator``), then by text number (input order).
    /// - Parameters:
    ///   - sectionOfText: Each text's section.
    ///   - keys: Each text's sort key.
    ///   - ties: Each text's tie key (empty: none), or nil when no text has one.
    ///   - descending: Reverse sections and keys.
    /// - Returns: The texts in order, and for each position whether its text sorts equal to
    ///   the one before it (same section, same keys).
    func sortTexts(_ sectionOfText: [Int32], keys: SortKeyArena, ties: SortKeyArena?, descending: Bool) -> ([Int32], [Bool]) {
        let sectionCount = collation.sectionTitles.count
        var sizes = [Int](repeating: 0, count: sectionCount)
        for section in sectionOfText { sizes[Int(section)] += 1 }
        let outputSections = descending ? Array((0..<sectionCount).reversed()) : Array(0..<sectionCount)
        var ranges = [Range<Int>]()
        var fill = [Int](repeating: 0, count: sectionCount)
        var running = 0
        for section in outputSections where sizes[section] > 0 {
            ranges.append(running..<running + sizes[section])
            fill[section] = running
            running += sizes[section]
        }
        var order = [Int32](repeating: 0, count: sectionOfText.count)
        for (text, section) in sectionOfText.enumerated() {
            order[fill[Int(section)]] = Int32(text)
            fill[Int(section)] += 1
        }
        let sortable = ranges.filter { $0.count > 1 }
        var equalToPrevious = [Bool](repeating: false, count: sectionOfText.count)
        keys.withUnsafeKeys { keys in
            (ties ?? SortKeyArena()).withUnsafeKeys { tieKeys in
                let comparator = RecordComparator(keys: keys, ties: tieKeys, hasTies: ties != nil, descending: descending)
                order.withUnsafeMutableBufferPointer { orderBuffer in
                    equalToPrevious.withUnsafeMutableBufferPointer { equalBuffer in
                        let orderPointer = SendablePointer(orderBuffer)
                        let equalPointer = SendablePointer(equalBuffer)
                        parallelFor(sortable.count, threads: threads) { item in
                            let range = sortable[item]
                            comparator.sort(
                                UnsafeMutableBufferPointer(rebasing: orderPointer.buffer[range]),
                                equalToPrevious: UnsafeMutableBufferPointer(rebasing: equalPointer.buffer[range]))
                        }
                    }
                }
            }
        }
        return (order, equalToPrevious)
    }
}
