"""Hostile requests and a bounded load against Examples/ContactListServer (no browser).

usage: check_server_faults.py PACKAGE_DIR OUTDIR [LOCALE]
Builds and starts the server on a free port, and stops it at the end. Checks, in about a
minute:
- numbers past Int's range, negative or not numbers, over-long texts (counted in UTF-8
  bytes: one "character" of 300,000 combining marks is not short) get a 400 with a message
  naming the parameter, and the server stays up (`start=9223372036854775807` once killed it);
- connections that send nothing, part of a request head, or a body a byte at a time are
  closed by the server (idle/header and request timeouts), while others are served;
- a bounded load (several keep-alive clients) gets no error, and the server's memory stays
  bounded.
Exit status 1 when any check fails.
"""
import http.client
import json
import pathlib
import random
import re
import socket
import subprocess
import sys
import threading
import time

package, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
locale = sys.argv[3] if len(sys.argv) > 3 else "ko_KR"
out.mkdir(parents=True, exist_ok=True)
IDLE_TIMEOUT = 10      # RequestLimits.idleTimeout
REQUEST_TIMEOUT = 20   # RequestLimits.requestTimeout
random.seed(39)
surnames = "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설"
given = "민서지현준우도하윤예은수영진호성재연아주원시유채건혜승동"
contacts = out / "server-fault-contacts.txt"
contacts.write_text("".join(
    f"{random.choice(surnames)}{random.choice(given)}{random.choice(given)}\t010-{n // 10000:04}-{n % 10000:04}\n"
    for n in range(5_000)), encoding="utf-8")

subprocess.run(["swift", "build", "--package-path", str(package)], check=True, stdout=sys.stderr)
binary = pathlib.Path(subprocess.run(["swift", "build", "--package-path", str(package), "--show-bin-path"],
                                     check=True, capture_output=True, text=True).stdout.strip()) / "ContactListServer"
server = subprocess.Popen([str(binary), "--port", "0", "--locale", locale, str(contacts)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
failures = []


def check(condition, what, detail=""):
    print(f"  {'ok  ' if condition else 'FAIL'} {what}" + ("" if condition else f": {detail}"))
    if not condition:
        failures.append(what)


def rss_kib():
    for line in pathlib.Path(f"/proc/{server.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


print("ContactListServer under hostile requests and load:")
sockets = []
try:
    port = None
    deadline = time.time() + 120
    while time.time() < deadline and port is None:
        line = server.stderr.readline()
        match = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
        if match:
            port = int(match.group(1))
    if port is None:
        raise SystemExit("the server did not start")
    # The server's stderr is not read from here on: keep its pipe from filling.
    threading.Thread(target=lambda: server.stderr.read(), daemon=True).start()

    def request(method, path, body=None, timeout=10):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        try:
            data = json.dumps(body).encode() if body is not None else None
            connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            return response.status, response.read().decode("utf-8", "replace")
        finally:
            connection.close()

    def alive():
        try:
            return server.poll() is None and request("GET", "/api/index")[0] == 200
        except OSError:
            return False

    # 1. Hostile parameters: a 400 naming what is wrong, never a crash.
    big = "9223372036854775807"
    hostile = [
        ("GET", f"/api/rows?section=0&start={big}&count=1", "start must be an integer"),
        ("GET", f"/api/rows?section=0&start=0&count={big}", "count must be an integer"),
        ("GET", "/api/rows?section=0&start=-1&count=1", "start must be an integer"),
        ("GET", "/api/rows?section=0&start=99999999999999999999999&count=1", "start must be an integer"),
        ("GET", f"/api/rows?section={big}&start=0&count=1", "section must be an integer"),
        ("GET", "/api/rows?section=x&start=0&count=1", "section must be an integer"),
        ("GET", "/api/rows?section=0&count=1", "start must be an integer"),
        ("GET", f"/api/jump?title=A&index={big}", "index must be an integer"),
        ("GET", f"/api/search?q=a&limit={big}", "limit must be an integer"),
        ("GET", "/api/search?q=" + "a" * 801, "at most 800 bytes"),
        ("GET", "/api/search?q=" + "%EA%B0%80" * 300, "at most 800 bytes"),
        ("GET", f"/api/changes?since={big}", "since must be an integer"),
        ("GET", f"/api/changes?since=-{big}", "since must be an integer"),
    ]
    for method, path, message in hostile:
        status, text = request(method, path)
        check(status == 400 and message in text, f"{method} {path[:70]} → 400 ({message})", repr((status, text[:200])))
    # Names in UTF-8 bytes: one grapheme of 300,000 combining marks is 600 KB.
    status, text = request("POST", "/contacts", {"name": "a" + "\u0301" * 300_000})
    check(status == 400 and "bytes" in text, "a one-character name of 600 KB is refused (400)", repr((status, text[:200])))
    status, text = request("POST", "/contacts", {"name": "가" * 267})
    check(status == 400, "a name of 801 bytes is refused (400)", repr((status, text[:200])))
    status, text = request("POST", "/contacts", {"name": "가나", "phone": "1" * 801})
    check(status == 400, "a phone of 801 bytes is refused (400)", repr((status, text[:200])))
    status, text = request("POST", "/contacts", {"name": "가" * 266 + "a" * 2})
    check(status == 201, "a name of 800 bytes is taken (201)", repr((status, text[:200])))
    if status == 201:
        new_id = json.loads(text)["contact"]["id"]
        check(request("DELETE", f"/contacts/{new_id}")[0] == 200, "and removed again (200)")
    status, _ = request("DELETE", "/contacts/99999999999999999999999")
    check(status in (400, 404), "DELETE of an id past Int's range → 400/404", repr(status))
    status, text = request("GET", "/api/rows?section=0&start=0&count=3")
    check(status == 200 and len(json.loads(text)["rows"]) == 3, "a good page still reads", repr((status, text[:200])))
    check(alive(), "the server is still up after the hostile requests")

    # 2. Connections that send nothing, part of a head, or a body a byte at a time.
    def connect():
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        sockets.append(s)
        return s

    silent = [connect() for _ in range(100)]
    partial = []
    for _ in range(300):
        s = connect()
        s.sendall(b"GET /api/index HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        partial.append(s)
    trickle = []
    for _ in range(20):
        s = connect()
        s.sendall(b"POST /contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
        trickle.append(s)
    check(alive(), "400 idle and half-sent connections open: others are still served")

    def closed(s):
        """Whether the server closed the connection (reads end, or it was reset)."""
        try:
            s.settimeout(0.05)
            return s.recv(1) == b""
        except socket.timeout:
            return False
        except OSError:
            return True

    start = time.time()
    while time.time() - start < IDLE_TIMEOUT + 5:
        # The trickle keeps sending (a byte every 2 s: well inside the idle timeout).
        for s in trickle:
            try:
                s.sendall(b" ")
            except OSError:
                pass
        if all(closed(s) for s in silent + partial):
            break
        time.sleep(2)
    waited = time.time() - start
    open_count = sum(not closed(s) for s in silent + partial)
    check(open_count == 0, f"connections sending nothing or part of a head are closed (after {waited:.0f} s)",
          f"{open_count} of {len(silent) + len(partial)} still open")
    while time.time() - start < REQUEST_TIMEOUT + 8:
        for s in trickle:
            try:
                s.sendall(b" ")
            except OSError:
                pass
        if all(closed(s) for s in trickle):
            break
        time.sleep(2)
    waited = time.time() - start
    open_count = sum(not closed(s) for s in trickle)
    check(open_count == 0, f"bodies sent a byte at a time are cut off (after {waited:.0f} s)",
          f"{open_count} of {len(trickle)} still open")
    for s in sockets:
        s.close()
    sockets.clear()
    check(alive(), "the server is still up after the slow connections")

    # 3. A bounded load: keep-alive clients asking for pages, the index, searches.
    errors = []
    counts = []
    paths = ["/api/index", "/api/rows?section=0&start=0&count=50", "/api/rows?section=3&start=10&count=20",
             "/api/search?q=%EA%B9%80&limit=50", "/api/search?q=%E3%84%B1%E3%85%81&limit=20", "/api/stats",
             f"/api/rows?section=1&start={big}&count=1"]

    def client(seed):
        generator = random.Random(seed)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        done = 0
        try:
            for _ in range(300):
                path = generator.choice(paths)
                connection.request("GET", path)
                response = connection.getresponse()
                response.read()
                if response.status != (400 if big in path else 200):
                    errors.append((path, response.status))
                done += 1
        except OSError as error:
            errors.append(("connection", repr(error)))
        finally:
            connection.close()
            counts.append(done)

    before = rss_kib()
    start = time.time()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.time() - start
    after = rss_kib()
    total = sum(counts)
    check(not errors and total == 8 * 300,
          f"{total} requests from 8 keep-alive clients in {seconds:.1f} s ({total / max(seconds, 0.001):.0f}/s), no error",
          repr(errors[:5]))
    check(after < 512 * 1024, f"the server's memory stays bounded ({before // 1024} MB before, {after // 1024} MB after)",
          f"{after} KiB")
    check(alive(), "the server is still up after the load")
finally:
    for s in sockets:
        s.close()
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()

print(f"check_server_faults: {'all passed' if not failures else f'{len(failures)} check(s) failed'}")
sys.exit(1 if failures else 0)
