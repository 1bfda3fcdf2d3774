#!/usr/bin/env python3
"""A hostile guest on the party's Wi-Fi, with many addresses, against the
server of a game in play (`coyel resume --serve`, its answers from a pipe),
on loopback only. First 12 connections each send up to 1,000,000 header
lines. Then a crowd of 48 addresses (127.0.1.1-48) each keeps 16 slow
connections dripping their headers a byte a second and 8 /events streams
open, opening a new one at once whenever one is closed: more than every
connection place and every stream place. Meanwhile, each second, a new
phone at a fresh address must have /state.json within 1 s, and a new page
its stream's first state within 2 s; a note typed into the game must be
saved; the server's memory must stay within 64 MB of where it began and its
descriptors under its bound. At the end the game leaves with exit 0, its
save holding the note and loading. Then a second server on the port is
refused. About 12 s.
Usage: attack_test.py PATH/TO/coyel SAVE.json"""
import http.client, json, os, re, resource, selectors, shutil, signal, socket, subprocess, sys
import tempfile, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "html"))
from page_driver import open_stream  # noqa: E402

coyel, sample = sys.argv[1], sys.argv[2]
factor = float(os.environ.get("COYEL_TIME_FACTOR", "1"))  # sanitizer builds are slower
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
folder = tempfile.mkdtemp()
save = os.path.join(folder, "g.json")
shutil.copy(sample, save)
CROWD = [f"127.0.1.{i}" for i in range(1, 49)]  # 48 addresses
SLOW_EACH, STREAMS_EACH = 16, 8
CROWD_SECONDS = 8


def fail(why):
    print("FAIL:", why, file=sys.stderr)
    sys.exit(1)


def kib(pid, key):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(rf"^{key}:\s+(\d+) kB", status.read(), re.M).group(1))


def printed(out):
    out.seek(0)
    return out.read()


def flood(port, results):
    """One request whose headers never end: how many bytes went in before the
    server closed the connection (None: it never did)."""
    sock = socket.socket()
    sock.settimeout(10)
    sock.bind(("127.0.0.2", 0))
    try:
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET /state.json HTTP/1.1\r\nHost: coyel\r\n")
        lines, sent = b"X-Flood: 0123456789\r\n" * 3000, 0
        while sent < 1_000_000 * 21:
            sock.sendall(lines)
            sent += len(lines)
        results.append(None)
    except OSError:
        results.append(sent if "sent" in locals() else 0)
    finally:
        sock.close()


class Crowd:
    """48 addresses keeping every place they can: slow requests dripping
    their headers, and /events streams read as they come; whatever the
    server closes is opened again at once."""

    def __init__(self, port):
        self.port, self.selector = port, selectors.DefaultSelector()
        self.slow = {address: set() for address in CROWD}
        self.streams = {address: set() for address in CROWD}
        self.opened = self.closed = 0
        self.fed = set()  # the streams that had their state: the server holds them

    def open(self, address, stream):
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((address, 0))
        try:
            sock.connect(("127.0.0.1", self.port))
        except BlockingIOError:
            pass
        except OSError:
            sock.close()
            return
        request = (b"GET /events HTTP/1.1\r\nHost: coyel\r\n\r\n" if stream
                   else b"GET /state.json HTTP/1.1\r\nHost: coyel\r\n")
        self.selector.register(sock, selectors.EVENT_WRITE, (address, stream, request))
        (self.streams if stream else self.slow)[address].add(sock)
        self.opened += 1

    def drop(self, sock, address, stream):
        self.selector.unregister(sock)
        (self.streams if stream else self.slow)[address].discard(sock)
        self.fed.discard(sock)
        sock.close()
        self.closed += 1

    def top_up(self):
        for address in CROWD:  # the streams first: every stream place is what it wants most
            for _ in range(STREAMS_EACH - len(self.streams[address])):
                self.open(address, True)
            for _ in range(SLOW_EACH - len(self.slow[address])):
                self.open(address, False)

    def turn(self, drip, top_up=True):
        for key, events in self.selector.select(0.02):
            sock, (address, stream, request) = key.fileobj, key.data
            try:
                if events & selectors.EVENT_WRITE:  # connected: its request, or its first part
                    sock.send(request)
                    self.selector.modify(sock, selectors.EVENT_READ, key.data)
                else:
                    chunk = sock.recv(65536)
                    if not chunk or b" 503 " in chunk:  # closed, or refused: try again
                        self.drop(sock, address, stream)
                    elif stream and b"data: {" in chunk:
                        self.fed.add(sock)
            except OSError:
                self.drop(sock, address, stream)
        if drip:  # a byte a second on every slow request: never a whole header
            for address in CROWD:
                for sock in list(self.slow[address]):
                    try:
                        sock.send(b"X")
                    except OSError:
                        pass
        if top_up:
            self.top_up()

    def close(self):
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()


def phone(source, port):
    """Seconds for a new phone at `source` to have /state.json."""
    began = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10 * factor,
                                            source_address=(source, 0))
    try:
        connection.request("GET", "/state.json")
        answer = connection.getresponse()
        body = answer.read()
    except OSError as error:
        return f"no answer: {error}"
    finally:
        connection.close()
    if answer.status != 200 or b'"phase"' not in body:
        return f"{answer.status}: {body[:80]!r}"
    return time.monotonic() - began


def new_page(source, port):
    """Seconds for a new page at `source` to have its stream's first state."""
    began = time.monotonic()
    sock = open_stream(port, source, 10 * factor)
    if isinstance(sock, str):
        return sock
    sock.close()
    return time.monotonic() - began


def newcomers(port, waits, stop):
    """A new phone and a new page each second, each at a fresh address."""
    fresh = 1
    while not stop.wait(1):
        waits["phone"].append(phone(f"127.0.2.{fresh}", port))
        waits["page"].append(new_page(f"127.0.3.{fresh}", port))
        fresh += 1


out = open(os.path.join(folder, "game.out"), "w+")
game = subprocess.Popen([coyel, "resume", save, "--serve", "--port", "0", "--bind", "127.0.0.1"],
                        stdin=subprocess.PIPE, stdout=out, stderr=subprocess.STDOUT,
                        env=dict(os.environ, COYEL_LANG="en"))
crowd, stop = None, threading.Event()
try:
    deadline = time.monotonic() + 10 * factor
    while not re.search(r"http://127\.0\.0\.1:(\d+)/", printed(out)):
        if time.monotonic() > deadline or game.poll() is not None:
            fail("the game printed no address: " + printed(out))
        time.sleep(0.05)
    port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", printed(out)).group(1))
    if not isinstance(phone("127.0.0.1", port), float):
        fail("the page does not answer before the attack")
    began_kib = kib(game.pid, "VmRSS")

    # ---- Header floods: 12 requests of up to 1,000,000 header lines each
    results = []
    floods = [threading.Thread(target=flood, args=(port, results)) for _ in range(12)]
    for thread in floods:
        thread.start()
    for thread in floods:
        thread.join(60 * factor)
    if None in results or len(results) != 12:
        fail(f"a header flood was never cut off ({results})")
    print(f"attack: 12 header floods cut off after {max(results) // 1024} KiB at most")

    # ---- The crowd, with newcomers among it and a note typed into the game
    crowd = Crowd(port)
    crowd.top_up()
    waits = {"phone": [], "page": []}
    watcher = threading.Thread(target=newcomers, args=(port, waits, stop), daemon=True)
    started = time.monotonic()
    next_drip = started + 1
    descriptors = peak_kib = 0
    noted = False
    while time.monotonic() - started < CROWD_SECONDS * factor:
        if not watcher.is_alive() and time.monotonic() - started > 2:
            watcher.start()  # once the crowd holds every place
        drip = time.monotonic() >= next_drip
        next_drip += 1 if drip else 0
        crowd.turn(drip)
        if not noted and time.monotonic() - started > CROWD_SECONDS * factor / 2:
            game.stdin.write(b"note typed under attack\n")
            game.stdin.flush()
            noted = True
        descriptors = max(descriptors, len(os.listdir(f"/proc/{game.pid}/fd")))
    drained = time.monotonic() + 0.3
    while time.monotonic() < drained:  # what the server closed last, seen closed
        crowd.turn(False, top_up=False)
    if len(crowd.fed) < 60:
        fail(f"the crowd held only {len(crowd.fed)} streams: not every place was taken")
    peak_kib = kib(game.pid, "VmHWM")
    with open(save) as file:
        saved_mid_attack = "typed under attack" in file.read()
    stop.set()
    watcher.join(30 * factor)
    if game.poll() is not None:
        fail("the game died under attack: " + printed(out))
    phones, pages = waits["phone"], waits["page"]
    failed = [wait for wait in phones + pages if not isinstance(wait, float)]
    if failed or len(phones) < 5:
        fail(f"newcomers under attack: {failed or phones}")
    print(f"attack: 48 addresses kept trying {len(CROWD) * SLOW_EACH} slow requests and "
          f"{len(CROWD) * STREAMS_EACH} streams: {crowd.opened} connections in {CROWD_SECONDS} s, "
          f"{crowd.closed} closed by the server; at the end it fed {len(crowd.fed)} of their "
          f"streams")
    print(f"attack: {len(phones)} new phones had /state.json in {max(phones) * 1000:.0f} ms at "
          f"most, {len(pages)} new pages their stream's state in {max(pages) * 1000:.0f} ms at "
          f"most; {descriptors} descriptors at most; memory {began_kib // 1024} MB, then "
          f"{peak_kib // 1024} MB at peak")
    if max(phones) > 1.0 * factor:
        fail(f"a new phone waited {max(phones):.2f} s under attack")
    if max(pages) > 2.0 * factor:
        fail(f"a new page waited {max(pages):.2f} s for its stream under attack")
    if peak_kib - began_kib > 64 * 1024:
        fail(f"the game grew from {began_kib} KiB to {peak_kib} KiB under attack")
    if descriptors > 256 + 32 + 32:
        fail(f"the game held {descriptors} descriptors")
    if not saved_mid_attack:
        fail("the note typed under attack was not saved at once: " + printed(out)[-600:])
    crowd.close()
    crowd = None

    # ---- A second server on the same port is refused, at once, in one line
    second = subprocess.run([coyel, "serve", save, "--port", str(port), "--bind", "127.0.0.1"],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=10 * factor, env=dict(os.environ, COYEL_LANG="en"))
    if second.returncode == 0 or "Address already in use" not in second.stderr or \
            len(second.stderr.strip().splitlines()) != 1:
        fail(f"a second server on a taken port: {second.returncode}, {second.stderr}")
    print("attack: a second server on the same port refused:", second.stderr.strip())

    # ---- The game leaves as usual, its save whole
    game.stdin.close()
    if game.wait(20 * factor) != 0:
        fail("the game did not leave with 0: " + printed(out))
    if "Could not save" in printed(out):
        fail("a save failed under attack: " + printed(out))
    with open(save) as file:
        last = json.load(file)["log"][-1]
    if last.get("text") != "typed under attack":
        fail(f"the save's last entry is not the note: {last}")
    checked = subprocess.run([coyel, "check", save], capture_output=True, text=True)
    if checked.returncode != 0:
        fail("the save does not load: " + checked.stdout + checked.stderr)
    print("attack: the game saved every input and left with 0:", checked.stdout.strip())
finally:
    stop.set()
    if crowd:
        crowd.close()
    if game.poll() is None:
        game.send_signal(signal.SIGTERM)
        try:
            game.wait(10 * factor)
        except subprocess.TimeoutExpired:
            game.kill()
    shutil.rmtree(folder, ignore_errors=True)
print("attack: ok")
