import Foundation
import Testing

/// `--sort-order` and `--display-order` on contacts (vcard, csv contacts exports, two
/// `--key` columns), and their refusals.
@Suite struct NameOrderCommandTests {
    static let cards = """
        BEGIN:VCARD
        VERSION:3.0
        N:Berg;Anna;;Dr.;
        FN:Dr. Anna Berg
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:Lind;Adam;;;
        FN:Adam Lind
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:김;민준;;;
        FN:김민준
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:;Bono;;;
        FN:Bono
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:山田;太郎;;;
        END:VCARD

        """

    static let csv = "First Name,Last Name\nAnna,Berg\nAdam,Lind\n민준,김\n,Zorn\n"

    private func run(_ arguments: [String], _ name: String, _ text: String) throws -> CLIResult {
        let scratch = try ScratchDirectory()
        return try runInProcess(arguments + [try scratch.file(name, text)])
    }

    @Test func familyOrderIsTodaysOrder() throws {
        let plain = try run(["-l", "ko_KR", "--format", "tsv"], "c.vcf", Self.cards)
        let family = try run(["-l", "ko_KR", "--format", "tsv", "--sort-order", "family"], "c.vcf", Self.cards)
        #expect(plain.status == 0 && family.status == 0)
        #expect(plain.stdout == family.stdout)
        #expect(plain.stdoutText == "ㄱ\t김민준\nㅅ\t山田 太郎\nB\tDr. Anna Berg\nB\tBono\nL\tAdam Lind\n")
    }

    @Test func givenOrderSortsByGivenName() throws {
        let result = try run(["-l", "ko_KR", "--format", "tsv", "--sort-order", "given"], "c.vcf", Self.cards)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "ㅁ\t김민준\nㅌ\t山田 太郎\nA\tAdam Lind\nA\tDr. Anna Berg\nB\tBono\n")
    }

    @Test(arguments: [
        ("auto", "ㄱ\t김민준\nㅅ\t山田太郎\nB\tAnna Berg\nB\tBono\nL\tAdam Lind\n"),
        ("family", "ㄱ\t김민준\nㅅ\t山田太郎\nB\tBerg Anna\nB\tBono\nL\tLind Adam\n"),
        ("given", "ㄱ\t민준김\nㅅ\t太郎山田\nB\tAnna Berg\nB\tBono\nL\tAdam Lind\n"),
    ])
    func displayOrderShowsNames(order: String, expected: String) throws {
        let result = try run(["-l", "ko_KR", "--format", "tsv", "--display-order", order], "c.vcf", Self.cards)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == expected)
    }

    @Test func plainOutputShowsTheDisplayOrder() throws {
        let result = try run(["-l", "en", "--format", "plain", "--display-order", "family", "--sort-order", "given"], "c.vcf", Self.cards)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("Lind Adam") && lines.contains("Berg Anna"))
        #expect(lines.firstIndex(of: "Lind Adam") ?? 99 < lines.firstIndex(of: "Berg Anna") ?? 0)
    }

    @Test func contactsCSVSortsByGivenName() throws {
        let given = try run(["-l", "en", "--format", "tsv", "--sort-order", "given"], "g.csv", Self.csv)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stdoutText == "A\tAdam\tLind\nA\tAnna\tBerg\nZ\tZorn\t\n#\t민준\t김\n")
        let shown = try run(["-l", "en", "--format", "tsv", "--sort-order", "given", "--display-order", "auto"], "g.csv", Self.csv)
        #expect(shown.stdoutText == "A\tAdam Lind\nA\tAnna Berg\nZ\tZorn\n#\t김민준\n")
    }

    @Test func jsonLinesKeysAreFamilyThenGiven() throws {
        let lines = "{\"f\":\"Berg\",\"g\":\"Anna\"}\n{\"f\":\"Lind\",\"g\":\"Adam\"}\n"
        let result = try run(["-l", "en", "--format", "tsv", "--key", "f", "--key", "g", "--sort-order", "given"], "p.jsonl", lines)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "A\tAdam\tLind\nA\tAnna\tBerg\n")  // the keys, given first
    }

    @Test(arguments: [
        (["--sort-order", "first"], "'first' is invalid for '--sort-order"),
        (["--display-order", "west"], "'west' is invalid for '--display-order"),
    ])
    func unknownValuesAreRefused(arguments: [String], message: String) throws {
        let result = try run(["-l", "en"] + arguments, "c.vcf", Self.cards)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func linesInputRefusesNameOrders() throws {
        let sorted = try run(["-l", "en", "--sort-order", "given"], "n.txt", "Anna Berg\n")
        #expect(sorted.status == 64)
        #expect(sorted.stderr.contains("--sort-order given orders contacts"))
        let shown = try run(["-l", "en", "--display-order", "auto"], "n.txt", "Anna Berg\n")
        #expect(shown.status == 64)
        #expect(shown.stderr.contains("--display-order shows contacts"))
        let oneKey = try run(["-l", "en", "--key", "f", "--sort-order", "given"], "p.jsonl", "{\"f\":\"x\"}\n")
        #expect(oneKey.status == 64)
        #expect(oneKey.stderr.contains("give two --key columns"))
    }
}
