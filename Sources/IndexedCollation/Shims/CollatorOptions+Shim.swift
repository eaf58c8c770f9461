internal import CCollationShims

/// The options in the shim's terms (named `CCS_*` constants).
extension CollatorOptions {
    /// The options as the shim's attribute vector (`CCS_DEFAULT` = the locale's value).
    var attributeVector: [Int32] {
        func onOff(_ value: Bool) -> Int32 { Int32(value ? CCS_ON : CCS_OFF) }
        var vector = [Int32](repeating: Int32(CCS_DEFAULT), count: Int(CCS_ATTR_COUNT))
        if let strength { vector[Int(CCS_ATTR_STRENGTH)] = strength.shimValue }
        if let alternate { vector[Int(CCS_ATTR_ALTERNATE)] = Int32(alternate == .shifted ? CCS_ALTERNATE_SHIFTED : CCS_ALTERNATE_NON_IGNORABLE) }
        if let caseFirst { vector[Int(CCS_ATTR_CASE_FIRST)] = caseFirst.shimValue }
        if let numeric { vector[Int(CCS_ATTR_NUMERIC)] = onOff(numeric) }
        if let normalization { vector[Int(CCS_ATTR_NORMALIZATION)] = onOff(normalization) }
        if let caseLevel { vector[Int(CCS_ATTR_CASE_LEVEL)] = onOff(caseLevel) }
        return vector
    }
}

extension CollatorOptions.Strength {
    /// Each strength and its shim constant: both directions of the mapping read this table.
    private static let shimValues: [(strength: Self, value: Int)] = [
        (.primary, CCS_STRENGTH_PRIMARY), (.secondary, CCS_STRENGTH_SECONDARY), (.tertiary, CCS_STRENGTH_TERTIARY),
        (.quaternary, CCS_STRENGTH_QUATERNARY), (.identical, CCS_STRENGTH_IDENTICAL),
    ]

    var shimValue: Int32 { Int32(Self.shimValues.first { $0.strength == self }?.value ?? CCS_STRENGTH_IDENTICAL) }

    init(shimValue: Int32) {
        self = Self.shimValues.first { Int32($0.value) == shimValue }?.strength ?? .identical
    }
}

extension CollatorOptions.CaseFirst {
    /// Each setting and its shim constant: both directions of the mapping read this table.
    private static let shimValues: [(caseFirst: Self, value: Int)] = [
        (.off, CCS_CASE_FIRST_OFF), (.lower, CCS_CASE_FIRST_LOWER), (.upper, CCS_CASE_FIRST_UPPER),
    ]

    var shimValue: Int32 { Int32(Self.shimValues.first { $0.caseFirst == self }?.value ?? CCS_CASE_FIRST_OFF) }

    init(shimValue: Int32) {
        self = Self.shimValues.first { Int32($0.value) == shimValue }?.caseFirst ?? .off
    }
}
