import Foundation
import Testing

@testable import IndexedCollation

/// The compiled-collator cache on disk: off for library users unless they name a
/// directory, and never a reason to fail (a damaged, foreign or unwritable cache only
/// costs the compilation). The command line's side (on by default, warm and cold runs
/// alike) is in CollateCLITests' `CompiledRulesCacheTests`.
///
/// Serialized: the directory is one setting for the whole process.
@Suite("Compiled collators kept on disk (opt-in)", .serialized)
struct CompiledCollatorCacheTests {
    private static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("collate-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func files(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test func offByDefaultAndTheCommandLinePolicy() {
        #expect(CompiledCollatorCache.directory == nil)
        let standard = CompiledCollatorCache.standardDirectory
        #expect(standard(["HOME": "/home/me"]) == "/home/me/.cache/collate")
        #expect(standard(["HOME": "/home/me", "XDG_CACHE_HOME": "/xdg"]) == "/xdg/collate")
        #expect(standard(["HOME": "/home/me", "COLLATE_CACHE_DIR": "/tmp/c"]) == "/tmp/c")
        #expect(standard(["HOME": "/home/me", "COLLATE_NO_CACHE": "1"]) == nil)
        #expect(standard(["HOME": "/home/me", "COLLATE_NO_CACHE": "0"]) == "/home/me/.cache/collate")
        #expect(standard(["HOME": "relative", "XDG_CACHE_HOME": "also-relative"]) == nil)
        #expect(standard([:]) == nil)
    }

    /// A multi-language collation with a directory set writes one file there; the same
    /// order as without a cache (the command line's tests compare warm and cold runs).
    @Test func aDirectoryTurnsItOn() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        CompiledCollatorCache.directory = directory.path
        defer { CompiledCollatorCache.directory = nil }
        // A combination no other test opens (collators are kept per process).
        let collation = try LocalizedIndexedCollation(locale: CollationLocale("is_IS"), additionalLocales: [CollationLocale("ja")])
        let written = Self.files(directory).filter { $0.hasPrefix("merged-icu\(ICUVersion.icu)-") && $0.hasSuffix(".bin") }
        #expect(!written.isEmpty)
        #expect(collation.sectionTitles.contains("Þ") && collation.sectionTitles.contains("あ"))
        #expect(collation.sorted(["わたなべ", "Ásta", "やまだ", "Þóra", "Zoë"], by: \.self) == ["Ásta", "Zoë", "Þóra", "やまだ", "わたなべ"])
    }

    /// A directory that cannot be created (under a regular file) changes nothing but time.
    @Test func anUnwritableDirectoryIsIgnored() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let blocker = scratch.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        CompiledCollatorCache.directory = blocker.appendingPathComponent("cache").path
        defer { CompiledCollatorCache.directory = nil }
        let collation = try LocalizedIndexedCollation(locale: CollationLocale("fo_FO"), additionalLocales: [CollationLocale("ja")])
        #expect(collation.sorted(["やまだ", "Ørn", "Ánna"], by: \.self) == ["Ánna", "Ørn", "やまだ"])
        #expect(Self.files(scratch) == ["file"])
    }

    /// The file format: what is written reads back; a damaged, short, empty or foreign
    /// file, or one for other rules, reads as nothing, as does a FIFO (without blocking).
    @Test func damagedOrForeignFilesReadAsNothing() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = Array("&a<b<c".utf16)
        let file = CompiledRulesFile(directory: directory.path + "/nested", rules: rules)
        #expect(file.read() == nil)
        let binary = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        file.write(binary)
        #expect(file.read() == binary)
        let good = try Data(contentsOf: URL(fileURLWithPath: file.path))
        // The layout of the C++ cache this replaces (files it wrote stay valid): the name's
        // hash and the checksum are FNV-1a from its seed; counts and checksum little-endian.
        #expect(file.path.hasSuffix("/merged-icu\(ICUVersion.icu)-3ff70ab596c36895.bin"))
        #expect(Array(good.prefix(24)) == Array("ccsRBC01".utf8) + [6, 0, 0, 0, 0xE8, 0x03, 0, 0] + [0x85, 0x17, 0x5C, 0xBE, 0x98, 0x3D, 0x97, 0])
        #expect(good.count == 24 + 12 + 1000)
        var flipped = good
        flipped[good.count - 10] ^= 0x5A
        for damaged in [flipped, good.prefix(40), good + Data([0]), Data("not a collator".utf8), Data()] {
            try damaged.write(to: URL(fileURLWithPath: file.path))
            #expect(file.read() == nil)
        }
        file.write(binary)
        let other = CompiledRulesFile(directory: directory.path + "/nested", rules: Array("&a<c<b".utf16))
        #expect(other.path != file.path)
        try FileManager.default.copyItem(atPath: file.path, toPath: other.path)
        #expect(other.read() == nil, "a file for other rules (a hash collision) is not used")
        try FileManager.default.removeItem(atPath: file.path)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(file.read() == nil)
        #expect(Self.files(directory.appendingPathComponent("nested")).allSatisfy { !$0.hasSuffix(".tmp") })
    }
}
