extension Array where Element == String {
    /// Where a side-index title the user chose stands: at `index` when that is the title
    /// (titles may repeat), else at the title's first occurrence.
    /// - Parameters:
    ///   - title: The chosen title.
    ///   - index: The position the index reported for it.
    /// - Returns: The title's position, or nil when the title is not in the list.
    /// - Complexity: O(1) when the title is at `index`, else O(*n*).
    package func position(ofIndexTitle title: String, near index: Int) -> Int? {
        if indices.contains(index), self[index] == title { return index }
        return firstIndex(of: title)
    }
}
