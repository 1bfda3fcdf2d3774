#!/usr/bin/env python3
"""Opens URL in headless Chromium (DevTools over a pipe, no extra package)
and prints, once a second for SECONDS, what the page keeps on <body>: the
states received and each degree and countdown figure it showed, without
reloading. Usage: watch_page.py URL SECONDS PROFILE-FOLDER"""
import fcntl, json, os, subprocess, sys, time

url, seconds, profile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
# Chromium reads commands on its fd 3 and answers on fd 4.
high = lambda fd: fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
to_chrome_r, to_chrome_w = map(high, os.pipe())
from_chrome_r, from_chrome_w = map(high, os.pipe())
def child_fds():
    os.dup2(to_chrome_r, 3)
    os.dup2(from_chrome_w, 4)
chrome = subprocess.Popen(
    ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
     "--disable-background-networking", "--disable-component-update", "--disable-sync",
     "--user-data-dir=" + profile, "--remote-debugging-pipe", "about:blank"],
    preexec_fn=child_fds, close_fds=False, stdout=subprocess.DEVNULL,
    stderr=subprocess.DEVNULL)
os.close(to_chrome_r); os.close(from_chrome_w)
pending = b""
next_id = 0

def call(method, params, session=None):
    global next_id, pending
    next_id += 1
    message = {"id": next_id, "method": method, "params": params}
    if session: message["sessionId"] = session
    os.write(to_chrome_w, json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in pending:
            chunk = os.read(from_chrome_r, 65536)
            if not chunk: sys.exit("chromium closed the pipe")
            pending += chunk
        raw, pending = pending.split(b"\0", 1)
        answer = json.loads(raw)
        if answer.get("id") == next_id:
            if "error" in answer: sys.exit(f"{method}: {answer['error']}")
            return answer["result"]

try:
    target = call("Target.createTarget", {"url": url})["targetId"]
    session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for _ in range(seconds):
        time.sleep(1)
        seen = call("Runtime.evaluate", {"expression": "JSON.stringify(document.body.dataset)",
                                         "returnByValue": True}, session)
        print(seen["result"].get("value", "{}"), flush=True)
    text = call("Runtime.evaluate", {"expression": "document.getElementById('players').innerHTML",
                                     "returnByValue": True}, session)
    print("players:", text["result"].get("value", ""), flush=True)
finally:
    chrome.kill()
