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
  the mayor's election, the carbon call, the NGO's.
- Each page's requests are of the same kinds in both twins, and each Done is
  as long as any other, as each card page is; no script error, no policy
  violation.
About 10 s. Usage: phone_console_test.py PATH/TO/coyel"""
import os, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, "..", "html")]
from phone_game import PhoneGame, check  # noqa: E402
from page_driver import Chromium  # noqa: E402

twins = [PhoneGame(sys.argv[1], seed=2, floor_s=0.3), PhoneGame(sys.argv[1], seed=3, floor_s=0.3)]
check(twins[0].roles != twins[1].roles, "the twins are dealt alike")
count = len(twins[0].names)
# Every card page is as long as any other, whatever its card says.
sizes = {len(game.request("GET", f"/card/{token}")[1]) for game in twins for token in game.tokens}
check(sizes == {8192}, f"the card pages' sizes: {sizes}")
browser = Chromium(tempfile.mkdtemp())
pages = [[browser.new_page(f"{game.origin}/card/{token}", 400, 800) for token in game.tokens]
         for game in twins]


def on(twin, seat, expression):
    return browser.value(expression, pages[twin][seat])


def wait_on_all(expression, what, seats=range(count)):
    for twin in (0, 1):
        for seat in seats:
            browser.wait_for(expression, 10, f"{what} (twin {twin}, seat {seat})",
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


def answer_call(moment, buttons, index, role, kind):
    """Every phone taps `index` and Done, one phone last: the call's consoles
    compared before the taps and once all but that phone are done."""
    wait_on_all(f"document.querySelectorAll('#choices button').length === {buttons}",
                f"the list of {moment}")
    same_consoles(moment)
    last = min(set(range(count)) - holds(role))
    others = [seat for seat in range(count) if seat != last]
    for twin in (0, 1):
        for seat in others:
            tap(twin, seat, index)
    wait_on_all("!document.getElementById('waiting').hidden", f"Done taken at {moment}", others)
    compared = [seat for seat in others if role != "carbon" or seat not in holds("carbon")]
    same_consoles(f"after Done at {moment}", compared)
    check(all(len(game.log()) == length for game, length in zip(twins, lengths)),
          f"{moment} was answered before every phone was done")
    for twin in (0, 1):
        tap(twin, last, index)
    for twin, game in enumerate(twins):
        game.wait_until(lambda: len(game.log()) == lengths[twin] + 1, f"{moment} answered")
        entry = game.log()[-1]
        check(entry["do"] == kind and entry.get("by") == "phone", f"{moment}: {entry}")
        lengths[twin] += 1


lengths = [0, 0]
# The mayor's election, the table's: every phone taps Hana (the last player).
answer_call("the mayor's election", count + 1, count - 1, None, "elect_mayor")
# The carbon call: a player no carbon emission in either twin is the target.
target = min(set(range(count)) - holds("carbon"))
answer_call("the carbon call", count, target, "carbon", "carbon_target")
answer_call("the NGO's call", count + 1, count, "ngo", "ngo_protect")  # nobody

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
    check(posts[0] == posts[1] == [("POST", "/answer", 48)] * 3,
          f"seat {seat}'s Done requests: {posts}")
problems = [event for event in browser.events
            if event["method"] in ("Runtime.exceptionThrown", "Log.entryAdded")
            or (event["method"] == "Runtime.consoleAPICalled"
                and event["params"]["type"] in ("error", "warning"))]
check(not problems, f"the pages said: {problems[:3]}")
browser.close()
for game in twins:
    game.quit()
print("every phone's console the same in both twins, and the night answered by phone")
