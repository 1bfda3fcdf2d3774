#!/usr/bin/env python3
"""The phones answer while the moderator's terminal waits (issue 39), under
tmux with the real clock: the prompt's line editor wakes for the phones'
answer as for a key, even with the clock paused (no second to wake for). What was half typed goes with the prompt; the REPL says
"The phones answered:", tells the answer and shows the next call, whose
prompt keeps its clock ticking; the line editor then takes a typed answer.
Behind the dawn's gate, the phones show nothing of the night's news.
About 50 s at the 15-second floor. Usage: phone_terminal_test.py PATH/TO/coyel"""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone_game import PhoneGame, check  # noqa: E402

game = PhoneGame(sys.argv[1], seed=2, tmux=f"coyel-phones-{os.getpid()}")
screen = game.printed
prompt = game.last_line
# The walk-through: each card link shown, then hidden.
game.walk_through(lambda shown: "mayor>" in shown, "the mayor's prompt")
game.typed("Hana")
game.wait_until(lambda: "carbon target>" in prompt(), "the carbon call's prompt")
game.wait_until(lambda: game.poll(0)["choices"], "the server follows the save", every=0.2)

# Paused, the prompt has no second to wake for: only the phones' answer wakes it.
game.typed("pause")
game.wait_until(lambda: "paused" in prompt(), "the clock paused")
game.keys("-l", "Cle")  # the moderator has begun to type
game.wait_until(lambda: prompt().endswith("carbon target> Cle"), "the typing shown")
victim = min(set(range(len(game.names))) - set(game.carbons))
for seat in range(len(game.names)):
    check(game.done(seat, victim) == 204, f"seat {seat}'s Done")
game.wait_until(lambda: "NGO protects>" in prompt(), "the phones' answer and the next call")
shown = screen()
check("The phones answered:" in shown, "the REPL does not say the phones answered")
check(f"The carbon emissions target {game.names[victim]}." in shown, "the answer not told")
check("Cle" not in prompt(), f"the half-typed answer stayed: {prompt()}")
check(game.log()[1].get("by") == "phone", f"the answer logged: {game.log()[1]}")
# The next call's prompt is live: resumed, its clock moves on.
game.typed("resume")
game.wait_until(lambda: "next in" in prompt(), "the clock resumed")
first = re.search(r"next in (\d+:\d\d)", prompt())
check(first, f"no clock on the prompt: {prompt()}")
game.wait_until(lambda: re.search(r"next in (\d+:\d\d)", prompt()) and
                re.search(r"next in (\d+:\d\d)", prompt()).group(1) != first.group(1),
                "the prompt's clock ticking", every=0.2)
game.typed("none")  # the line editor still takes a typed answer
game.wait_until(lambda: len(game.log()) == 3, "the typed protection")
check("by" not in game.log()[2], f"a typed answer logged by phone: {game.log()[2]}")

# The night's news waits behind the dawn's gate: until the moderator opens
# the day, no phone shows the vote, and the target's phone is not told it is out.
game.typed("none")  # the banker
game.typed("none")  # the CEO
game.wait_until(lambda: "opens the day>" in prompt(), "the dawn's gate")
for seat in range(len(game.names)):
    shown = game.poll(seat)
    check("out" not in shown and shown["choices"] == [], f"seat {seat} before the dawn: {shown}")
game.keys("Enter")
game.wait_until(lambda: "out" in game.poll(victim), "the target told it is out", every=0.2)
game.quit()
print("the terminal woke for the phones, and went on")
