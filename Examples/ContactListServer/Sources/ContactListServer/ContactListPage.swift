/// The live page's markup and style sheet. Everything the page shows from the list comes
/// from the JSON API and is put into the page with `textContent` by ``ContactListScript``.
enum ContactListPage {
    /// The page. `languageTag` is a BCP-47 tag made of letters, digits and hyphens only.
    static func html(languageTag: String) -> String {
        let rightToLeft = ["ar", "he", "fa", "ur"].contains(languageTag.split(separator: "-").first.map(String.init) ?? "")
        return """
            <!DOCTYPE html>
            <html lang="\(languageTag)" dir="\(rightToLeft ? "rtl" : "ltr")">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>Contacts</title>
            <link rel="stylesheet" href="/app.css">
            <script src="/app.js" defer></script>
            </head>
            <body>
            <header>
            <form id="add" aria-label="Add a contact">
            <input id="name" name="name" placeholder="Name" aria-label="Name" required maxlength="200" autocomplete="off">
            <input id="phone" name="phone" placeholder="Phone" aria-label="Phone" autocomplete="off">
            <button type="submit">Add</button>
            </form>
            <output id="status" aria-live="polite"></output>
            </header>
            <nav id="index" aria-label="Section index"><ol></ol></nav>
            <main id="list" aria-label="Contacts"></main>
            <div id="bubble" aria-hidden="true" hidden></div>
            </body>
            </html>

            """
    }

    /// The style sheet: rows have a fixed height so the page can place rows it has not
    /// loaded yet, and size each section before its rows arrive.
    static func css(languageTag: String) -> String {
        let cjk =
            languageTag.hasPrefix("ja") ? "JP" : languageTag.hasPrefix("zh") ? (languageTag.contains("Hant") ? "TC" : "SC") : "KR"
        return """
            :root{color-scheme:light dark;--bg:#fff;--fg:#1c1c1e;--muted:#8e8e93;--line:#e5e5ea;--head:#f2f2f7;\
            --accent:#0a5fd0;--fresh:#fff3b0;--row:40px;--top:3.25rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,\
            "Noto Sans","Noto Sans CJK \(cjk)","Noto Sans CJK KR","Noto Sans CJK JP","Noto Sans CJK SC","Apple SD Gothic Neo",\
            "Hiragino Sans","Malgun Gothic","Yu Gothic","Noto Sans Arabic","DejaVu Sans",sans-serif}
            @media (prefers-color-scheme:dark){:root{--bg:#000;--fg:#f2f2f7;--line:#2c2c2e;--head:#1c1c1e;--accent:#5ea8ff;--fresh:#4a3f00}}
            *{box-sizing:border-box}
            body{margin:0;background:var(--bg);color:var(--fg)}
            header{position:sticky;top:0;z-index:3;height:var(--top);display:flex;gap:.5rem;align-items:center;padding:0 3rem 0 1rem;\
            background:var(--bg);border-bottom:1px solid var(--line)}
            header form{display:flex;gap:.5rem}
            header input{font:inherit;padding:.3rem .5rem;border:1px solid var(--line);border-radius:.4rem;background:var(--bg);color:var(--fg)}
            header button{font:inherit;padding:.3rem .8rem;border:0;border-radius:.4rem;background:var(--accent);color:var(--bg)}
            #status{color:var(--muted);font-size:.85rem;margin-inline-start:auto}
            main{padding-inline-end:2.75rem}
            section:focus{outline:none}
            h2{position:sticky;top:var(--top);z-index:1;margin:0;padding:.25rem 1rem;font-size:1rem;line-height:1.5rem;\
            background:var(--head);border-bottom:1px solid var(--line)}
            .rows{position:relative}
            .row{position:absolute;inset-inline:0;height:var(--row);display:flex;align-items:center;gap:1rem;padding:0 1rem;\
            border-bottom:1px solid var(--line);white-space:pre;overflow:hidden}
            .row .name{flex:1;overflow:hidden;text-overflow:ellipsis;unicode-bidi:plaintext}
            .row .phone{color:var(--muted);unicode-bidi:isolate}
            .row button{font:inherit;border:0;background:none;color:var(--muted);cursor:pointer}
            .row.fresh{animation:fresh 2.5s ease-out}
            @keyframes fresh{from{background:var(--fresh)}to{background:transparent}}
            .row.loading .name{color:var(--muted)}
            #index{position:fixed;top:var(--top);bottom:0;inset-inline-end:0;z-index:2;display:flex;align-items:center;\
            min-width:2.5rem;touch-action:none;user-select:none;-webkit-user-select:none}
            #index ol{list-style:none;margin:0 auto;padding:.5rem 0;line-height:1.3;font-size:min(.8rem,calc((100vh - var(--top) - 1rem) / var(--titles,30) / 1.3))}
            #index a,#index span{display:block;padding:0 .35rem;text-align:center;text-decoration:none;white-space:nowrap;border-radius:.3rem}
            #index a{color:var(--accent);font-weight:600}
            #index a[aria-current]{background:var(--accent);color:var(--bg)}
            #index .empty{color:var(--muted);opacity:.5}
            #bubble{position:fixed;top:50%;left:50%;transform:translate(-50%,-50%);z-index:4;min-width:5rem;padding:.75rem 1.25rem;\
            border-radius:1rem;background:rgba(60,60,67,.85);color:#fff;font-size:2.5rem;text-align:center;pointer-events:none}
            #bubble[hidden]{display:none}
            @media print{#index,#bubble,header{display:none}h2{position:static}}

            """
    }
}
