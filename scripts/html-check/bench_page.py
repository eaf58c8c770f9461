"""Page size and load time of `collate --format html` for 100,000 records in headless Chromium.

usage: bench_page.py COLLATE OUTDIR [COUNT] [--compare]
Loads the page three times and prints the median of: DOMContentLoaded, load event, first
contentful paint, and the time until a click on the last index title shows its section.
With --compare, also the same page laid out whole (no content-visibility).
"""
import json
import pathlib
import random
import statistics
import subprocess
import sys
import time

from cdp import Browser

collate, out = sys.argv[1], pathlib.Path(sys.argv[2])
numbers = [a for a in sys.argv[3:] if a.isdigit()]
count = int(numbers[0]) if numbers else 100_000
random.seed(16)
surnames = "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예봉경"
given = "민서지현준우도하윤예은수영진호성재연아주원시유채건혜승동"
latin = ["Smith", "Kim", "Lee", "Park", "Garcia", "Müller", "Ångström", "O'Brien", "Nguyen", "Tanaka"]
lines = []
for n in range(count):
    if n % 20 == 0:
        lines.append(f"{random.choice(latin)} {n}")
    else:
        lines.append(random.choice(surnames) + random.choice(given) + random.choice(given))
source = out / f"bench-{count}.txt"
source.write_text("\n".join(lines) + "\n", encoding="utf-8")
page = out / f"bench-{count}.html"
started = time.time()
subprocess.run([collate, "--locale", "ko_KR", "--format", "html", "-o", str(page), str(source)], check=True)
render = time.time() - started

MEASURE = r"""
(async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const links = document.querySelectorAll('#index a');
  const last = links[links.length - 1];
  const t0 = performance.now();
  last.click();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const jump = performance.now() - t0;
  const section = document.getElementById(last.getAttribute('href').slice(1));
  return { dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, fcp: paint ? paint.startTime : null, jump,
           inView: section.getBoundingClientRect().top < innerHeight && section.getBoundingClientRect().bottom > 0, rows: document.querySelectorAll('main li').length };
})()
"""


def whole_layout_variant(path):
    """The same page without lazy layout: the content-visibility rules removed, the CSP hash
    of the style sheet recomputed. For comparison only."""
    import base64, hashlib, re
    text = path.read_text(encoding="utf-8")
    style = re.search(r"<style>(.*?)</style>", text, re.S).group(1)
    plain = re.sub(r"\.b\d+\{content-visibility:auto;[^}]*\}\n", "", style)
    digest = lambda css: base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()
    text = text.replace(style, plain).replace(digest(style), digest(plain))
    variant = path.with_name(path.stem + "-whole.html")
    variant.write_text(text, encoding="utf-8")
    return variant


def measure(page):
    runs = []
    browser = Browser()
    try:
        browser.open_tab()
        for _ in range(3):
            wall = time.time()
            browser.navigate(page.resolve().as_uri(), timeout=300)
            result = browser.evaluate(MEASURE, timeout=300)
            result["wall"] = (time.time() - wall) * 1000
            runs.append(result)
            browser.navigate("about:blank")
    finally:
        browser.close()
    median = {key: statistics.median([r[key] for r in runs if r[key] is not None] or [float("nan")])
              for key in ("dcl", "load", "fcp", "jump", "wall")}
    return median, all(r["inView"] and r["rows"] == count for r in runs)


median, ok = measure(page)
size = page.stat().st_size
print(f"bench: {count} records: page {size / 1e6:.2f} MB ({size / count:.0f} B/record), collate {render:.2f} s; "
      f"Chromium median of 3: DOMContentLoaded {median['dcl']:.0f} ms, load {median['load']:.0f} ms, "
      f"first contentful paint {median['fcp']:.0f} ms, navigate+measure wall {median['wall']:.0f} ms, "
      f"jump to last section {median['jump']:.0f} ms; all rows present and jump in view: {ok}")
if "--compare" in sys.argv:
    whole, whole_ok = measure(whole_layout_variant(page))
    print(f"bench: same page laid out whole (no content-visibility): DOMContentLoaded {whole['dcl']:.0f} ms, "
          f"load {whole['load']:.0f} ms, first contentful paint {whole['fcp']:.0f} ms, "
          f"jump to last section {whole['jump']:.0f} ms; ok: {whole_ok}")
sys.exit(0 if ok else 1)
