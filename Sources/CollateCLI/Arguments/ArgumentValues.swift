import ArgumentParser
import IndexedCollation

/// One `--field`/`-k` argument, parsed once when the arguments are: sort's spellings `N`
/// and `N,N` (1-based), or the reason the spelling is refused, which
/// ``KeyArguments/validate()`` reports as a usage error (status 64) in collate's words.
struct FieldSpec {
    /// The field number, or the usage error for this spelling.
    let field: Result<Int, ValidationError>

    /// Parses `-k SPEC`; never fails here, so the message stays collate's own rather than
    /// ArgumentParser's "The value … is invalid".
    init(_ spec: String) {
        field = Result { () throws(ValidationError) in try Self.parse(spec) }
    }

    private static func parse(_ spec: String) throws(ValidationError) -> Int {
        let parts = spec.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, let first = parts.first else { throw ValidationError("-k '\(spec)': give a field number, e.g. -k2 or -k2,2.") }
        for part in parts where part.contains(".") {
            throw ValidationError("-k '\(spec)': character offsets (N.C) are not supported; collate compares whole fields (-k N or -k N,N).")
        }
        for part in parts where Int(part) == nil && part.contains(where: \.isLetter) && part.first?.isNumber == true {
            throw ValidationError("-k '\(spec)': sort's per-key options (\(part.drop(while: \.isNumber))) are not supported; use --numeric, --reverse or --strength for the whole run.")
        }
        if Int(first) == nil, !first.isEmpty, first.allSatisfy(\.isASCII), first.allSatisfy(\.isNumber) {
            throw ValidationError("--field must be at most \(NumericLimits.field.upperBound), not \(first).")
        }
        guard let number = Int(first), number >= 1 else {
            throw ValidationError("--field must be 1 or more (fields are numbered from 1), not '\(spec)'.")
        }
        guard NumericLimits.field.contains(number) else { throw ValidationError(NumericLimits.message("--field", number, NumericLimits.field)) }
        if parts.count == 2 {
            guard let last = Int(parts[1]), last == number else {
                throw ValidationError("-k '\(spec)' spans several fields; give one -k per field (-k\(number) -k\(parts[1].prefix(while: \.isNumber))) to compare them in turn.")
            }
        }
        return number
    }
}

/// The ranges numeric options are checked against when the command line is parsed, so
/// no later arithmetic on them (positions, widths, field numbers) can overflow: a value
/// outside its range is a usage error naming the option (exit 64), never a trap.
enum NumericLimits {
    /// `--field`/`-k` and `--reading-field`: a line has fewer fields than this.
    static let field = 1...(1 << 20)
    /// `--width` (and `$COLUMNS`, clamped into it): wider than any terminal or page.
    static let width = 10...(1 << 20)
    /// `--position-offset`: positions of this input (offset + record number) then stay
    /// far below `Int.max` whatever the input size.
    static let positionOffset = 0...(1 << 62)
    /// `--page` and `--page-size`: the first row, (page - 1) × size, saturates instead of
    /// overflowing (``OutputArguments/rows``), so any positive `Int` is accepted.
    static let page = 1...Int.max

    /// The message for a value outside `range`.
    static func message(_ option: String, _ value: Int, _ range: ClosedRange<Int>, unit: String = "") -> String {
        if value < range.lowerBound { return "\(option) must be \(range.lowerBound)\(unit) or more, not \(value)." }
        return "\(option) must be at most \(range.upperBound)\(unit), not \(value)."
    }
}

extension CollatorOptions.Strength: ExpressibleByArgument {}
extension CollatorOptions.CaseFirst: ExpressibleByArgument {}
extension SectionStyle: ExpressibleByArgument {}
extension HanReadingUnit: ExpressibleByArgument {}
extension InvalidUTF8Policy: ExpressibleByArgument {}
