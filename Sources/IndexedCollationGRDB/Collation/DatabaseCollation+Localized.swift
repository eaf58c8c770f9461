import GRDB
import IndexedCollation

extension DatabaseCollation {
    /// An SQLite collation that orders text exactly as `collate` and
    /// `LocalizedIndexedCollation/sections(of:by:reading:descending:)`
    /// do: section first (so `#` comes last), then the locale's collator, then the tie rule.
    ///
    /// Register it on every connection, and use it in `ORDER BY` and indexes:
    ///
    /// ```swift
    /// let korean = try LocalizedIndexedCollation(locale: "ko_KR")
    /// var config = Configuration()
    /// config.prepareDatabase { db in
    ///     db.add(collation: .localized(korean, name: "ko_KR"))
    /// }
    /// let pool = try DatabasePool(path: path, configuration: config)
    /// try pool.write { db in
    ///     try db.execute(sql: "CREATE INDEX contact_by_name ON contact (name COLLATE ko_KR)")
    /// }
    /// // 김민준 (ㄱ) … 박서준 (ㅂ) … Smith (S) … 123 (#)
    /// let names = try pool.read { db in
    ///     try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY name COLLATE ko_KR, id")
    /// }
    /// ```
    ///
    /// Texts that `collate` orders only by their position — the same text twice, or
    /// canonically equivalent spellings such as NFC 가 and NFD ᄀ+ᅡ — compare equal, so
    /// add the row id (or another position) after the collation to get `collate`'s order
    /// of equal names. Equal also means equal to `=`, `GROUP BY` and `DISTINCT` with this
    /// collation.
    ///
    /// Each distinct text gets one ICU sort key, kept in a cache of at most 64 MB per
    /// collation value (emptied when full); comparisons then memcmp the cached places.
    /// SQLite hands the collation UTF-8 bytes, but GRDB's `DatabaseCollation` passes
    /// `String`s: ``GRDB/Database/addLocalizedCollation(_:name:)`` registers the same order
    /// on the bytes themselves, faster on a large `ORDER BY` (1M Korean names, CPU time:
    /// 3.8 s with `String`s, 2.5 s on bytes, 0.22 s for the same sort in memory, 0.12 s
    /// reading an index on the collation; `Benchmarks/run sqlite`).
    ///
    /// A text's reading (furigana, "sort as") cannot take part in a one-column collation:
    /// for records with readings, store keys with ``SortKeyColumns``.
    /// - Parameters:
    ///   - collation: The order: locale, options, sections.
    ///   - name: The collation's SQL name (`COLLATE ko_KR`); SQLite compares names
    ///     without regard to ASCII case.
    /// - Returns: A collation for `Database.add(collation:)`.
    /// - Complexity: Per comparison, two hash look-ups and one memcmp; one ICU sort key per
    ///   distinct text the first time it is seen.
    public static func localized(_ collation: LocalizedIndexedCollation, name: String) -> DatabaseCollation {
        let cache = OrderPlaceCache(collation: collation)
        return DatabaseCollation(name) { lhs, rhs in
            var lhs = lhs
            var rhs = rhs
            let result = lhs.withUTF8 { a in
                rhs.withUTF8 { b in cache.compare(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) }
            }
            return result < 0 ? .orderedAscending : (result > 0 ? .orderedDescending : .orderedSame)
        }
    }
}
