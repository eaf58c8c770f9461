"""Checks Examples/ContactListServer in headless Chromium: rows load as they scroll into
view (the cell provider runs only for them), index titles jump, and contacts added or
removed through the JSON API appear and disappear without a reload.

usage: check_server.py PACKAGE_DIR OUTDIR [LOCALE]
Builds and starts the server on a free port, and stops it at the end.
"""
import json
import urllib.parse
import pathlib
import random
import re
import signal
import subprocess
import sys
import time
import urllib.request

from cdp import Browser
from check_page import Report

package, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
locale = sys.argv[3] if len(sys.argv) > 3 else "ko_KR"
COUNT = 20_000
random.seed(16)
surnames = "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설"
given = "민서지현준우도하윤예은수영진호성재연아주원시유채건혜승동"
contacts = out / "server-contacts.txt"
contacts.write_text("".join(
    f"{random.choice(surnames)}{random.choice(given)}{random.choice(given)}\t010-{n // 10000:04}-{n % 10000:04}\n"
    for n in range(COUNT)), encoding="utf-8")

subprocess.run(["swift", "build", "--package-path", str(package)], check=True, stdout=sys.stderr)
binary = pathlib.Path(subprocess.run(["swift", "build", "--package-path", str(package), "--show-bin-path"],
                                     check=True, capture_output=True, text=True).stdout.strip()) / "ContactListServer"
server = subprocess.Popen([str(binary), "--port", "0", "--locale", locale, str(contacts)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
report = Report("server")
print("ContactListServer:")
browser = None
try:
    base = None
    deadline = time.time() + 60
    while time.time() < deadline and base is None:
        line = server.stderr.readline()
        match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        if match:
            base = match.group(1)
    if base is None:
        raise SystemExit("the server did not start")

    def api(method, path, body=None):
        request = urllib.request.Request(base + path.lstrip("/"), method=method,
                                         data=json.dumps(body).encode() if body is not None else None,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, None

    def wait_for(expression, timeout=10):
        end = time.time() + timeout
        while time.time() < end:
            value = browser.evaluate(expression)
            if value:
                return value
            time.sleep(0.1)
        return browser.evaluate(expression)

    browser = Browser(width=900, height=700)
    browser.open_tab("window.__violations = []; document.addEventListener('securitypolicyviolation', "
                     "(e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));")
    browser.navigate(base)
    loaded = wait_for("document.querySelectorAll('.row[data-id]').length")
    report.check(loaded and loaded > 5, "the first rows appear", repr(loaded))
    _, stats = api("GET", "/api/stats")
    report.check(0 < stats["cellProviderCalls"] <= 200, f"the cell provider ran only for rows in view "
                 f"({stats['cellProviderCalls']} of {stats['records']})", repr(stats))
    browser.evaluate("window.__sameDocument = true")
    sections = browser.evaluate("window.__contactList.sections.length")

    # Scroll to the middle: rows there load, still only a fraction of the list.
    browser.evaluate("scrollTo(0, document.documentElement.scrollHeight / 2)")
    middle = wait_for("""(() => { const rows = [...document.querySelectorAll('.row')];
        const inView = rows.filter((r) => { const b = r.getBoundingClientRect(); return b.top > 60 && b.bottom < innerHeight; });
        return inView.length > 5 && inView.every((r) => r.dataset.id) ? inView.length : 0; })()""")
    _, after = api("GET", "/api/stats")
    report.check(middle and after["cellProviderCalls"] < COUNT / 20,
                 f"scrolling loads the rows in view by section and range ({after['cellProviderCalls']} cells built in all)",
                 repr((middle, after)))

    # Tap an index title (a real pointer event on the side index): its section comes into view.
    target = browser.evaluate("""(() => { const links = [...document.querySelectorAll('#index a')];
        const a = links[Math.floor(links.length * 2 / 3)]; const b = a.getBoundingClientRect();
        return [b.left + b.width / 2, b.top + b.height / 2, a.dataset.title]; })()""")
    browser.mouse("mousePressed", target[0], target[1])
    browser.mouse("mouseReleased", target[0], target[1], buttons=0)
    shown = wait_for(f"""(() => {{ const s = window.__contactList.sections.find((x) => x.title === {json.dumps(target[2])});
        const top = s.el.getBoundingClientRect().top; const header = document.querySelector('header').getBoundingClientRect().bottom;
        return Math.abs(top - header) < 3 && s.rowsEl.querySelector('.row[data-id]') ? top : 0; }})()""")
    report.check(bool(shown), f"tapping index title {target[2]!r} brings its section and rows into view", repr(shown))
    browser.screenshot(str(out / "server-jump.png"))

    # Insert through the API: the row appears in place without a reload.
    browser.evaluate("scrollTo(0, 0)")
    status, inserted = api("POST", "/contacts", {"name": "가가가 새 연락처", "phone": "010-0000-0001"})
    report.check(status == 201 and inserted["change"]["itemInsertions"], "POST /contacts inserts (201, one item insertion)",
                 repr((status, inserted)))
    new_id = inserted["contact"]["id"]
    row = wait_for(f"""(() => {{ const r = document.querySelector('.row[data-id="{new_id}"]');
        return r ? [r.querySelector('.name').textContent, r.classList.contains('fresh')] : null; }})()""")
    report.check(row == ["가가가 새 연락처", True], "the new contact appears at its row, highlighted", repr(row))
    browser.screenshot(str(out / "server-insert.png"))

    # A contact in an empty section: the section and its index link appear.
    empty = browser.evaluate("""[...document.querySelectorAll('#index span.empty')].map((s) => s.textContent)
        .filter((t) => /^[A-Z]$/.test(t))[0] || null""")
    if empty:
        status, latin = api("POST", "/contacts", {"name": f"{empty}ebecca <img src=x onerror=window.__pwned=1>"})
        latin_id = latin["contact"]["id"]
        appeared = wait_for(f"""(() => {{ const link = [...document.querySelectorAll('#index a')].find((a) => a.textContent === '{empty}');
            return !!link && window.__contactList.sections.some((s) => s.title === '{empty}'); }})()""")
        report.check(bool(latin["change"]["sectionInsertions"]) and appeared,
                     f"a contact under the empty title {empty} inserts section {empty} and makes its index title a link")
        browser.evaluate(f"""(() => {{ const a = [...document.querySelectorAll('#index a')].find((x) => x.textContent === '{empty}'); a.click(); }})()""")
        text = wait_for(f"""(() => {{ const r = document.querySelector('.row[data-id="{latin_id}"]');
            return r ? r.querySelector('.name').textContent : null; }})()""")
        report.check(text == f"{empty}ebecca <img src=x onerror=window.__pwned=1>" and
                     browser.evaluate("window.__pwned === undefined && document.querySelectorAll('main img').length === 0"),
                     "a name with markup shows as text and runs nothing", repr(text))
        status, _ = api("DELETE", f"/contacts/{latin_id}")
        gone = wait_for(f"""(() => !window.__contactList.sections.some((s) => s.title === '{empty}')
            && !!document.querySelector('#index span.empty') && [...document.querySelectorAll('#index span.empty')].some((s) => s.textContent === '{empty}'))()""")
        report.check(status == 200 and gone, f"deleting it removes section {empty} and dims its index title again")

    # Delete the first contact through the API: its row disappears.
    browser.evaluate("scrollTo(0, 0)")
    status, deleted = api("DELETE", f"/contacts/{new_id}")
    version = deleted["version"] if deleted else -1
    vanished = wait_for(f"""window.__contactList.version === {version} && !document.querySelector('.row[data-id="{new_id}"]')
        && window.__contactList.sections[0].rowsEl.querySelectorAll('.row[data-id]').length > 5""")
    report.check(status == 200 and vanished, "DELETE /contacts/:id removes the row", repr((status, deleted)))
    status, _ = api("DELETE", f"/contacts/{new_id}")
    report.check(status == 404, "deleting it again is a 404", repr(status))

    # The model agrees with the server after the edits, and the page never reloaded.
    model = browser.evaluate("""({ same: window.__sameDocument === true, version: window.__contactList.version,
        counts: window.__contactList.sections.map((s) => [s.title, s.count]), violations: window.__violations })""")
    _, index = api("GET", "/api/index")
    report.check(model["same"] and model["version"] == index["version"]
                 and model["counts"] == [[s["title"], s["count"]] for s in index["sections"]],
                 "the page's sections and counts equal the server's after the edits, without a reload",
                 repr((model["version"], index["version"])))
    report.check(not model["violations"], "no Content-Security-Policy violation", repr(model["violations"]))
    # Rows at their places: the visible rows of the first section are the server's rows.
    rows = wait_for("""[...window.__contactList.sections[0].rowsEl.querySelectorAll('.row[data-id]')]
        .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top)).slice(0, 10).map((r) => Number(r.dataset.id))""")
    _, server_rows = api("GET", "/api/rows?section=0&start=0&count=10")
    report.check(rows == [c["id"] for c in server_rows["rows"]][:len(rows)] and rows,
                 "the first rows on the page are the server's first rows, in order", repr((rows, server_rows)))

    # The search endpoint answers from the library's index: the first contact's first two
    # characters find it, in its section, with the matched part of its name; typing on
    # narrows; a query that matches nothing gives no sections.
    first = server_rows["rows"][0]
    prefix = first["name"][:2]
    status, found = api("GET", "/api/search?q=" + urllib.parse.quote(prefix) + "&limit=500")
    names = [row["cell"]["name"] for section in found["sections"] for row in section["rows"]]
    report.check(status == 200 and first["name"] in names and found["sections"][0]["title"] == index["sections"][0]["title"],
                 f"GET /api/search?q={prefix} finds {first['name']!r} in its section", repr(found)[:300])
    hit = next(row for section in found["sections"] for row in section["rows"] if row["cell"]["id"] == first["id"])
    report.check(hit["match"] == [0, len(prefix.encode("utf-16-le")) // 2], "the match is the typed prefix of the name",
                 repr(hit))
    report.check(len(found["indexCounts"]) == len(index["indexTitles"]) and sum(found["indexCounts"]) == found["total"],
                 "per-title match counts cover every index title", repr(found["indexCounts"]))
    _, longer = api("GET", "/api/search?q=" + urllib.parse.quote(first["name"]))
    report.check(0 < longer["total"] <= found["total"], "a longer query narrows the result", repr((longer["total"], found["total"])))
    # Phone numbers: the contact's number without its dashes, and with the region's +82
    # instead of the trunk 0, find it, and the row names the phone as the matched field.
    phone = first["phone"]
    for query in [phone.replace("-", ""), "+82" + phone.replace("-", "")[1:], phone.replace("-", "")[3:9]]:
        _, by_phone = api("GET", "/api/search?q=" + urllib.parse.quote(query) + "&limit=500")
        rows = [row for section in by_phone["sections"] for row in section["rows"] if row["cell"]["id"] == first["id"]]
        report.check(len(rows) == 1 and rows[0]["field"] == "phone", f"GET /api/search?q={query} finds the contact by its phone",
                     repr(rows)[:300])
    _, none = api("GET", "/api/search?q=" + urllib.parse.quote("zzzzqqqq"))
    report.check(none["total"] == 0 and none["sections"] == [], "a query that matches nothing has no sections", repr(none))
finally:
    if browser:
        browser.close()
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
report.check(server.poll() is not None, "the server stopped")
print(f"  {report.failures} failed")
sys.exit(1 if report.failures else 0)
