import ArgumentParser
import IndexedCollation

/// `collate [options] FILE…` (also `collate sort …`): sort lines locale-correctly and print
/// them in index sections. The default subcommand of ``CollateTool``.
public struct CollateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sort",
        abstract: "Sort lines or contacts (CSV, vCard, JSON Lines) by a locale's rules and group them into index sections (ㄱ ㄴ ㄷ…, あ か さ…, A B C…).",
        usage: """
            collate [<options>] [<file>]
            collate test [--record] [--filter <filter>] <directory>
            """,
        discussion: """
            Reads UTF-8 lines from FILE (or standard input when FILE is - or absent), sorts them \
            with the system ICU's collation for the locale and prints them grouped under the \
            locale's index titles, like a phone book. Records ICU files under no letter (digits, \
            symbols, emoji, other scripts) go to one section titled # at the end.

            Input: lines end with LF or CRLF (CR alone when the file has no LF); a UTF-8 byte \
            order mark at the start is dropped; a last line without a line end counts; an empty \
            line is a record. Invalid UTF-8 and NUL bytes are an error naming the line and byte \
            offset, unless --invalid replace. Nothing is ever dropped: the output has every input \
            line exactly once.

            Contacts: --input-format csv, tsv, jsonl or vcard (or the extension .csv, .vcf, \
            .jsonl, .ndjson) reads records instead of lines: RFC 4180 CSV with a header row \
            (--delimiter ';', --ragged), JSON Lines (keys by dotted path), vCard 2.1/3.0/4.0 (SORT-AS, \
            X-PHONETIC-*, quoted-printable). Records compare by each --key in turn (with its \
            --reading-key), then input order; the section comes from the first non-empty key. \
            --format json keeps each record (an object per CSV row, the JSON object, the card's \
            text); --format csv and --format vcard write them back. A malformed file is an error \
            naming its line and prints nothing.

            Locales: ICU IDs (ko_KR, zh@collation=stroke), BCP-47 tags (ko-KR, zh-u-co-pinyin, \
            de-u-co-phonebk, en-u-kn-true, ja-u-kr-kana-latn) or POSIX names (ko_KR.UTF-8). \
            Default: LC_ALL, LC_COLLATE or LANG, else en.

            Exit status: 0 on success (also for empty input, which prints nothing); 1 when the \
            input cannot be read or decoded or the output cannot be written (with -o the old file \
            is then left untouched); 64 for usage errors, including unknown locales.

            Examples:
              collate --locale ko_KR names.txt
              collate --locale ja_JP --field 1 --reading-field 2 --format json readings.tsv
              collate --locale sv_SE --format tsv -o sorted.tsv names.txt
              collate --locale ko_KR --key 'Last Name' --key 'First Name' --format json google.csv
              collate --locale ja_JP --format json contacts.vcf    (family, given name and readings)
              collate --locale ja_JP --key name.family --reading-key reading.family contacts.jsonl
              collate -l de_DE -t';' -k2 -k1 -u --format tsv list.txt    (sort's spellings)
              collate test Locales    (run a Locales-style regression folder: collate test --help)

            Subcommands: sort (the default: `collate sort -l ko_KR names.txt` is `collate -l \
            ko_KR names.txt`) and test (`collate test DIR`). A file named sort, test or help is \
            sorted with `collate ./test` or `collate -- test`.
            """,
        version: "collate 0.9.17 (ICU \(ICUVersion.icu), Unicode \(ICUVersion.unicode))",
        helpNames: [.short, .long]
    )

    @OptionGroup(title: "Input") var input: InputArguments
    @OptionGroup(title: "Keys") var keys: KeyArguments
    @OptionGroup(title: "Collation") var collation: CollationArguments
    @OptionGroup(title: "Names and filing") var filing: FilingArguments
    @OptionGroup(title: "Sections") var sections: SectionArguments
    @OptionGroup(title: "Output") var output: OutputArguments
    @OptionGroup(title: "Tables") var table: TableArguments
    @OptionGroup(title: "Index titles") var indexTitles: IndexTitleArguments
    @OptionGroup(title: "Search") var search: SearchArguments
    @Flag(help: "List every locale ICU knows (ID, collation: tailored/inherited/root, index letters: index/-), and exit.")
    var listLocales = false

    public init() {}

    /// Checks what no single option group can: combinations across groups (--with-keys
    /// works with --reverse, its keys sorting in reverse order).
    public func validate() throws {
        try validateRecordInput()
    }
}

extension CollateCommand {
    /// Whether an error thrown by ``output(for:environment:)`` is an input error: bytes
    /// that cannot be read or decoded (invalid UTF-8, a NUL byte, a malformed CSV, vCard or
    /// JSON Lines record), which `collate` reports as `collate: FILE:LINE: message` with
    /// exit status 1. Any other error is a usage error or a defect.
    ///
    /// The error type itself is internal to the package; this is how a client outside it
    /// (the fuzzer in `Fuzz/`) tells a clean refusal from a failure.
    /// - Parameter error: An error thrown by the command.
    /// - Returns: True for an input error.
    public static func isInputError(_ error: any Error) -> Bool {
        error is InputError
    }
}
