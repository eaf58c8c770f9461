import GRDB
import GRDBSQLite
import IndexedCollation

extension Database {
    /// Registers `collate`'s order as an SQLite collation on this connection, comparing the
    /// UTF-8 bytes SQLite hands over (no `String` per comparison): the same order as
    /// ``GRDB/DatabaseCollation/localized(_:name:)``, for large sorts.
    ///
    /// Call it for every connection, in `Configuration.prepareDatabase`:
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.prepareDatabase { db in
    ///     try db.addLocalizedCollation(korean, name: "ko_KR")
    /// }
    /// ```
    ///
    /// The connection keeps its own cache of places (one ICU sort key per distinct text,
    /// at most 64 MB, emptied when full); SQLite releases it when the collation is replaced
    /// or the connection closes.
    /// - Parameters:
    ///   - collation: The order: locale, options, sections.
    ///   - name: The collation's SQL name (`COLLATE ko_KR`).
    /// - Throws: `DatabaseError` when SQLite refuses the registration (for example while
    ///   statements of this connection are running).
    public func addLocalizedCollation(_ collation: LocalizedIndexedCollation, name: String) throws {
        guard let connection = sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed")
        }
        let cache = Unmanaged.passRetained(OrderPlaceCache(collation: collation)).toOpaque()
        let code = sqlite3_create_collation_v2(
            connection, name, SQLITE_UTF8, cache,
            { cache, count1, bytes1, count2, bytes2 in
                let cache = Unmanaged<OrderPlaceCache>.fromOpaque(cache.unsafelyUnwrapped).takeUnretainedValue()
                return cache.compare(
                    UnsafeRawBufferPointer(start: bytes1, count: Int(count1)),
                    UnsafeRawBufferPointer(start: bytes2, count: Int(count2)))
            },
            { cache in
                if let cache { Unmanaged<OrderPlaceCache>.fromOpaque(cache).release() }
            })
        guard code == SQLITE_OK else {
            // Unlike its other interfaces, SQLite does not call the destructor when this fails.
            Unmanaged<OrderPlaceCache>.fromOpaque(cache).release()
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register the collation '\(name)'")
        }
    }

    /// Checks that this connection knows the collation `name`, so that a query using it
    /// fails with a message saying what to do rather than SQLite's "no such collation
    /// sequence".
    /// - Parameter name: The collation's SQL name.
    /// - Throws: ``LocalizedCollationError/missingCollation(_:)`` when the connection has
    ///   no such collation.
    public func checkCollation(named name: String) throws {
        do {
            _ = try makeStatement(sql: "SELECT '' < '' COLLATE \(name.quotedDatabaseIdentifier)")
        } catch let error as DatabaseError where error.message?.hasPrefix("no such collation sequence") == true {
            throw LocalizedCollationError.missingCollation(name)
        }
    }
}
