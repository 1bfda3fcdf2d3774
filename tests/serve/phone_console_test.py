#!/usr/bin/env python3
"""The night's console on the card pages, in headless Chromium (issue 39):
twin games (the same players and the same answers, the roles dealt
differently) on one Chromium, a page per phone, 16 in all.

- At each call, every phone's console is the same DOM in both twins, before
  the taps and after Done: a called player's as a decoy's. (The carbon
  emissions' phones show each other's picks, by design: after their Done,
  only the phones of players who are no carbon emission in either twin are
  compared.)
- Tapping a choice and Done on every page answers the call, logged by phone:
  the mayor's election, the night's four calls (the NGO's protest saving the
  target), the SLAPP-suit (the CEO's phone alone names the saved, by
  design), then the day's vote.
- The TV page (/state.json, but its clock) is the same in both twins after
  each call, and so is every line the voice read (--speak-log).
- Each page's requests are of the same kinds in both twins, and each Done is
  as long as any other, as each card page is; no script error, no policy
  violation. The night's hint shows at the night's calls, not by day. On
  these 360 px phones no word is laid on two lines.
- The laptop gone, every card page says so within two asks and shows no
  call; another game served at its address, every card page says that.
About two minutes and a half, five calls at the 15-second floor. Usage: phone_console_test.py PATH/TO/coyel"""
import json, os, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, "..", "html")]
from phone_game import FLOOR_S, PhoneGame, check  # noqa: E402
from page_driver import TEXTS, Chromium  # noqa: E402

speech = [os.path.join(tempfile.mkdtemp(), f"speech{twin}.jsonl") for twin in (0, 1)]
# Deals 2 and 11 give Eve a citizen in both, the night's target below.
twins = [PhoneGame(sys.argv[1], seed=seed, extra=["--speak-log", speech[twin]])
         for twin, seed in enumerate((2, 11))]
check(twins[0].roles != twins[1].roles, "the twins are dealt alike")
count = len(twins[0].names)
# Every card page is as long as any other, whatever its card says.
sizes = {len(game.request("GET", f"/card/{token}")[1]) for game in twins for token in game.tokens}
check(sizes == {8192}, f"the card pages' sizes: {sizes}")
browser = Chromium(tempfile.mkdtemp())
pages = [[browser.new_page(f"{game.origin}/card/{token}", 360, 740) for token in game.tokens]
         for game in twins]


def on(twin, seat, expression):
    return browser.value(expression, pages[twin][seat])


def wait_on_all(expression, what, seats=range(count)):
    for twin in (0, 1):
        for seat in seats:
            browser.wait_for(expression, FLOOR_S + 15, f"{what} (twin {twin}, seat {seat})",
                             pages[twin][seat])


def console(twin, seat):
    return on(twin, seat, "document.getElementById('night').outerHTML")


def same_consoles(moment, seats=range(count)):
    for seat in seats:
        one, other = console(0, seat), console(1, seat)
        check(one == other, f"{moment}: seat {seat}'s console differs between the twins:\n"
                            f"{one}\n{other}")


def tap(twin, seat, index):
    on(twin, seat, f"document.querySelectorAll('#choices button')[{index}].click()")
    on(twin, seat, "document.getElementById('done').click()")


def holds(role):
    """The seats that hold `role` in either twin (none for the table's election)."""
    return {seat for game in twins for seat in range(count) if game.roles[seat] == role}


def table_state(game):
    """The TV page's state, but the clock's figures (the twins started apart)."""
    state = json.loads(game.request("GET", "/state.json")[1])
    return {key: state[key] for key in ("phase", "players", "announcement", "vote", "result")}


def answer_call(moment, buttons, index, role, kind, seats=range(count), by_phone=True,
                private=(), night=True):
    """Every phone in the game (`seats`) taps `index` and Done, one phone
    last: the call's consoles compared before the taps and once all but that
    phone are done (but the `private` seats', shown more by design); the TV
    pages compared once it is answered. The night's hint (everyone taps,
    only the called count) shows at the `night`'s calls alone."""
    wait_on_all(f"document.querySelectorAll('#choices button').length === {buttons}",
                f"the list of {moment}", seats)
    same_consoles(moment, [seat for seat in seats if seat not in private])
    hints = {on(0, seat, "document.getElementById('night_hint').textContent") for seat in seats}
    for seat in seats:  # a 360 px phone lays no word on two lines
        laid = json.loads(on(0, seat, "JSON.stringify((() => {" + TEXTS + " return broken; })())"))
        check(not laid, f"seat {seat}'s page at {moment} breaks words inside: {laid}")
    check(all(hints) if night else hints == {""}, f"the night's hint at {moment}: {hints}")
    last = min(set(seats) - holds(role))
    headings = [game.poll(last)["call"] for game in twins]
    others = [seat for seat in seats if seat != last]
    for twin in (0, 1):
        for seat in others:
            tap(twin, seat, index)
    wait_on_all("!document.getElementById('waiting').hidden", f"Done taken at {moment}", others)
    compared = [seat for seat in others if seat not in private
                and (role != "carbon" or seat not in holds("carbon"))]
    same_consoles(f"after Done at {moment}", compared)
    check(not any(entry["do"] not in ASIDES for game, length in zip(twins, lengths)
                  for entry in game.log()[length:]),
          f"{moment} was answered before every phone was done")
    for twin in (0, 1):
        tap(twin, last, index)
    for twin, game in enumerate(twins):
        answers = lambda: [index for index, entry in enumerate(game.log())  # noqa: E731
                           if index >= lengths[twin] and entry["do"] not in ASIDES]
        game.wait_until(answers, f"{moment} answered")
        entry = game.log()[answers()[0]]
        check(entry["do"] == kind and ("by" in entry) == by_phone, f"{moment}: {entry}")
        lengths[twin] = answers()[0] + 1
    states = [None, None]
    for twin, game in enumerate(twins):  # the server follows the save: wait until it has
        game.wait_until(lambda: game.poll(last).get("call") != headings[twin],
                        f"the phones after {moment}", every=0.1)
        states[twin] = table_state(game)
    check(states[0] == states[1], f"the TV pages differ after {moment}: {states}")


lengths = [0, 0]
ASIDES = ("tell", "clock", "note")  # the log's entries that answer no call
# The mayor's election, the table's: every phone taps Hana (the last player).
answer_call("the mayor's election", count + 1, count - 1, None, "elect_mayor", night=False)
# The carbon call: the target holds the same card in both twins (it is told
# at dawn), and no carbon emission's.
target = min(seat for seat in range(count)
             if twins[0].roles[seat] == twins[1].roles[seat] != "carbon")
answer_call("the carbon call", count, target, "carbon", "carbon_target")
answer_call("the NGO's call", count + 1, target, "ngo", "ngo_protect")  # a protest saves
answer_call("the banker's call", 3, 2, "banker", "banker")  # a shake of the head
answer_call("the CEO's call", count + 1, count, "ceo", "ceo_lobby")  # nobody: the dawn
# The SLAPP-suit: every phone shows the same two entries; the CEO's alone
# names the saved player (by design), so theirs is left out of the comparison.
wait_on_all("document.querySelectorAll('#choices button').length === 2", "the SLAPP-suit")
for twin in (0, 1):
    ceo = twins[twin].roles.index("ceo")
    named = on(twin, ceo, "document.getElementById('told_lines').textContent")
    check(named == f"A protest saved {twins[twin].names[target]}.", f"the CEO's phone: {named}")
answer_call("the SLAPP-suit", 2, 1, "ceo", "slapp", private=holds("ceo"))
for twin in (0, 1):  # at its next poll, within a second: before the voice opens the eyes
    browser.wait_for("!document.getElementById('told_lines').textContent.includes('protest')", 3,
                     "the CEO's phone naming the saved no more after the call",
                     pages[twin][twins[twin].roles.index("ceo")])
# The day's vote, public: each votes for nobody.
answer_call("the vote", count + 1, count, None, "vote", by_phone=False, night=False)

# ---- The requests, the errors ------------------------------------------------
def requests(session, token):
    made = []
    for event in browser.events:
        if event.get("sessionId") == session and event["method"] == "Network.requestWillBeSent":
            request = event["params"]["request"]
            path = request["url"].split(token, 1)[-1]
            made.append((request["method"], path, len(request.get("postData", ""))))
    return made


for seat in range(count):
    made = [requests(pages[twin][seat], twins[twin].tokens[seat]) for twin in (0, 1)]
    check(set(made[0]) == set(made[1]), f"seat {seat}'s requests differ: {made}")
    posts = [sorted(r for r in m if r[0] == "POST") for m in made]
    # The election, the night's four calls, the SLAPP-suit and the vote.
    check(posts[0] == posts[1] == [("POST", "/answer", 48)] * 7,
          f"seat {seat}'s Done requests: {posts}")
check(not browser.problems(), f"the pages said: {browser.problems()[:3]}")

# ---- The laptop gone, then another game served at its address --------------
# Within two asks, each card page says so, and shows no call, no live button.
twins[0].quit()
for seat in range(count):
    browser.wait_for("document.body.dataset.laptop === 'gone' && "
                     "!document.getElementById('gone').hidden && "
                     "document.getElementById('night').hidden", 5,
                     f"seat {seat}'s page saying the laptop is gone", pages[0][seat])
other = subprocess.Popen([sys.argv[1], "serve", twins[1].save, "--port", str(twins[0].port),
                          "--bind", "127.0.0.1"], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for seat in range(count):
    browser.wait_for("document.body.dataset.laptop === 'other_game' && "
                     "!document.getElementById('other_game').hidden && "
                     "document.getElementById('gone').hidden", 10,
                     f"seat {seat}'s page saying another game is served", pages[0][seat])
other.terminate()
other.wait()
browser.close()
twins[1].quit()
# Leaving by choice, each voice is heard to its last line: the twins said the same.
said = [[json.loads(line)["text"] for line in open(path, encoding="utf-8")] for path in speech]
check(said[0] == said[1] and len(said[0]) > 10, f"the twins' voices differ: {said}")
print("every phone's console, TV page and voice the same in both twins, from the mayor's "
      "election to the vote, answered by phone")
