/// The sort keys of one record, most significant first, each with its optional reading:
/// what an ``IndexedDataSource`` asks of every record.
///
/// Records compare by the first key, then the next, each with the locale's collator (a
/// key's non-empty reading orders it instead, and the key then breaks ties), then by
/// arrival order. The section comes from the first non-empty key (its reading when it has
/// one); a record with no keys, or only empty ones, files under `#`.
///
/// ```swift
/// struct Person: Identifiable, Codable {
///     var id: Int
///     var familyName: String, familyFurigana: String?
///     var givenName: String, givenFurigana: String?
///     var sortKeys: RecordKeys {
///         [RecordKey(familyName, reading: familyFurigana), RecordKey(givenName, reading: givenFurigana)]
///     }
/// }
/// let people = try IndexedDataSource(list, collation: LocalizedIndexedCollation(locale: "ja_JP"), id: \.id, keys: \.sortKeys) {
///     _, person in person.familyName + person.givenName
/// }
/// ```
///
/// One key is stored inline: making the keys of a record with one key allocates nothing.
/// Encoded (`Codable`) as an array of ``RecordKey``.
public struct RecordKeys: RandomAccessCollection, ExpressibleByArrayLiteral, Hashable, Codable, Sendable {
    /// The first key, or nil when there is none (then ``tail`` is empty).
    @usableFromInline
    var head: RecordKey?
    /// The keys after the first.
    @usableFromInline
    var tail: [RecordKey]

    /// One key and its optional reading.
    /// - Parameters:
    ///   - text: The key as shown, such as a family name.
    ///   - reading: Its reading (furigana, pinyin, a "sort as" value), or `nil`.
    @inlinable
    public init(_ text: String, reading: String? = nil) {
        head = RecordKey(text, reading: reading)
        tail = []
    }

    /// Keys in order, most significant first.
    /// - Parameter keys: The keys.
    /// - Complexity: O(*k*) for *k* keys.
    @inlinable
    public init(_ keys: some Sequence<RecordKey>) {
        var iterator = keys.makeIterator()
        head = iterator.next()
        tail = []
        while let key = iterator.next() { tail.append(key) }
    }

    /// Keys in order, most significant first, from an array literal.
    /// - Parameter elements: The keys.
    @inlinable
    public init(arrayLiteral elements: RecordKey...) {
        self.init(elements)
    }

    /// Reads keys encoded as an array of ``RecordKey``.
    /// - Parameter decoder: The decoder.
    /// - Throws: What the decoder throws for data that is not such an array.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([RecordKey].self))
    }

    /// Writes the keys as an array of ``RecordKey``.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }

    /// The position of the first key (0).
    @inlinable
    public var startIndex: Int { 0 }

    /// One past the position of the last key: how many keys there are.
    @inlinable
    public var endIndex: Int { head == nil ? 0 : 1 + tail.count }

    /// The key at a position.
    /// - Parameter position: A position in `0..<count`.
    @inlinable
    public subscript(position: Int) -> RecordKey {
        get { position == 0 ? head! : tail[position - 1] }
        set {
            if position == 0, head != nil { head = newValue } else { tail[position - 1] = newValue }
        }
    }

    /// Adds a key after the others (less significant than all of them).
    /// - Parameter key: The key.
    @inlinable
    public mutating func append(_ key: RecordKey) {
        if head == nil { head = key } else { tail.append(key) }
    }

    /// The text of the key at `index`, or "" past the last key.
    @inlinable
    func text(at index: Int) -> String { index < count ? self[index].text : "" }

    /// The reading of the key at `index`, or nil past the last key.
    @inlinable
    func reading(at index: Int) -> String? { index < count ? self[index].reading : nil }
}
