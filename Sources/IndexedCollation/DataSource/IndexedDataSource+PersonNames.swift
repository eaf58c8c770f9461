import SectionedData

extension IndexedDataSource {
    /// Files people by their names, sorted by family or given name first, and shows each
    /// name in its own order: a contact list's two settings.
    ///
    /// ```swift
    /// let english = try LocalizedIndexedCollation(locale: "en_US")
    /// let people = try IndexedDataSource(
    ///     contacts, collation: english, id: \.id,
    ///     name: { PersonName(familyName: $0.familyName, givenName: $0.givenName) },
    ///     sortOrder: .given
    /// ) { _, contact in contact }
    /// // Adam Lind under A before Anna Berg; 김민준 under ㄱ shown "김민준"
    /// people.displayName(at: Position(row: 0, section: 0))  // "Adam Lind"
    /// ```
    ///
    /// Records compare by ``PersonName/sortKeys(_:)`` in `sortOrder` (readings order their
    /// part, as in ``init(_:collation:id:keys:cellProvider:)``); a name with one part files
    /// by that part. Inserts and updates read the name the same way.
    /// - Parameters:
    ///   - records: The records, in any order; records with equal names keep this order.
    ///   - collation: The collation that decides sections and order.
    ///   - id: Returns a record's identifier; identifiers must be unique.
    ///   - name: Returns a record's name with its readings.
    ///   - sortOrder: Which part sorts first (default: the family name).
    ///   - displayOrder: Which part ``displayName(at:)`` shows first (default: by script).
    ///   - cellProvider: Makes the cell for a record at a position.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: As ``init(_:collation:id:keys:cellProvider:)`` with two keys.
    public init(
        _ records: [Record],
        collation: LocalizedIndexedCollation,
        id: @escaping (Record) -> ID,
        name: @escaping (Record) -> PersonName,
        sortOrder: NameSortOrder = .family,
        displayOrder: NameDisplayOrder = .auto,
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        try self.init(records, collation: collation, id: id, keys: { name($0).sortKeys(sortOrder) }, cellProvider: cellProvider)
        nameSortOrder = sortOrder
        nameDisplayOrder = displayOrder
        personName = name
    }

    /// The name of the record at a position as ``nameDisplayOrder`` shows it, for a source
    /// built from people's names.
    /// - Parameter position: A position among the shown sections.
    /// - Returns: The name, or `nil` outside the data or for a source built from keys.
    /// - Complexity: O(log *n*).
    public func displayName(at position: Position) -> String? {
        guard let personName, let record = record(at: position) else { return nil }
        return personName(record).displayName(nameDisplayOrder)
    }
}
