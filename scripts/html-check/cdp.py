"""A tiny Chrome DevTools Protocol client over --remote-debugging-pipe (no packages needed).

Chromium reads NUL-terminated JSON commands on fd 3 and writes replies and events on fd 4.
"""
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class CDPError(Exception):
    pass


class Browser:
    def __init__(self, width=900, height=700, dark=False):
        binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not binary:
            raise CDPError("chromium not found (apt-get install chromium)")
        self.profile = tempfile.mkdtemp(prefix="check-html-profile-")
        to_browser_read, self._write = os.pipe()
        self._read, from_browser_write = os.pipe()

        def wire():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        args = [binary, "--headless=new", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
                "--disable-gpu", "--disable-extensions", "--disable-background-networking", "--disable-sync",
                "--allow-file-access-from-files", f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
                "--hide-scrollbars", "--force-device-scale-factor=1", "about:blank"]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")
        self.process = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=wire,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._next_id = 0
        self._buffer = b""
        self.events = []
        self.session = None
        self.width, self.height, self.dark = width, height, dark

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _messages(self, timeout):
        deadline = time.time() + timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                yield json.loads(raw)
            remaining = deadline - time.time()
            if remaining <= 0:
                raise CDPError("timed out waiting for the browser")
            ready, _, _ = select.select([self._read], [], [], remaining)
            if ready:
                chunk = os.read(self._read, 1 << 20)
                if not chunk:
                    raise CDPError("the browser closed its pipe")
                self._buffer += chunk

    def send(self, method, params=None, session=True, timeout=60):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        for reply in self._messages(timeout):
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise CDPError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, method, timeout=60):
        for index, event in enumerate(self.events):
            if event["method"] == method:
                return self.events.pop(index)
        for message in self._messages(timeout):
            if message.get("method") == method:
                return message
            if "method" in message:
                self.events.append(message)

    def open_tab(self, prelude=""):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable")
        self.send("Page.bringToFront")
        self.send("Emulation.setFocusEmulationEnabled", {"enabled": True})
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False})
        if self.dark:
            self.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        if prelude:
            self.send("Page.addScriptToEvaluateOnNewDocument", {"source": prelude})

    def navigate(self, url, timeout=120):
        self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired", timeout)

    def evaluate(self, expression, timeout=60):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                           timeout=timeout)
        if "exceptionDetails" in result:
            raise CDPError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path):
        import base64
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def mouse(self, kind, x, y, buttons=1):
        self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons,
                                               "clickCount": 1, "pointerType": "mouse"})

    def key(self, key, code=None):
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code or key,
                                                 "windowsVirtualKeyCode": {"ArrowDown": 40, "ArrowUp": 38, "Enter": 13,
                                                                           "Home": 36, "End": 35, "Tab": 9}.get(key, 0)})

    def dialogs(self):
        return [e for e in self.events if e["method"] == "Page.javascriptDialogOpening"]
