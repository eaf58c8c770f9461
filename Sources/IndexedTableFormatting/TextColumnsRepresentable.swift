/// A cell that prints as one or more text columns.
public protocol TextColumnsRepresentable {
    /// The cell's columns, left to right.
    var textColumns: [String] { get }
}

extension String: TextColumnsRepresentable {
    public var textColumns: [String] { [self] }
}

extension Array: TextColumnsRepresentable where Element == String {
    public var textColumns: [String] { self }
}
