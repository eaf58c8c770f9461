extension String {
    /// The string padded with spaces on the left to at least `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - count)) + self
    }
}
