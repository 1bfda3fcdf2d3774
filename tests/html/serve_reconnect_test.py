#!/usr/bin/env python3
"""A phone turned away comes back by itself, and a page whose game is gone
says so: in headless Chromium, with every /events place taken (64 streams
from 127.0.0.2-5), the page is refused (503) and shows "connection lost";
once places free up it follows the game again without a reload. When the
server stops, the page shows "connection lost" inside the screen and its
countdown and timer stop. About 20 s.
Usage: serve_reconnect_test.py PATH/TO/coyel"""
import json, os, shutil, signal, socket, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_driver import (FACTOR, Chromium, fail, hold_lock, moment, serve, thirty_player_game,
                         write_save)

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
    sock = socket.create_connection(("127.0.0.1", port), 10 * FACTOR, (source, 0))
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: coyel\r\n\r\n")
    answer = b""
    while b"data:" not in answer:
        chunk = sock.recv(65536)
        if not chunk:
            fail(f"a stream from {source} was refused: {answer[:60]!r}")
        answer += chunk
    streams.append(sock)


BANNER = """JSON.stringify((() => {
  const lost = document.getElementById("lost"), box = lost.getBoundingClientRect();
  return {shown: !lost.hidden && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight,
          text: lost.textContent, figure: document.getElementById("countdown-figure").textContent,
          timer: document.getElementById("timer-figure").textContent,
          font: parseFloat(getComputedStyle(lost).fontSize)};
})())"""

chromium = Chromium(os.path.join(folder, "profile"))
try:
    for address in range(2, 6):
        for _ in range(16):
            take_a_place(f"127.0.0.{address}")
    chromium.open(url, 1280, 720)
    chromium.wait_for("document.body.dataset.updates >= 1", 10, "the state")
    chromium.wait_for("document.body.dataset.lost === '1'", 10, "the refusal")
    refused = json.loads(chromium.value(BANNER))
    if not refused["shown"] or not refused["text"]:
        fail(f"a refused page does not say so: {refused}")
    if chromium.value("document.body.dataset.streams"):
        fail("the page had a stream while every place was taken")
    for sock in streams[:8]:
        sock.close()
    began = time.monotonic()
    chromium.wait_for("document.body.dataset.streams >= 1 && document.body.dataset.lost === '0'",
                      15, "a stream again after places freed up")
    print(f"reconnect: refused with every place taken; back {time.monotonic() - began:.1f} s "
          "after places freed up")
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
    if gone["figure"] or gone["timer"] or later["figure"] or later["timer"]:
        fail(f"the countdown goes on with the game gone: {gone}, then {later}")
    print(f"reconnect: the game gone, the page says \"{gone['text']}\" "
          f"({gone['font']:.0f} px) and counts no more")
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
