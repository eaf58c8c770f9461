import SystemSupport

extension IndexingEngine {
    /// Distinct texts in output order: by section (reversed when descending), then by key,
    /// then by tie key (``RecordComparator``), then by text number (input order).
    /// - Parameters:
    ///   - sectionOfText: Each text's section.
    ///   - keys: Each text's sort key.
    ///   - ties: Each text's tie key (empty: none), or nil when no text has one.
    ///   - descending: Reverse sections and keys.
    ///   - marksEqual: Whether to mark equal neighbours. Not when every record is its own
    ///     text: the order is then the output as it stands (``layOut``), and the marks
    ///     would cost a byte and a key comparison a record for nothing.
    /// - Returns: The texts in order, and for each position whether its text sorts equal to
    ///   the one before it (same section, same keys); empty without `marksEqual`.
    func sortTexts(
        _ sectionOfText: SectionNumbers, keys: SortKeyArena, ties: SortKeyArena?, descending: Bool, marksEqual: Bool = true
    ) -> ([Int32], [Bool]) {
        let sectionCount = collation.sectionTitles.count
        let count = sectionOfText.count
        // Texts grouped by section in parts side by side (the texts of a part, in order,
        // after the earlier parts' texts of the section): each part's count of each
        // section, then each text at its place.
        let parts = count >= RecordComparator.parallelSortMinimum ? threads : 1
        var places = [Int](repeating: 0, count: parts * sectionCount)
        sectionOfText.withReader { sections in
            places.withUnsafeMutableBufferPointer { places in
                let places = SendablePointer(places)
                parallelFor(parts, threads: parts) { part in
                    for text in parallelShare(part, of: parts, count: count) { places.buffer[part * sectionCount + sections[text]] += 1 }
                }
            }
        }
        // Sections in the output's direction (``OrderKey``'s step 1), each sorted on its own.
        let outputSections = (0..<sectionCount).sorted { OrderKey.compareSections($0, $1, descending: descending) < 0 }
        var ranges = [Range<Int>]()
        var running = 0
        for section in outputSections {
            let start = running
            for part in 0..<parts {
                let counted = places[part * sectionCount + section]
                places[part * sectionCount + section] = running
                running += counted
            }
            if running > start { ranges.append(start..<running) }
        }
        var order = [Int32](hugePagesCount: count) { order in
            let target = SendablePointer(order)
            sectionOfText.withReader { sections in
                places.withUnsafeMutableBufferPointer { places in
                    let places = SendablePointer(places)
                    parallelFor(parts, threads: parts) { part in
                        for text in parallelShare(part, of: parts, count: count) {
                            let place = part * sectionCount + sections[text]
                            target.buffer.initializeElement(at: places.buffer[place], to: Int32(text))
                            places.buffer[place] += 1
                        }
                    }
                }
            }
        }
        // Largest first: the threads then finish together, not one of them on a big section
        // (김 and 이 are a third of Korean names) taken last. A section holding more than a
        // thread's share (every name under one title: a locale without an index of the
        // script, or names that all start alike) is sorted alone on every thread instead.
        let sortable = ranges.filter { $0.count > 1 }.sorted { $0.count > $1.count }
        let shared =
            threads > 1 ? sortable.prefix { RecordComparator.sortsOnEveryThread($0.count, of: sectionOfText.count, threads: threads) } : []
        var equalToPrevious = [Bool](repeating: false, count: marksEqual ? sectionOfText.count : 0)
        keys.withUnsafeKeys { keys in
            (ties ?? SortKeyArena()).withUnsafeKeys { tieKeys in
                let comparator = RecordComparator(keys: keys, ties: tieKeys, hasTies: ties != nil, descending: descending)
                order.withUnsafeMutableBufferPointer { orderBuffer in
                    equalToPrevious.withUnsafeMutableBufferPointer { equalBuffer in
                        let orderPointer = SendablePointer(orderBuffer)
                        let equalPointer = SendablePointer(equalBuffer)
                        @Sendable func sort(_ range: Range<Int>, threads: Int) {
                            comparator.sort(
                                UnsafeMutableBufferPointer(rebasing: orderPointer.buffer[range]),
                                equalToPrevious: marksEqual ? UnsafeMutableBufferPointer(rebasing: equalPointer.buffer[range]) : nil,
                                threads: threads)
                        }
                        for range in shared { sort(range, threads: threads) }
                        let rest = sortable.dropFirst(shared.count)
                        parallelFor(rest.count, threads: threads) { item in sort(rest[rest.startIndex + item], threads: 1) }
                    }
                }
            }
        }
        return (order, equalToPrevious)
    }
}
