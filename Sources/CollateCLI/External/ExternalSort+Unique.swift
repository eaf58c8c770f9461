import IndexedCollation
import IndexedTableFormatting

extension ExternalSort {
    /// With `-u`: the runs merged into one that keeps only the first of each group of
    /// records equal at the strength (same section, sort key and tie key), as the
    /// in-memory path keeps them (each run is already reduced; equal records of different
    /// runs meet here, the earliest in the input first: ``SortedRuns/merge(rows:distinct:_:)``).
    /// Section counts and drawn layouts' measurements are taken again over the records kept.
    /// - Returns: `runs` itself without `-u`.
    /// - Complexity: O(*n* log *r*) key comparisons; the records kept are written once more.
    func keepingFirstOfEqual(_ runs: Runs) throws -> Runs {
        guard pipeline.unique else { return runs }
        var kept = Runs(tallyingFor: pipeline)
        kept.sorted = runs.sorted
        kept.records = runs.records
        kept.recordColumns = runs.recordColumns
        kept.recordHeader = runs.recordHeader
        let writer = try RunRecordWriter(directory: directory, blockSize: budget.runBlock)
        let section = sectionOfKey
        try runs.sorted.merge(distinct: placeLengthOfKey) { key, line in
            try writer.append(key: key, line: line)
            let keySection = section(key)
            kept.sectionCounts[keySection] += 1
            // Optional chaining: the cells are only made when there is a measure.
            kept.measure?.add(DrawnTextWriter.cells(of: line, fields: pipeline.fields, options: pipeline.output.table), section: keySection)
            if let columns = kept.columns { kept.columns = max(columns, columnCount(line)) }
        }
        kept.sorted.replace(with: try writer.finish())
        return kept
    }

    /// How many leading bytes of a run key say where the record goes, without its
    /// position: the whole key, or a storage key's place (``OrderKeyEncoding/placeCount(ofKey:sectionCount:keyParts:)``).
    var placeLengthOfKey: (UnsafeBufferPointer<UInt8>) -> Int {
        guard carriesStorageKeys else { return { $0.count } }
        let (encoding, count) = (runKeys, collation.sectionTitles.count)
        let parts = pipeline.fields?.keyFields.count ?? 1
        return { encoding.placeCount(ofKey: $0, sectionCount: count, keyParts: parts) }
    }
}
