#!/usr/bin/env python3
"""Deterministic Japanese full names in kanji, one per line, for `Benchmarks/run ja-readings`.

Usage: generate-ja-names.py COUNT [SEED]

Family names: 191 common surnames with Zipf-like weights (佐藤, 鈴木, 高橋 … most often)
and 187 rare ones (小鳥遊, 勅使河原 …), together 3 in 100 names. Given names: 98 real
ones plus 900 two-kanji names built from common name kanji (大翔, 結菜 …), so most full
names are distinct, as in a real contact list. A quarter of the names separate family
and given name with a space, one in twenty with an ideographic space (U+3000); one in
fifty is the family name alone. The same arguments always give the same bytes.
"""
import random
import sys

COMMON = """
佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 林 斎藤 清水
山崎 森 池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木 坂本
斉藤 福田 太田 西村 藤井 金子 岡本 藤原 中野 三浦 原田 中川 松田 竹内 小野 田村 中山 和田 石田 森田
上田 原 内田 柴田 酒井 宮崎 横山 高木 安藤 宮本 大野 小島 谷口 今井 工藤 高田 増田 丸山 杉山 村田
大塚 新井 小山 平野 藤本 河野 上野 野口 武田 松井 千葉 岩崎 菅原 木下 久保 佐野 野村 松尾 市川 菊地
杉本 古川 大西 島田 水野 桜井 高野 渡部 吉川 山内 西田 飯田 菊池 西川 小松 北村 安田 五十嵐 川口
平田 関 中田 久保田 服部 岩田 土屋 川崎 福島 本田 辻 樋口 秋山 田口 永井 山中 中西 吉村 川上 石原
大橋 松岡 馬場 浅野 荒木 大久保 野田 小澤 田辺 川村 星野 黒田 堀 尾崎 望月 永田 熊谷 内藤 松村 西山
大谷 平井 大島 岩本 片山 本間 早川 横田 岡崎 荒井 大石 鎌田 成田 宮田 小田 石橋 篠原 須藤 河合 高山
吉岡 中尾 萩原 小池 松下 浅井 南 小西 稲葉 坂口 桑原 沢田
""".split()
RARE = """
小野寺 勅使河原 東海林 小鳥遊 四月一日 月見里 九十九 五月女 御手洗 長宗我部 日下部 百目鬼 薬袋 鬼頭
一ノ瀬 八木 十河 毒島 及川 五味 二階堂 六車 八重樫 九条 我妻 妻夫木 設楽 海老原 風間 猪瀬 宍戸 生田
相葉 櫻井 二宮 大和田 長嶋 有村 綾瀬 深田 北川 竹野内 反町 江口 唐沢 阿川 菅 安倍 麻生 小泉 鳩山
岸田 石破 宇多田 椎名 宮沢 草彅 香取 稲垣 中居 真田 徳川 織田 豊臣 明智 伊達 上杉 北条 今野 紺野
佐久間 西園寺 綾小路 武者小路 東條 宇佐美 神田 苫米地 不破 冷泉 蓮見 雨宮 白鳥 黒柳 瀬戸 赤木 越前
羽生 浅田 錦織 八村 渋野 池江 萩野 宇野 紀平 香川 長友 乃木 東郷 夏目 芥川 太宰 三島 川端 谷崎
与謝野 宮部 東野 湊 辻村 恩田 伊坂 村山 江國 角野 東出 上村 角田 菅野 千田 東 神 栗花落 一色 白石
新垣 比嘉 金城 仲間 具志堅 知念 喜納 渡嘉敷 阿久津 生駒 間宮 水嶋 城之内 鷲尾 鴨川 鶴田 亀井 兎田
猿渡 犬養 鳥居 熊田 鹿島 蜂須賀 漆原 柳生 榊原 桐谷 楠木 檜山 椿 柊 蔵前 嵯峨 醍醐 鞍馬 斑目 轟
雲井 霧島 雪村 氷室 朝比奈 夕月 春日 秋元 冬木 夏川 卯月 皐月 水無月 神無月 十文字 百瀬 千代田 万代
一条 三条 四条 五条 七条
""".split()
GIVEN = """
健 一郎 翔 花子 大輔 美咲 太郎 次郎 健太 拓也 直樹 誠 陽子 恵子 裕子 由美 真由美 愛 優子 大樹 蓮
陽翔 結衣 葵 さくら 浩 隆 明美 和也 達也 翼 彩 美穂 沙織 智子 亮 剛 修 学 勇気 悠真 陽菜 凛 七海
千尋 真央 結弦 翔平 圭 和子 幸子 正樹 秀樹 康介 雄一 恭子 麻衣 舞 瞳 綾香 香織 大和 颯太 樹 悠人
美月 莉子 芽衣 杏 紬 史郎 信長 龍之介 治 由紀夫 康成 潤一郎 晶子 みゆき ひかり かおる ケン マリア 茂
徹 実 昇 博 清 聡 豊 進 悟 薫 忍 光 渚 司
""".split()
HEADS = "大 健 翔 優 陽 悠 美 真 結 愛 蒼 颯 湊 海 春 千 奈 彩 花 心 和 拓 直 雄 康 秀 智 恵 裕 光".split()
TAILS = "太 斗 真 輔 介 人 也 樹 希 輝 子 美 菜 花 奈 香 乃 衣 音 葉 央 郎 平 彦 志 生 佳 実 里 那".split()


def main():
    if len(sys.argv) not in (2, 3):
        raise SystemExit("usage: generate-ja-names.py COUNT [SEED]")
    count = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) == 3 else 17)
    surnames = COMMON + RARE
    weights = [1.0 / (rank + 8) for rank in range(len(COMMON))]
    rare_weight = sum(weights) * 0.03 / len(RARE)
    weights += [rare_weight] * len(RARE)
    given = GIVEN + [h + t for h in HEADS for t in TAILS]
    out = sys.stdout
    for _ in range(count):
        family = rng.choices(surnames, weights)[0]
        roll = rng.random()
        if roll < 0.02:
            out.write(family + "\n")
            continue
        separator = " " if roll < 0.27 else "\u3000" if roll < 0.32 else ""
        out.write(family + separator + rng.choice(given) + "\n")


if __name__ == "__main__":
    main()
