#!/usr/bin/env python3
"""Deterministic benchmark corpora of personal names, one per line.

    Benchmarks/generate-corpus.py LANG COUNT [--seed N] > file

LANG: ko (Korean names), ko-names (Korean names that rarely repeat: a family name
weighted as in the population, then two syllables of a pool of 1,500; about 98 % of 1M
lines distinct, the shape of a real address book), ja (kanji names with a TAB and their
kana reading), zh (Chinese names), en (English names), sv (Swedish names), ru (Russian
names), mixed (all scripts plus digits, symbols and emoji). The same LANG, COUNT and seed always give the same bytes (Python's
random with a fixed seed), so figures measured on different machines compare.

--distinct: every line differs, the worst case for collate's grouping of equal texts
(LANG ko, ja, zh, en, ru or mixed). A name of the language followed by letters of its
script that number the line through a permutation (index * 1000003 + 12345 modulo the
number of such suffixes), so lines differ without being in input order:
  ko     a family name, one random syllable and two syllables numbering the line (about 13
         bytes a line, up to 124M lines; the input of `Benchmarks/run spill`)
  ja     kanji name + four katakana, a TAB, its hiragana reading + the same four kana
         as hiragana (86⁴: up to 54M lines)
  zh     a family name and two ideographs of U+4E00..U+9FA5 (up to 437M lines), none holding
         a word of collate's Chinese word-reading table (see table_words)
  en     given and family name and a capitalised six-letter word (26⁶: up to 308M lines)
  ru     Cyrillic given and family name and a six-letter Cyrillic word (32⁶: up to 1G lines)
  mixed  line i is ko, ja (kanji name only), zh, en or ru's distinct line i / 5 by i mod 5,
         or, every sixth, an emoji, digits and a symbol (up to 124M lines)
"""
import argparse
import os
import random
import sys

KO_FAMILY = "김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 전 홍 고 문 양 손 배 백 허 유 남 심 노 하 곽 성 차 주 우 구 민 진 나 지 엄 채 원 천 방 공 현 함 변 염 여 추 도 소 석 선 설 마 길 연 위 표 명 기 반 라 왕 금 옥 육 인 맹 제 모 탁 국 어 은 편 용 예 경 봉 사 부 황보 남궁 제갈 선우 독고".split()
KO_GIVEN = "민준 서준 도윤 예준 시우 하준 주원 지호 지후 준우 준서 도현 건우 현우 우진 선우 서진 민재 현준 연우 유준 정우 승우 승현 시윤 준혁 은우 지환 승민 지우 서연 서윤 지우 서현 민서 하은 하윤 윤서 지유 지민 채원 수아 지아 지윤 은서 다은 예은 수빈 소율 예린 까치 꽃님 빛나 솔 별 하늘 쌍둥 똘이 뽀미 찬희".split()
JA_FAMILY = [("佐藤", "さとう"), ("鈴木", "すずき"), ("高橋", "たかはし"), ("田中", "たなか"), ("伊藤", "いとう"), ("渡辺", "わたなべ"),
             ("山本", "やまもと"), ("中村", "なかむら"), ("小林", "こばやし"), ("加藤", "かとう"), ("吉田", "よしだ"), ("山田", "やまだ"),
             ("佐々木", "ささき"), ("山口", "やまぐち"), ("松本", "まつもと"), ("井上", "いのうえ"), ("木村", "きむら"), ("林", "はやし"),
             ("斎藤", "さいとう"), ("清水", "しみず"), ("東海林", "しょうじ"), ("服部", "はっとり"), ("長谷川", "はせがわ"), ("小鳥遊", "たかなし")]
JA_GIVEN = [("翔", "しょう"), ("蓮", "れん"), ("陽翔", "はると"), ("湊", "みなと"), ("結衣", "ゆい"), ("陽菜", "ひな"), ("さくら", "さくら"),
            ("美咲", "みさき"), ("大翔", "ひろと"), ("葵", "あおい"), ("凛", "りん"), ("悠真", "ゆうま"), ("花子", "はなこ"), ("太郎", "たろう")]
ZH_FAMILY = "王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 肖 田 董 袁 潘 于 蒋 蔡 余 杜 叶 程 苏 魏 吕 丁 任 沈 姚 卢 姜 崔 钟 谭 陆 汪 范 金 石 廖 贾 夏 韦 付 方 白 邹 孟 熊 秦 邱 江 尹 薛 闫 段 雷 侯 龙 史 陶 黎 贺 顾 毛 郝 龚 邵 万 钱 严 覃 武 戴 莫 孔 向 汤 单 解 仇 区 欧阳 司马 上官 诸葛".split()
ZH_GIVEN = "伟 芳 娜 秀英 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀兰 霞 平 刚 桂英 国藩 子怡 家豪 俊杰 雨涵 欣怡 浩然 梓涵 宇轩 思远 一鸣".split()
EN_GIVEN = "James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Zoë Chloé Renée Seán Ægir".split()
EN_FAMILY = "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee O'Brien McDonald MacLeod de la Cruz van der Berg D'Angelo St. John Nuñez Müller".split()
SV_GIVEN = "Åsa Örjan Ängla Anders Lars Karin Eva Björn Märta Göran Åke Östen Ylva Wilma Vera".split()
SV_FAMILY = "Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Åberg Öberg Ängström Wallin Vikström Zetterlund Åkesson Ödman".split()
MIXED_EXTRA = ["123", "7-Eleven", "😀 Smile", "#hashtag", "Ωmega", "Ярослав", "אברהם", "محمد", "ณัฐ", "राम", "Ñandú", "ǅemal", ""]


def line(lang, rng):
    if lang == "ko":
        return rng.choice(KO_FAMILY) + rng.choice(KO_GIVEN)
    if lang == "ko-names":
        family = rng.choices(KO_FAMILY, weights=KO_FAMILY_WEIGHTS)[0]
        return family + rng.choice(KO_SYLLABLE_POOL) + rng.choice(KO_SYLLABLE_POOL)
    if lang == "ja":
        (f, fr), (g, gr) = rng.choice(JA_FAMILY), rng.choice(JA_GIVEN)
        return "%s%s\t%s%s" % (f, g, fr, gr)
    if lang == "zh":
        return rng.choice(ZH_FAMILY) + rng.choice(ZH_GIVEN)
    if lang == "en":
        return "%s %s" % (rng.choice(EN_GIVEN), rng.choice(EN_FAMILY))
    if lang == "sv":
        return "%s %s" % (rng.choice(SV_GIVEN), rng.choice(SV_FAMILY))
    if lang == "ru":
        return "%s %s" % (rng.choice(RU_GIVEN), rng.choice(RU_FAMILY))
    if lang == "mixed":
        pick = rng.randrange(7)
        if pick == 6:
            return rng.choice(MIXED_EXTRA)
        return line(["ko", "zh", "en", "sv", "ko", "en"][pick], rng) if pick != 1 else line("ja", rng).split("\t")[0]
    raise SystemExit("unknown LANG %r (ko, ko-names, ja, zh, en, sv, ru, mixed)" % lang)


RU_GIVEN = "Александр Мария Дмитрий Анна Сергей Елена Андрей Ольга Алексей Наталья Иван Татьяна Юрий Ёлка Эмма".split()
RU_FAMILY = "Иванов Смирнова Кузнецов Попова Васильев Петрова Соколов Михайлова Новиков Фёдорова Морозов Волкова Щукин Эйхман Юсупов".split()

HANGUL_FIRST = 0xAC00
HANGUL_COUNT = 11172
# ko-names: KO_FAMILY is in order of frequency; Zipf weights put about a fifth of the
# lines under 김 and a seventh under 이, as in Korea. The given-name syllables are a fixed
# pool of 1,500 of the 11,172 (the same for every seed).
KO_FAMILY_WEIGHTS = [1 / (rank + 1) ** 1.1 for rank in range(len(KO_FAMILY))]
KO_SYLLABLE_POOL = [chr(HANGUL_FIRST + c) for c in random.Random("ko-names-pool").sample(range(HANGUL_COUNT), 1500)]
KATAKANA = [chr(c) for c in range(0x30A1, 0x30F7)]  # ァ..ヶ: 86 letters
HIRAGANA = [chr(c - 0x60) if c - 0x60 <= 0x3096 else chr(c) for c in range(0x30A1, 0x30F7)]
LATIN = "abcdefghijklmnopqrstuvwxyz"
CYRILLIC = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
HAN_FIRST, HAN_COUNT = 0x4E00, 0x9FA6 - 0x4E00


def numbered(index, alphabet, length):
    """Letters of `alphabet` numbering `index` through a permutation of alphabet**length."""
    space = len(alphabet) ** length
    value = (index * 1_000_003 + 12_345) % space
    letters = []
    for _ in range(length):
        value, digit = divmod(value, len(alphabet))
        letters.append(alphabet[digit])
    return letters


def distinct(lang, index, rng):
    """A line of `lang` unique to `index` (see --distinct)."""
    if lang == "ko":
        return distinct_korean(index, rng)
    if lang == "ja":
        (f, fr), (g, gr) = rng.choice(JA_FAMILY), rng.choice(JA_GIVEN)
        kana = numbered(index, range(len(KATAKANA)), 4)
        return "%s%s%s\t%s%s%s" % (f, g, "".join(KATAKANA[k] for k in kana), fr, gr, "".join(HIRAGANA[k] for k in kana))
    if lang == "zh":
        return rng.choice(ZH_FAMILY) + "".join(chr(HAN_FIRST + h) for h in numbered(index, range(HAN_COUNT), 2))
    if lang == "en":
        return "%s %s %s" % (rng.choice(EN_GIVEN), rng.choice(EN_FAMILY), "".join(numbered(index, LATIN, 6)).capitalize())
    if lang == "ru":
        return "%s %s %s" % (rng.choice(RU_GIVEN), rng.choice(RU_FAMILY), "".join(numbered(index, CYRILLIC, 6)))
    if lang == "mixed":
        if index % 6 == 5:
            return "%s %d %s" % (rng.choice("😀🎉🚀✨"), index, rng.choice("#&@*+"))
        part = ["ko", "ja", "zh", "en", "ru"][index % 6]
        text = distinct(part, index // 6, rng)
        return text.split("\t")[0]
    raise SystemExit("--distinct: unknown LANG %r (ko, ja, zh, en, ru, mixed)" % lang)


DISTINCT_LIMITS = {"ko": HANGUL_COUNT ** 2, "ja": 86 ** 4, "zh": HAN_COUNT ** 2,
                   "en": 26 ** 6, "ru": 32 ** 6, "mixed": HANGUL_COUNT ** 2}


def distinct_korean(index, rng):
    """A Korean line unique to `index` (< 11172²): the last two syllables are a bijection."""
    value = (index * 1_000_003 + 12_345) % (HANGUL_COUNT * HANGUL_COUNT)
    high, low = divmod(value, HANGUL_COUNT)
    return (rng.choice(KO_FAMILY) + chr(HANGUL_FIRST + rng.randrange(HANGUL_COUNT))
            + chr(HANGUL_FIRST + high) + chr(HANGUL_FIRST + low))


def table_words():
    """The words of collate's Chinese word-reading table (zh-words.tsv): a zh --distinct
    line holding one is skipped, since collate orders it by the word's reading (白地 báidì)
    where plain ICU, PyICU included, reads each ideograph alone, and Benchmarks/run
    pipeline requires PyICU's output to be byte-identical to collate's."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "IndexedCollation", "Readings",
                        "Tables", "zh-words.tsv")
    with open(path, encoding="utf-8") as table:
        return {row.split("\t", 1)[0] for row in table if row.strip() and not row.startswith("#")}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lang")
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--distinct", action="store_true", help="every line distinct (ko, ja, zh, en, ru, mixed)")
    args = parser.parse_args()
    if args.distinct and args.lang not in DISTINCT_LIMITS:
        raise SystemExit("--distinct: unknown LANG %r (ko, ja, zh, en, ru, mixed)" % args.lang)
    if args.distinct and args.count > DISTINCT_LIMITS[args.lang]:
        raise SystemExit("--distinct: at most %d lines for %s" % (DISTINCT_LIMITS[args.lang], args.lang))
    rng = random.Random("%s-%d" % (args.lang, args.seed))
    out = sys.stdout
    chunk = []
    words = table_words() if args.distinct and args.lang == "zh" else None
    index = written = 0
    while written < args.count:
        if args.distinct and index >= DISTINCT_LIMITS[args.lang]:
            raise SystemExit("--distinct: only %d %s lines without a word of the table" % (written, args.lang))
        text = distinct(args.lang, index, rng) if args.distinct else line(args.lang, rng)
        index += 1
        if words is not None and any(text[i:j] in words for i in range(len(text)) for j in range(i + 2, len(text) + 1)):
            continue
        chunk.append(text)
        written += 1
        if len(chunk) >= 10000:
            out.write("\n".join(chunk) + "\n")
            chunk = []
    if chunk:
        out.write("\n".join(chunk) + "\n")


if __name__ == "__main__":
    main()
