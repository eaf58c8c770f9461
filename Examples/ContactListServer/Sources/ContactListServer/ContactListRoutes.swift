import Foundation
import Hummingbird

/// The HTTP interface: the page and its assets, the JSON API the page reads (`/api/search`
/// answers from the library's search index), and the contact API (`POST /contacts`, `DELETE /contacts/:id`).
enum ContactListRoutes {
    /// What the browser may do on these pages: run and style from this server only, talk to
    /// it only, and nothing else.
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
            + "img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        .xContentTypeOptions: "nosniff", .cacheControl: "no-store",
    ]

    static func router(book: ContactBook, languageTag: String) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/") { _, _ in
            asset(ContactListPage.html(languageTag: languageTag), type: "text/html; charset=utf-8")
        }
        router.get("/app.css") { _, _ in asset(ContactListPage.css(languageTag: languageTag), type: "text/css; charset=utf-8") }
        router.get("/app.js") { _, _ in asset(ContactListScript.source, type: "text/javascript; charset=utf-8") }

        router.get("/api/index") { _, _ in try json(await book.index()) }
        router.get("/api/rows") { request, _ in
            let query = request.uri.queryParameters
            let section = try RequestLimits.integer(query, "section", in: RequestLimits.sections)
            let start = try RequestLimits.integer(query, "start", in: RequestLimits.rows)
            let count = try RequestLimits.integer(query, "count", in: RequestLimits.rowsPerRequest)
            guard let rows = await book.rows(section: section, start: start, count: count) else {
                throw HTTPError(.notFound, message: "no section \(section)")
            }
            return try json(rows)
        }
        router.get("/api/jump") { request, _ in
            let query = request.uri.queryParameters
            guard let title = query["title"].map(String.init), title.utf8.count <= RequestLimits.queryBytes else {
                throw HTTPError(.badRequest, message: "title is required (at most \(RequestLimits.queryBytes) bytes)")
            }
            let index = try RequestLimits.integer(query, "index", in: RequestLimits.sections)
            let section = await book.section(forIndexTitle: title, at: index)
            return try json(["section": section ?? -1])
        }
        router.get("/api/search") { request, _ in
            let query = request.uri.queryParameters
            let text = query["q"].map(String.init) ?? ""
            guard text.utf8.count <= RequestLimits.queryBytes else {
                throw HTTPError(.badRequest, message: "a query of at most \(RequestLimits.queryBytes) bytes (UTF-8)")
            }
            let limit = try RequestLimits.integer(query, "limit", in: RequestLimits.rowsPerRequest, default: 100)
            return try json(await book.search(text, limit: limit))
        }
        router.get("/api/changes") { request, _ in
            let since = try RequestLimits.integer(request.uri.queryParameters, "since", in: RequestLimits.versions, default: -1)
            // Long poll: answer at once when there are changes, else wait up to 15 s for one.
            for _ in 0..<300 {
                guard let changes = await book.changes(since: since) else {
                    return try json(ChangesPayload(version: await book.version, reset: true, changes: []))
                }
                if !changes.isEmpty { return try json(ChangesPayload(version: await book.version, reset: false, changes: changes)) }
                try await Task.sleep(for: .milliseconds(50))
            }
            return try json(ChangesPayload(version: since, reset: false, changes: []))
        }
        router.get("/api/stats") { _, _ in
            try json(
                StatsPayload(
                    cellProviderCalls: book.cellCalls.value, records: await book.numberOfRecords, version: await book.version))
        }

        router.post("/contacts") { request, context in
            let input = try await request.decode(as: NewContactPayload.self, context: context)
            let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
            // Bytes, not characters: one "character" can hold any number of combining marks.
            guard !name.isEmpty, name.utf8.count <= RequestLimits.nameBytes else {
                throw HTTPError(.badRequest, message: "a name of 1 to \(RequestLimits.nameBytes) bytes (UTF-8) is required")
            }
            guard (input.phone ?? "").utf8.count <= RequestLimits.nameBytes, (input.reading ?? "").utf8.count <= RequestLimits.nameBytes else {
                throw HTTPError(.badRequest, message: "a phone and a reading of at most \(RequestLimits.nameBytes) bytes (UTF-8) each")
            }
            let (contact, change) = try await book.insert(name: name, phone: input.phone ?? "", reading: input.reading)
            var response = try json(InsertedPayload(contact: contact, change: change))
            response.status = .created
            return response
        }
        router.delete("/contacts/:id") { _, context in
            let id = try context.parameters.require("id", as: Int.self)
            guard let change = await book.remove(id: id) else { throw HTTPError(.notFound, message: "no contact \(id)") }
            return try json(change)
        }
        return router
    }

    private static func asset(_ text: String, type: String) -> Response {
        var headers = securityHeaders
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func json(_ value: some Encodable) throws -> Response {
        let data = try JSONEncoder().encode(value)
        var headers = securityHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
