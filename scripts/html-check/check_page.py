"""Checks a page made by `collate --format html` in headless Chromium.

usage: check_page.py PAGE.html EXPECTED.json [--delimiter C] [--screenshot OUT.png] [--dark-screenshot OUT.png]

EXPECTED.json is `collate --format json` of the same input and options: the sections and
their records in order. Prints one line per check and exits 1 if any fails.
"""
import argparse
import json
import pathlib
import sys

from cdp import Browser

PRELUDE = r"""
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || ''));
});
for (const name of ['alert', 'confirm', 'prompt', 'print', 'open']) {
  window[name] = () => { window.__pwned = window.__pwned || ('called ' + name); };
}
"""

READ_PAGE = r"""
(() => {
  const main = document.querySelector('main');
  const sections = [...main.querySelectorAll(':scope > section')].map((section) => ({
    id: section.id,
    title: section.querySelector('h2 bdi').textContent,
    records: [...section.querySelectorAll('li, tr')].map((row) =>
      row.tagName === 'TR' ? [...row.cells].map((cell) => cell.textContent) : row.textContent),
  }));
  const index = [...document.querySelectorAll('#index li:not(#index-search)')].map((item) => {
    const child = item.firstElementChild;
    return { tag: child.tagName, text: child.textContent, href: child.getAttribute('href'),
             target: child.dataset.s === undefined ? null : Number(child.dataset.s) };
  });
  const allowedTags = new Set(['SECTION', 'H2', 'BDI', 'UL', 'LI', 'SPAN', 'DIV', 'TABLE', 'TBODY', 'TR', 'TD']);
  const strayTags = [...main.querySelectorAll('*')].map((el) => el.tagName).filter((tag) => !allowedTags.has(tag));
  const eventAttributes = [...document.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => el.tagName + ' ' + a.name));
  const links = [...document.querySelectorAll('a:not([href="#find"])')].map((a) => a.getAttribute('href'));
  const resolved = [...document.querySelectorAll('#index a[href^="#s"]')].map((a) => {
    const target = document.getElementById(a.getAttribute('href').slice(1));
    return { text: a.textContent, ok: !!target && target.tagName === 'SECTION' &&
             target.querySelector('h2 bdi').textContent === a.textContent };
  });
  return {
    title: document.title, pwned: window.__pwned === undefined ? null : String(window.__pwned),
    violations: window.__violations, scripts: [...document.scripts].filter((s) => !s.type).length,
    dataScripts: [...document.scripts].filter((s) => s.type).map((s) => s.type + '#' + s.id),
    styles: document.querySelectorAll('style').length, links, resolved, sections, index,
    strayTags, eventAttributes, lang: document.documentElement.lang, dir: document.documentElement.dir,
    innerText: main.innerText,
    headElements: [...document.head.children].map((el) => el.tagName),
  };
})()
"""


class Report:
    def __init__(self, name):
        self.name, self.failures = name, 0

    def check(self, ok, what, detail=""):
        print(f"  {'ok  ' if ok else 'FAIL'} {what}" + ("" if ok or not detail else f": {detail}"))
        if not ok:
            self.failures += 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("expected")
    parser.add_argument("--delimiter")
    parser.add_argument("--screenshot")
    parser.add_argument("--dark-screenshot")
    parser.add_argument("--scrub-screenshot")
    parser.add_argument("--search", action="append", default=[], metavar="QUERY=EXPECTED.json",
                        help="type QUERY into the search box; the rows shown must be collate --search QUERY's json")
    parser.add_argument("--search-screenshot")
    args = parser.parse_args()
    expected = json.loads(pathlib.Path(args.expected).read_text(encoding="utf-8"))
    report = Report(args.page)
    print(f"{args.page}:")
    browser = Browser()
    try:
        browser.open_tab(PRELUDE)
        browser.navigate(pathlib.Path(args.page).resolve().as_uri())
        page = browser.evaluate(READ_PAGE)

        # Every record exactly once, as text, in its section, in order.
        def row_text(record):
            return args.delimiter.join(record) if isinstance(record, list) else record
        got = [(s["title"], [row_text(r) for r in s["records"]]) for s in page["sections"]]
        want = [(s["title"], s["records"]) for s in expected["sections"]]
        report.check(got == want, "sections and records match collate's json exactly (each record once, as text)",
                     f"got {got!r:.600}\nwant {want!r:.600}")
        all_records = [r for _, records in want for r in records]
        visible = page["innerText"]
        # innerText shows CR as a line break or a space depending on the engine; compare around it.
        def pieces(record):
            parts = record.split(args.delimiter) if args.delimiter else [record]
            return [piece.strip() for part in parts for piece in part.split("\r")]
        missing = [r for r in all_records if any(piece not in visible for piece in pieces(r))]
        report.check(not missing, "every record is in the rendered text (innerText)", repr(missing[:5]))

        # Nothing ran or became markup.
        report.check(page["pwned"] is None, "no record's script ran (window.__pwned unset, no alert)", page["pwned"])
        report.check(not page["violations"], "no Content-Security-Policy violation (nothing tried to load or run)",
                     repr(page["violations"][:5]))
        report.check(not browser.dialogs(), "no dialog opened")
        report.check(page["scripts"] == 1 and page["styles"] == 1, "one script and one style element (the page's own)",
                     f"{page['scripts']} scripts, {page['styles']} styles")
        report.check(page["dataScripts"] in ([], ["application/json#search-table"]),
                     "the only other script element is the search table (data, never run)", repr(page["dataScripts"]))
        report.check(not page["strayTags"], "the list holds only the renderer's elements", repr(page["strayTags"][:10]))
        report.check(not page["eventAttributes"], "no event-handler attributes", repr(page["eventAttributes"][:5]))
        report.check(all(h and h.startswith("#s") for h in page["links"]), "every link is an index link (#sN)",
                     repr([h for h in page["links"] if not (h and h.startswith("#s"))][:5]))
        report.check(page["headElements"][:2] == ["META", "META"] and "TITLE" in page["headElements"]
                     and page["headElements"].count("BASE") == 0, "head holds only the renderer's elements",
                     repr(page["headElements"]))

        # The side index: every title in order, empty ones not links, links reach their sections.
        titles = [i["text"] for i in page["index"]]
        report.check(titles == expected["indexTitles"], "the side index lists every index title in order",
                     f"{titles} vs {expected['indexTitles']}")
        non_empty = {s["title"] for s in expected["sections"]}
        kinds_ok = all((i["tag"] == "A") == (i["text"] in non_empty) for i in page["index"])
        report.check(kinds_ok, "titles with records are links, empty titles are not")
        bad = [r["text"] for r in page["resolved"] if not r["ok"]]
        report.check(not bad and len(page["resolved"]) == len(non_empty), "every index link resolves to its section",
                     repr(bad))

        # Clicking each index title brings its section to the top of the window.
        misses = browser.evaluate(r"""
          (async () => {
            const misses = [];
            for (const a of document.querySelectorAll('#index a[href^="#s"]')) {
              a.click();
              await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
              const section = document.getElementById(a.getAttribute('href').slice(1));
              const top = section.getBoundingClientRect().top;
              const canScroll = document.scrollingElement.scrollTop + innerHeight < document.scrollingElement.scrollHeight - 1;
              if (Math.abs(top) > 2 && !(top > 0 && !canScroll)) misses.push(a.textContent + ' at ' + top);
              if (top >= innerHeight || section.getBoundingClientRect().bottom <= 0) misses.push(a.textContent + ' not in view');
            }
            return misses;
          })()""")
        report.check(not misses, "clicking each index title brings its section into view", repr(misses[:5]))

        # Pointer: press on the first title and drag to the last (scrubbing), as on iOS.
        boxes = browser.evaluate(r"""[...document.querySelectorAll('#index [data-s]')].map((el) => {
            const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, el.dataset.s, el.textContent]; })""")
        if boxes:
            browser.evaluate("scrollTo(0, 0)")
            first, last = boxes[0], boxes[-1]
            browser.mouse("mousePressed", first[0], first[1])
            steps = 8
            for step in range(1, steps + 1):
                y = first[1] + (last[1] - first[1]) * step / steps
                browser.mouse("mouseMoved", first[0], y)
            state = browser.evaluate(f"""(() => {{ const s = document.getElementById('s{last[2]}');
                return {{ top: s.getBoundingClientRect().top, bottom: s.getBoundingClientRect().bottom,
                          bubble: document.getElementById('bubble').textContent,
                          hidden: document.getElementById('bubble').hidden }}; }})()""")
            if args.scrub_screenshot:
                browser.screenshot(args.scrub_screenshot)
            browser.mouse("mouseReleased", first[0], last[1], buttons=0)
            report.check(state["top"] < browser.height and state["bottom"] > 0 and state["bubble"] == last[3]
                         and not state["hidden"], "dragging along the index scrubs to the last section",
                         repr(state))
            # A click in the middle of the index lands on that title's section.
            middle = boxes[len(boxes) // 2]
            browser.evaluate("scrollTo(0, 0)")
            browser.mouse("mousePressed", middle[0], middle[1])
            browser.mouse("mouseReleased", middle[0], middle[1], buttons=0)
            top = browser.evaluate(f"document.getElementById('s{middle[2]}').getBoundingClientRect().top")
            report.check(top < browser.height, f"tapping index title {middle[3]!r} shows section s{middle[2]}", repr(top))

        # Keyboard: one tab stop; ArrowDown moves along the index; Enter jumps.
        focus = browser.evaluate(r"""(() => { const links = [...document.querySelectorAll('#index a')];
            return links.filter((a) => a.tabIndex === 0).length; })()""")
        report.check(focus == 1 or len(page["resolved"]) == 0, "the index is one tab stop (roving tabindex)", repr(focus))
        if len(page["resolved"]) >= 2:
            browser.evaluate("scrollTo(0, 0); document.querySelector('#index a').focus()")
            browser.key("ArrowDown")
            moved = browser.evaluate("[document.activeElement.textContent, document.querySelectorAll('#index a')[1].textContent]")
            report.check(moved[0] == moved[1], "ArrowDown moves focus to the next index title", repr(moved))
            browser.key("Enter")
            state = browser.evaluate(r"""(() => { const s = document.getElementById(location.hash.slice(1));
                return { hash: location.hash, href: document.querySelectorAll('#index a')[1].getAttribute('href'),
                         top: s ? s.getBoundingClientRect().top : null, focused: document.activeElement === s }; })()""")
            report.check(state["hash"] == state["href"] and state["top"] is not None and abs(state["top"]) < browser.height
                         and state["focused"], "Enter opens that section and moves focus into it", repr(state))

        # The index's magnifier (UIKit's search entry) focuses the search box.
        if args.search:
            magnifier = browser.evaluate(r"""(() => { const item = document.getElementById('index-search');
                if (!item || item.hidden) return 'missing';
                scrollTo(0, 0); item.querySelector('a').click();
                return document.activeElement && document.activeElement.id; })()""")
            report.check(magnifier == "search", "the index's magnifier focuses the search box", repr(magnifier))

        # The search box: typing filters to exactly what collate --search keeps, sections in
        # order, empty sections hidden and their index titles dimmed; Escape shows everything.
        for pair in args.search:
            query, path = pair.split("=", 1)
            text = pathlib.Path(path).read_text(encoding="utf-8")
            want_search = json.loads(text) if text.strip() else {"sections": []}
            browser.evaluate("scrollTo(0, 0); document.body.focus()")
            browser.key("/")
            focused = browser.evaluate("document.activeElement && document.activeElement.id")
            report.check(focused == "search", f"'/' moves focus to the search box ({query!r})", repr(focused))
            browser.send("Input.insertText", {"text": query})
            shown = browser.evaluate(r"""new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
              const sections = [...document.querySelectorAll('main > section')].filter((s) => !s.hidden).map((s) => [
                s.querySelector('h2 bdi').textContent,
                [...s.querySelectorAll('li, tr')].filter((r) => !r.hidden).map((r) =>
                  r.tagName === 'TR' ? [...r.cells].map((c) => c.textContent) : r.textContent)]);
              const dimmed = [...document.querySelectorAll('#index a.dim')].map((a) => a.textContent);
              done({ sections, dimmed, status: document.getElementById('search-status').textContent });
            })))""")
            got_search = [(title, [row_text(r) for r in records]) for title, records in shown["sections"]]
            want_rows = [(s["title"], s["records"]) for s in want_search["sections"]]
            report.check(got_search == want_rows, f"typing {query!r} shows exactly collate --search's records",
                         f"got {got_search!r:.600}\nwant {want_rows!r:.600}")
            kept = {s["title"] for s in want_search["sections"]}
            want_dim = sorted(t for t in non_empty if t not in kept)
            report.check(sorted(shown["dimmed"]) == want_dim, f"index titles without matches are dimmed ({query!r})",
                         f"{shown['dimmed']} vs {want_dim}")
            if args.search_screenshot:
                browser.screenshot(args.search_screenshot)
            browser.key("Escape")
            restored = browser.evaluate("[...document.querySelectorAll('main li, main tr')].filter((r) => !r.hidden).length")
            report.check(restored == len(all_records), f"Escape clears the search and shows every record ({query!r})",
                         f"{restored} of {len(all_records)}")

        page_after = browser.evaluate("({ pwned: window.__pwned === undefined ? null : String(window.__pwned), v: window.__violations, title: document.title })")
        report.check(page_after["pwned"] is None and not page_after["v"] and page_after["title"] == page["title"],
                     "still nothing ran after scrolling, clicking and scrubbing", repr(page_after))

        if args.screenshot:
            browser.evaluate("scrollTo(0, 0)")
            browser.evaluate("new Promise((r) => setTimeout(r, 700))")
            browser.screenshot(args.screenshot)
        if args.dark_screenshot:
            browser.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            browser.evaluate("scrollTo(0, 0)")
            browser.screenshot(args.dark_screenshot)
    finally:
        browser.close()
    print(f"  {report.failures} failed")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
