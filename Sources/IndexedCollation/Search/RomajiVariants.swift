/// The other romaji spellings of a Hepburn reading (as ICU's `Hiragana-Latin` writes it:
/// "shin'ichi", "satou", "chidzuru"), so that people who type Kunrei-shiki, Nihon-shiki or
/// another long-vowel spelling find the same record (``SearchOptions/romajiVariants``).
///
/// The rules follow the three systems' tables (ISO 3602 for Kunrei-shiki, 1937 and 1989;
/// Nihon-shiki as Tanakadate wrote it; modified Hepburn): si/shi, ti/chi, tu/tsu, hu/fu,
/// zi/ji, sya/sha, tya/cha, zya/ja, di/ji and du/zu (ぢ, づ); long vowels as ou, oo, oh
/// (and ō, ô, which primary strength reads as o); ん as n, n' (the apostrophe is
/// punctuation, ignored) or nn.
enum RomajiVariants {
    /// Hepburn to Kunrei-shiki replacements, longest first.
    private static let kunrei: [(String, String)] = [
        ("sha", "sya"), ("shu", "syu"), ("sho", "syo"), ("shi", "si"), ("cha", "tya"), ("chu", "tyu"), ("cho", "tyo"),
        ("chi", "ti"), ("tsu", "tu"), ("dji", "zi"), ("dzu", "zu"), ("ja", "zya"), ("ju", "zyu"), ("jo", "zyo"), ("ji", "zi"),
        ("fu", "hu"), ("wo", "o"),
    ]
    /// Nihon-shiki differs from Kunrei-shiki for ぢ, づ and を.
    private static let nihon: [(String, String)] = [
        ("sha", "sya"), ("shu", "syu"), ("sho", "syo"), ("shi", "si"), ("cha", "tya"), ("chu", "tyu"), ("cho", "tyo"),
        ("chi", "ti"), ("tsu", "tu"), ("dji", "di"), ("dzu", "du"), ("ja", "zya"), ("ju", "zyu"), ("jo", "zyo"), ("ji", "zi"),
        ("fu", "hu"),
    ]

    /// The variants of a Hepburn reading that differ from it: Kunrei-shiki with ん as nn,
    /// Nihon-shiki with long o as oo, Hepburn with long o as oh and ん as nn, and Hepburn
    /// with づ as zu.
    static func spellings(ofHepburn romaji: String) -> [String] {
        let text = romaji.lowercased()
        var result: [String] = []
        result.append(doubledN(replaced(text, kunrei)))
        result.append(replaced(text, nihon).replacing("ou", with: "oo"))
        result.append(doubledN(text.replacing("ou", with: "oh").replacing("oo", with: "oh")))
        result.append(text.replacing("dzu", with: "zu").replacing("dji", with: "ji"))
        return result.filter { $0 != text }
    }

    /// Replaces each pattern (in order of the table, at each position the first that fits).
    private static func replaced(_ text: String, _ table: [(String, String)]) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        outer: while index < scalars.count {
            for (from, to) in table {
                let pattern = Array(from.unicodeScalars)
                if index + pattern.count <= scalars.count && Array(scalars[index..<index + pattern.count]) == pattern {
                    output.append(contentsOf: to.unicodeScalars)
                    index += pattern.count
                    continue outer
                }
            }
            output.append(scalars[index])
            index += 1
        }
        return String(output)
    }

    /// ん written nn: "n'" (before a vowel or y) and an n before another consonant or at
    /// the end of a word.
    private static func doubledN(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let vowels: Set<Unicode.Scalar> = ["a", "i", "u", "e", "o", "y"]
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "n" {
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                let previousIsN = index > 0 && scalars[index - 1] == "n"
                if next == "'" {
                    output.append(contentsOf: "nn".unicodeScalars)
                    index += 2
                    continue
                }
                if !previousIsN && !vowels.contains(next) && next != "n" {
                    output.append(contentsOf: "nn".unicodeScalars)
                    index += 1
                    continue
                }
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }
}
