/// A cell that prints as one or more text columns.
public protocol TextColumnsRepresentable {
    /// The cell's columns, left to right.
    var textColumns: [String] { get }
}

extension String: TextColumnsRepresentable {
    /// The string as a single column.
    public var textColumns: [String] { [self] }
}

extension Array: TextColumnsRepresentable where Element == String {
    /// Each string as a column, in order.
    public var textColumns: [String] { self }
}
