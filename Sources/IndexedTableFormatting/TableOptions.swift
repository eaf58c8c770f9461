/// How sectioned text is drawn.
public struct TableOptions: Sendable, Hashable {
    /// Draw borders with ASCII `+ - |` instead of box-drawing characters.
    public var ascii: Bool
    /// The widest a line may be, in terminal columns.
    public var maxWidth: Int
    /// Count East Asian Ambiguous characters as 2 columns (for CJK terminals). Never
    /// inferred from the collation locale.
    public var ambiguousWide: Bool
    /// Show the number of records after each section title.
    public var showCounts: Bool
    /// Wrap long cells onto more lines instead of truncating them with "…".
    public var wrap: Bool
    /// Use ANSI colour: bold titles, dimmed empty index titles (instead of brackets).
    public var color: Bool

    /// Creates options; the defaults draw an 80-column box without colour.
    ///
    /// - Parameters:
    ///   - ascii: Draw borders with ASCII characters.
    ///   - maxWidth: The widest a line may be, in terminal columns.
    ///   - ambiguousWide: Count East Asian Ambiguous characters as two columns.
    ///   - showCounts: Show each section's record count after its title.
    ///   - wrap: Wrap long cells instead of truncating them.
    ///   - color: Use ANSI colour.
    public init(
        ascii: Bool = false, maxWidth: Int = 80, ambiguousWide: Bool = false, showCounts: Bool = false,
        wrap: Bool = false, color: Bool = false
    ) {
        self.ascii = ascii
        self.maxWidth = maxWidth
        self.ambiguousWide = ambiguousWide
        self.showCounts = showCounts
        self.wrap = wrap
        self.color = color
    }
}
