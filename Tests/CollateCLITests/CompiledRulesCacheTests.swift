import Foundation
import Testing

/// The cache on disk of compiled multi-language collators: the same output cold, warm,
/// after the cache files are damaged, and nothing written when the cache is off.
@Suite("Compiled multi-language collators cached on disk")
struct CompiledRulesCacheTests {
    private static let input = "김민준\nИван\nやまだ\nヤマダ\nやまだー\nSmith\n"
    private static let arguments = ["--locale", "ko_KR", "--also", "ja,ru", "--format", "tsv"]

    private func run(
        _ scratch: ScratchDirectory, _ path: String, cache: URL, off: Bool = false, extra: [String] = []
    ) throws -> CLIResult {
        var environment = ["LANG": "C.UTF-8", "COLLATE_CACHE_DIR": cache.path]
        if off { environment["COLLATE_NO_CACHE"] = "1" }
        return try runProcess(Self.arguments + extra + [path], environment: environment)
    }

    /// Storage keys and their stamp do not depend on where the collator came from: compiled
    /// (cold), loaded from the cache (warm) or compiled with the cache off.
    @Test func keysAndStampsAreTheSameColdWarmAndUncached() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.input)
        let cache = scratch.url.appendingPathComponent("cache")
        let cold = try run(scratch, path, cache: cache, extra: ["--with-keys"])
        let warm = try run(scratch, path, cache: cache, extra: ["--with-keys"])
        let uncached = try run(scratch, path, cache: cache, off: true, extra: ["--with-keys"])
        #expect(cold.status == 0 && !cold.stdout.isEmpty)
        #expect(warm.stdout == cold.stdout)
        #expect(uncached.stdout == cold.stdout)
    }

    /// A run of many distinct names stores what its key writer learned from ICU (one
    /// `keytable-` file), and a later run that reads it writes the same keys; damaged, the
    /// file is ignored and written again.
    @Test func keyWriterFactsKeptForLargeRuns() throws {
        let scratch = try ScratchDirectory()
        let syllables = Array("가나다라마바사아자차카타파하김이박최정강조윤장임")
        var lines: [String] = []
        for first in syllables {
            for second in syllables {
                for third in syllables.prefix(12) {
                    for tail in ["", "ー", "ch", "Ch"] { lines.append(String([first, second, third]) + tail) }
                }
            }
        }
        #expect(lines.count >= 20_000)
        let path = try scratch.file("many.txt", lines.joined(separator: "\n") + "\n")
        let cache = scratch.url.appendingPathComponent("cache")
        func keys(off: Bool = false) throws -> CLIResult {
            var environment = ["LANG": "C.UTF-8", "COLLATE_CACHE_DIR": cache.path]
            if off { environment["COLLATE_NO_CACHE"] = "1" }
            return try runProcess(["--locale", "cs_CZ", "--format", "tsv", "--with-keys", path], environment: environment)
        }
        let cold = try keys()
        let stored = cacheFiles(cache).filter { $0.lastPathComponent.hasPrefix("keytable-") }
        try #require(stored.count == 1)
        let written = try Data(contentsOf: stored[0])
        let warm = try keys()
        let uncached = try keys(off: true)
        #expect(cold.status == 0 && cold.stdout.split(separator: 0x0A).count == lines.count)
        #expect(warm.stdout == cold.stdout && uncached.stdout == cold.stdout)
        #expect(try Data(contentsOf: stored[0]) == written)
        try Data(written.prefix(100)).write(to: stored[0])
        let damaged = try keys()
        #expect(damaged.stdout == cold.stdout && damaged.status == 0)
        #expect(try Data(contentsOf: stored[0]) == written, "a damaged file is written again")
    }

    private func cacheFiles(_ cache: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).sorted().map { cache.appendingPathComponent($0) }
    }

    @Test func damagedFilesAreIgnoredAndReplaced() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.input)
        let cache = scratch.url.appendingPathComponent("cache/collate")
        let cold = try run(scratch, path, cache: cache)
        #expect(cold.status == 0)
        let files = cacheFiles(cache)
        try #require(files.count == 1)
        #expect(files[0].lastPathComponent.hasSuffix(".bin"))
        let good = try Data(contentsOf: files[0])
        let warm = try run(scratch, path, cache: cache)
        #expect(warm.stdout == cold.stdout && warm.status == 0)
        // A flipped byte in the binary, a truncated file and a file of other content.
        var flipped = good
        flipped[good.count - 100] ^= 0x5A
        for damaged in [flipped, good.prefix(40), Data("not a collator".utf8), Data()] {
            try damaged.write(to: files[0])
            let again = try run(scratch, path, cache: cache)
            #expect(again.status == 0)
            #expect(again.stdout == cold.stdout)
            #expect(again.stderr.isEmpty)
            #expect(try Data(contentsOf: files[0]) == good, "the damaged file is replaced")
        }
        #expect(cacheFiles(cache).count == 1, "no temporary file is left behind")
    }

    @Test func offWritesNothing() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.input)
        let cache = scratch.url.appendingPathComponent("cache")
        let result = try run(scratch, path, cache: cache, off: true)
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("ㄱ\t김민준\n"))
        #expect(cacheFiles(cache).isEmpty)
    }
}

/// The command line keeps the cache on by default: under `~/.cache/collate` when nothing
/// else is named, and a cache it cannot write changes nothing but time.
@Suite("The command line's compiled-collator cache")
struct CommandLineCacheTests {
    private static let arguments = ["--locale", "ko_KR", "--also", "ja,ru", "--format", "tsv"]

    @Test func onByDefaultUnderHome() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "김민준\nやまだ\n")
        let result = try runProcess(Self.arguments + [path], environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let cache = scratch.url.appendingPathComponent(".cache/collate")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        #expect(files.count == 1 && files.allSatisfy { $0.hasSuffix(".bin") }, "\(files)")
    }

    @Test func anUnwritableCacheIsIgnored() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "김민준\nやまだ\nИван\n")
        let blocker = try scratch.file("not-a-directory", "x")
        let uncached = try runProcess(Self.arguments + [path], environment: ["LANG": "C.UTF-8", "COLLATE_NO_CACHE": "1"])
        for directory in [blocker, blocker + "/cache"] {
            let result = try runProcess(Self.arguments + [path], environment: ["LANG": "C.UTF-8", "COLLATE_CACHE_DIR": directory])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(result.stdout == uncached.stdout && !uncached.stdout.isEmpty)
        }
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "x")
    }
}
