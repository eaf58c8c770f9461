/// One named value of a record: a CSV column, a JSON leaf by dotted path, a vCard property.
public struct RecordField: Sendable, Hashable {
    /// The column name, JSON path (`name.family`) or vCard field name (`N.family`, `FN`).
    public var name: String
    /// The decoded value (CSV quotes removed, JSON and vCard escapes resolved).
    public var value: String

    /// Creates a field.
    /// - Parameters:
    ///   - name: The field's name.
    ///   - value: The field's decoded value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
