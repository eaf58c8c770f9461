import Foundation
import GRDB
import Testing

@testable import ContactListSQLiteExample

/// The SQLite contact-list example runs its walkthrough with every check on, on a file
/// database (scripts/check-grdb runs the same at 100,000 contacts).
@Suite("The SQLite contact list example")
struct ContactListSQLiteExampleTests {
    @Test func theWalkthroughPassesItsChecks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("contacts.sqlite").path
        let lines = try ContactListSQLite(path: path, count: 5_000).run(check: true) { _ in }
        #expect(lines.first?.hasPrefix("5000 contacts; sections: ㄱ ") == true)
        #expect(lines.contains { $0.hasPrefix("jump to ㅎ") })
        #expect(lines.contains { $0.hasPrefix("insert 가나다: Optional(IndexedCollationGRDB.DatabaseIndexedChange.difference") })
        // Opening the same file again keys nothing and adds nothing.
        let again = try ContactListSQLite(path: path, count: 5_000)
        try again.pool.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") == 5_000)
            #expect(try again.keys.storedStamp(db) == again.keys.stamp)
        }
    }

    @Test func aFailedStepIsNamed() {
        let failure = ContactListSQLite.CheckFailure(step: "jump", detail: "ㅎ led to nil")
        #expect(failure.description == "check failed in step 'jump': ㅎ led to nil")
    }
}
