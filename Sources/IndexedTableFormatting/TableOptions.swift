/// How a table is drawn.
public struct TableOptions: Sendable, Hashable {
    /// Draw borders with ASCII `+ - |` instead of box-drawing characters.
    public var ascii: Bool
    /// The widest a line may be, in terminal columns (cells are truncated to fit).
    public var maxWidth: Int
    /// Count East Asian Ambiguous characters as 2 columns (for CJK terminals).
    public var ambiguousWide: Bool
    /// Show the number of records after each section title.
    public var showCounts: Bool

    public init(ascii: Bool = false, maxWidth: Int = 80, ambiguousWide: Bool = false, showCounts: Bool = false) {
        self.ascii = ascii
        self.maxWidth = maxWidth
        self.ambiguousWide = ambiguousWide
        self.showCounts = showCounts
    }
}
