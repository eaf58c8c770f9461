import Hummingbird
import NIOCore

/// What one request may ask of the server: every number it reads is parsed within a range
/// (so no arithmetic on it can overflow: `start=9223372036854775807` once crashed the
/// server), every text is limited in UTF-8 bytes, and connections that send nothing or
/// only part of a request are closed (``idleTimeout``, ``requestTimeout``).
enum RequestLimits {
    /// Section and index-title positions.
    static let sections = 0...100_000
    /// Row positions within a section.
    static let rows = 0...1_000_000_000
    /// Rows one request may ask for (`count`, a search's `limit`); more are clamped to 500.
    static let rowsPerRequest = 0...100_000
    /// Change-log versions (`since`; -1 asks for a reload).
    static let versions = -1...Int(Int32.max)
    /// A contact's name, phone or reading, in UTF-8 bytes.
    static let nameBytes = 800
    /// A search query or index title, in UTF-8 bytes.
    static let queryBytes = 800
    /// A connection that sends no complete request part for this long is closed: an
    /// unfinished request head counts from the connection's start, so this is also the
    /// header timeout (Hummingbird's `HTTP1Channel.Configuration.idleTimeout`).
    static let idleTimeout = TimeAmount.seconds(10)
    /// A request whose head came but whose body has not ended this long after is closed
    /// (a body trickled a byte at a time would keep the idle timeout from firing):
    /// ``RequestDeadlineHandler``.
    static let requestTimeout = TimeAmount.seconds(20)

    /// A query parameter as an integer within `range`.
    /// - Throws: `HTTPError` 400 naming the parameter and its range when it is missing
    ///   (without a default), not an integer, or out of range.
    static func integer(
        _ query: Parameters, _ name: String, in range: ClosedRange<Int>, default value: Int? = nil
    ) throws -> Int {
        let text = query[name[...]]
        if text == nil, let value { return value }
        // Int(_:) refuses anything past Int's range; the range check bounds the rest.
        guard let text, text.utf8.count <= 20, let number = Int(text), range.contains(number) else {
            throw HTTPError(.badRequest, message: "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
