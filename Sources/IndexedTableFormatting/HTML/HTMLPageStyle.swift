/// The page's style sheet: light and dark colours, fonts that cover Hangul, kana, Han,
/// Arabic and other scripts, the sticky side index and headings, lazily laid-out row
/// blocks and a print layout.
enum HTMLPageStyle {
    /// Fonts for everything, with the CJK family of the page's language first so shared Han
    /// characters take that language's glyph shapes.
    static func fontStack(languageTag: String) -> String {
        let language = languageTag.lowercased()
        var cjk = ["KR", "JP", "SC", "TC"]
        let first = hanGlyphRegion(language)
        if let first { cjk.removeAll { $0 == first }; cjk.insert(first, at: 0) }
        let native = [
            "KR": #""Apple SD Gothic Neo","Malgun Gothic""#, "JP": #""Hiragino Sans","Yu Gothic","Meiryo""#,
            "SC": #""PingFang SC","Microsoft YaHei""#, "TC": #""PingFang TC","Microsoft JhengHei""#,
        ]
        let families =
            [#"system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans""#]
            + cjk.map { #""Noto Sans CJK \#($0)""# } + cjk.compactMap { native[$0] }
            + [
                #""Noto Sans Arabic","Noto Naskh Arabic","Noto Sans Hebrew","Noto Sans Devanagari","Noto Sans Thai","DejaVu Sans","Noto Color Emoji",sans-serif"#
            ]
        return families.joined(separator: ",")
    }

    /// The Noto CJK region whose Han glyph forms the language uses, if it is written with Han.
    private static func hanGlyphRegion(_ language: String) -> String? {
        if language.hasPrefix("ko") { return "KR" }
        if language.hasPrefix("ja") { return "JP" }
        guard language.hasPrefix("zh") else { return nil }
        return ["hant", "-tw", "-hk", "-mo"].contains(where: language.contains) ? "TC" : "SC"
    }

    /// The style sheet.
    /// - Parameters:
    ///   - languageTag: The page's language, for the font order.
    ///   - indexCount: How many titles the side index shows (they share the window height).
    ///   - blockSizes: The row counts of the blocks on the page, when blocks are laid out
    ///     lazily; empty to lay out the whole page.
    static func css(languageTag: String, indexCount: Int, blockSizes: Set<Int>) -> String {
        let titleHeight = "calc((100vh - 1rem) / \(max(1, indexCount)) / 1.3)"
        var css = """
            :root{color-scheme:light dark;--bg:#fff;--fg:#1c1c1e;--muted:#8e8e93;--line:#e5e5ea;--head:#f2f2f7;\
            --accent:#0a5fd0;--bubble:rgba(60,60,67,.85);--row:calc(2rem + 1px);font-family:\(fontStack(languageTag: languageTag))}
            @media (prefers-color-scheme:dark){:root{--bg:#000;--fg:#f2f2f7;--muted:#8e8e93;--line:#2c2c2e;\
            --head:#1c1c1e;--accent:#5ea8ff;--bubble:rgba(235,235,245,.85)}}
            *{box-sizing:border-box}
            body{margin:0;background:var(--bg);color:var(--fg);font-size:1rem}
            main{padding-inline-end:2.75rem}
            section:focus{outline:none}
            h2{position:sticky;top:0;z-index:1;margin:0;padding:.25rem 1rem;font-size:1rem;line-height:1.5rem;\
            background:var(--head);border-bottom:1px solid var(--line)}
            h2 .count{color:var(--muted);font-weight:400}
            ul.rows{list-style:none;margin:0;padding:0}
            .rows li,.rows td{padding:.25rem 1rem;line-height:1.5rem;min-height:var(--row);border-bottom:1px solid var(--line);\
            white-space:pre-wrap;overflow-wrap:anywhere;unicode-bidi:plaintext;text-align:start}
            .rows table{width:100%;border-collapse:collapse;table-layout:fixed}
            .rows td{vertical-align:top}
            #index{position:fixed;inset-block:0;inset-inline-end:0;z-index:2;display:flex;align-items:center;\
            min-width:2.5rem;touch-action:none;user-select:none;-webkit-user-select:none}
            #index ol{list-style:none;margin:0 auto;padding:.5rem 0;font-size:min(.8rem,\(titleHeight));line-height:1.3}
            #index a,#index span{display:block;padding:0 .35rem;text-align:center;text-decoration:none;white-space:nowrap;\
            border-radius:.3rem}
            #index a{color:var(--accent);font-weight:600}
            #index a[aria-current]{background:var(--accent);color:var(--bg)}
            #index a:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
            #index .empty{color:var(--muted);opacity:.5;font-weight:400}
            #bubble{position:fixed;top:50%;left:50%;transform:translate(-50%,-50%);z-index:3;min-width:5rem;padding:.75rem 1.25rem;\
            border-radius:1rem;background:var(--bubble);color:var(--bg);font-size:2.5rem;text-align:center;pointer-events:none}
            #bubble[hidden]{display:none}
            #find{display:flex;align-items:center;gap:.5rem;padding:.5rem 3.25rem .5rem 1rem}
            #search{flex:1;min-width:0;font:inherit;padding:.4rem .6rem;border:1px solid var(--line);border-radius:.5rem;\
            background:var(--bg);color:var(--fg)}
            #search:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
            #search-status{color:var(--muted);font-size:.85rem;white-space:nowrap}
            #index a.dim{color:var(--muted);opacity:.5;font-weight:400}
            main.filtering .rows[class]{content-visibility:visible}
            @media print{#index,#bubble,#find{display:none}main{padding:0}body{background:#fff;color:#000}\
            h2{position:static;background:none;border-bottom:2px solid #000;break-after:avoid}\
            .rows[class]{content-visibility:visible}.rows li,.rows tr{break-inside:avoid}.rows li,.rows td{border-color:#ccc}}

            """
        for size in blockSizes.sorted() {
            css += ".b\(size){content-visibility:auto;contain-intrinsic-size:auto calc(\(size) * var(--row))}\n"
        }
        return css
    }
}
