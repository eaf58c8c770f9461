/// The human-readable layouts of sectioned data.
public enum TextStyle: String, Sendable, CaseIterable {
    /// A box: the side index on top, then one band per section, the title beside its
    /// rows; with several columns per cell, one table column each.
    case table
    /// `Index: …`, then a title line per section and its rows indented.
    case plain
    /// The index, then a `##` heading and a list per section.
    case markdown
    /// A phone book: sections flowed top to bottom into as many columns as fit.
    case columns
}
