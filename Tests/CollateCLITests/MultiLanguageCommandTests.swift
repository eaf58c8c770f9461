import Testing

/// `--also` on the command line (the library side is in IndexedCollationTests).
@Suite("Multi-language indexes on the command line")
struct MultiLanguageCommandTests {
    @Test func alsoOnTheCommandLine() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "김민준\nИван\nやまだ\nSmith\n")
        let result = try runInProcess(["--locale", "ko_KR", "--also", "ja,ru", "--format", "tsv", path])
        #expect(result.stdoutText == "ㄱ\t김민준\nS\tSmith\nИ\tИван\nや\tやまだ\n")
        let bad = try runInProcess(["--locale", "ko_KR", "--also", "xx", path])
        #expect(bad.status == 64)
    }
}
