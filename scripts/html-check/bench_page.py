"""Page size and load time of `collate --format html` for 100,000 records in headless Chromium.

usage: bench_page.py COLLATE OUTDIR [COUNT] [--compare] [--rounds N]
Loads the page N times (default 3) and prints, as a Markdown table row, the median of:
first contentful paint, DOMContentLoaded, load event, and the time until a click on the
last index title shows its section. With --compare, also a row for the same page laid out
whole (no content-visibility). Then the Chromium version, whether every load showed every
row and the jumped-to section, and a summary line

    html 100000: page <MB> MB, first paint <ms> ms, load <ms> ms, jump <ms> ms

`Benchmarks/run html` runs it on a release collate and saves the report as
Benchmarks/results/html.md; `scripts/check-html --bench` runs it on the debug build.
Exits 1 if a load missed rows or the jump.
"""
import argparse
import pathlib
import random
import statistics
import subprocess
import sys
import time

from cdp import Browser

parser = argparse.ArgumentParser(usage="bench_page.py COLLATE OUTDIR [COUNT] [--compare] [--rounds N]")
parser.add_argument("collate")
parser.add_argument("out", type=pathlib.Path)
parser.add_argument("count", type=int, nargs="?", default=100_000)
parser.add_argument("--compare", action="store_true", help="also the page laid out whole")
parser.add_argument("--rounds", type=int, default=3, help="page loads per variant (median)")
options = parser.parse_intermixed_args()
collate, out, count = options.collate, options.out, options.count
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
    """(medians, every load showed all rows and the jump, the browser's version), in a new browser."""
    runs = []
    browser = Browser()
    try:
        version = browser.send("Browser.getVersion", session=False).get("product", "Chromium")
        browser.open_tab()
        for _ in range(options.rounds):
            browser.navigate(page.resolve().as_uri(), timeout=300)
            runs.append(browser.evaluate(MEASURE, timeout=300))
            browser.navigate("about:blank")
    finally:
        browser.close()
    median = {key: statistics.median([r[key] for r in runs if r[key] is not None] or [float("nan")])
              for key in ("dcl", "load", "fcp", "jump")}
    return median, all(r["inView"] and r["rows"] == count for r in runs), version


def duration(ms):
    return f"{ms:.0f} ms" if ms < 1000 else f"{ms / 1000:.2f} s"


def row(name, path, median):
    size = path.stat().st_size
    return (f"| {name} | {size / 1e6:.2f} MB ({size / count:.0f} B/record) | {duration(median['fcp'])} | "
            f"{duration(median['dcl'])} / {duration(median['load'])} | {duration(median['jump'])} |")


variants = [("`--format html` (blocks laid out lazily)", page)]
if options.compare:
    variants.append(("same page laid out whole", whole_layout_variant(page)))
measured = [(name, path) + measure(path) for name, path in variants]
ok = all(fine for _, _, _, fine, _ in measured)
lazy, version = measured[0][2], measured[0][4]
print(f"| {count:,} Korean names | page | first contentful paint | DOMContentLoaded / load | jump to last section |")
print("|---|---|---|---|---|")
for name, path, median, _, _ in measured:
    print(row(name, path, median))
print()
print(f"{version.replace('/', ' ')} headless, {options.rounds} loads per page, medians; "
      f"collate --locale ko_KR --format html wrote the page in {render:.2f} s")
print(f"every load showed all {count} rows and the last section after the jump: {'yes' if ok else 'NO'}")
print(f"html {count}: page {page.stat().st_size / 1e6:.2f} MB, first paint {lazy['fcp']:.0f} ms, "
      f"load {lazy['load']:.0f} ms, jump {lazy['jump']:.0f} ms")
sys.exit(0 if ok else 1)
