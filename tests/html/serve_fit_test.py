#!/usr/bin/env python3
"""The players' page on a TV (1920x1080) and a laptop (1280x720), in headless
Chromium: at every moment of a simulated 30-player game with long names
(before it, each night call, dawn, vote and the end, the clock and a timer
running) nothing scrolls (scrollHeight <= innerHeight, scrollWidth <=
innerWidth), the news is wholly inside the viewport, the text is no smaller
than 12 px, and at the end the winner's sentence is shown. One page per size,
never reloaded: each moment comes by /events. About 30 s.
Usage: serve_fit_test.py PATH/TO/coyel [SCREENSHOT-FOLDER]"""
import json, os, shutil, signal, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_driver import (Chromium, check_moments, fail, hold_lock, moment, serve,
                         thirty_player_game, write_save)

coyel = sys.argv[1]
shots = sys.argv[2] if len(sys.argv) > 2 else ""
folder = tempfile.mkdtemp()
save = os.path.join(folder, "g.json")
game = thirty_player_game(coyel, folder)
entries = len(game["log"])
check_moments(coyel, game, folder)
write_save(save, moment(game, 0, live=True))
lock = hold_lock(save)
server, url = serve(coyel, save, folder)

MEASURE = """JSON.stringify((() => {
  const root = document.documentElement, rect = id => document.getElementById(id).getBoundingClientRect();
  const news = rect("announcement"), result = rect("result");
  return {scroll: root.scrollHeight, inner: innerHeight, wide: root.scrollWidth, across: innerWidth,
          newsTop: news.top, newsBottom: news.bottom, newsRight: news.right,
          news: document.getElementById("announcement").textContent,
          used: document.querySelector("main").offsetHeight,
          resultText: document.getElementById("result").textContent,
          resultBottom: result.bottom, phase: document.getElementById("phase").textContent,
          font: parseFloat(getComputedStyle(document.querySelector("#players .status")).fontSize)};
})())"""


def check(size, count, seen):
    where = f"at {size[0]}x{size[1]}, after {count} of {entries} entries ({seen['phase']})"
    if seen["scroll"] > seen["inner"] or seen["wide"] > seen["across"]:
        fail(f"the page scrolls {where}: {seen}")
    if seen["news"] and (seen["newsTop"] < 0 or seen["newsBottom"] > seen["inner"] or
                         seen["newsRight"] > seen["across"]):
        fail(f"the news is outside the screen {where}: {seen}")
    if seen["font"] < 12:
        fail(f"text of {seen['font']:.1f} px {where}")


chromium = Chromium(os.path.join(folder, "profile"))
try:
    worst = {}
    for size in ((1920, 1080), (1280, 720)):
        write_save(save, moment(game, 0, live=True))
        chromium.open(url, *size)
        chromium.wait_for("document.body.dataset.streams >= 1", 10, "its stream open")
        shot_at = {0: "before", 3: "night", entries: "end"}
        for count in range(entries + 1):
            before = int(chromium.value("document.body.dataset.updates || 0"))
            write_save(save, moment(game, count, live=True))
            chromium.wait_for(f"(document.body.dataset.updates || 0) > {before}", 5,
                              f"entry {count}")
            seen = json.loads(chromium.value(MEASURE))
            check(size, count, seen)
            worst[size] = max(worst.get(size, 0), seen["used"] / seen["inner"])
            if "dawn" not in shot_at.values() and "new day" in seen["news"]:
                shot_at[count] = "dawn"
            if "vote" not in shot_at.values() and seen["news"].startswith("Tally"):
                shot_at[count] = "vote"
            if shots and count in shot_at:
                chromium.screenshot(os.path.join(shots, f"serve-{size[0]}-{shot_at[count]}.png"))
        if not seen["resultText"] or seen["resultBottom"] > seen["inner"]:
            fail(f"the winner's sentence is not shown at {size}: {seen}")
        print(f"fit: {size[0]}x{size[1]}: {entries + 1} moments, the page at most "
              f"{worst[size] * 100:.0f}% of the height; the end: {seen['resultText']}")
finally:
    chromium.close()
    server.send_signal(signal.SIGTERM)
    server.wait()
    lock.close()
    shutil.rmtree(folder, ignore_errors=True)
print("fit: ok")
