import IndexedCollation

extension CollationPipeline {
    /// The lines `--search` keeps (all without it), where lines enter the run: before
    /// indexing and before spilling, so what is dropped is never sorted nor written.
    /// - Parameter lines: Decoded lines of the input or of one piece of it.
    /// - Returns: The kept lines, in input order.
    /// - Complexity: One search lookup per line, on all cores.
    func admitted(_ lines: Lines) -> Lines {
        guard let search else { return lines }
        let kept = withEngineInput(lines) { search.kept($0) }
        return Lines(bytes: lines.bytes, ranges: zip(lines.ranges, kept).compactMap { $1 ? $0 : nil })
    }

    /// The records of a structured input that `--search` keeps: the engine's output without
    /// the others (in memory, and in each piece of a spilled input).
    /// - Parameters:
    ///   - output: The engine's output for all records.
    ///   - input: The engine's input (the records' keys and readings).
    /// - Returns: The output with only the kept records, in the same sections and order.
    func admitted(_ output: IndexingEngine.Output, of input: IndexingEngine.Input) -> IndexingEngine.Output {
        guard let search else { return output }
        let kept = search.kept(input)
        var filtered = output
        filtered.order = []
        filtered.groups = []
        for group in output.groups {
            let start = filtered.order.count
            filtered.order.append(contentsOf: output.order[group.range].filter { kept[Int($0)] })
            if filtered.order.count > start {
                filtered.groups.append(IndexingEngine.Group(section: group.section, range: start..<filtered.order.count))
            }
        }
        return filtered
    }
}
