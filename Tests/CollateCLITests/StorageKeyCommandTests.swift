import Foundation
import Testing

/// Exported storage keys sort, as plain bytes, exactly like `collate` does.
@Suite("Storage keys on the command line")
struct StorageKeyCommandTests {
    @Test(arguments: GoldenCase.discover())
    func hexKeysSortedBytewiseReproduceTheOrder(_ golden: GoldenCase) throws {
        let plain = try runInProcess(golden.arguments + ["--format", "tsv", golden.input.path])
        let keyed = try runInProcess(golden.arguments + ["--format", "tsv", "--with-keys", golden.input.path])
        #expect(keyed.status == 0, "\(keyed.stderr)")
        var generator = SystemRandomNumberGenerator()
        // Work on bytes: "\r\n" is one Swift Character, and records may hold a "\r".
        let rows = keyed.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().shuffled(using: &generator)
        let fields = rows.map { $0.split(separator: 0x09, maxSplits: 3, omittingEmptySubsequences: false) }
        #expect(fields.allSatisfy { $0.count == 4 })
        #expect(Set(fields.map { Array($0[2]) }).count <= 1)  // one stamp
        let resorted = fields.sorted { $0[1].lexicographicallyPrecedes($1[1]) }
        var reproduced = [UInt8]()
        for row in resorted { reproduced += Array(row[0]) + [0x09] + Array(row[3]) + [0x0A] }
        #expect(reproduced == plain.stdout)
    }

    @Test func gnuSortInTheCLocaleReproducesTheOrder() throws {
        let path = Paths.locales.appendingPathComponent("sv_SE/names.txt").path
        let expected = try runProcess(["--locale", "sv_SE", "--format", "tsv", path])
        let viaSort = try runProcess([], shell: "COLLATE --locale sv_SE --format tsv --with-keys '\(path)' | shuf | LC_ALL=C sort -t \"$(printf '\\t')\" -k2,2 | cut -f1,4-")
        #expect(viaSort.stdoutText == expected.stdoutText)
        #expect(!expected.stdout.isEmpty)
    }

    @Test func withKeysNeedsTSV() throws {
        let result = try runInProcess(["--with-keys", "--format", "json", "/dev/null"])
        #expect(result.status == 64)
    }
}
