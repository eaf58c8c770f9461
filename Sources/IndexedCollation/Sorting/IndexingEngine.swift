/// The sort-and-section pipeline shared by the library and the `collate` tool.
///
/// The performance model (DESIGN.md): one ICU sort key per record, computed once and in
/// parallel; the section found by binary search over the index's primary boundary keys
/// (memcmp); records sorted by memcmp of their keys. ICU is called O(n) times in all.
///
/// A run has four steps, one file each:
/// 1. grouping (`IndexingEngine+Grouping.swift`): records with identical key and reading
///    bytes (all of them, when records have several keys) share one distinct *text*;
/// 2. key building (`IndexingEngine+KeyBuilding.swift`, `+CompositeKeys.swift` for several
///    keys per record): one sort key (two with a reading) and a section per distinct text,
///    on all cores;
/// 3. ordering (`IndexingEngine+Ordering.swift`, `RecordComparator.swift`): distinct texts
///    sorted by section, then key, then tie key;
/// 4. layout (`IndexingEngine+Layout.swift`): records laid out behind their text in input
///    order, and the non-empty sections as groups.
package struct IndexingEngine: Sendable {
    package let collation: LocalizedIndexedCollation
    /// Worker threads for key generation and sorting; 1 runs everything inline.
    package var threads: Int

    package init(collation: LocalizedIndexedCollation, threads: Int = IndexingEngine.defaultThreads) {
        self.collation = collation
        self.threads = max(1, threads)
    }

    package static var defaultThreads: Int { max(1, min(8, systemProcessorCount())) }

    /// Computes keys, sections and the sorted order.
    ///
    /// Records with the same key and reading share one ICU sort key (name lists repeat a
    /// lot: 김민준, Smith); distinct texts are sorted once, and records follow their text
    /// in input order, which keeps equal keys stable.
    /// - Parameters:
    ///   - input: The records' key and reading bytes.
    ///   - descending: Reverse the order of sections and of records (equal keys keep
    ///     input order either way).
    /// - Returns: Every record's section and the output order.
    /// - Complexity: O(*n*) hashing, O(*u*) ICU calls and O(*u* log *u*) comparisons for
    ///   *u* distinct texts.
    package func index(_ input: Input, descending: Bool = false) -> Output {
        let texts = distinctTexts(input)
        let keys = textKeys(input, texts: texts)
        let ties = keys.hasTies ? keys.ties : nil
        let (textOrder, equalToPrevious) = sortTexts(keys.sections, keys: keys.keys, ties: ties, descending: descending)
        let (sectionOfRecord, order, groups) = layOut(
            texts: texts, sectionOfText: keys.sections, textOrder: textOrder, equalToPrevious: equalToPrevious)
        return Output(
            sectionCount: collation.sectionTitles.count, sectionOfRecord: sectionOfRecord, order: order, groups: groups,
            textOfRecord: texts.textOfRecord, keys: keys.keys, ties: ties)
    }
}
