#!/usr/bin/env python3
"""A hostile guest on the party's Wi-Fi against `coyel serve`, on loopback
only: 12 connections each sending up to 1,000,000 header lines, then 300
idle connections and 300 dripping one byte a second, from other addresses
(127.0.0.2 and 127.0.0.3); meanwhile a new phone (127.0.0.1) and another
(127.0.0.4) must each have /state.json within 1 s, the server's peak memory
stay within 64 MB of where it began, and its descriptors under its limit.
Then a second server on the same port must be refused. About 20 s.
Usage: attack_test.py PATH/TO/coyel SAVE.json"""
import http.client, os, re, resource, shutil, signal, socket, subprocess, sys, tempfile
import threading, time

coyel, sample = sys.argv[1], sys.argv[2]
factor = float(os.environ.get("COYEL_TIME_FACTOR", "1"))  # sanitizer builds are slower
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
folder = tempfile.mkdtemp()
save = os.path.join(folder, "g.json")
shutil.copy(sample, save)
held = []  # every socket opened, closed at the end


def fail(why):
    print("FAIL:", why, file=sys.stderr)
    sys.exit(1)


def start_server(port):
    out = open(os.path.join(folder, f"serve-{port}.out"), "w+")
    server = subprocess.Popen([coyel, "serve", save, "--port", str(port), "--bind", "127.0.0.1"],
                              stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                              env=dict(os.environ, COYEL_LANG="en"))
    return server, out


def printed(out):
    out.seek(0)
    return out.read()


def kib(pid, key):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(rf"^{key}:\s+(\d+) kB", status.read(), re.M).group(1))


def connect(source, port, timeout=5):
    sock = socket.socket()
    sock.settimeout(timeout)
    sock.bind((source, 0))
    held.append(sock)
    try:
        sock.connect(("127.0.0.1", port))
    except OSError:
        return None
    return sock


def flood(port, results):
    """One request whose headers never end: how many bytes went in before the
    server closed the connection (None: it never did)."""
    sock = connect("127.0.0.2", port, timeout=10)
    if sock is None:
        results.append(0)
        return
    lines = b"X-Flood: 0123456789\r\n" * 3000
    sent = 0
    try:
        sock.sendall(b"GET /state.json HTTP/1.1\r\nHost: coyel\r\n")
        while sent < 1_000_000 * 21:
            sock.sendall(lines)
            sent += len(lines)
        results.append(None)
    except OSError:
        results.append(sent)


def is_open(sock):
    try:
        sock.setblocking(False)
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def phone(source, port):
    """Seconds for a new phone at `source` to have /state.json."""
    began = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                            source_address=(source, 0))
    try:
        connection.request("GET", "/state.json")
        answer = connection.getresponse()
        body = answer.read()
    except OSError as error:
        fail(f"a phone at {source} had no answer: {error}")
    if answer.status != 200 or b'"phase"' not in body:
        fail(f"a phone at {source} had {answer.status}: {body[:80]!r}")
    connection.close()
    return time.monotonic() - began


server, out = start_server(0)
try:
    deadline = time.monotonic() + 10 * factor
    while not re.search(r"http://127\.0\.0\.1:(\d+)/", printed(out)):
        if time.monotonic() > deadline or server.poll() is not None:
            fail("serve printed no address: " + printed(out))
        time.sleep(0.05)
    port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", printed(out)).group(1))
    phone("127.0.0.1", port)
    began_kib = kib(server.pid, "VmRSS")

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

    # ---- 300 idle and 300 dripping connections from other addresses
    idle = [connect("127.0.0.2", port) for _ in range(300)]
    drips = [connect("127.0.0.3", port) for _ in range(300)]
    dripping = threading.Event()

    def drip():
        while not dripping.wait(1):
            for sock in drips:
                try:
                    if sock: sock.send(b"X")
                except OSError:
                    pass
    dripper = threading.Thread(target=drip, daemon=True)
    dripper.start()
    time.sleep(2)  # two drips: what stays open is what the server holds
    idle_open = sum(1 for s in idle if s and is_open(s))
    drips_open = sum(1 for s in drips if s and is_open(s))
    waits = [phone(source, port) for source in ("127.0.0.1", "127.0.0.4") for _ in range(3)]
    descriptors = len(os.listdir(f"/proc/{server.pid}/fd"))
    peak_kib = kib(server.pid, "VmHWM")
    dripping.set()
    dripper.join()
    print(f"attack: held open {idle_open} idle and {drips_open} dripping of 300 each; "
          f"a new phone's /state.json in {max(waits) * 1000:.0f} ms at most; "
          f"{descriptors} descriptors; memory {began_kib // 1024} MB then {peak_kib // 1024} MB at peak")
    if max(waits) > 1.0 * factor:
        fail(f"a new phone waited {max(waits):.2f} s under attack")
    if peak_kib - began_kib > 64 * 1024:
        fail(f"the server grew from {began_kib} KiB to {peak_kib} KiB under attack")
    if descriptors > 256 + 16:
        fail(f"the server holds {descriptors} descriptors")
    if server.poll() is not None:
        fail("the server died under attack")

    # ---- A second server on the same port is refused, at once
    second, second_out = start_server(port)
    try:
        code = second.wait(10 * factor)
    except subprocess.TimeoutExpired:
        fail("a second server on a taken port started")
    if code == 0 or "Address already in use" not in printed(second_out):
        fail(f"a second server on a taken port: {code}, {printed(second_out)}")
    phone("127.0.0.1", port)
    print("attack: a second server on the same port refused:",
          printed(second_out).strip().splitlines()[-1])
finally:
    for sock in held:
        sock.close()
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(10 * factor)
    except subprocess.TimeoutExpired:
        server.kill()
        fail("the server did not stop on SIGTERM")
    shutil.rmtree(folder, ignore_errors=True)
print("attack: ok")
