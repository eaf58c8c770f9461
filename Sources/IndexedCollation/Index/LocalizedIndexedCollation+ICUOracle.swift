extension LocalizedIndexedCollation {
    /// ICU's own bucket title for `key` (`AlphabeticIndex::ImmutableIndex::getBucketIndex`),
    /// computed the slow way: the test oracle for the fast path. Use ``section(for:)`` instead.
    package func icuBucketTitle(for key: String) -> String {
        let bucket = index.icuBucket(for: key)
        return sectionTitles[Int(sectionOfBucket[bucket])]
    }
}
