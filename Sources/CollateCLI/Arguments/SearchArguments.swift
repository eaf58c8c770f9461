import ArgumentParser
import IndexedCollation

/// `--search`: keep only the records a query finds, in the sections they have without it;
/// `--no-search-box`: an html page without the search box.
struct SearchArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Keep only the records QUERY finds: a prefix, at the locale's primary strength (accents, case, width and kana type ignored), of the record's key from one of its words, of its reading, or of its script's spellings (Korean initial consonants, Chinese pinyin and initials, Japanese kana and romaji). Repeat to keep the records any of the queries finds. Records keep their sections. An empty query, or one of only spaces and punctuation, keeps everything.", valueName: "query"))
    var search: [String] = []

    @Option(name: .customLong("search-mode"), help: ArgumentHelp("Where a --search query may match: 'prefix' (the default: the query starts at a word of the record and may run on across later words), 'words' (each word of the query starts some word of the record, in any order: 'doe john' finds John David Doe), 'anywhere' (each word of the query may also start inside a word: 'ohn' finds John).", valueName: "mode"))
    var searchMode: SearchModeArgument = .prefix

    @Flag(inversion: .prefixedNo, help: ArgumentHelp("A --search query of digits also finds names by the letters on a phone keypad: 5646 finds John (ITU E.161, accents folded; Cyrillic, Greek and Hebrew by their national keypads), 94 finds 张伟 (pinyin zhang wei, whole or initials), 874 finds やまだ (kana by the 10-key rows: 1 あ行 … 0 わ行), 409 finds 김민준 (the keys of Cheonjiin, as Samsung phones have it). On by default; queries with a letter are unaffected. --no-search-keypad matches digits only as digits (in names and phone numbers)."))
    var searchKeypad = true

    @Option(name: .customLong("search-field"), help: ArgumentHelp("With structured input (csv, tsv, jsonl, vcard): also search this field or column (repeat for more), as words and, where it has digits, as a phone number. Phone fields are searched without it: vCard TEL and csv columns whose header names a phone (Phone, Mobile, Tel, Cell, Phone 1 - Value, Mobile Phone, Telefon, Handy, Téléphone, Teléfono, Móvil, Celular, Телефон, Τηλέφωνο, 電話, 携帯, 手机, 电话, 전화, 휴대폰…), by their digits alone from any digit; +CC and the national trunk 0 are one number in the locale's region. With --format json each record found names the field that matched.", valueName: "name"))
    var searchFields: [String] = []

    @Flag(inversion: .prefixedNo, help: ArgumentHelp("With --format html: give the page a search box that filters the list as you type, by the same rule as --search (each row then carries its lookup, about three times the page's size for Korean names). --no-search-box leaves the box and the lookups out."))
    var searchBox = true

    /// The library's options for these flags.
    var options: SearchOptions {
        var options = SearchOptions(mode: searchMode.mode)
        options.keypad = searchKeypad
        return options
    }
}

/// `--search-mode`: ``SearchOptions/Mode`` as a command-line value.
enum SearchModeArgument: String, ExpressibleByArgument, CaseIterable {
    case prefix, words, anywhere

    var mode: SearchOptions.Mode {
        switch self {
        case .prefix: .prefix
        case .words: .words
        case .anywhere: .anywhere
        }
    }
}
