internal import TextSupport

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
    ///
    /// A combining mark with nothing to combine with (an index title such as Marathi's
    /// anusvara "ं") gets U+25CC DOTTED CIRCLE as its base, as type setters show it, so its
    /// width is the same alone, after a border or after a bracket.
    package static func escaped(_ raw: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        if let first = raw.unicodeScalars.first, Self.isCombiningMark(first) { out.append("\u{25CC}") }
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

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// The longest prefix of whole grapheme clusters that fits `columns` columns together
    /// with a trailing "…" (never splitting a cluster: a Hangul syllable in NFD, an emoji
    /// ZWJ sequence or a base with its combining marks stays whole or goes whole).
    package func truncated(toWidth columns: Int, ambiguousWide: Bool = false) -> CellText {
        guard width > columns else { return self }
        guard columns > 0 else { return CellText(verbatim: "", isolated: false, width: 0) }
        // A prefix of `columns` columns never needs more than a few scalars per column;
        // cutting first keeps truncation linear even for a 100 MB line.
        let bound = columns * 8 + 16
        let head = text.unicodeScalars.count > bound ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(bound))) : text
        var clusters = TextMetrics.graphemeClusters(head)
        var kept = ""
        var used = 0
        // Grow cluster by cluster, measuring the whole prefix (widths are contextual).
        var prefixLength = 0
        while prefixLength < clusters.count {
            let candidate = kept + clusters[prefixLength]
            let candidateWidth = TextMetrics.displayWidth(candidate, ambiguousWide: ambiguousWide)
            if candidateWidth > columns - 1 { break }
            kept = candidate
            used = candidateWidth
            prefixLength += 1
        }
        clusters.removeAll()
        return CellText(verbatim: kept + "…", isolated: isolated, width: used + 1)
    }

    /// The text broken into lines of at most `columns` columns, between grapheme clusters
    /// (a cluster wider than the line gets a line of its own); at most `maxLines` lines,
    /// the last one ending in "…" when text was left out, so one huge cell cannot flood
    /// the terminal.
    package func wrapped(toWidth columns: Int, ambiguousWide: Bool = false, maxLines: Int = 100) -> [CellText] {
        guard width > columns, columns > 0 else { return [self] }
        // Never look further than the lines can show (a few scalars per column at most).
        let bound = (maxLines + 1) * (columns * 8 + 16)
        let head = text.unicodeScalars.count > bound ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(bound))) : text
        var lines = [CellText]()
        var current = ""
        var used = 0
        for cluster in TextMetrics.graphemeClusters(head) {
            if lines.count == maxLines { break }
            let candidate = current + cluster
            let candidateWidth = TextMetrics.displayWidth(candidate, ambiguousWide: ambiguousWide)
            if candidateWidth > columns && !current.isEmpty {
                lines.append(CellText(verbatim: current, isolated: isolated, width: used))
                current = String(cluster)
                used = TextMetrics.displayWidth(current, ambiguousWide: ambiguousWide)
            } else {
                current = candidate
                used = candidateWidth
            }
        }
        if !current.isEmpty && lines.count < maxLines { lines.append(CellText(verbatim: current, isolated: isolated, width: used)) }
        var fitted = lines.map { $0.width > columns ? $0.truncated(toWidth: columns, ambiguousWide: ambiguousWide) : $0 }
        let shown = fitted.reduce(0) { $0 + $1.text.unicodeScalars.count }
        if shown < text.unicodeScalars.count, let last = fitted.last {
            // Mark the cut: make room for "…" on the last line.
            let marked = CellText(verbatim: last.text, isolated: isolated, width: last.width + columns)
            fitted[fitted.count - 1] = marked.truncated(toWidth: columns, ambiguousWide: ambiguousWide)
        }
        return fitted
    }

    private init(verbatim: String, isolated: Bool, width: Int) {
        text = verbatim
        self.isolated = isolated
        self.width = width
    }
}

/// `count` spaces (cached up to 256: padding a million cells must not build a million
/// strings from scratch).
func padding(_ count: Int) -> String {
    guard count > 0 else { return "" }
    if count < cachedPaddings.count { return cachedPaddings[count] }
    return String(repeating: " ", count: count)
}

private let cachedPaddings: [String] = (0..<256).map { String(repeating: " ", count: $0) }

/// ANSI styling, used only when colour is on.
enum ANSI {
    static func bold(_ text: String) -> String { "\u{1B}[1m\(text)\u{1B}[22m" }
    static func dim(_ text: String) -> String { "\u{1B}[2m\(text)\u{1B}[22m" }
}
