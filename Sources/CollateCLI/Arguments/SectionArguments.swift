import ArgumentParser
import IndexedCollation

/// Sections moved or added: a pinned first section (`--pin`), the `#` section first or last.
struct SectionArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Pin records to a first section (favourites, \"Me\") for csv, tsv, jsonl and vcard input: FIELD (the field is present and not empty, false, 0 or no) or FIELD=VALUE (the field's value, or one of its comma-separated values, is VALUE, ignoring case: --pin CATEGORIES=favorites, --pin starred=true). Repeatable: a record matching any is pinned. Pinned records keep collation order and leave their letter unless --pin-copy.",
            valueName: "field[=value]"))
    var pin: [PinRule] = []

    @Option(help: "The pinned section's title (default: ★).")
    var pinTitle: String?

    @Flag(help: "List pinned records under their own letter too (Android's starred list shows both).")
    var pinCopy = false

    @Option(
        help: ArgumentHelp("Where the # section (digits, symbols, other scripts) goes: last (the default) or first, before the letters.", valueName: "first|last"))
    var otherSection: OtherSectionPlacement = .last

    func validate() throws {
        if pin.isEmpty && pinTitle != nil { throw ValidationError("--pin-title names the section of --pin: give --pin FIELD[=VALUE] too.") }
        if pin.isEmpty && pinCopy { throw ValidationError("--pin-copy copies the records of --pin: give --pin FIELD[=VALUE] too.") }
        if let pinTitle, pinTitle.isEmpty || pinTitle == LocalizedIndexedCollation.catchAllTitle {
            throw ValidationError("--pin-title must be a title of its own, not empty or #.")
        }
    }

    /// The pinned section's title, when records are pinned.
    var pinnedSectionTitle: String? { pin.isEmpty ? nil : (pinTitle ?? "★") }
}

/// One `--pin` rule: a field, and the value it must have (nil: any value that is not empty,
/// false, 0 or no).
struct PinRule: ExpressibleByArgument, Sendable, Hashable {
    var field: String
    var value: String?

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, !first.isEmpty else { return nil }
        field = String(first)
        value = parts.count > 1 ? String(parts[1]) : nil
        if value?.isEmpty == true { return nil }
    }

    /// Whether a record's value of the field pins it.
    func matches(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard let value = value?.lowercased() else {
            return !trimmed.isEmpty && !["false", "0", "no"].contains(trimmed)
        }
        return trimmed == value || trimmed.split(separator: ",").contains { String($0).trimmingWhitespace() == value }
    }
}

extension OtherSectionPlacement: ExpressibleByArgument {}
