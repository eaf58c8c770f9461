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
    /// the last boundary <= *P*, unless a longer boundary starts with *P*.
    static func prefixTables(bytes: [UInt8], starts: [Int], buckets: [Int32]) -> ([Int32], [Int32]) {
        var table = [Int32](repeating: 0, count: 65_536)
        var third = [Int32]()
        let count = buckets.count
        guard count > 0 else { return (table, third) }
        bytes.withUnsafeBufferPointer { bytes in
            func boundary(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
            }
            var last = 0  // the last boundary <= the prefix (boundary 0 when none, as the search)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2) { prefix in
                for value in 0..<65_536 {
                    prefix[0] = UInt8(truncatingIfNeeded: value >> 8)
                    prefix[1] = UInt8(truncatingIfNeeded: value)
                    while last + 1 < count && compareBytes(boundary(last + 1), UnsafeBufferPointer(prefix)) <= 0 { last += 1 }
                    table[value] = buckets[last]
                }
            }
            for index in 0..<count where starts[index + 1] - starts[index] > 2 {
                table[Int(bytes[starts[index]]) << 8 | Int(bytes[starts[index] + 1])] = -1
            }
            // Third bytes for the ambiguous prefixes (Hangul: every label's first syllable
            // is three primary bytes, initial and vowel).
            var longer = Set<Int>()
            for index in 0..<count where starts[index + 1] - starts[index] > 3 {
                longer.insert(Int(bytes[starts[index]]) << 16 | Int(bytes[starts[index] + 1]) << 8 | Int(bytes[starts[index] + 2]))
            }
            var key: [UInt8] = [0, 0, 0]
            for prefix in 0..<65_536 where table[prefix] == -1 {
                table[prefix] = Int32(-2 - third.count / 256)
                key[0] = UInt8(truncatingIfNeeded: prefix >> 8)
                key[1] = UInt8(truncatingIfNeeded: prefix)
                for byte in 0..<256 {
                    key[2] = UInt8(byte)
                    third.append(
                        longer.contains(prefix << 8 | byte)
                            ? -1 : key.withUnsafeBufferPointer { search(bytes: bytes, starts: starts, buckets: buckets, key: $0) })
                }
            }
        }
        return (table, third)
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
