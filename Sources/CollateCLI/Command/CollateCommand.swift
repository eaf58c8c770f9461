import ArgumentParser
import IndexedCollation

/// `collate`: sort lines locale-correctly and print them in index sections.
public struct CollateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "collate",
        abstract: "Sort lines by a locale's rules and group them into index sections (ㄱ ㄴ ㄷ…, あ か さ…, A B C…).",
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
            """,
        version: "collate 0.1.0 (ICU \(ICUVersion.icu), Unicode \(ICUVersion.unicode))"
    )

    @OptionGroup(title: "Input")
    var input: InputArguments

    @OptionGroup(title: "Keys")
    var keys: KeyArguments

    @OptionGroup(title: "Collation")
    var collation: CollationArguments

    @OptionGroup(title: "Output")
    var output: OutputArguments

    @OptionGroup(title: "Tables")
    var table: TableArguments

    @Flag(help: "List every locale ICU has collation data for, and exit.")
    var listLocales = false

    public init() {}

    /// Checks what no single option group can: combinations across groups.
    public func validate() throws {
        if output.withKeys && collation.reverse {
            throw ValidationError("--with-keys exports ascending keys; sort them in reverse instead of --reverse.")
        }
    }

    /// ArgumentParser's entry when this command is used as a subcommand.
    public func run() throws {
        let status = execute(standardOutput: systemStandardOutput, standardError: systemStandardError, environment: systemEnvironment())
        if status != 0 { throw ExitCode(status) }
    }
}
