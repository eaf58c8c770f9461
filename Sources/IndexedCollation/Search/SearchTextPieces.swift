/// The distinct texts of a new search index's records as they are gathered, cut into
/// pieces of ``size`` texts: each piece's lookups are made on another thread as soon as
/// the piece is full, while the caller gathers the next (the records are read on the
/// caller's thread only: their key closures need not be `Sendable`).
///
/// Texts are numbered in the order they are added, across pieces; piece *p* holds texts
/// `p * size ..< (p + 1) * size` (the last piece fewer), which is how
/// ``SearchIndex/fill(pieces:records:)`` finds a text's lookup.
struct SearchTextPieces {
    /// The texts of a piece (the last one may hold fewer).
    static let size = 1024

    /// What each piece's lookups are made with.
    let matcher: SearchMatcher
    /// The texts of the piece being gathered.
    private var current = SearchTexts()
    /// The pieces handed to other threads, in order.
    private var started: [BackgroundWork<SearchLookupPiece, Never>] = []

    /// No texts yet.
    init(matcher: SearchMatcher) { self.matcher = matcher }

    /// The number of texts added.
    var count: Int { started.count * Self.size + current.count }

    /// Adds a text of one key, without a reading or fields.
    mutating func append(_ key: String) {
        current.append(key)
        startIfFull()
    }

    /// Adds a text of keys, their readings (nil past the last one given) and fields.
    mutating func append(keys: ArraySlice<String>, readings: ArraySlice<String?>, fields: [SearchField]) {
        current.append(keys: keys, readings: readings, fields: fields)
        startIfFull()
    }

    /// Starts making the lookups of the current piece once it is full.
    private mutating func startIfFull() {
        guard current.count == Self.size else { return }
        let (texts, matcher) = (current, matcher)
        current = SearchTexts()
        started.append(BackgroundWork { SearchLookupPiece(texts, matcher: matcher) })
    }

    /// Every piece's lookups, in order, once each is made (the last piece's on the
    /// caller's thread).
    consuming func finish() -> [SearchLookupPiece] {
        var made = started.map { $0.wait() }
        if current.count > 0 { made.append(SearchLookupPiece(current, matcher: matcher)) }
        return made
    }
}

/// The lookups of a piece of texts (``SearchTextPieces``), made by one thread: their
/// weights and marks (packed as the store keeps them) one after another, where each ends,
/// and its start keys (``StartPostings/appendStartKeys(of:to:)``) likewise.
struct SearchLookupPiece: Sendable {
    var weights: [UInt32] = []
    var pieceInfo = LookupStore.PieceInfo()
    var ends: [Int32] = []
    /// Whether each lookup is kept without its Hangul keypad spellings.
    var expandsKeypad: [Bool] = []
    /// The lookups whole (keypad spellings included), for the start lists' paths.
    var wholeWeights: [UInt32] = []
    var wholeInfo = LookupStore.PieceInfo()
    var wholeEnds: [Int32] = []
    /// The most weights a lookup of the piece has, keypad spellings included.
    var longest = 0
    var keys: [UInt64] = []
    var keyEnds: [Int32] = []
    /// The distinct weights of ``weights`` (``LookupStore/distinctWeights(_:)``).
    var distinctWeights: [UInt32] = []

    /// Nothing made.
    init() {}

    /// Only the whole lookups (see ``dropAllButWhole()``).
    private init(wholeWeights: [UInt32], wholeInfo: LookupStore.PieceInfo, wholeEnds: [Int32]) {
        (self.wholeWeights, self.wholeInfo, self.wholeEnds) = (wholeWeights, wholeInfo, wholeEnds)
    }

    /// Makes the lookups of `texts`, two lookups reused (no arrays per text).
    ///
    /// Korean names are stored without their keypad spellings, made again when a query
    /// may match them (``SearchMatcher/strippingHangulKeypad(_:)``): such a lookup is made
    /// as it is stored and made whole from it, once, for the start lists — not made whole
    /// and then checked against the spellings made again, which cost a tenth of the build
    /// of 1M distinct Korean names.
    init(_ texts: SearchTexts, matcher: SearchMatcher) {
        var (made, other) = (SearchLookup(), SearchLookup())
        for text in 0..<texts.count {
            let (keys, readings, fields) = (texts.keys(of: text), texts.readings(of: text), texts.fields(of: text))
            made.removeAll()
            switch matcher.hangulKeypadStorage(keys: keys, readings: readings, fields: fields) {
            case .none:
                matcher.appendLookup(keys: keys, readings: readings, fields: fields, to: &made)
                append(stored: made, whole: made, expandsKeypad: false)
            case .derived:
                matcher.appendLookup(keys: keys, readings: readings, fields: fields, to: &made, hangulKeypad: false)
                other.removeAll()
                made.withSpan { matcher.appendExpandingHangulKeypad($0, to: &other) }
                let expands = other.count != made.count
                append(stored: made, whole: expands ? other : made, expandsKeypad: expands)
            case .checked:
                matcher.appendLookup(keys: keys, readings: readings, fields: fields, to: &made)
                let stripped = matcher.strip(made, into: &other)
                append(stored: stripped ? other : made, whole: made, expandsKeypad: stripped)
            }
        }
        distinctWeights = LookupStore.distinctWeights(weights)
    }

    /// Appends a lookup as the store keeps it and whole, with its start keys.
    private mutating func append(stored: borrowing SearchLookup, whole: borrowing SearchLookup, expandsKeypad expands: Bool) {
        weights += stored.weights
        pieceInfo.append(lookupInfo: stored.info, at: ends.count)
        ends.append(Int32(weights.count))
        wholeWeights += whole.weights
        wholeInfo.append(lookupInfo: whole.info, at: wholeEnds.count)
        wholeEnds.append(Int32(wholeWeights.count))
        expandsKeypad.append(expands)
        longest = max(longest, whole.count)
        whole.withSpan { StartPostings.appendStartKeys(of: $0, to: &keys) }
        keyEnds.append(Int32(keys.count))
    }

    /// Empties all but the whole lookups, once they are in the store.
    mutating func dropAllButWhole() {
        self = SearchLookupPiece(wholeWeights: wholeWeights, wholeInfo: wholeInfo, wholeEnds: wholeEnds)
    }
}

/// The distinct texts of a new search index's records, one after another in flat arrays
/// (no arrays per text): each text's keys, a reading or nil for each key, and its fields.
struct SearchTexts: Sendable {
    private var keys: [String] = []
    private var readings: [String?] = []
    /// Where each text's keys (and readings) start, and where the last one's end.
    private var starts: [Int32] = [0]
    /// The fields of the texts that have any, by text number.
    private var fields: [Int32: [SearchField]] = [:]

    /// The number of texts.
    var count: Int { starts.count - 1 }

    /// Adds a text of one key, without a reading or fields.
    mutating func append(_ key: String) {
        keys.append(key)
        readings.append(nil)
        starts.append(Int32(keys.count))
    }

    /// Adds a text of keys, their readings (nil past the last one given) and fields.
    mutating func append(keys added: ArraySlice<String>, readings addedReadings: ArraySlice<String?>, fields addedFields: [SearchField]) {
        if !addedFields.isEmpty { fields[Int32(count)] = addedFields }
        keys += added
        for offset in 0..<added.count {
            readings.append(offset < addedReadings.count ? addedReadings[addedReadings.startIndex + offset] : nil)
        }
        starts.append(Int32(keys.count))
    }

    func keys(of text: Int) -> ArraySlice<String> { keys[Int(starts[text])..<Int(starts[text + 1])] }
    func readings(of text: Int) -> ArraySlice<String?> { readings[Int(starts[text])..<Int(starts[text + 1])] }
    func fields(of text: Int) -> [SearchField] { fields.isEmpty ? [] : fields[Int32(text)] ?? [] }
}
