/// The location of a row in a sectioned list: a section index and a row index inside it.
///
/// `Position` plays the part of UIKit's `IndexPath` for table and collection views. It is
/// named differently so that code importing both this module and Foundation never sees two
/// types called `IndexPath`.
///
/// Positions order by section first, then by row, which is the order a list is displayed in:
///
/// ```swift
/// let kim = Position(row: 0, section: 0)     // 김민준 in section ㄱ
/// let park = Position(row: 2, section: 5)    // 박서연 in section ㅂ
/// kim < park                                 // true
/// ```
public struct Position: Hashable, Comparable, Sendable {
    /// The index of the section, counted from zero.
    public var section: Int

    /// The index of the row inside its section, counted from zero.
    public var row: Int

    /// Creates the position of a row in a section.
    ///
    /// - Parameters:
    ///   - row: The index of the row inside the section, counted from zero.
    ///   - section: The index of the section, counted from zero.
    @inlinable
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// Creates the position of an item in a section, using the collection-view spelling.
    ///
    /// - Parameters:
    ///   - item: The index of the item inside the section, counted from zero.
    ///   - section: The index of the section, counted from zero.
    @inlinable
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// The index of the item inside its section; the same value as ``row``.
    ///
    /// Collection views say "item" where table views say "row".
    @inlinable
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    /// Returns whether the first position is displayed before the second one.
    ///
    /// - Parameters:
    ///   - lhs: A position.
    ///   - rhs: Another position.
    /// - Returns: `true` if `lhs` has a smaller section index, or the same section index and
    ///   a smaller row index, than `rhs`.
    @inlinable
    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }
}

extension Position: CustomStringConvertible {
    /// The position written as `[section, row]`, the way `IndexPath` prints itself.
    public var description: String {
        "[\(section), \(row)]"
    }
}

extension Position: Codable {}
