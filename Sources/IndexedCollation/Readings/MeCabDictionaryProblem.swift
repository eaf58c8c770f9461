/// Why one candidate MeCab dictionary could not be used.
struct MeCabDictionaryProblem: Error, Sendable, Equatable {
    var directory: String
    var reason: String
}
