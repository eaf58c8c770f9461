internal import CCollationShims

/// Owns one ICU alphabetic index (labels and bucket boundaries), built in full in `init`.
///
/// `@unchecked Sendable` is safe: the index is never mutated after `init`; ICU documents
/// `AlphabeticIndex::ImmutableIndex` as thread-safe, and the boundary table is copied
/// into immutable Swift arrays.
final class IndexHandle: @unchecked Sendable {
    enum BucketKind: Sendable {
        case normal, underflow, inflow, overflow

        init(shimValue: Int32) {
            switch Int(shimValue) {
            case CCS_BUCKET_UNDERFLOW: self = .underflow
            case CCS_BUCKET_INFLOW: self = .inflow
            case CCS_BUCKET_OVERFLOW: self = .overflow
            default: self = .normal
            }
        }
    }

    struct Bucket: Sendable, Hashable {
        let label: String
        let kind: BucketKind
    }

    private let pointer: OpaquePointer
    let buckets: [Bucket]
    let addedEnglish: Bool
    /// Boundary primary keys, concatenated; boundary j is bytes[starts[j]..<starts[j+1]].
    let boundaryBytes: [UInt8]
    let boundaryStarts: [Int]
    /// The visible bucket each boundary opens.
    let boundaryBuckets: [Int32]
    /// The bucket of every primary key that starts with two given bytes (index
    /// `first << 8 | second`), or, where a boundary longer than two bytes starts with
    /// them, -2 - *t* for the third-byte table *t* in ``bucketOfThirdByte`` (-1: none, the
    /// binary search decides): ``bucket(forPrimaryKey:)`` without a search.
    let bucketOfPrefix: [Int32]
    /// 256 entries per ambiguous two-byte prefix: the bucket of every key that starts with
    /// the prefix and that third byte, or -1 where a boundary longer than three bytes
    /// starts with them.
    let bucketOfThirdByte: [Int32]

    /// The ICU `maxLabelCount` we ask for: high enough that no label is ever dropped.
    static let unlimitedLabels: Int32 = 100_000

    /// Builds the index; with extra languages it works on a copy of the cached merged
    /// collator, so their rules are compiled once per process (by ``CollatorHandle``).
    /// `labels` says whether the locales' labels are used and which are added.
    private init(locale: CollationLocale, extraLocales: [String], labels: IndexLabels) throws(CollationError) {
        var status: Int32 = 0
        let extras = extraLocales.isEmpty ? nil : extraLocales.joined(separator: "\0") + "\0\0"
        var options = Int32(CCS_INDEX_ADD_ENGLISH_WITHOUT_LATIN | CCS_INDEX_MERGE_TAILORINGS)
        if !labels.includesLocaleLabels { options |= Int32(CCS_INDEX_NO_LOCALE_LABELS) }
        // A Chinese primary keeps its own collator (the shim merges nothing for it).
        let merged =
            extraLocales.isEmpty || LanguagePolicy(locale).isChinese
            ? nil : try CollatorHandle.shared(locale: locale, options: CollatorOptions(), mergedLocales: extraLocales)
        let opened = withExtendedLifetime(merged) {
            ccs_index_open(locale.identifier, extras, options, Self.unlimitedLabels, merged?.pointer, labels.addedLabels, &status)
        }
        try ICUStatus.check(status, "build the alphabetic index for '\(locale.identifier)'")
        guard let opened else { throw .icuFailure(operation: "build the alphabetic index for '\(locale.identifier)'", status: "NULL") }
        pointer = opened
        addedEnglish = ccs_index_added_english(opened) != 0
        buckets = (0..<ccs_index_bucket_count(opened)).map { bucket in
            Bucket(
                label: readShimString { ccs_index_bucket_label(opened, bucket, $0, $1) },
                kind: BucketKind(shimValue: ccs_index_bucket_type(opened, bucket)))
        }
        var bytes = [UInt8]()
        var starts = [0]
        var targets = [Int32]()
        for boundary in 0..<ccs_index_boundary_count(opened) {
            var key: UnsafePointer<UInt8>?
            let length = ccs_index_boundary_key(opened, boundary, &key)
            if let key { bytes.append(contentsOf: UnsafeBufferPointer(start: key, count: Int(length))) }
            starts.append(bytes.count)
            targets.append(ccs_index_boundary_bucket(opened, boundary))
        }
        boundaryBytes = bytes
        boundaryStarts = starts
        boundaryBuckets = targets
        (bucketOfPrefix, bucketOfThirdByte) = Self.prefixTables(bytes: bytes, starts: starts, buckets: targets)
    }

    /// ``bucketOfPrefix`` in one sweep over the 65,536 two-byte prefixes and the sorted
    /// boundaries. Every key starting with prefix *P* is >= *P*; a boundary > *P* that does
    /// not start with *P* is also > every such key, so all of them fall in the bucket of
    /// the last boundary <= *P*, unless a longer boundary starts with *P*. The comparisons
    /// are of integers: each boundary's ``firstPrefix(of:width:)``.
    static func prefixTables(bytes: [UInt8], starts: [Int], buckets: [Int32]) -> ([Int32], [Int32]) {
        var table = [Int32](repeating: 0, count: 65_536)
        var third = [Int32]()
        let count = buckets.count
        guard count > 0 else { return (table, third) }
        let boundaries = (0..<count).map { bytes[starts[$0]..<starts[$0 + 1]] }
        let firstTwo = boundaries.map { firstPrefix(of: $0, width: 2) }
        var last = 0  // the last boundary <= the prefix (boundary 0 when none, as the search)
        for value in 0..<65_536 {
            while last + 1 < count && firstTwo[last + 1] <= value { last += 1 }
            table[value] = buckets[last]
        }
        for boundary in boundaries where boundary.count > 2 {
            table[Int(boundary[boundary.startIndex]) << 8 | Int(boundary[boundary.startIndex + 1])] = -1
        }
        // Third bytes for the ambiguous prefixes (Hangul: every label's first syllable
        // is three primary bytes, initial and vowel).
        let firstThree = boundaries.map { firstPrefix(of: $0, width: 3) }
        var longer = Set<Int>()
        for boundary in boundaries where boundary.count > 3 { longer.insert(firstPrefix(of: boundary, width: 3) - 1) }
        for prefix in 0..<65_536 where table[prefix] == -1 {
            table[prefix] = Int32(-2 - third.count / 256)
            // The boundaries are sorted, so their first three-byte prefixes are too.
            var last = firstThree.lastIndex { $0 <= prefix << 8 } ?? 0
            for byte in 0..<256 {
                let value = prefix << 8 | byte
                while last + 1 < count && firstThree[last + 1] <= value { last += 1 }
                third.append(longer.contains(value) ? -1 : buckets[last])
            }
        }
        return (table, third)
    }

    /// The first `width`-byte prefix (as a big-endian integer) that a boundary is <= to:
    /// the boundary zero-padded, or, when it is longer, the prefix after its own first
    /// `width` bytes (it is greater than them).
    static func firstPrefix(of boundary: ArraySlice<UInt8>, width: Int) -> Int {
        var value = 0
        for offset in 0..<width {
            value = value << 8 | (offset < boundary.count ? Int(boundary[boundary.startIndex + offset]) : 0)
        }
        return boundary.count > width ? value + 1 : value
    }

    /// The bucket of the last boundary <= `key` (boundary 0 when none is), by binary search.
    static func search(bytes: UnsafeBufferPointer<UInt8>, starts: [Int], buckets: [Int32], key: UnsafeBufferPointer<UInt8>) -> Int32 {
        var low = 0
        var high = buckets.count  // invariant: boundary[low] <= key < boundary[high]
        while high - low > 1 {
            let middle = (low + high) / 2
            let boundary = UnsafeBufferPointer(rebasing: bytes[starts[middle]..<starts[middle + 1]])
            if compareBytes(key, boundary) < 0 { high = middle } else { low = middle }
        }
        return buckets[low]
    }

    deinit { ccs_index_close(pointer) }

    private struct CacheKey: Hashable {
        let locale: String
        let extras: [String]
        let labels: IndexLabels
    }

    private static let cache = HandleCache<CacheKey, IndexHandle>()

    /// The cached index for a locale (plus extra label locales); built on first use only.
    static func shared(locale: CollationLocale, extraLocales: [String] = [], labels: IndexLabels = .locale) throws(CollationError)
        -> IndexHandle
    {
        let key = CacheKey(locale: locale.identifier, extras: extraLocales, labels: labels)
        return try cache.value(for: key) { () throws(CollationError) in
            try IndexHandle(locale: locale, extraLocales: extraLocales, labels: labels)
        }
    }

    // MARK: - Bucketing (const, thread-safe)

    /// The visible bucket for a primary key: the bucket of the last boundary <= key.
    /// - Complexity: O(log b) memcmp calls for b boundaries; no ICU call.
    func bucket(forPrimaryKey key: UnsafeBufferPointer<UInt8>) -> Int32 {
        if key.count >= 2 {
            let bucket = key.count >= 3 ? self.bucket(forPrefix: key[0], key[1], key[2]) : bucketOfPrefix[Int(key[0]) << 8 | Int(key[1])]
            if bucket >= 0 { return bucket }
        }
        return searchBucket(forPrimaryKey: key)
    }

    /// The bucket of every primary key starting with bytes `first`, `second`, or -1 when
    /// the boundaries need a longer look (``bucket(forPrimaryKey:)`` then decides).
    @inline(__always)
    func bucket(forPrefix first: UInt8, _ second: UInt8, _ third: UInt8) -> Int32 {
        let bucket = bucketOfPrefix.withUnsafeBufferPointer { $0[Int(first) << 8 | Int(second)] }
        if bucket >= -1 { return bucket }
        return bucketOfThirdByte.withUnsafeBufferPointer { $0[Int(-2 - bucket) << 8 | Int(third)] }
    }

    /// ``bucket(forPrimaryKey:)`` by binary search over the boundaries.
    func searchBucket(forPrimaryKey key: UnsafeBufferPointer<UInt8>) -> Int32 {
        boundaryBytes.withUnsafeBufferPointer { Self.search(bytes: $0, starts: boundaryStarts, buckets: boundaryBuckets, key: key) }
    }

    /// Appends the primary-strength key of UTF-8 `text` under the index's own collator.
    func appendPrimaryKey(of text: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        appendKey(to: &key) { output, capacity in
            text.withMemoryRebound(to: CChar.self) {
                ccs_index_primary_key_utf8(pointer, $0.baseAddress, Int32($0.count), output, capacity)
            }
        }
    }

    /// ICU's own bucket for `text` (`ImmutableIndex::getBucketIndex`), one collator
    /// comparison per step. Slow; the reference the fast path is tested against.
    func icuBucket(for text: String) -> Int {
        var text = text
        var status: Int32 = 0
        let bucket = text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { ccs_index_bucket_for_utf8(pointer, $0.baseAddress, Int32($0.count), &status) }
        }
        return Int(bucket)
    }
}
