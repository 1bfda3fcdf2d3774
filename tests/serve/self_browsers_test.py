#!/usr/bin/env python3
"""A game with no moderator on seven card pages in headless Chromium (`coyel
new --self`, issue 39), at the table's pace: each page is a phone, and only
the page's own buttons answer (a choice at random, seeded, then Done), at
the mayor's election and Night 1's first call, which lasts its 15-second
floor, nobody typing.

- Both answers come from the phones.
- No page threw or logged an error or a policy violation.
The whole game at the table's pace is self_game_test.py's (tools/soak), and
on the fake clock tests/cli/self_game_test.cpp's.
About 40 s (its pages ask each second, the call lasts 15 s): tools/soak runs
it (label soak). Usage: self_browsers_test.py PATH/TO/coyel"""
import os, random, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, "..", "html")]
from phone_game import FACTOR, PhoneGame, check  # noqa: E402
from page_driver import Chromium  # noqa: E402

coyel = sys.argv[1]
rng = random.Random(7)
speech = os.path.join(tempfile.mkdtemp(), "speech.jsonl")
game = PhoneGame(coyel, seed=12, players="Ana,Ben,Cleo,Dan,Eve,Finn,Gus",
                 deck=None, extra=["--self", "--speak-log", speech])
browser = Chromium(tempfile.mkdtemp())
pages = [browser.new_page(f"{game.origin}/card/{token}", 400, 800) for token in game.tokens]


def answered_by_phones():
    """The game's answers to calls (the election, then the night's): two."""
    return [entry for entry in game.log() if entry["do"] not in ("clock", "note", "tell")]


# What the page shows, read from its own state: the call's nonce, its buttons, Done.
READ = """(() => { const s = typeof state === 'undefined' ? {} : state;
  return [s.nonce || '', s.open || '', Boolean(s.done), document.getElementById('night').hidden]; })()"""
answered = {}  # per page: the nonce its last Done was sent with
deadline = time.monotonic() + 90 * FACTOR
taps = 0
while len(answered_by_phones()) < 2:
    check(time.monotonic() < deadline, f"the pages never answered two calls: {game.log()}")
    check(game.process.poll() is None, "coyel left during the game")
    for seat, page in enumerate(pages):
        shown = browser.value(READ, page)
        if not shown:  # the page still loading, on a busy machine
            continue
        nonce, open_marks, done, hidden = shown
        if hidden or not open_marks or done or not nonce or answered.get(seat) == nonce:
            continue
        # A player taps what their phone lets them: an entry open to them.
        pick = rng.choice([index for index, mark in enumerate(open_marks) if mark == "1"])
        browser.value(f"document.querySelectorAll('#choices button')[{pick}].click()", page)
        browser.value("document.getElementById('done').click()", page)
        answered[seat] = nonce
        taps += 1
    time.sleep(0.1)

answers = answered_by_phones()
check([entry["do"] for entry in answers] == ["elect_mayor", "carbon_target"],
      f"the calls answered: {answers}")
check(all(entry.get("by") == "phone" for entry in answers), f"answers not by phone: {answers}")
# A Done sent just as its call moves on gets 409, as the protocol says, and the
# page asks again; Chromium logs it as a network error.
check(not browser.problems(allowed=(409,)), f"the pages said: {browser.problems((409,))[:3]}")
browser.close()
game.quit(b"q")
print(f"the mayor's election and Night 1's first call answered on seven pages ({taps} taps)")
