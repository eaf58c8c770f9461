import Foundation
import TestSupport
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
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("is_IS")).with {
                $0.additionalLocales = [try CollationLocale("ja")]
            })
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
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("fo_FO")).with {
                $0.additionalLocales = [try CollationLocale("ja")]
            })
        #expect(collation.sorted(["やまだ", "Ørn", "Ánna"], by: \.self) == ["Ánna", "Ørn", "やまだ"])
        #expect(Self.files(scratch) == ["file"])
    }

    /// The file format: what is written reads back; a damaged, short, empty or foreign
    /// file, or one for other rules, reads as nothing, as does a FIFO (without blocking).
    @Test func damagedOrForeignFilesReadAsNothing() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = Array("&a<b<c".utf16)
        let file = CacheFile.compiledRules(directory: directory.path + "/nested", rules: rules)
        #expect(file.read() == nil)
        let binary = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        file.write(binary)
        #expect(file.read() == binary)
        let good = try Data(contentsOf: URL(fileURLWithPath: file.path))
        // The layout of the C++ cache this replaces (files it wrote stay valid): the name's
        // hash and the checksum are FNV-1a from its seed; counts and checksum little-endian.
        #expect(file.path.hasSuffix("/merged-icu\(ICUVersion.icu)-3ff70ab596c36895.bin"))
        #expect(
            Array(good.prefix(24)) == Array("ccsRBC01".utf8) + [6, 0, 0, 0, 0xE8, 0x03, 0, 0] + [
                0x85, 0x17, 0x5C, 0xBE, 0x98, 0x3D, 0x97, 0,
            ])
        #expect(good.count == 24 + 12 + 1000)
        var flipped = good
        flipped[good.count - 10] ^= 0x5A
        for damaged in [flipped, good.prefix(40), good + Data([0]), Data("not a collator".utf8), Data()] {
            try damaged.write(to: URL(fileURLWithPath: file.path))
            #expect(file.read() == nil)
        }
        file.write(binary)
        let other = CacheFile.compiledRules(directory: directory.path + "/nested", rules: Array("&a<c<b".utf16))
        #expect(other.path != file.path)
        try FileManager.default.copyItem(atPath: file.path, toPath: other.path)
        #expect(other.read() == nil, "a file for other rules (a hash collision) is not used")
        try FileManager.default.removeItem(atPath: file.path)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(file.read() == nil)
        #expect(Self.files(directory.appendingPathComponent("nested")).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    /// What the table-driven key writer learns from ICU (about 25 ms of CPU) kept on disk:
    /// a writer made from the facts an earlier writer stored knows the same and gives ICU's
    /// key for every BMP code point alone and for mixed strings; facts read from the file
    /// are not written again; a damaged file is ignored and replaced.
    @Test(arguments: ["ko_KR", "ja_JP", "sv_SE", "zh_Hant_TW", "cs_CZ"])
    func keyTableFactsKeptOnDisk(locale: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        CompiledCollatorCache.directory = directory.path
        defer { CompiledCollatorCache.directory = nil }
        func madeWriter() throws -> CollatorHandle {
            let handle = try Collator(locale: CollationLocale(locale)).handle.copy()
            handle.prepareSortKeys()
            #expect(handle.hasSortKeyTable, "\(locale) has a writer (made now)")
            return handle
        }
        let learning = try madeWriter()
        let learned = try #require(learning.sortKeyTableFacts)
        #expect(learned.learned)
        learning.storeSortKeyTableFacts()
        let file = CacheFile.keyTable(directory: directory.path, description: learning.rulesDescription)
        #expect(Self.files(directory) == [URL(fileURLWithPath: file.path).lastPathComponent])
        #expect(file.read().flatMap(KeyTableFacts.init) == learned.facts)
        #expect(learning.sortKeyTableFacts?.learned == false, "stored once a process")

        let reading = try madeWriter()
        #expect(reading.rulesDescription == learning.rulesDescription)
        let read = try #require(reading.sortKeyTableFacts)
        #expect(!read.learned && read.facts == learned.facts, "the facts come from the file")
        try Data().write(to: URL(fileURLWithPath: file.path))
        reading.storeSortKeyTableFacts()
        #expect(file.read() == nil, "facts that were read are not written again")
        var random = TestSupport.SplitMix64(seed: 25)
        var mismatches: [String] = []
        let scalars = (UInt32(0)...0xFFFF).compactMap(UnicodeScalar.init)
        func check(_ text: String) {
            var text = text
            let same = text.withUTF8 { bytes in
                let icu = reading.icuSortKey(of: bytes)
                var used: [UInt8] = []
                reading.appendSortKey(of: bytes, to: &used)
                return used == icu && (reading.tableSortKey(of: bytes) ?? icu) == icu
            }
            if !same { mismatches.append(text) }
        }
        for scalar in scalars { check(String(Character(scalar))) }
        // The code points that depend on their neighbours, before a few neighbours (the
        // strings the file's set keeps away from the table: cs "ch", ja "ー" after kana).
        let dependent = scalars.filter { learned.facts.refused[Int($0.value) >> 6] >> ($0.value & 63) & 1 == 1 }
        #expect(!dependent.isEmpty)
        for scalar in dependent.prefix(400) {
            for next in ["h", "H", "a", "\u{30FC}", "\u{309D}", "\u{0301}", "\u{1161}"] { check(String(Character(scalar)) + next) }
        }
        for _ in 0..<3_000 {
            check(
                String(
                    String.UnicodeScalarView(
                        (0..<Int.random(in: 2...6, using: &random)).map { _ in scalars.randomElement(using: &random)! })))
        }
        #expect(mismatches.isEmpty, "\(locale): \(mismatches.prefix(5).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")

        // A damaged file (the empty one above) is ignored: the next writer learns again
        // and stores them.
        let relearning = try madeWriter()
        #expect(relearning.sortKeyTableFacts?.learned == true)
        relearning.storeSortKeyTableFacts()
        #expect(file.read().flatMap(KeyTableFacts.init) == learned.facts)
    }

    /// A collator without a table-driven writer (Thai: variable characters shifted) has no
    /// facts and stores nothing.
    @Test func noWriterStoresNothing() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        CompiledCollatorCache.directory = directory.path
        defer { CompiledCollatorCache.directory = nil }
        let handle = try Collator(locale: CollationLocale("th_TH")).handle.copy()
        handle.prepareSortKeys()
        #expect(!handle.hasSortKeyTable)
        #expect(handle.sortKeyTableFacts == nil)
        handle.storeSortKeyTableFacts()
        #expect(Self.files(directory).isEmpty)
    }
}
