import IndexedCollation

/// Text made safe and measurable for a table cell.
///
/// - Nothing from the input can control the terminal: control characters, escape
///   sequences, bidi controls, separators, private-use and unassigned code points are
///   shown as visible escapes (`\e`, `\t`, `\u{202E}`), never emitted raw.
/// - Right-to-left text is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE so
///   bidi reordering cannot pull borders or neighbouring cells around.
package struct CellText: Sendable, Hashable {
    /// The printable text, without bidi isolation marks.
    package let text: String
    /// Whether the text needs bidi isolation when printed.
    package let isolated: Bool
    /// Display width in terminal columns.
    package let width: Int

    package init(_ raw: some StringProtocol, ambiguousWide: Bool = false) {
        let text = CellText.escaped(raw)
        self.text = text
        isolated = text.unicodeScalars.contains(where: TextMetrics.isStrongRightToLeft)
        width = TextMetrics.displayWidth(text, ambiguousWide: ambiguousWide)
    }

    /// The text as printed: isolated when right-to-left.
    package var printed: String { isolated ? "\u{2068}\(text)\u{2069}" : text }

    /// Replaces every non-printable code point by a visible, printable escape.
    package static func escaped(_ raw: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                out.append(scalar)
                continue
            }
            if scalar.value < 0x80 || !TextMetrics.isPrintable(scalar) {
                let escape: String
                switch scalar.value {
                case 0x09: escape = "\\t"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x1B: escape = "\\e"
                default: escape = "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
                out.append(contentsOf: escape.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The longest prefix (whole grapheme clusters only) that fits `columns` columns,
    /// followed by "…" when anything was cut; padded with a space when a wide cluster
    /// would straddle the edge.
    package func truncated(toWidth columns: Int, ambiguousWide: Bool = false) -> CellText {
        guard width > columns else { return self }
        guard columns > 0 else { return CellText(verbatim: "", isolated: false, width: 0) }
        var kept = ""
        var used = 0
        for cluster in TextMetrics.graphemeClusters(text) {
            let clusterWidth = TextMetrics.displayWidth(String(cluster), ambiguousWide: ambiguousWide)
            if used + clusterWidth > columns - 1 { break }
            kept += cluster
            used += clusterWidth
        }
        kept += "…"
        used += 1
        return CellText(verbatim: kept, isolated: isolated, width: used)
    }

    private init(verbatim: String, isolated: Bool, width: Int) {
        text = verbatim
        self.isolated = isolated
        self.width = width
    }
}
