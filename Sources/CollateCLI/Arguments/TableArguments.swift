import ArgumentParser
import IndexedTableFormatting

/// How human-readable formats look: width, borders, measuring, counts, wrapping, colour.
struct TableArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: "Table width in columns (default: the terminal's, else $COLUMNS, else 80).")
    var width: Int?

    @Flag(help: "Draw tables with ASCII characters.")
    var ascii = false

    @Flag(help: "Count East Asian Ambiguous characters as two columns (CJK terminals).")
    var ambiguousWide = false

    @Flag(help: "Show the number of records per section in tables.")
    var counts = false

    @Flag(help: "Wrap long cells onto more lines instead of truncating them with …")
    var wrap = false

    @Option(help: "Colour: auto (only on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    func validate() throws {
        if let width, !NumericLimits.width.contains(width) {
            throw ValidationError(NumericLimits.message("--width", width, NumericLimits.width, unit: " columns"))
        }
    }

    /// The formatter's options.
    /// - Parameters:
    ///   - isTerminal: Whether the output goes to a terminal (colour `auto`).
    ///   - terminalWidth: The width when --width is absent.
    ///   - environment: `NO_COLOR` and `TERM` for colour `auto`.
    /// - Returns: The options.
    func tableOptions(isTerminal: Bool, terminalWidth: @autoclosure () -> Int, environment: [String: String]) -> TableOptions {
        let useColor: Bool
        switch color {
        case .always: useColor = true
        case .never: useColor = false
        case .auto: useColor = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        return TableOptions(
            ascii: ascii, maxWidth: width ?? terminalWidth(), ambiguousWide: ambiguousWide, showCounts: counts, wrap: wrap,
            color: useColor)
    }
}
