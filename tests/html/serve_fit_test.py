#!/usr/bin/env python3
"""The players' page on TVs (3840x2160, 1920x1080, 1280x720) and a phone
(360x740), in headless Chromium, through a simulated 30-player game with long
names. On the 1080p and 720p TVs at every moment (before it, each night call,
dawn, vote and the end, the clock and a timer running) and on all four at the
key moments (a night call, a dawn, late in a vote with 27 ballots cast, the
end):
- a TV never scrolls, the news is wholly on the screen, the winner's sentence
  is shown at the end;
- on a TV the players' names, the news and the ballots are read from three
  metres: at least 1/45 of the screen's height (24 px at 1080p, the 10-foot
  interfaces' smallest body text), and no text is under 12 px;
- no word is broken inside (a word on two lines), and on the phone nothing
  is wider than the screen.
It prints the smallest type at each key moment and size, and with a folder
saves their screenshots there. The key moments again in French, on the
phone and the 720p TV. One page per size, never reloaded: each moment
comes by /events. About 25 s.
Usage: serve_fit_test.py PATH/TO/coyel [SCREENSHOT-FOLDER]"""
import json, os, shutil, signal, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_driver import (TEXTS, Chromium, check_moments, fail, hold_lock, late_vote, moment,
                         serve, thirty_player_game, write_save)

coyel = sys.argv[1]
shots = sys.argv[2] if len(sys.argv) > 2 else ""
folder = tempfile.mkdtemp()
save = os.path.join(folder, "g.json")
game = thirty_player_game(coyel, folder)
game["setup"]["card_tokens"] = {name: f"{seat + 1:032x}"
                                for seat, name in enumerate(game["setup"]["players"])}
entries = len(game["log"])
check_moments(coyel, game, folder)
write_save(save, moment(game, 0, live=True))
lock = hold_lock(save)
server, url = serve(coyel, save, folder)

MEASURE = """JSON.stringify((() => {
  const root = document.documentElement, rect = id => document.getElementById(id).getBoundingClientRect();
  const news = rect("announcement"), result = rect("result");""" + TEXTS + """
  const least = selector => Math.min(...[...document.querySelectorAll(selector)]
                                      .filter(el => el.getClientRects().length).map(size));
  return {scroll: root.scrollHeight, inner: innerHeight, wide: root.scrollWidth, across: innerWidth,
          newsTop: news.top, newsBottom: news.bottom, newsRight: news.right,
          news: document.getElementById("announcement").textContent,
          used: document.querySelector("main").offsetHeight,
          resultText: document.getElementById("result").textContent,
          resultBottom: result.bottom, phase: document.getElementById("phase").textContent,
          ballots: document.querySelectorAll("#ballots p").length,
          smallest, broken, names: least("#players .name"),
          newsFont: least("#announcement p"), ballotFont: least("#ballots p, #next")};
})())"""

CARD = """JSON.stringify((() => {""" + TEXTS + """
  return {smallest, broken, wide: document.documentElement.scrollWidth, across: innerWidth,
          title: document.getElementById("title").textContent};
})())"""

TVS = ((3840, 2160), (1920, 1080), (1280, 720))
PHONE = (360, 740)


def check(size, where, seen):
    tv = size in TVS
    if tv and (seen["scroll"] > seen["inner"] or seen["wide"] > seen["across"]):
        fail(f"the page scrolls {where}: {seen}")
    if seen["wide"] > seen["across"]:
        fail(f"the page is wider than the screen {where}: {seen}")
    if tv and seen["news"] and (seen["newsTop"] < 0 or seen["newsBottom"] > seen["inner"] or
                                seen["newsRight"] > seen["across"]):
        fail(f"the news is outside the screen {where}: {seen}")
    if seen["smallest"] < 12:
        fail(f"text of {seen['smallest']:.1f} px {where}")
    across_a_room = size[1] / 45
    for part in ("names", "newsFont", "ballotFont"):
        if tv and seen[part] is not None and seen[part] < across_a_room:  # None: none shown
            fail(f"{part} of {seen[part]:.1f} px {where}: under {across_a_room:.0f} px")
    if seen["broken"]:
        fail(f"words broken inside {where}: {seen['broken']}")


# The moments shown at every size: a night call, a dawn, late in a vote, the end.
first_vote = next(count for count in range(entries) if game["log"][count]["do"] == "vote")
key = {"night": moment(game, 2, live=True), "dawn": moment(game, first_vote, live=True),
       "vote": late_vote(game), "end": moment(game, entries, live=True)}


def show(chromium, state):
    before = int(chromium.value("document.body.dataset.updates || 0"))
    write_save(save, state)
    chromium.wait_for(f"(document.body.dataset.updates || 0) > {before}", 5, "a new state")
    return json.loads(chromium.value(MEASURE))


chromium = Chromium(os.path.join(folder, "profile"))
french, french_url = serve(coyel, save, folder, lang="fr")
try:
    for size in TVS + (PHONE,):
        write_save(save, moment(game, 0, live=True))
        chromium.open(url, *size, mobile=size == PHONE)
        chromium.wait_for("document.body.dataset.streams >= 1", 10, "its stream open")
        worst = 0
        if size in ((1920, 1080), (1280, 720)):  # every moment of the game
            for count in range(entries + 1):
                seen = show(chromium, moment(game, count, live=True))
                check(size, f"at {size[0]}x{size[1]}, after {count} of {entries} entries", seen)
                worst = max(worst, seen["used"] / seen["inner"])
        sizes = []
        for name, state in key.items():
            seen = show(chromium, state)
            where = f"at {size[0]}x{size[1]}, {name} ({seen['phase']})"
            check(size, where, seen)
            if name == "vote" and seen["ballots"] < 20:
                fail(f"the late vote shows {seen['ballots']} ballots {where}")
            if name == "end" and (not seen["resultText"] or seen["resultBottom"] > seen["inner"]
                                  and size in TVS):
                fail(f"the winner's sentence is not shown {where}: {seen}")
            sizes.append(f"{name} {seen['smallest']:.0f} px (names {seen['names'] or 0:.0f}, "
                         f"news {seen['newsFont'] or 0:.0f}, ballots {seen['ballotFont'] or 0:.0f})")
            if shots:
                chromium.screenshot(os.path.join(shots, f"serve-{size[0]}-{name}.png"))
        every = f"{entries + 1} moments, the page at most {worst * 100:.0f}% of the height; " \
            if worst else ""
        print(f"fit: {size[0]}x{size[1]}: {every}smallest type: {'; '.join(sizes)}")
    # In French, whose words are longer, on the phone and a 720p TV; and an
    # ecosystems' win ("ÉCOSYSTÈMES" in large type).
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data",
                           "samples", "ecosystems-win.json")) as sample:
        key["ecosystems"] = json.load(sample)
    for size in (PHONE, (1280, 720)):
        write_save(save, moment(game, 0, live=True))
        chromium.open(french_url, *size, mobile=size == PHONE)
        chromium.wait_for("document.body.dataset.streams >= 1", 10, "its stream open")
        for name, state in key.items():
            check(size, f"in French at {size[0]}x{size[1]}, {name}", show(chromium, state))
            if shots:
                chromium.screenshot(os.path.join(shots, f"serve-fr-{size[0]}-{name}.png"))
    print("fit: in French at 360x740 and 1280x720, the four moments and an ecosystems' win: "
          "no word broken inside")
    # A card of each role, on the phone, in both languages.
    write_save(save, moment(game, entries, live=True))
    roles = game["setup"]["roles"]
    seats = {roles[name]: seat for seat, name in reversed(list(enumerate(game["setup"]["players"])))}
    for address in (url, french_url):
        for role, seat in sorted(seats.items()):
            path = f"/card/{seat + 1:032x}"
            chromium.open(address + path[1:], *PHONE, mobile=True)
            chromium.wait_for(f"location.pathname === '{path}' && "
                              "document.readyState === 'complete'", 10, f"the {role}'s card")
            card = json.loads(chromium.value(CARD))
            if card["broken"] or card["wide"] > card["across"] or card["smallest"] < 12:
                fail(f"the {role}'s card at 360 px ({address}): {card}")
    print(f"fit: the cards of {', '.join(sorted(seats))} at 360x740, in English and French: "
          "no word broken inside")
finally:
    chromium.close()
    for running in (server, french):
        running.send_signal(signal.SIGTERM)
        running.wait()
    lock.close()
    shutil.rmtree(folder, ignore_errors=True)
print("fit: ok")
