import BenchmarkSupport

/// Synthetic Korean full names: a family name followed by a given name, drawn with a
/// seeded generator from common ones, weighted the way Korea's family names are (김, 이
/// and 박 are about 45% of people).
enum KoreanNames {
    /// Family names; earlier ones are drawn more often.
    static let familyNames = [
        "김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권", "황", "안", "송",
        "전", "홍", "유", "고", "문", "양", "손", "배", "백", "허", "남", "심", "노", "하", "곽", "성", "차", "주",
        "우", "구", "민", "나", "진", "지", "엄", "채", "원", "천", "방", "공", "현", "변", "염", "여", "추", "도",
        "소", "석", "선", "설", "마", "길", "연", "위", "표", "명", "기", "반", "라", "왕", "금", "옥", "육", "인",
        "맹", "제", "모", "탁", "국", "어", "은", "편", "용", "예", "경", "봉", "사", "부", "황보", "남궁", "제갈",
        "선우", "독고",
    ]

    /// Given names.
    static let givenNames = [
        "민준", "서준", "도윤", "예준", "시우", "하준", "주원", "지호", "지후", "준우", "준서", "도현", "건우", "현우",
        "우진", "선우", "서진", "민재", "현준", "연우", "유준", "정우", "승우", "승현", "시윤", "준혁", "은우", "지환",
        "서연", "서윤", "지우", "서현", "민서", "하은", "하윤", "윤서", "지유", "지민", "채원", "수아", "지아", "지윤",
        "은서", "다은", "예은", "수빈", "소율", "예린", "철수", "영희", "빛나", "하늘", "별", "솔", "까치", "꽃님",
    ]

    /// Returns `count` names; the same seed always gives the same names.
    ///
    /// - Parameters:
    ///   - count: How many names to make.
    ///   - generator: The source of randomness.
    /// - Returns: The names.
    static func make(count: Int, using generator: inout SplitMix64) -> [String] {
        (0..<count).map { _ in make(using: &generator) }
    }

    /// Returns one name.
    static func make(using generator: inout SplitMix64) -> String {
        // The minimum of two uniform draws favours the common family names at the front.
        let family = min(
            Int.random(in: 0..<familyNames.count, using: &generator),
            Int.random(in: 0..<familyNames.count, using: &generator))
        return familyNames[family] + givenNames[Int.random(in: 0..<givenNames.count, using: &generator)]
    }
}
