import Foundation
import TestSupport

/// A contact list that exercises every part of the order: Korean names (many duplicates),
/// NFC and NFD spellings of the same names, Latin with and without accents, digits,
/// emoji, an empty name, and other scripts (Cyrillic, Greek, kana, Han, Arabic, Thai).
enum SampleNames {
    static let families = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권", "황", "안", "송", "류", "홍", "까", "쌍"]
    static let givens = ["민준", "서준", "도윤", "예준", "시우", "하준", "서연", "서윤", "지우", "하윤", "지민", "수아", "지아", "은서", "민서"]
    static let others = [
        "Smith", "smith", "SMITH", "Émile", "Emile", "Zoë", "Zoe", "Åsa", "Ångström", "Ñandú", "O'Brien", "van Gogh",
        "Андрей", "Борис", "Ωμέγα", "Άλφα", "やまだ", "ヤマダ", "さとう", "東京", "山田", "张伟", "李娜", "محمد", "สมชาย",
        "123", "007", "42", "1e5", "#hashtag", "@home", "😀", "👩‍👩‍👧", "🇰🇷", "-", "", " ", "ㄱ", "ㅎ", "ㄲ",
    ]

    /// `count` names in a fixed pseudo-random order.
    static func names(count: Int = 3_018, seed: UInt64 = 27) -> [String] {
        var random = SplitMix64(seed: seed)
        var names: [String] = []
        while names.count < count {
            let roll = random.next() % 100
            if roll < 70 {
                let family = families[Int(random.next() % UInt64(families.count))]
                let given = givens[Int(random.next() % UInt64(givens.count))]
                let name = family + given
                // Some names in NFD (conjoining jamo), the twin of the NFC spelling.
                names.append(roll < 12 ? name.decomposedStringWithCanonicalMapping : name)
            } else if roll < 95 {
                names.append(others[Int(random.next() % UInt64(others.count))])
            } else {
                names.append(String(random.next() % 10_000))
            }
        }
        names[names.count / 2] = ""
        return names
    }
}
