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
