import IndexedCollation

extension LocalizedIndexedCollation.Configuration {
    /// This configuration with `change` applied, so that a test builds a collation in one
    /// expression: `LocalizedIndexedCollation(Configuration(locale: "ko_KR").with { $0.personNames = true })`.
    /// - Parameter change: Sets the settings that differ from the locale's defaults.
    /// - Returns: The changed copy.
    /// - Throws: What `change` throws.
    func with(_ change: (inout Self) throws -> Void) rethrows -> Self {
        var configuration = self
        try change(&configuration)
        return configuration
    }
}
