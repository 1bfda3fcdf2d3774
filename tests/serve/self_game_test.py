#!/usr/bin/env python3
"""A game with no moderator (`coyel new --self`, issues 39 and 48): seven
players whose phones answer every call, on loopback, nobody typing, in real
time at the table's pace: each night call lasts its 15-second floor, the
pages ask once a second, the voice's lines last as long as they would sound.

- The phones elect the last player mayor, answer the night's calls (steered
  to a protest: the carbon emissions and the NGO tap the same citizen; the
  banker and the CEO tap at random, seeded), the SLAPP-suit (the CEO's phone
  alone names the saved player) and the day's ballots (the carbon emissions
  voted out), until the game ends by itself. The SLAPP-suit's call ends,
  once every phone is done and its floor has passed.
- The laptop's screen is the players' screen: the moderator's prompts never
  reach it. The voice (a timed, silent --speak-log) reads the calls, the
  talk timer's start and end, and the end, one line at a time.
- --talk without --self, a --talk of 0 and --self with --roles are refused.
- Killed after the SLAPP-suit, `coyel resume --self` goes on with the same
  links and nothing lost.
- The save loads (`coyel check`) and its replay ends as the players' screen
  does; q leaves with exit code 0.
About two minutes and a half: tools/soak runs it (label soak); the whole
games at the 15-second floor run on a fake clock (tests/cli/self_game_test.cpp).
Usage: self_game_test.py PATH/TO/coyel"""
import json, os, random, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone_game import FACTOR, FLOOR_S, PhoneGame, check, check_the_end  # noqa: E402

coyel = sys.argv[1]
# --talk needs --self, and a length the prompt's `timer` takes; --self a random deal.
for args, said in ((["--talk", "2"], "add --self"), (["--self", "--talk", "0"], "--talk takes"),
                   (["--self", "--roles", "carbon,ceo,ngo,banker,fragile,citizen,citizen"],
                    "--self shows the cards of a random deal")):
    refused = subprocess.run([coyel, "new", "--players", "Ana,Ben,Cleo,Dan,Eve,Finn,Gus", *args],
                             capture_output=True, text=True, stdin=subprocess.DEVNULL)
    check(refused.returncode == 2 and said in refused.stderr, f"{args}: {refused.stderr}")
rng = random.Random(39)
speech = os.path.join(tempfile.mkdtemp(), "speech.jsonl")
game = PhoneGame(coyel, seed=11, players="Ana,Ben,Cleo,Dan,Eve,Finn,Gus",
                 deck=None, extra=["--self", "--talk", "1s", "--speak-log", speech])
names, roles = game.names, game.roles
ceo = roles.index("ceo")
# Night 1 is steered to a protest: every phone taps the same citizen at the
# carbon call and at the NGO's, so the CEO's SLAPP-suit is asked at dawn.
saved = roles.index("citizen")
steered = {"Night 1 · the carbon emissions": saved, "Night 1 · the Environmental NGO": saved}
carbons = [names[seat] for seat, role in enumerate(roles) if role == "carbon"]


def steered_pick(phone, open_entries):
    """The steered entry of this call, else one at random: the last player
    elected mayor, a carbon emission still in the game voted out."""
    if phone["call"] in steered:
        return steered[phone["call"]]
    call, choices = phone["call"], phone["choices"]
    wanted = ([names[-1]] if call.endswith("mayor election") else
              carbons if call.endswith(("the vote", "the revote")) else [])
    picks = [index for index in open_entries if choices[index] in wanted]
    return picks[0] if picks else rng.choice(open_entries)


def shown():
    """The players' screen of the save, as `display --once` prints it."""
    return subprocess.run([coyel, "display", "--once", game.save], capture_output=True,
                          text=True, env=dict(os.environ, COYEL_LANG="en")).stdout


def serving():
    try:
        return game.request("GET", "/")[0] == 200
    except OSError:
        return False


# ---- The phones play the game to its end ------------------------------------
deadline = time.monotonic() + 420 * FACTOR
slapp_opened = slapp_ended = None  # when the SLAPP-suit's call showed on a phone, and ended
taps = 0
pointed_seen = set()
resumed = False
while " won." not in shown():
    check(time.monotonic() < deadline, f"the game never ended: {game.log()[-3:]}")
    if slapp_opened and not slapp_ended and any(entry["do"] == "slapp" for entry in game.log()):
        slapp_ended = time.monotonic()
    if not resumed and any(entry["do"] == "slapp" for entry in game.log()):
        # Killed after the SLAPP-suit, the game goes on with `resume --self`:
        # the same links, nothing lost, a new voice log.
        game.process.kill()
        game.process.wait()
        before = len(game.log())
        speech = speech.replace(".jsonl", "-resumed.jsonl")
        game.process = subprocess.Popen(
            [coyel, "resume", "--self", "--talk", "1s", "--speak-log", speech, game.save],
            stdin=subprocess.PIPE, stdout=game.out, stderr=subprocess.STDOUT,
            env=dict(os.environ, COYEL_LANG="en"))
        game.wait_until(serving, "the resumed server")
        check(len(game.log()) == before, "the resume lost an answer")
        resumed = True
    check(game.process.poll() is None, "coyel left during the game")
    for seat in range(len(names)):
        phone = game.poll(seat)
        if phone.get("out") or not phone["choices"] or phone["done"]:
            continue
        if phone["call"].endswith("SLAPP-suit"):
            # Shown once read, eyes closed: the CEO's phone names the saved at
            # once, and no other phone does.
            pointed = [line for line in phone["told"] if line.startswith("A protest saved")]
            check(bool(pointed) == (seat == ceo), f"seat {seat}'s SLAPP-suit: {phone}")
            pointed_seen.update(pointed)
            slapp_opened = slapp_opened or time.monotonic()
        # A player taps what their phone shows open to them.
        open_entries = [index for index, mark in enumerate(phone["open"]) if mark == "1"]
        choice = steered_pick(phone, open_entries)
        status = game.done(seat, choice, nonce=phone["nonce"])
        check(status in (204, 409), f"seat {seat}'s Done: {status}")  # 409: the call moved on
        taps += 1
    time.sleep(0.2)

screen_lines = shown().splitlines()
end = [line for line in screen_lines if line.endswith(" won.")]
why = screen_lines[screen_lines.index(end[0]) - 1]  # "No ecosystem is left: …"
log = game.log()
kinds = {entry["do"] for entry in log}
check({"elect_mayor", "carbon_target", "vote", "slapp"} <= kinds, f"the log's answers: {kinds}")
check(resumed, "the game was never resumed")
# The SLAPP-suit answered on the phones ends, at its floor, not long after.
check(slapp_opened and slapp_ended, "the SLAPP-suit was never asked on the phones, or never ended")
check(FLOOR_S - 1.5 <= slapp_ended - slapp_opened <= FLOOR_S + 20,
      f"the SLAPP-suit lasted {slapp_ended - slapp_opened:.1f} s, not its {FLOOR_S} s floor")
# The CEO's phone named the saved player.
check(f"A protest saved {names[saved]}." in pointed_seen, f"the CEO's phone: {pointed_seen}")
typed = [entry for entry in log if entry["do"] not in ("vote", "clock", "note", "tell")
         and entry.get("by") != "phone"]
check(not typed, f"answers not by phone: {typed}")
tells = [entry for entry in log if entry["do"] == "tell"]
check(tells, "the dawn was never told")

# ---- What the laptop showed and said ------------------------------------------
screen = open(os.path.join(game.folder, "repl.out"), encoding="utf-8").read()
for prompt in ("mayor>", "carbon target>", "votes for>", "Answer:"):
    check(prompt not in screen, f"the moderator's {prompt!r} reached the table's screen")
check("\x1b[?1049h" in screen, "the table's screen never took the terminal")
# ---- The save --------------------------------------------------------------------
check_the_end(coyel, game.save)  # the rules' end, worked out apart from the engine
checked = subprocess.run([coyel, "check", game.save], capture_output=True, text=True)
check(checked.returncode == 0, f"coyel check: {checked.stdout}{checked.stderr}")
replayed = subprocess.run([coyel, "replay", game.save, "--view", "table"], capture_output=True,
                          text=True, env=dict(os.environ, COYEL_LANG="en")).stdout
check(replayed.rstrip().count(why) == 1, f"the replay does not end as the screen: {why}")

game.quit(b"q")
left = open(os.path.join(game.folder, "repl.out"), encoding="utf-8").read()
check(left.rstrip().endswith(f"The game is saved in {game.save}."), "where the game is kept, "
      "once the table's screen is left: " + left[-200:])
# Leaving by choice, the voice is heard to its last line: the log is whole.
lines = [json.loads(line) for line in open(speech, encoding="utf-8")]
said = [line["text"] for line in lines]
first = speech.replace("-resumed.jsonl", ".jsonl")
said_first = [json.loads(line)["text"] for line in open(first, encoding="utf-8")]
check("Talk it over until the timer ends; then vote on your phones." in said,
      "the talk never opened")
check("Time is up." in said, "the talk timer's end was not said")
# The talk lasts its whole second from when the voice has read the day's opening.
talk = "Talk it over until the timer ends; then vote on your phones."
for index, line in enumerate(lines):
    if line["text"] == "Time is up.":
        opened = max(i for i in range(index) if lines[i]["text"] == talk)
        check(line["due_ms"] - lines[opened]["end_ms"] >= 900,
              f"the talk cut short: {lines[opened]} then {line}")
slapp_call = [text for text in said_first if "Fossil Fuel CEO, open your eyes: a protest saved" in text]
check(slapp_call and all("your phone names them" in text for text in slapp_call),
      f"the SLAPP-suit's call as the voice read it: {slapp_call}")  # no moderator points
check(why in said, f"the end was not said: {why}")
for before, after in zip(lines, lines[1:]):
    check(after["start_ms"] >= before["end_ms"], f"two lines at once: {before} {after}")
print(f"a game of {len(log)} entries played by the phones alone ({taps} taps), the end said")
