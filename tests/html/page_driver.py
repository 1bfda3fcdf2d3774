"""What the players'-page tests share: headless Chromium driven over its
DevTools pipe (no extra package), a `coyel serve` of a save the test rewrites,
a simulated 30-player game cut at each of its moments, and a bare /events
stream."""
import base64, datetime, fcntl, json, os, re, socket, subprocess, sys, time

FACTOR = float(os.environ.get("COYEL_TIME_FACTOR", "1"))  # sanitizer builds are slower
# Names as long as allowed (24 characters) and short ones, as at a real table.
NAMES = ["Ana", "Bartholomew", "Cleopatra-Magdalena", "Dan", "Émile", "Finnegan", "Gus",
         "HannaMaximilianaKonstant", "Inès", "Joaquín", "Kai", "Léonie-Charlotte", "Mo",
         "Nikolaos", "Oona", "Pierre-Alexandre", "Quentin", "Rosalind", "Siddharth", "Tomás",
         "Ulrike", "Valentina", "Wolfgang", "Xiomara", "Yusuf", "Zélie", "Aurélien", "Bérénice",
         "Constantin", "Dagmar"]


def fail(why):
    print("FAIL:", why, file=sys.stderr)
    sys.exit(1)


# Script for a page's measure: over every text it shows, `smallest` (the
# smallest type, in px) and `broken` (each word laid on two lines; a line may
# end after a hyphen).
TEXTS = """
  const size = el => parseFloat(getComputedStyle(el).fontSize);
  let smallest = Infinity, broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const shown = node.parentElement;
    if (!shown || !shown.getClientRects().length || !node.textContent.trim()) continue;
    smallest = Math.min(smallest, size(shown));
    // A word, or the part of one after a hyphen, where a line may end.
    for (const word of node.textContent.matchAll(/[^\\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                                                      .map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(word[0]);
    }
  }"""


def open_stream(port, source, seconds):
    """An /events stream from the address `source`, read until its first
    state: the socket, or why there is none (a string)."""
    try:
        sock = socket.create_connection(("127.0.0.1", port), seconds, (source, 0))
        sock.sendall(b"GET /events HTTP/1.1\r\nHost: coyel\r\n\r\n")
        answer = b""
        while b"data: {" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                sock.close()
                return f"closed: {answer[:60]!r}"
            answer += chunk
    except OSError as error:
        return f"no stream: {error}"
    return sock


class Chromium:
    """One headless Chromium, one page, commands over --remote-debugging-pipe."""

    def __init__(self, profile):
        high = lambda fd: fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
        to_r, self.to_w = map(high, os.pipe())
        self.from_r, from_w = map(high, os.pipe())

        def child_fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)
        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--hide-scrollbars", "--user-data-dir=" + profile, "--remote-debugging-pipe",
             "about:blank"],
            preexec_fn=child_fds, close_fds=False, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.pending, self.next_id, self.session = b"", 0, None
        self.events = []  # what Chromium said unasked (console, exceptions), in order
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]

    def call(self, method, params, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session or self.session:
            message["sessionId"] = session or self.session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.pending:
                chunk = os.read(self.from_r, 1 << 16)
                if not chunk:
                    fail("chromium closed the pipe")
                self.pending += chunk
            raw, self.pending = self.pending.split(b"\0", 1)
            answer = json.loads(raw)
            if "method" in answer:
                self.events.append(answer)
            elif answer.get("id") == self.next_id:
                if "error" in answer:
                    fail(f"{method}: {answer['error']}")
                return answer["result"]

    def open(self, url, width, height, mobile=False):
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        self.call("Page.navigate", {"url": url})

    def new_page(self, url, width, height):
        """Another page (a phone), with its own session: the session's id, for
        the `session` of call, value and wait_for. Its requests are recorded
        (Network events) and its console and exceptions (Runtime events)."""
        browser_session, self.session = self.session, None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
        self.session = browser_session
        session = session["sessionId"]
        for domain in ("Network.enable", "Runtime.enable", "Log.enable"):
            self.call(domain, {}, session)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
                  session)
        self.call("Page.navigate", {"url": url}, session)
        return session

    def value(self, expression, session=None):
        answer = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                           session)
        return answer["result"].get("value")

    def wait_for(self, expression, seconds, what, session=None):
        until = time.monotonic() + seconds * FACTOR
        while time.monotonic() < until:
            if self.value(expression, session):
                return
            time.sleep(0.02)
        fail(f"the page never showed {what} ({expression})")

    def problems(self, allowed=()):
        """What the pages threw or logged as an error or a warning (a policy's
        violation among them), but a network error with an `allowed` status."""
        def allowed_status(event):
            text = event["params"].get("entry", {}).get("text", "")
            return any(f"status of {status} " in text for status in allowed)
        return [event for event in self.events
                if (event["method"] in ("Runtime.exceptionThrown", "Log.entryAdded")
                    or (event["method"] == "Runtime.consoleAPICalled"
                        and event["params"]["type"] in ("error", "warning")))
                and not allowed_status(event)]

    def screenshot(self, path):
        shot = self.call("Page.captureScreenshot", {"format": "png"})
        with open(path, "wb") as out:
            out.write(base64.b64decode(shot["data"]))

    def close(self):
        self.process.kill()
        self.process.wait()


def thirty_player_game(coyel, folder):
    """A simulated, finished 30-player game with long names, as a save's JSON
    from before news was held: no "told" and no `tell`, so that every prefix
    of its log is a game told as it was played."""
    games = os.path.join(folder, "simulated")
    subprocess.run([coyel, "balance", "--players", "30", "--games", "4", "--seed", "35",
                    "--save-games", games], check=True, stdout=subprocess.DEVNULL)
    longest = max((json.load(open(os.path.join(games, name))) for name in os.listdir(games)),
                  key=lambda game: len(game["log"]))
    longest.pop("told", None)
    longest["log"] = [entry for entry in longest["log"] if entry["do"] != "tell"]
    text = json.dumps(longest)
    for seat in range(30, 0, -1):  # P30 before P3
        text = text.replace(f'"P{seat}"', json.dumps(NAMES[seat - 1]))
    return json.loads(text)


def moment(game, count, live):
    """The game after its first `count` log entries, each told as it was
    played; with `live`, the clock running from now and a
    90-second timer, as in a playing coyel."""
    cut = dict(game)
    cut["log"] = game["log"][:count]
    if live and 0 < count < len(game["log"]):
        now = datetime.datetime.now(datetime.timezone.utc)
        stamp = lambda at: at.strftime("%Y-%m-%dT%H:%M:%S.") + f"{at.microsecond // 1000:03d}Z"
        cut["live"] = {"running": True, "wall": stamp(now),
                       "timer_ends": stamp(now + datetime.timedelta(seconds=90))}
    return cut


def late_vote(game, left=2):
    """The game in its longest vote, every ballot cast but the last `left`
    (seat order): the moment the TV shows the most ballots."""
    votes = [i for i, entry in enumerate(game["log"]) if entry["do"] == "vote"]
    at = max(votes, key=lambda i: len(game["log"][i]["votes"]))
    cut = moment(game, at, live=True)
    cast = list(game["log"][at]["votes"].items())[:-left]
    cut["pending"] = {"votes": dict(cast), "at": max(game["log"][at - 1]["at"],
                                                      game["log"][at]["at"] - 1)}
    return cut


def write_save(path, game):
    """Replaces the save at once, as coyel does: a reader never sees half of it."""
    with open(path + ".tmp", "w") as out:
        json.dump(game, out, ensure_ascii=False)
    os.replace(path + ".tmp", path)


def hold_lock(save):
    """The save's lock, held as a playing coyel holds it: the page's clock ticks."""
    folder, name = os.path.split(save)
    lock = open(os.path.join(folder, "." + name + ".lock"), "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    return lock


def serve(coyel, save, folder, bind="127.0.0.1", lang="en", port=0):
    """`coyel serve SAVE` on `port` (0: a free one), in `lang`: (process, address)."""
    out = open(os.path.join(folder, f"serve-{lang}-{port}.out"), "w+")
    server = subprocess.Popen([coyel, "serve", save, "--port", str(port), "--bind", bind,
                               "--lang", lang],
                              stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    until = time.monotonic() + 10 * FACTOR
    while time.monotonic() < until:
        out.seek(0)
        found = re.search(r"http://[0-9.]+:[0-9]+/", out.read())
        if found:
            return server, found.group(0)
        if server.poll() is not None:
            break
        time.sleep(0.05)
    out.seek(0)
    fail("serve printed no address: " + out.read())


def check_moments(coyel, game, folder):
    """Fails unless every moment of `game` loads (`coyel check`)."""
    path = os.path.join(folder, "moment.json")
    for count in range(len(game["log"]) + 1):
        write_save(path, moment(game, count, live=True))
        checked = subprocess.run([coyel, "check", path], capture_output=True, text=True)
        if checked.returncode != 0:
            fail(f"the moment after {count} entries does not load: {checked.stdout}{checked.stderr}")
