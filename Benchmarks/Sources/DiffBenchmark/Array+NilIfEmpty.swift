extension Array {
    /// The array itself, or `nil` when it is empty, for `?? default` chains.
    var nilIfEmpty: [Element]? {
        isEmpty ? nil : self
    }
}
