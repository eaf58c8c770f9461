import ArgumentParser
import Foundation
import Hummingbird
import IndexedCollation
import IndexedTableFormatting

/// A live contact list in the browser, served on 127.0.0.1:
///
///     swift run --package-path Examples/ContactListServer ContactListServer --port 8080 --locale ko_KR names.txt
///
/// Open http://127.0.0.1:8080/. The page asks for rows by section and range as they scroll
/// into view, jumps by index title, and shows contacts added or removed through
/// `POST /contacts` (`{"name": "김철수", "phone": "010-…"}`) and `DELETE /contacts/:id`
/// without reloading.
@main
struct ContactListServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serves a live, indexed contact list on 127.0.0.1.")

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "The locale whose index and order to use (ko_KR, ja_JP, en_US…).")
    var locale = "en_US"

    @Option(help: "Where a search query may match: prefix (the default), words (each word starts a word of the name, in any order) or anywhere (inside words too).")
    var searchMode = "prefix"

    @Argument(help: "Contacts, one per line: name, or name<TAB>phone, or name<TAB>phone<TAB>reading.")
    var file: String?

    func run() async throws {
        let collation: LocalizedIndexedCollation
        do {
            collation = try LocalizedIndexedCollation(locale: locale)
        } catch {
            throw ValidationError("\(error)")
        }
        var contacts: [Contact] = []
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("cannot read \(file)")
            }
            let text = String(decoding: data, as: UTF8.self)
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
                if !trimmed.isEmpty { contacts.append(Contact(id: contacts.count + 1, line: trimmed)) }
            }
        }
        guard let mode = SearchOptions.Mode(rawValue: searchMode) else {
            throw ValidationError("--search-mode is prefix, words or anywhere, not '\(searchMode)'")
        }
        let book = try ContactBook(collation: collation, contacts: contacts, searchOptions: SearchOptions(mode: mode))
        let summary = "\(contacts.count) contacts (\(collation.locale.identifier))"
        let languageTag = HTMLOptions.languageTag(forLocaleIdentifier: collation.locale.identifier)
        let app = Application(
            router: ContactListRoutes.router(book: book, languageTag: languageTag),
            // Partial or idle connections are closed (RequestLimits): no client can hold
            // connections open for ever by sending nothing, or part of a request.
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [RequestDeadlineHandler(timeout: RequestLimits.requestTimeout)],
                    idleTimeout: RequestLimits.idleTimeout)),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "ContactListServer"),
            onServerRunning: { channel in
                let address = channel.localAddress?.port.map { "http://127.0.0.1:\($0)/" } ?? "?"
                FileHandle.standardError.write(Data("ContactListServer: \(summary) at \(address)\n".utf8))
            })
        try await app.runService()
    }
}
