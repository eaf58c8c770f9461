extension CollatorOptions.Strength: Codable {}
extension CollatorOptions.AlternateHandling: Codable {}
extension CollatorOptions.CaseFirst: Codable {}

extension CollatorOptions: Codable {
    /// The keys of the encoded form, one per setting.
    private enum CodingKeys: String, CodingKey {
        case strength, alternate, caseFirst, numeric, normalization, caseLevel
    }

    /// Writes the settings that are set; a setting left to the locale's default is left out,
    /// so `CollatorOptions(numeric: true)` is `{"numeric": true}` in JSON.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(strength, forKey: .strength)
        try container.encodeIfPresent(alternate, forKey: .alternate)
        try container.encodeIfPresent(caseFirst, forKey: .caseFirst)
        try container.encodeIfPresent(numeric, forKey: .numeric)
        try container.encodeIfPresent(normalization, forKey: .normalization)
        try container.encodeIfPresent(caseLevel, forKey: .caseLevel)
    }

    /// Reads options written by ``encode(to:)``; a missing setting is the locale's default.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` for a value that is not one of the setting's cases
    ///   (`"strength": "tertiary"`, `"alternate": "shifted"`, `"caseFirst": "upper"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            strength: try container.decodeIfPresent(Strength.self, forKey: .strength),
            alternate: try container.decodeIfPresent(AlternateHandling.self, forKey: .alternate),
            caseFirst: try container.decodeIfPresent(CaseFirst.self, forKey: .caseFirst),
            numeric: try container.decodeIfPresent(Bool.self, forKey: .numeric),
            normalization: try container.decodeIfPresent(Bool.self, forKey: .normalization),
            caseLevel: try container.decodeIfPresent(Bool.self, forKey: .caseLevel))
    }
}
