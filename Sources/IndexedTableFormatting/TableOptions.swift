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
