internal import CCollationShims

/// Owns one ICU collator, opened and fully configured in `init`, closed in `deinit`.
///
/// `@unchecked Sendable` is safe: after `init` the collator is never mutated, and ICU
/// documents concurrent const use of a configured collator (`ucol_getSortKey`,
/// `ucol_strcoll`) as thread-safe.
final class CollatorHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    let locale: CollationLocale
    let options: CollatorOptions
    /// Languages whose tailorings are merged in (multi-language indexes), else empty.
    let mergedLocales: [String]
    /// ICU's valid locale for the collation data ("" when ICU fell back to root).
    let validLocale: String
    let resolved: ResolvedCollatorOptions
    let version: String
    /// The collation type in use ("pinyin", "stroke", "standard"…).
    let collationType: String

    /// Opens a collator for a locale (merged with other languages' tailorings, if any).
    private convenience init(
        locale: CollationLocale, options: CollatorOptions, mergedLocales: [String], compiledRulesDirectory: String?
    ) throws(CollationError) {
        var status: Int32 = 0
        let attributes = options.attributeVector
        let extras = mergedLocales.isEmpty ? nil : mergedLocales.joined(separator: "\0") + "\0\0"
        let opened: OpaquePointer?
        if let extras, let directory = compiledRulesDirectory ?? CompiledCollatorCache.directory,
            let rules = Self.mergedRules(locale.identifier, extras)
        {
            let binary = CompiledCollatorCache.binary(for: rules, in: directory, compile: Self.compiledBinary) ?? []
            opened = rules.withUnsafeBufferPointer { rules in
                binary.withUnsafeBufferPointer { binary in
                    ccs_collator_open_compiled(
                        locale.identifier, extras, attributes, rules.baseAddress, Int32(rules.count), binary.baseAddress,
                        Int32(binary.count), &status)
                }
            }
        } else {
            opened = ccs_collator_open(locale.identifier, extras, attributes, &status)
        }
        try ICUStatus.check(status, "open a collator for '\(locale.identifier)'")
        guard let opened else { throw .icuFailure(operation: "open a collator for '\(locale.identifier)'", status: "NULL") }
        self.init(opened: opened, locale: locale, options: options, mergedLocales: mergedLocales)
    }

    /// The merged rules `ccs_collator_open` would compile for `locale` and `extras` (as it
    /// takes them), or nil when the extras contribute none.
    private static func mergedRules(_ locale: String, _ extras: String) -> [UInt16]? {
        var rules: UnsafeMutablePointer<UInt16>?
        var status: Int32 = 0
        let count = ccs_merged_rules(locale, extras, &rules, &status)
        defer { ccs_free(rules) }
        guard count > 0, status <= 0, let rules else { return nil }
        return Array(UnsafeBufferPointer(start: rules, count: Int(count)))
    }

    /// ICU's binary of the collator compiled from `rules`, or nil when ICU refuses them.
    private static func compiledBinary(_ rules: [UInt16]) -> [UInt8]? {
        var binary: UnsafeMutablePointer<UInt8>?
        var status: Int32 = 0
        let size = ccs_rules_compile_binary(rules, Int32(rules.count), &binary, &status)
        defer { ccs_free(binary) }
        guard size > 0, status <= 0, let binary else { return nil }
        return Array(UnsafeBufferPointer(start: binary, count: Int(size)))
    }

    /// Copies another handle's collator with other options: for merged collators, whose
    /// opening compiles rules (hundreds of ms), this costs microseconds.
    private convenience init(cloning source: CollatorHandle, options: CollatorOptions) throws(CollationError) {
        var status: Int32 = 0
        let cloned = ccs_collator_clone_configured(source.pointer, options.attributeVector, &status)
        try ICUStatus.check(status, "configure a collator for '\(source.locale.identifier)'")
        guard let cloned else {
            throw .icuFailure(operation: "configure a collator for '\(source.locale.identifier)'", status: "NULL")
        }
        self.init(opened: cloned, locale: source.locale, options: options, mergedLocales: source.mergedLocales)
    }

    /// Takes ownership of an opened, fully configured collator and reads its settings.
    private init(opened: OpaquePointer, locale: CollationLocale, options: CollatorOptions, mergedLocales: [String]) {
        pointer = opened
        self.locale = locale
        self.options = options
        self.mergedLocales = mergedLocales
        validLocale = readShimString { buffer, capacity in
            var status: Int32 = 0
            return ccs_collator_locale(opened, Int32(CCS_LOCALE_VALID), buffer, capacity, &status)
        }
        version = readShimString { ccs_collator_version(opened, $0, $1) }
        collationType = readShimString { ccs_collator_collation_type(opened, $0, $1) }
        func value(_ attribute: Int) -> Int32 { ccs_collator_attribute(opened, Int32(attribute)) }
        func isOn(_ attribute: Int) -> Bool { value(attribute) == Int32(CCS_ON) }
        resolved = ResolvedCollatorOptions(
            strength: .init(shimValue: value(CCS_ATTR_STRENGTH)),
            alternate: value(CCS_ATTR_ALTERNATE) == Int32(CCS_ALTERNATE_SHIFTED) ? .shifted : .nonIgnorable,
            caseFirst: .init(shimValue: value(CCS_ATTR_CASE_FIRST)),
            numeric: isOn(CCS_ATTR_NUMERIC),
            normalization: isOn(CCS_ATTR_NORMALIZATION),
            caseLevel: isOn(CCS_ATTR_CASE_LEVEL))
    }

    deinit { ccs_collator_close(pointer) }

    private struct CacheKey: Hashable {
        let locale: String
        let options: CollatorOptions
        let merged: [String]
    }

    private static let cache = HandleCache<CacheKey, CollatorHandle>()

    /// The cached collator for (locale, options); opened on first use only.
    ///
    /// A merged collator with options is a configured copy of the cached merged collator
    /// with default options, so its rules are compiled once per process, not once per
    /// options value.
    /// `compiledRulesDirectory` (else ``CompiledCollatorCache/directory``) keeps compiled
    /// merged rules between processes.
    static func shared(
        locale: CollationLocale, options: CollatorOptions, mergedLocales: [String] = [], compiledRulesDirectory: String? = nil
    ) throws(CollationError) -> CollatorHandle {
        let key = CacheKey(locale: locale.identifier, options: options, merged: mergedLocales)
        return try cache.value(for: key) { () throws(CollationError) in
            if !mergedLocales.isEmpty && options != CollatorOptions() {
                let base = try shared(
                    locale: locale, options: CollatorOptions(), mergedLocales: mergedLocales, compiledRulesDirectory: compiledRulesDirectory
                )
                return try CollatorHandle(cloning: base, options: options)
            }
            return try CollatorHandle(
                locale: locale, options: options, mergedLocales: mergedLocales, compiledRulesDirectory: compiledRulesDirectory)
        }
    }

    /// How many times this process built the merged collator of `locale` and
    /// `mergedLocales`, compiled or from ``CompiledCollatorCache`` (0 when the extra languages
    /// contribute no rules of their own): the collator, its options variants and the index
    /// share one.
    static func mergedCompilations(locale: CollationLocale, mergedLocales: [String]) -> Int {
        let extras = mergedLocales.joined(separator: "\0") + "\0\0"
        return Int(ccs_merged_compilation_count(locale.identifier, extras))
    }

    // MARK: - Operations (const, thread-safe)

    /// Everything the collator's sort keys depend on besides the ICU version (UCA version,
    /// rules, attributes, reorder codes, variable top): what the key stamp digests.
    var rulesDescription: String { readShimString { ccs_collator_description(pointer, $0, $1) } }

    func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        var status: Int32 = 0
        return a.withMemoryRebound(to: CChar.self) { a in
            b.withMemoryRebound(to: CChar.self) { b in
                ccs_collator_compare_utf8(pointer, a.baseAddress, Int32(a.count), b.baseAddress, Int32(b.count), &status)
            }
        }
    }

    /// Appends the sort key of UTF-8 `text` to `key`.
    func appendSortKey(of text: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        appendKey(to: &key) { output, capacity in writeSortKey(of: text, to: output, capacity: Int(capacity)) }
    }

    /// Writes the sort key of UTF-8 `text` to `output`, when it fits in `capacity` bytes.
    /// - Returns: The key's length; a length of at least `capacity` says it did not fit
    ///   (what was written is then no key).
    @inline(__always)
    func writeSortKey(of text: UnsafeBufferPointer<UInt8>, to output: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int32 {
        text.withMemoryRebound(to: CChar.self) {
            ccs_collator_sort_key_utf8(pointer, $0.baseAddress, Int32($0.count), output, Int32(clamping: capacity))
        }
    }
}

extension CollatorHandle {
    /// Starts making the table-driven key writer on a thread of its own, for a run about
    /// to compute many keys (it also starts by itself after a few thousand). Keys are the
    /// same bytes before and after it is ready.
    ///
    /// With a cache directory (``CompiledCollatorCache/directory``), what the writer learns
    /// from ICU at its slowest (the code points that contractions and prefix mappings make
    /// depend on their neighbours, and whether Hangul syllables are their jamo's elements:
    /// about 25 ms of CPU) is read from the collator's file there when a process has
    /// stored it (``storeSortKeyTableFacts()``); the keys are the same bytes either way.
    func prepareSortKeys() {
        guard ccs_collator_sort_key_table_state(pointer) == 0 else { return }
        guard let directory = CompiledCollatorCache.directory,
            let facts = CacheFile.keyTable(directory: directory, description: rulesDescription).read().flatMap(KeyTableFacts.init)
        else { return ccs_collator_prepare_sort_keys(pointer) }
        facts.refused.withUnsafeBufferPointer {
            ccs_collator_prepare_sort_keys_knowing(pointer, $0.baseAddress, facts.hangulByJamo ? 1 : 0)
        }
    }

    /// Writes what the table-driven key writer learned from ICU to the collator's file in
    /// the cache directory, when the writer is made and learned it this process (see
    /// ``prepareSortKeys()``); failures cost only the next process's time.
    func storeSortKeyTableFacts() {
        guard let directory = CompiledCollatorCache.directory, let made = sortKeyTableFacts, made.learned else { return }
        CacheFile.keyTable(directory: directory, description: rulesDescription).write(made.facts.payload)
        // Once a process (a spilled run makes keys piece by piece).
        ccs_collator_sort_key_table_facts_stored(pointer)
    }

    /// What the table-driven key writer knows from ICU, once it is made (nil before, and
    /// for a collator without a writer); `learned` is false when the facts were given
    /// (read from the cache by ``prepareSortKeys()``) or stored already.
    var sortKeyTableFacts: (facts: KeyTableFacts, learned: Bool)? {
        var refused = [UInt64](repeating: 0, count: KeyTableFacts.refusedWords)
        var hangulByJamo: Int32 = 0
        let made = refused.withUnsafeMutableBufferPointer { ccs_collator_sort_key_table_facts(pointer, $0.baseAddress, &hangulByJamo) }
        guard made > 0 else { return nil }
        return (KeyTableFacts(refused: refused, hangulByJamo: hangulByJamo != 0), made == 1)
    }

    /// A new collator of this one's configuration, with a table-driven key writer of its
    /// own (for tests of the writer's cache; shared handles make theirs once a process).
    func copy() throws(CollationError) -> CollatorHandle { try CollatorHandle(cloning: self, options: options) }

    /// The sort key of UTF-8 `text` through ICU alone (the table-driven writer's oracle).
    func icuSortKey(of text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var key = [UInt8]()
        appendKey(to: &key) { output, capacity in
            text.withMemoryRebound(to: CChar.self) {
                ccs_collator_sort_key_icu_utf8(pointer, $0.baseAddress, Int32($0.count), output, capacity)
            }
        }
        return key
    }

    /// Whether this collator's attributes let the table-driven writer make its keys at all.
    var hasSortKeyTable: Bool {
        var empty: UInt8 = 0
        return ccs_collator_sort_key_table_utf8(pointer, nil, 0, &empty, 0) != -2
    }

    /// The sort key of UTF-8 `text` through the table-driven writer alone, or nil when it
    /// does not accept the text (``appendSortKey(of:to:)`` then asks ICU).
    func tableSortKey(of text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var accepted = true
        var key = [UInt8]()
        appendKey(to: &key) { output, capacity in
            let written = text.withMemoryRebound(to: CChar.self) {
                ccs_collator_sort_key_table_utf8(pointer, $0.baseAddress, Int32($0.count), output, capacity)
            }
            if written < 0 { accepted = false }
            return max(written, 0)
        }
        return accepted ? key : nil
    }
}

/// Appends the output of a shim key writer to `key` (an arena of many keys, so no
/// per-key array exists). `write(buffer, capacity)` returns the full key length; a result
/// >= capacity means the buffer was too small, and the key is written again into a
/// buffer of the right size.
@inline(__always)
func appendKey(to key: inout [UInt8], _ write: (UnsafeMutablePointer<UInt8>, Int32) -> Int32) {
    let stackCapacity = 512
    let spilled: Int? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackCapacity) { scratch in
        guard let base = scratch.baseAddress else { return 0 }
        let written = Int(write(base, Int32(stackCapacity)))
        if written < stackCapacity {
            key.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<written]))
            return nil
        }
        return written
    }
    guard let needed = spilled else { return }
    var large = [UInt8](repeating: 0, count: needed + 1)
    let written = large.withUnsafeMutableBufferPointer { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Int(write(base, Int32(buffer.count)))
    }
    key.append(contentsOf: large[0..<min(written, needed)])
}

/// What the table-driven key writer learns from ICU at its slowest, as a key-table cache
/// file holds it (``CacheFile/keyTable(directory:description:)``): the set of code points
/// that depend on their neighbours (a bit a BMP code point, 1,024 little-endian words),
/// then a byte saying whether Hangul syllables are their jamo's elements.
struct KeyTableFacts: Equatable {
    static let refusedWords = Int(CCS_KEY_TABLE_REFUSED_WORDS)

    var refused: [UInt64]
    var hangulByJamo: Bool

    init(refused: [UInt64], hangulByJamo: Bool) { (self.refused, self.hangulByJamo) = (refused, hangulByJamo) }

    /// The facts of a payload, or nil when it is not one.
    init?(_ payload: [UInt8]) {
        guard payload.count == 8 * Self.refusedWords + 1, payload[8 * Self.refusedWords] <= 1 else { return nil }
        refused = (0..<Self.refusedWords).map { CacheFile.integer(payload, at: 8 * $0, size: 8) }
        hangulByJamo = payload[8 * Self.refusedWords] == 1
    }

    /// The payload of a cache file.
    var payload: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 * refused.count + 1)
        for word in refused { CacheFile.append(word, size: 8, to: &bytes) }
        bytes.append(hangulByJamo ? 1 : 0)
        return bytes
    }
}
