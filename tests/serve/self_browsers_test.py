#!/usr/bin/env python3
"""A game with no moderator played on seven card pages in headless Chromium
(`coyel new --self`, issue 39): each page is a phone, and only the page's
own buttons answer (a choice at random, seeded, then Done), at every call
from the mayor's election to the end, nobody typing.

- The game ends by itself; every answer in the save came from a phone.
- Its save loads (`coyel check`) and replays to the end the players' screen
  shows.
- No page threw or logged an error or a policy violation.
About a minute and a half (its pages ask each second): tools/soak runs it
(label soak), tools/test does not. Usage: self_browsers_test.py PATH/TO/coyel"""
import os, random, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, "..", "html")]
from phone_game import FACTOR, PhoneGame, check, check_the_end  # noqa: E402
from page_driver import Chromium  # noqa: E402

coyel = sys.argv[1]
rng = random.Random(7)
os.environ["COYEL_SPEECH_TIME_SCALE"] = "0.02"  # the game goes at its voice's pace
speech = os.path.join(tempfile.mkdtemp(), "speech.jsonl")
game = PhoneGame(coyel, seed=12, floor_s=0.3, players="Ana,Ben,Cleo,Dan,Eve,Finn,Gus",
                 deck=None, extra=["--self", "--talk", "2s", "--speak-log", speech])
browser = Chromium(tempfile.mkdtemp())
pages = [browser.new_page(f"{game.origin}/card/{token}", 400, 800) for token in game.tokens]


def shown():
    return subprocess.run([coyel, "display", "--once", game.save], capture_output=True,
                          text=True, env=dict(os.environ, COYEL_LANG="en")).stdout


# What the page shows, read from its own state: the call's nonce, its buttons, Done.
READ = """(() => { const s = typeof state === 'undefined' ? {} : state;
  return [s.nonce || '', s.open || '', Boolean(s.done), document.getElementById('night').hidden]; })()"""
answered = {}  # per page: the nonce its last Done was sent with
deadline = time.monotonic() + 240 * FACTOR
taps = 0
while " won." not in shown():
    check(time.monotonic() < deadline, f"the game never ended: {game.log()[-3:]}")
    check(game.process.poll() is None, "coyel left during the game")
    for seat, page in enumerate(pages):
        nonce, open_marks, done, hidden = browser.value(READ, page)
        if hidden or not open_marks or done or not nonce or answered.get(seat) == nonce:
            continue
        # A player taps what their phone lets them: an entry open to them.
        pick = rng.choice([index for index, mark in enumerate(open_marks) if mark == "1"])
        browser.value(f"document.querySelectorAll('#choices button')[{pick}].click()", page)
        browser.value("document.getElementById('done').click()", page)
        answered[seat] = nonce
        taps += 1
    time.sleep(0.1)

log = game.log()
kinds = {entry["do"] for entry in log}
check({"elect_mayor", "carbon_target", "vote"} <= kinds, f"the log's answers: {kinds}")
typed = [entry for entry in log if entry["do"] not in ("vote", "clock", "note", "tell")
         and entry.get("by") != "phone"]
check(not typed, f"answers not by phone: {typed}")
screen_lines = shown().splitlines()
end = [line for line in screen_lines if line.endswith(" won.")]
why = screen_lines[screen_lines.index(end[0]) - 1]
check_the_end(coyel, game.save)  # the rules' end, worked out apart from the engine
checked = subprocess.run([coyel, "check", game.save], capture_output=True, text=True)
check(checked.returncode == 0, f"coyel check: {checked.stdout}{checked.stderr}")
replayed = subprocess.run([coyel, "replay", game.save, "--view", "table"], capture_output=True,
                          text=True, env=dict(os.environ, COYEL_LANG="en")).stdout
check(replayed.count(why) == 1, f"the replay does not end as the screen: {why}")
# A Done sent just as its call moves on gets 409, as the protocol says, and the
# page asks again; Chromium logs it as a network error.
check(not browser.problems(allowed=(409,)), f"the pages said: {browser.problems((409,))[:3]}")
browser.close()
game.quit(b"q")
print(f"a game of {len(log)} entries played on seven pages ({taps} taps): {end[0]}")
