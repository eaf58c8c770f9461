// ContactListSQLiteExample: a 100,000-contact list in a SQLite file, in Korean phone-book
// order, read a page at a time.
//
//   swift run ContactListSQLiteExample [--contacts N] [--database PATH] [--check]
//
// Without --database the file is made in a temporary folder and removed afterwards.
// --check verifies each step (first screen, jump, insert, delete) and exits 1 naming the
// step that failed: scripts/check-grdb runs it.
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var count = 100_000
var path: String?
var check = false
while !arguments.isEmpty {
    switch arguments.removeFirst() {
    case "--contacts": count = Int(arguments.isEmpty ? "" : arguments.removeFirst()) ?? -1
    case "--database": path = arguments.isEmpty ? nil : arguments.removeFirst()
    case "--check": check = true
    case let other:
        FileHandle.standardError.write(Data("ContactListSQLiteExample: unknown argument '\(other)'\n".utf8))
        exit(64)
    }
}
guard count > 0 else {
    FileHandle.standardError.write(Data("ContactListSQLiteExample: --contacts takes a positive number\n".utf8))
    exit(64)
}
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contact-list-sqlite-\(getpid())")
do {
    let file: String
    if let path {
        file = path
    } else {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("contacts.sqlite").path
    }
    try ContactListSQLite(path: file, count: count).run(check: check)
    if path == nil { try? FileManager.default.removeItem(at: directory) }
    if check { print("ContactListSQLiteExample: every check passed") }
} catch {
    try? FileManager.default.removeItem(at: directory)
    FileHandle.standardError.write(Data("ContactListSQLiteExample: \(error)\n".utf8))
    exit(1)
}
