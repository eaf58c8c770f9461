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
/// One key is stored inline, so making the keys of a record with one key allocates
/// nothing; several keys keep the array they are given (an array literal's own storage).
/// Encoded (`Codable`) as an array of ``RecordKey``.
public struct RecordKeys: RandomAccessCollection, ExpressibleByArrayLiteral, Hashable, Codable, Sendable {
    /// The keys: none or one inline, or an array.
    @usableFromInline
    enum Storage: Sendable {
        case none
        case one(RecordKey)
        case many([RecordKey])
    }

    @usableFromInline
    var storage: Storage

    /// One key and its optional reading.
    /// - Parameters:
    ///   - text: The key as shown, such as a family name.
    ///   - reading: Its reading (furigana, pinyin, a "sort as" value), or `nil`.
    @inlinable
    public init(_ text: String, reading: String? = nil) {
        storage = .one(RecordKey(text, reading: reading))
    }

    /// Keys in order, most significant first.
    /// - Parameter keys: The keys.
    /// - Complexity: O(*k*) for *k* keys.
    @inlinable
    public init(_ keys: some Sequence<RecordKey>) {
        self.init(array: Array(keys))
    }

    /// Keys in order, most significant first, from an array literal.
    /// - Parameter elements: The keys.
    @inlinable
    public init(arrayLiteral elements: RecordKey...) {
        self.init(array: elements)
    }

    /// Keys kept in `array` (inline when there are fewer than two).
    @inlinable
    init(array: [RecordKey]) {
        switch array.count {
        case 0: storage = .none
        case 1: storage = .one(array[0])
        default: storage = .many(array)
        }
    }

    /// Reads keys encoded as an array of ``RecordKey``.
    /// - Parameter decoder: The decoder.
    /// - Throws: What the decoder throws for data that is not such an array.
    public init(from decoder: any Decoder) throws {
        self.init(array: try decoder.singleValueContainer().decode([RecordKey].self))
    }

    /// Writes the keys as an array of ``RecordKey``.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }

    /// Whether two values hold the same keys in the same order.
    /// - Parameters:
    ///   - lhs: Keys.
    ///   - rhs: Other keys.
    /// - Returns: `true` when they are equal key by key.
    public static func == (lhs: RecordKeys, rhs: RecordKeys) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// Hashes the keys in order.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for key in self { hasher.combine(key) }
    }

    /// The position of the first key (0).
    @inlinable
    public var startIndex: Int { 0 }

    /// One past the position of the last key: how many keys there are.
    @inlinable
    public var endIndex: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let keys): keys.count
        }
    }

    /// The key at a position.
    /// - Parameter position: A position in `0..<count`.
    @inlinable
    public subscript(position: Int) -> RecordKey {
        get {
            switch storage {
            case .none: preconditionFailure("RecordKeys index out of range")
            case .one(let key):
                precondition(position == 0, "RecordKeys index out of range")
                return key
            case .many(let keys): return keys[position]
            }
        }
        set {
            switch storage {
            case .none: preconditionFailure("RecordKeys index out of range")
            case .one:
                precondition(position == 0, "RecordKeys index out of range")
                storage = .one(newValue)
            case .many(var keys):
                storage = .none  // keep the array uniquely referenced
                keys[position] = newValue
                storage = .many(keys)
            }
        }
    }

    /// Adds a key after the others (less significant than all of them).
    /// - Parameter key: The key.
    @inlinable
    public mutating func append(_ key: RecordKey) {
        switch storage {
        case .none: storage = .one(key)
        case .one(let first): storage = .many([first, key])
        case .many(var keys):
            storage = .none
            keys.append(key)
            storage = .many(keys)
        }
    }

    /// The text of the key at `index`, or "" past the last key.
    @inlinable
    func text(at index: Int) -> String {
        switch storage {
        case .one(let key) where index == 0: key.text
        case .many(let keys) where index < keys.count: keys[index].text
        default: ""
        }
    }

    /// The reading of the key at `index`, or nil past the last key.
    @inlinable
    func reading(at index: Int) -> String? {
        switch storage {
        case .one(let key) where index == 0: key.reading
        case .many(let keys) where index < keys.count: keys[index].reading
        default: nil
        }
    }

    /// Whether some key has a reading.
    @inlinable
    var hasReading: Bool {
        switch storage {
        case .none: false
        case .one(let key): key.reading != nil
        case .many(let keys): keys.contains { $0.reading != nil }
        }
    }
}
