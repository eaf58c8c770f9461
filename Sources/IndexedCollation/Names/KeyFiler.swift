/// Applies ``FilingRules`` to a key: the text a record is filed and ordered by, when it
/// differs from the key as written. Built once per collation from the tables of its
/// language (``FilingTable``); nil when no rule is on, so the default path is one check.
struct KeyFiler: Sendable {
    let rules: FilingRules
    /// Particles filed after the name, as word lists, longest first.
    private let particles: [[String]]
    /// Particles that stay with the name (for finding where a surname starts), longest first.
    private let keeps: [[String]]
    /// Prefixes joined to a name and not filed under (al-, ال, d'), longest first.
    private let prefixes: [String]
    private let honorifics: Set<String>
    /// Articles that are words of their own ("the").
    private let articles: Set<String>
    /// Articles joined to the next word (l', 't), longest first.
    private let elidedArticles: [String]
    /// How many surname words end a name written given name first (2 for Spanish).
    private let surnameWords: Int
    /// What the stamp digests: the rules and the rows in use.
    let stampDescription: String

    /// The filer of a collation, or nil when `rules` changes nothing.
    init?(rules: FilingRules, policy: LanguagePolicy) {
        guard !rules.isEmpty else { return nil }
        self.rules = rules
        var rows = [FilingTable.Row]()
        for table in FilingTable.shipped {
            rows += table.rows.filter { $0.applies(ownLanguage: table.language == policy.code, region: policy.region) }
        }
        func words(_ kind: FilingTable.Row.Kind) -> [[String]] {
            rows.filter { $0.kind == kind }.map { $0.text.split(separator: " ").map(String.init) }.sorted { $0.count > $1.count }
        }
        particles = rules.names == .locale ? words(.particle) : []
        keeps = rules.names == .locale ? words(.keep) : []
        prefixes = rules.names == .locale ? rows.filter { $0.kind == .prefix }.map(\.text).sorted { $0.count > $1.count } : []
        honorifics = rules.names == .locale ? Set(rows.filter { $0.kind == .honorific }.map(\.text)) : []
        surnameWords = rows.last { $0.kind == .surnames }.flatMap { Int($0.text) } ?? 1
        let articleRows = rules.ignoresArticles ? rows.filter { $0.kind == .article }.map(\.text) : []
        articles = Set(articleRows)
        elidedArticles = articleRows.filter { $0.hasSuffix("'") || $0.hasSuffix("’") || $0.hasSuffix("-") || $0 == "ال" }
            .sorted { $0.count > $1.count }
        let used = rows.filter { row in
            switch row.kind {
            case .article: rules.ignoresArticles
            case .surnames: rules.names == .locale && rules.nameForm == .displayed
            default: rules.names == .locale
            }
        }
        stampDescription = [
            "names=\(rules.names.rawValue)", "form=\(rules.nameForm.rawValue)", "articles=\(rules.ignoresArticles)",
            "symbols=\(rules.skipsLeadingSymbols)",
            "rows=" + used.map { "\($0.kind.rawValue):\($0.text)" }.joined(separator: ","),
        ].joined(separator: ";")
    }

    /// Writes the filing text of `display` to `output` when it differs from the key.
    /// - Returns: Whether a text was written.
    func rewrite(_ display: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
        guard let filed = filingText(String(decoding: display, as: UTF8.self)) else { return false }
        output.append(contentsOf: filed.utf8)
        return true
    }

    /// The text `key` is filed by, or nil when it is filed as written.
    /// - Complexity: O(*w* *p*) for *w* words and *p* particles.
    func filingText(_ key: String) -> String? {
        var text = Substring(key)
        if rules.skipsLeadingSymbols {
            let skipped = text.unicodeScalars.drop { !Self.isLetterOrDigit($0) }
            if !skipped.isEmpty { text = Substring(skipped) }
        }
        var filed = String(text)
        if rules.ignoresArticles {
            filed = withoutArticle(filed)
        } else if rules.names == .locale {
            filed = filedName(filed)
        }
        return filed == key ? nil : filed
    }

    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// A title without its leading article ("The Beatles" → "Beatles", "L'Étranger" →
    /// "Étranger"); an article alone stays.
    private func withoutArticle(_ title: String) -> String {
        let words = title.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first else { return title }
        let lower = first.lowercased()
        if words.count > 1 && articles.contains(lower) {
            return words.dropFirst().joined(separator: " ")
        }
        for article in elidedArticles where lower.hasPrefix(article) && lower.count > article.count {
            return String(title.drop(while: { $0 == " " }).dropFirst(article.count))
        }
        return title
    }

    /// A name as its language files it: honorifics dropped, the surname first with its
    /// filed-after particles moved to the end, prefixes dropped.
    private func filedName(_ name: String) -> String {
        var words = name.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else { return name }
        while words.count > 1 && honorifics.contains(words[0].lowercased()) { words.removeFirst() }
        var family: [String]
        var given: [String] = []
        if let comma = words.firstIndex(where: { $0.hasSuffix(",") }) {
            family = Array(words[...comma])
            family[family.count - 1].removeLast()
            given = Array(words[(comma + 1)...])
        } else if rules.nameForm == .familyFirst || words.count == 1 || Self.isWrittenFamilyFirst(name)
            || match(particles + keeps, in: words, at: 0) != nil
        {
            family = words
        } else {
            // Given name first: the surname is the last word with the particles before it,
            // leaving at least one given name; in Spanish the word before it too (the first
            // of two surnames), unless the last surname has a particle.
            var start = surnameStart(words, before: words.count)
            if surnameWords == 2 && start == words.count - 1 && start >= 2 {
                start = surnameStart(words, before: start)
            }
            family = Array(words[start...])
            given = Array(words[..<start])
        }
        var moved: [String] = []
        var index = 0
        while let length = match(particles, in: family, at: index), family.count - index > length {
            moved += family[index..<(index + length)]
            index += length
        }
        family.removeFirst(index)
        if let first = family.first {
            let lower = first.lowercased()
            for prefix in prefixes where lower.hasPrefix(prefix) && lower.count > prefix.count {
                family[0] = String(first.dropFirst(prefix.count))
                moved.append(String(first.prefix(prefix.count)))
                break
            }
        }
        return (family + given + moved).joined(separator: " ")
    }

    /// Where the surname word just before `end` starts with the particles before it,
    /// leaving at least one given name.
    private func surnameStart(_ words: [String], before end: Int) -> Int {
        var start = end - 1
        while start > 1, let length = matchEnding(particles + keeps, in: words, before: start), start - length >= 1 {
            start -= length
        }
        return start
    }

    /// The length of the longest entry of `lists` that `words` has at `index`, ignoring case.
    private func match(_ lists: [[String]], in words: [String], at index: Int) -> Int? {
        for list in lists where index + list.count <= words.count {
            if zip(list, words[index...]).allSatisfy({ $0 == $1.lowercased() }) { return list.count }
        }
        return nil
    }

    /// The length of the longest entry of `lists` that ends just before `end` in `words`.
    private func matchEnding(_ lists: [[String]], in words: [String], before end: Int) -> Int? {
        for list in lists where list.count <= end {
            if match([list], in: words, at: end - list.count) != nil { return list.count }
        }
        return nil
    }

    /// Names written in Han, Hangul, kana or Arabic script put the family name (or the
    /// name filed under) first.
    private static func isWrittenFamilyFirst(_ name: String) -> Bool {
        NameDisplayOrder.isEastAsian(name)
            || name.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) || (0x0750...0x077F).contains($0.value) }
    }
}
