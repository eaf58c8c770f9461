import Testing
@testable import IndexedCollation

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@Suite("Collator")
struct CollatorTests {
    @Test func swedishLettersAfterZ() throws {
        let swedish = try Collator(locale: "sv_SE")
        #expect(["Örjan", "Zorn", "Åsa", "Ärla", "Anna"].sorted(using: swedish) == ["Anna", "Zorn", "Åsa", "Ärla", "Örjan"])
        let german = try Collator(locale: "de_DE")
        #expect(["Örjan", "Zorn", "Åsa", "Ärla", "Anna"].sorted(using: german) == ["Anna", "Ärla", "Åsa", "Örjan", "Zorn"])
    }

    @Test func reverseOrder() throws {
        var collator = try Collator(locale: "en_US")
        collator.order = .reverse
        #expect(["b", "a", "c"].sorted(using: collator) == ["c", "b", "a"])
    }

    @Test func numericOrdering() throws {
        let plain = try Collator(locale: "en_US")
        let numeric = try Collator(locale: "en_US", options: CollatorOptions(numeric: true))
        #expect(plain.compare("file10", "file2") == .orderedAscending)
        #expect(numeric.compare("file2", "file10") == .orderedAscending)
        #expect(numeric.resolvedOptions.numeric)
        #expect(!plain.resolvedOptions.numeric)
        let tagged = try Collator(locale: "en-u-kn-true")
        #expect(tagged.compare("file2", "file10") == .orderedAscending)
    }

    @Test func strengthAndAlternate() throws {
        let primary = try Collator(locale: "en", options: CollatorOptions(strength: .primary))
        #expect(primary.compare("resume", "Résumé") == .orderedSame)
        #expect(primary.resolvedOptions.strength == .primary)
        let secondary = try Collator(locale: "en", options: CollatorOptions(strength: .secondary))
        #expect(secondary.compare("resume", "Resume") == .orderedSame)
        #expect(secondary.compare("resume", "résumé") != .orderedSame)
        let tertiary = try Collator(locale: "en")
        #expect(tertiary.resolvedOptions.strength == .tertiary)
        #expect(tertiary.compare("resume", "Resume") == .orderedAscending)
        let shifted = try Collator(locale: "en", options: CollatorOptions(strength: .primary, alternate: .shifted))
        #expect(shifted.compare("de la Cruz", "Delacruz") == .orderedSame)
        #expect(shifted.resolvedOptions.alternate == .shifted)
        #expect(primary.compare("de la Cruz", "Delacruz") != .orderedSame)
    }

    @Test func caseFirst() throws {
        let upper = try Collator(locale: "en", options: CollatorOptions(caseFirst: .upper))
        let lower = try Collator(locale: "en", options: CollatorOptions(caseFirst: .lower))
        #expect(upper.compare("Anna", "anna") == .orderedAscending)
        #expect(lower.compare("anna", "Anna") == .orderedAscending)
        #expect(upper.resolvedOptions.caseFirst == .upper)
        // Danish defaults to upper case first.
        #expect(try Collator(locale: "da").resolvedOptions.caseFirst == .upper)
    }

    @Test func sortKeysAgreeWithCompare() throws {
        let korean = try Collator(locale: "ko_KR")
        let words = ["김민준", "까치", "박서준", "Smith", "smith", "123", "", "가", "각", "힣", "😀", "ㄱ", "A", "a", "á"]
        for a in words {
            for b in words {
                let byKey = korean.sortKey(for: a) < korean.sortKey(for: b)
                #expect(byKey == (korean.compare(a, b) == .orderedAscending), "\(a) vs \(b)")
            }
        }
        #expect(korean.sortKey(for: "가").hexString.count == korean.sortKey(for: "가").bytes.count * 2)
    }

    @Test func collatorsAreCachedAndShared() throws {
        let first = try Collator(locale: "ko_KR")
        let second = try Collator(locale: CollationLocale("ko-KR"))
        #expect(first.handle === second.handle)
        let numeric = try Collator(locale: "ko_KR", options: CollatorOptions(numeric: true))
        #expect(first.handle !== numeric.handle)
        #expect(!first.version.isEmpty)
    }

    @Test func concurrentUseGivesTheSameAnswers() async throws {
        let collator = try Collator(locale: "ja_JP")
        let kana = Array("ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをん")
        let words = (0..<400).map { "\(kana[($0 * 7) % kana.count])\($0)" }
        let expected = words.sorted(using: collator)
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { words.shuffled().sorted(using: collator) } }
            return await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
