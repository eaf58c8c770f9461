extension IndexingEngine {
    /// The keys of distinct texts (or of a chunk of them, computed on one thread).
    struct TextKeys {
        /// Sort keys of the ordering texts.
        var keys = SortKeyArena()
        /// Display-key sort keys, used to break ties between equal ordering texts; for
        /// texts ordered by their display key the entry is empty and the main key decides.
        var ties = SortKeyArena()
        /// Whether any text has a tie key.
        var hasTies = false
        /// The section of each text.
        var sections: [Int32] = []
    }
}
