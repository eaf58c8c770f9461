extension LocalizedIndexedCollation {
    /// The one rule for which text orders a record, that is, decides its section and its
    /// place in it; every path (the indexing engine, ``section(for:)``,
    /// ``section(for:by:reading:)``, the data source's edits) goes through here:
    ///
    /// 1. the record's reading (furigana, pinyin, "sort as"), when present and non-empty;
    /// 2. else, with ``Configuration/filing`` rules that change the key, the key as they
    ///    file it ("Vincent van Gogh" as "Gogh Vincent van" under nl_NL), its surname then
    ///    read in name mode;
    /// 3. else, in person-name mode, the name with its surname replaced by the surname's
    ///    reading (曾国藩 as 增国藩 under zh pinyin, 李舜臣 as 이舜臣 under ko);
    /// 4. and, under a Chinese pinyin collation reading by words
    ///    (``Configuration/hanReadingUnit``), each word read otherwise than its characters
    ///    replaced by a spelling of its reading (长沙银行 as 肠沙银航: Chángshā yínháng);
    /// 5. else the display key itself.
    ///
    /// In cases 1 to 4 the display key's own sort key breaks ties.
    /// - Parameters:
    ///   - display: The record's display key (UTF-8).
    ///   - reading: The record's reading (UTF-8), or nil; an empty reading means none.
    ///   - scratch: Storage for a rewritten name, reused between calls.
    ///   - body: Receives the ordering text and whether the display key breaks ties.
    /// - Returns: What `body` returns.
    /// - Complexity: O(*s*) dictionary look-ups for a table's longest surname of *s*
    ///   characters in name mode; no ICU call.
    @inline(__always)
    func withOrderingText<Result>(
        display: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>?, scratch: inout [UInt8],
        _ body: (_ text: UnsafeBufferPointer<UInt8>, _ displayKeyBreaksTies: Bool) -> Result
    ) -> Result {
        if let reading, !reading.isEmpty { return body(reading, true) }
        scratch.removeAll(keepingCapacity: true)
        if let filer, filer.rewrite(display, into: &scratch) {
            readFiledText(&scratch)
            return scratch.withUnsafeBufferPointer { body($0, true) }
        }
        if let surnameReadings, surnameReadings.substitute(display, into: &scratch) {
            if sortsByChineseWords { chineseWords?.rewrite(&scratch) }
            return scratch.withUnsafeBufferPointer { body($0, true) }
        }
        if rewritingChineseWords(display, into: &scratch) { return scratch.withUnsafeBufferPointer { body($0, true) } }
        return body(display, false)
    }

    /// Step 4 of the ordering rule under a Chinese pinyin collation reading by words: the
    /// key with each word of ``ChineseWordReadings`` replaced by its substitute (长沙银行 as
    /// 肠沙银航: Cháng, háng), written to `scratch`; false, with `scratch` left empty, when
    /// the key holds no such word (the key itself orders).
    @inline(__always)
    func rewritingChineseWords(_ display: UnsafeBufferPointer<UInt8>, into scratch: inout [UInt8]) -> Bool {
        guard sortsByChineseWords, let chineseWords, chineseWords.mayHoldWord(UnsafeRawBufferPointer(display)) else { return false }
        scratch.append(contentsOf: display)
        if chineseWords.rewriteKnowingAWord(&scratch) { return true }
        scratch.removeAll(keepingCapacity: true)
        return false
    }

    /// The ordering text of a key the filing rules rewrote, in place: its surname read in
    /// name mode, then its Chinese words read as words. Not generic and given no closure:
    /// handing `body` on to a function the optimizer keeps apart made every call copy the
    /// caller's context (the whole indexing engine, a retain per reference) per record.
    private func readFiledText(_ filed: inout [UInt8]) {
        var renamed = [UInt8]()
        if let surnameReadings, filed.withUnsafeBufferPointer({ surnameReadings.substitute($0, into: &renamed) }) {
            if sortsByChineseWords { chineseWords?.rewrite(&renamed) }
            filed = renamed
            return
        }
        if sortsByChineseWords, let chineseWords {
            renamed = filed
            if chineseWords.rewrite(&renamed) { filed = renamed }
        }
    }

    /// The ordering text of one key of a record with several keys: the first key follows
    /// ``withOrderingText(display:reading:scratch:_:)`` (readings, then the person-name
    /// rules); a later key is ordered by its reading when present and non-empty, else by
    /// itself with its Chinese words read as words (a given name has no surname to read).
    /// - Parameters:
    ///   - position: The key's position among the record's keys (0 = most significant).
    ///   - display: The key (UTF-8).
    ///   - reading: The key's reading (UTF-8), or nil; an empty reading means none.
    ///   - scratch: Storage for a rewritten name, reused between calls.
    ///   - body: Receives the ordering text and whether the display key breaks ties.
    /// - Returns: What `body` returns.
    /// - Complexity: As ``withOrderingText(display:reading:scratch:_:)``.
    @inline(__always)
    func withOrderingText<Result>(
        ofKey position: Int, display: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>?, scratch: inout [UInt8],
        _ body: (_ text: UnsafeBufferPointer<UInt8>, _ displayKeyBreaksTies: Bool) -> Result
    ) -> Result {
        if position == 0 { return withOrderingText(display: display, reading: reading, scratch: &scratch, body) }
        if let reading, !reading.isEmpty { return body(reading, true) }
        scratch.removeAll(keepingCapacity: true)
        if rewritingChineseWords(display, into: &scratch) { return scratch.withUnsafeBufferPointer { body($0, true) } }
        return body(display, false)
    }

    /// The section and keys of one record given as strings, by the ordering rule
    /// (``withOrderingText(display:reading:scratch:_:)``).
    /// - Parameters:
    ///   - key: The record's display key.
    ///   - reading: The record's reading, or nil.
    ///   - needsKeys: Whether to return the sort keys; without, a sort key is computed only
    ///     when the section needs one.
    /// - Returns: The section (a position in ``sectionTitles``), the sort key of the
    ///   ordering text, and the display key's sort key when it breaks ties.
    /// - Complexity: One ICU sort key, two when the display key breaks ties, and O(log *b*)
    ///   memcmp calls over the index's *b* boundaries.
    func ordering(key: String, reading: String?, needsKeys: Bool) -> (section: Int32, key: [UInt8], tie: [UInt8]?) {
        var display = key
        var reading = reading ?? ""
        var scratch = [UInt8]()
        var bytes = [UInt8]()
        var primaryScratch = [UInt8]()
        return display.withUTF8 { display in
            reading.withUTF8 { reading in
                withOrderingText(display: display, reading: reading, scratch: &scratch) { text, displayKeyBreaksTies in
                    if needsKeys || primaryFromSortKey { collator.handle.appendSortKey(of: text, to: &bytes) }
                    let section = bytes.withUnsafeBufferPointer { self.section(ofText: text, sortKey: $0, scratch: &primaryScratch) }
                    guard needsKeys && displayKeyBreaksTies else { return (section, bytes, nil) }
                    var tie = [UInt8]()
                    collator.handle.appendSortKey(of: display, to: &tie)
                    return (section, bytes, tie)
                }
            }
        }
    }
}
