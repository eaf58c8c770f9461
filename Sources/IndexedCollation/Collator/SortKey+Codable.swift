extension SortKey: Codable {
    /// Writes the key as one lowercase hexadecimal string (``hexString``), the form
    /// `collate --with-keys` prints: `"a3b1…"` in JSON.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }

    /// Reads a key written by ``encode(to:)``: a string of hexadecimal digit pairs, in
    /// either case.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` if the string has an odd length or a
    ///   character that is not a hexadecimal digit.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let bytes = SortKey.bytes(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "a sort key is an even number of hexadecimal digits, such as \"2d3f01\"; got \(String(reflecting: text.prefix(40)))")
        }
        self.init(bytes: bytes)
    }

    /// Parses hexadecimal digit pairs.
    ///
    /// - Parameter hex: Hexadecimal text.
    /// - Returns: The bytes, or `nil` if the text is not an even number of hex digits.
    static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}

extension SortKey: CustomStringConvertible {
    /// The key as `SortKey(<hex>)`, shortened after 32 bytes.
    public var description: String {
        let hex = hexString
        return hex.count > 64 ? "SortKey(\(hex.prefix(64))… \(bytes.count) bytes)" : "SortKey(\(hex))"
    }
}
