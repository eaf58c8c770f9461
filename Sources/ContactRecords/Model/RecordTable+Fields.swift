extension RecordTable {
    /// Calls `body` with each field of a record in order: its column index (into
    /// ``columns``) and its decoded value's bytes (valid only during the call).
    ///
    /// For CSV/TSV every column of the header is visited, an empty value for the columns a
    /// short row lacks.
    /// - Parameters:
    ///   - index: A record index.
    ///   - body: Called once per field.
    public func withFields(ofRecordAt index: Int, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        switch storage {
        case .delimited(let fields):
            var scratch = [UInt8]()
            let first = fields.base[index]
            let count = fields.base[index + 1] - first
            for position in 0..<Swift.max(count, headerCount) {
                if position < count {
                    withDelimitedValue(fields, record: index, position: position, scratch: &scratch) { body(position, $0) }
                } else {
                    body(position, UnsafeBufferPointer(start: nil, count: 0))
                }
            }
        case .decoded(let fields):
            fields.arena.withUnsafeBufferPointer { arena in
                for field in fields.base[index]..<fields.base[index + 1] {
                    body(Int(fields.columns[field]), UnsafeBufferPointer(rebasing: arena[fields.ranges[field]]))
                }
            }
        }
    }

    /// Every record's value of one column, decoded, one range per record (empty when the
    /// record lacks the field, so such a record files under `#` and is never lost).
    /// - Parameter column: A column index (see ``columnIndex(named:)``).
    /// - Returns: The values in record order.
    /// - Complexity: O(*n*) in the input size.
    public func values(ofColumnAt column: Int) -> FieldValues {
        var out = [UInt8]()
        var ranges = [Range<Int>]()
        ranges.reserveCapacity(count)
        switch storage {
        case .delimited(let fields):
            return delimitedValues(fields, column: column)
        case .decoded(let fields):
            let wanted = Int32(truncatingIfNeeded: column)
            for record in 0..<count {
                let start = out.count
                if let field = (fields.base[record]..<fields.base[record + 1]).first(where: { fields.columns[$0] == wanted }) {
                    out.append(contentsOf: fields.arena[fields.ranges[field]])
                }
                ranges.append(start..<out.count)
            }
        }
        return FieldValues(bytes: out, ranges: ranges)
    }

    /// The largest number of default sort keys of any record (2 for a vCard file with a
    /// named contact, 1 otherwise).
    public var defaultKeyCount: Int {
        guard case .decoded(let fields) = storage, fields.hasKeys else { return columns.isEmpty ? 0 : 1 }
        var most = 0
        for record in 0..<count { most = Swift.max(most, fields.keyBase[record + 1] - fields.keyBase[record]) }
        return most
    }

    /// Every record's default sort key at `position` (0 = most significant); empty for a
    /// record with fewer keys.
    /// - Parameter position: 0-based key position, below ``defaultKeyCount``.
    /// - Returns: The keys in record order.
    public func defaultKeys(at position: Int) -> FieldValues { defaultKeyValues(at: position, readings: false) }

    /// Every record's reading of its default sort key at `position`; empty when the key has
    /// no reading (the key itself is then what sorts).
    /// - Parameter position: 0-based key position, below ``defaultKeyCount``.
    /// - Returns: The readings in record order.
    public func defaultReadings(at position: Int) -> FieldValues { defaultKeyValues(at: position, readings: true) }

    func defaultKeyValues(at position: Int, readings: Bool) -> FieldValues {
        guard case .decoded(let fields) = storage, fields.hasKeys else {
            if readings || position > 0 { return FieldValues(bytes: [], ranges: Array(repeating: 0..<0, count: count)) }
            return values(ofColumnAt: 0)
        }
        var out = [UInt8]()
        var ranges = [Range<Int>]()
        ranges.reserveCapacity(count)
        for record in 0..<count {
            let start = out.count
            let slot = fields.keyBase[record] + position
            if slot < fields.keyBase[record + 1] {
                out.append(contentsOf: fields.arena[readings ? fields.readings[slot] : fields.keys[slot]])
            }
            ranges.append(start..<out.count)
        }
        return FieldValues(bytes: out, ranges: ranges)
    }

    func defaultKeyCount(ofRecordAt index: Int) -> Int {
        guard case .decoded(let fields) = storage, fields.hasKeys else { return columns.isEmpty ? 0 : 1 }
        return fields.keyBase[index + 1] - fields.keyBase[index]
    }

    func defaultKey(ofRecordAt index: Int, position: Int) -> (key: String, reading: String) {
        guard case .decoded(let fields) = storage, fields.hasKeys else {
            var key = ""
            withFields(ofRecordAt: index) { column, value in
                if column == 0 { key = String(decoding: value, as: UTF8.self) }
            }
            return (key, "")
        }
        let slot = fields.keyBase[index] + position
        return (
            String(decoding: fields.arena[fields.keys[slot]], as: UTF8.self),
            String(decoding: fields.arena[fields.readings[slot]], as: UTF8.self)
        )
    }

    /// The number of header columns (CSV/TSV), which every row is padded to.
    var headerCount: Int {
        guard case .delimited(let fields) = storage else { return 0 }
        return fields.headerCount
    }
}
