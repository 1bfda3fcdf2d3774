#!/usr/bin/env python3
"""A game with no moderator on a real terminal (`coyel new --self`, issue 39),
under tmux with the real clock: after the walk-through of the card links the
terminal is the players' screen, full screen; the phones elect the mayor,
and the screen shows Night 1 with its countdown ticking once the voice has
read the election, and again at a new size after a resize; q leaves it,
the terminal as it was, and says where the game is kept.
About 40 s, the voice at its real length. Usage: self_terminal_test.py PATH/TO/coyel"""
import os, re, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone_game import PhoneGame, check  # noqa: E402

speech = os.path.join(tempfile.mkdtemp(), "speech.jsonl")
game = PhoneGame(sys.argv[1], seed=11, tmux=f"coyel-self-{os.getpid()}",
                 players="Ana,Ben,Cleo,Dan,Eve,Finn,Gus", deck=None, minutes=15,
                 extra=["--self", "--speak-log", speech])
screen = game.printed


# The walk-through: each card link shown, then hidden; then the table's screen.
game.walk_through(lambda shown: "Before the game" in shown, "the table's screen")
check("mayor>" not in screen(), "the moderator's prompt on the table's screen")
# The election shows on the phones once the voice has read its call.
game.wait_until(lambda: game.poll(0)["choices"], "the election on the phones", every=0.2)
for seat in range(len(game.names)):  # every phone elects the last player
    check(game.done(seat, len(game.names) - 1) == 204, f"seat {seat}'s election Done")
game.wait_until(lambda: "Night 1" in screen() and "Gus  in · mayor" in screen(),
                "Night 1 on the table's screen, Gus the mayor")


def countdown():
    found = re.search(r"next degree in (\d+):(\d\d)", screen())
    check(found, f"no countdown on the screen: {screen()}")
    return int(found[1]) * 60 + int(found[2])


first = countdown()
game.wait_until(lambda: countdown() <= first - 2, "the countdown ticking two seconds", every=0.1)

# A resize: the screen drawn again at the new size, still ticking.
game.run_tmux("resize-window", "-t", "=game:", "-x", "80", "-y", "24")
game.wait_until(lambda: len(screen().splitlines()) <= 24 and "Night 1" in screen(),
                "the screen at 80x24")
again = countdown()
game.wait_until(lambda: countdown() <= again - 1, "the countdown ticking after the resize",
                every=0.1)

game.keys("q")
game.wait_until(lambda: f"The game is saved in {game.save}." in screen(), "q leaving, the "
                "table's screen gone and where the game is kept said")
game.run_tmux("kill-server")
print("the table's screen on a real terminal: Night 1 ticking, a resize, q")
