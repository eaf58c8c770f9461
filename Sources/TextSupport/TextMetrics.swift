internal import CCollationShims

/// Display width, grapheme clusters and character classes from ICU, for the table
/// formatter: a `package` API so the formatter needs no ICU import of its own.
package enum TextMetrics {
    /// Terminal columns `text` occupies (East Asian Wide = 2, combining marks = 0,
    /// emoji presentation = 2), measured per grapheme cluster.
    /// - Parameter ambiguousWide: Count East Asian Ambiguous characters as 2 columns.
    package static func displayWidth(_ text: String, ambiguousWide: Bool = false) -> Int {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) {
                Int(ccs_display_width_utf8($0.baseAddress, Int32($0.count), Int32(ambiguousWide ? CCS_AMBIGUOUS_WIDE : CCS_AMBIGUOUS_NARROW)))
            }
        }
    }

    /// The grapheme clusters of `text` (ICU's extended grapheme cluster rules), as
    /// substrings; splitting anywhere else would break a character apart.
    package static func graphemeClusters(_ text: String) -> [Substring] {
        var text = text
        let offsets: [Int] = text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                var capacity = Int32(chars.count + 2)
                while true {
                    var offsets = [Int32](repeating: 0, count: Int(capacity))
                    let count = ccs_grapheme_boundaries_utf8(chars.baseAddress, Int32(chars.count), &offsets, capacity)
                    if count <= capacity { return offsets.prefix(Int(count)).map(Int.init) }
                    capacity = count
                }
            }
        }
        let utf8 = text.utf8
        return zip(offsets, offsets.dropFirst()).map { start, end in
            Substring(text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
        }
    }

    /// Whether a code point is strongly right-to-left (Hebrew, Arabic, RTL controls).
    package static func isStrongRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x10000 ? basicPlane.rightToLeft[Int(scalar.value)] : ccs_is_strong_rtl(scalar.value) != 0
    }

    /// Whether a code point may be printed raw: not a control, bidi control, private-use,
    /// unassigned or separator character.
    package static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x10000 ? basicPlane.printable[Int(scalar.value)] : ccs_is_printable(scalar.value) != 0
    }

    /// Both properties for the whole Basic Multilingual Plane, asked of ICU once (65,536
    /// calls, a few milliseconds) so that printing a million cells makes no ICU call per
    /// character.
    private static let basicPlane: (printable: [Bool], rightToLeft: [Bool]) = {
        var printable = [Bool](repeating: false, count: 0x10000)
        var rightToLeft = [Bool](repeating: false, count: 0x10000)
        for value in 0..<UInt32(0x10000) {
            printable[Int(value)] = ccs_is_printable(value) != 0
            rightToLeft[Int(value)] = ccs_is_strong_rtl(value) != 0
        }
        return (printable, rightToLeft)
    }()
}
