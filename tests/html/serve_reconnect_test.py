#!/usr/bin/env python3
"""A page opened under a crowd gets its stream, and a page whose game is
gone says so: in headless Chromium, with every /events place taken (64
streams from 64 addresses, 127.0.0.2-65), the page's stream opens within
2 s all the same (the oldest stranger's gives way). When the server stops,
the page shows "connection lost" inside the screen, above the round and
the temperature (never over them), and its countdown and timer stop; the
same game served again at its address, the page follows it by itself;
another game served there, the page says so and keeps its own. About 25 s.
Usage: serve_reconnect_test.py PATH/TO/coyel"""
import json, os, shutil, signal, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_driver import (FACTOR, Chromium, fail, hold_lock, moment, open_stream, serve,
                         thirty_player_game, write_save)

coyel = sys.argv[1]
folder = tempfile.mkdtemp()
save = os.path.join(folder, "g.json")
game = thirty_player_game(coyel, folder)
write_save(save, moment(game, 10, live=True))
lock = hold_lock(save)
server, url = serve(coyel, save, folder)
port = int(url.rsplit(":", 1)[1].strip("/"))
streams = []


def take_a_place(source):
    """An /events stream from `source`, once it has had the state."""
    sock = open_stream(port, source, 10 * FACTOR)
    if isinstance(sock, str):
        fail(f"a stream from {source} was refused: {sock}")
    streams.append(sock)


def still_open(sock):
    """Whether the server still holds `sock`'s stream (pings may wait unread)."""
    sock.setblocking(False)
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return False
    except BlockingIOError:
        return True
    except OSError:
        return False


BANNER = """JSON.stringify((() => {
  const lost = document.getElementById("lost"), box = lost.getBoundingClientRect();
  const below = ["phase", "degrees"].map(id => document.getElementById(id).getBoundingClientRect());
  return {shown: !lost.hidden && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight,
          clear: below.every(other => other.top >= box.bottom),
          phase: document.getElementById("phase").textContent,
          text: lost.textContent, figure: document.getElementById("countdown-figure").textContent,
          timer: document.getElementById("timer-figure").textContent,
          font: parseFloat(getComputedStyle(lost).fontSize)};
})())"""

chromium = Chromium(os.path.join(folder, "profile"))
try:
    for address in range(2, 66):
        take_a_place(f"127.0.0.{address}")
    chromium.open(url, 1280, 720)
    chromium.wait_for("document.body.dataset.streams >= 1", 10, "its stream")
    opened = int(chromium.value("document.body.dataset.streamMs")) / 1000
    if opened > 2 * FACTOR:
        fail(f"the page's stream took {opened:.1f} s with every place taken")
    held = sum(1 for sock in streams if still_open(sock))
    if held != 63:
        fail(f"{held} of the 64 strangers' streams still hold: one should have given way")
    print(f"reconnect: with every place taken, the page's stream opened in {opened:.1f} s; "
          f"{64 - held} stranger's stream gave way")
    chromium.wait_for("(document.body.dataset.countdownsSeen || '').includes(',')", 5,
                      "its countdown ticking")

    server.send_signal(signal.SIGTERM)
    server.wait(10 * FACTOR)
    chromium.wait_for("document.body.dataset.lost === '1'", 10, "the game gone")
    gone = json.loads(chromium.value(BANNER))
    time.sleep(1.5)  # long enough for a ticking countdown to change
    later = json.loads(chromium.value(BANNER))
    if not gone["shown"] or gone["font"] < 24:
        fail(f"'connection lost' is not shown large inside the screen: {gone}")
    if not gone["clear"]:
        fail(f"'connection lost' covers the round or the temperature: {gone}")
    if gone["figure"] or gone["timer"] or later["figure"] or later["timer"]:
        fail(f"the countdown goes on with the game gone: {gone}, then {later}")
    print(f"reconnect: the game gone, the page says \"{gone['text']}\" "
          f"({gone['font']:.0f} px, above the round and temperature) and counts no more")

    # The laptop back with the same game, on the same port: followed again by itself.
    server, _ = serve(coyel, save, folder, port=port)
    chromium.wait_for("document.body.dataset.lost === '0' && document.body.dataset.otherGame === '0'"
                      " && document.getElementById('lost').hidden", 15, "its game again")
    chromium.wait_for("document.getElementById('countdown-figure').textContent !== ''", 5,
                      "its countdown again")
    # Another game served at its address: said, and its own game's last view kept.
    server.send_signal(signal.SIGTERM)
    server.wait(10 * FACTOR)
    chromium.wait_for("document.body.dataset.lost === '1'", 10, "the game gone again")
    another = os.path.join(folder, "another.json")
    write_save(another, moment(game, 3, live=True))
    server, _ = serve(coyel, another, folder, port=port)
    chromium.wait_for("document.body.dataset.otherGame === '1'", 15, "another game served")
    other = json.loads(chromium.value(BANNER))
    if not other["shown"] or not other["clear"] or other["figure"] or other["phase"] != gone["phase"]:
        fail(f"another game served at the page's address: {other}, its own was {gone}")
    print(f"reconnect: back with the same game, followed again; another game served there: "
          f"\"{other['text']}\", its own game's last view kept")
finally:
    chromium.close()
    for sock in streams:
        sock.close()
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        server.wait()
    lock.close()
    shutil.rmtree(folder, ignore_errors=True)
print("reconnect: ok")
