"""Night 1 read aloud under tmux, at the voice's own pace (issue 48): games
side by side on one tmux server, each with --speak-log, in each of which the
moderator does one thing while a given line of the night is being read: types
the call's answer early, `undo`, Ctrl-C, `mute` then the answer (and an
`undo`, still muted), or `heat` (manual temperature mode) then Ctrl-C, or the
answer and an `undo`. Muted, `unmute` comes at the next call. Every other
answer is typed late, once the voice has read what is shown.
Each game plays to the day's vote, then quits; the eyes-open checker
(eyes_open.py) reads its log: no role woken while another's eyes are open,
no eyes open when the table's open or the voice stops, and every line the
screen showed read whole (after the last cut; a degree always).

Usage: speech_night.py COYEL TMUX_SERVER FOLDER SCRIPT.json [--every-line]
Without --every-line, a few lines per action (tools/test); with it, every
line of the night for every action (tools/soak).
"""

import os
import re
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import eyes_open  # noqa: E402

NIGHT_LINES = 10  # falls, carbon ×3, NGO ×2, banker ×2, CEO ×2 (answers typed late)
ANSWERS = {  # prompt → answer: Ben is out at dawn, Finn protected, nobody lobbied
    "mayor": "Finn",
    "carbon target": "Ben",
    "NGO protects": "Finn",
    "banker (up/down/none)": "none",
    "CEO lobbies": "none",
}
GATE = "Enter clears the screen and opens the day"
PROMPT = re.compile(r"^\[[^\]]*\] (.*?)> ?(.*)$")


def time_factor():
    """As common.sh's `scaled`: the sanitizers' factor times the load beyond the cores."""
    with open("/proc/loadavg") as f:
        load = float(f.read().split()[0]) / os.cpu_count()
    return float(os.environ.get("COYEL_TIME_FACTOR", "1")) * max(1.0, load)


class Failed(Exception):
    pass


class Game:
    def __init__(self, name, coyel, server, folder, mode):
        self.name, self.server = re.sub(r"[^A-Za-z0-9-]", "-", name), server
        name = self.name
        self.log = os.path.join(folder, f"{name}.log")
        self.cleared = []  # lines shown aloud before the screen was cleared (the dawn's gate)
        command = (
            f"{coyel} new --players Ana,Ben,Cleo,Dan,Eve,Finn"
            " --roles Ana=carbon,Cleo=ngo,Dan=ceo,Eve=banker"
            f" --mode {mode} --save {folder}/{name}.json --speak-log {self.log}; echo EXITED; sleep 600"
        )
        self.tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "50", command)
        self.wait("saw the deal", lambda: any("Start the game with this deal?" in r for r in self.screen()))
        self.keys("yes", "Enter")

    def tmux(self, *args):
        return subprocess.run(
            ["tmux", "-L", self.server, *args], check=True, capture_output=True, text=True
        ).stdout

    def keys(self, *keys):
        self.tmux("send-keys", "-t", f"={self.name}:", *keys)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-S", "-", "-t", f"={self.name}:").splitlines()

    def rows(self):
        try:
            return eyes_open.read_log(self.log)
        except FileNotFoundError:
            return []

    def shown(self, screen=None):
        """Every line shown between quotation marks so far, unwrapped."""
        lines, current = [], None
        for row in screen if screen is not None else self.screen():
            if current is None and row.startswith("  “"):
                current = row[3:]
            elif current is not None and row.startswith("   "):
                current += " " + row[3:]
            else:
                continue
            if current.endswith("”"):
                lines.append(current[:-1])
                current = None
        return self.cleared + lines

    @staticmethod
    def prompt(screen):
        """The prompt waiting (its name), or None."""
        rows = [row for row in screen if row.strip()]
        match = PROMPT.match(rows[-1]) if rows else None
        return match.group(1) if match else None

    def wait(self, what, condition, seconds=20):
        until = time.monotonic() + seconds * time_factor()
        while time.monotonic() < until:
            found = condition()
            if found:
                return found
            time.sleep(0.1)
        raise Failed(f"{self.name}: never {what}\n" + "\n".join(self.screen()[-25:]))

    def wait_prompt(self, unlike=None):
        """Waits for a prompt (other than `unlike`) and returns (name, screen)."""

        def ready():
            screen = self.screen()
            name = self.prompt(screen)
            return (name, screen) if name is not None and name != unlike else None

        return self.wait(f"saw a prompt other than {unlike!r}", ready)


def open_eyes(rows):
    """The closing lines owed after `rows`, as the checker counts them."""
    owed = []
    for row in rows:
        closing = SCRIPT.wakes_up(row["text"])
        if closing and closing not in owed:
            owed.append(closing)
        elif row["text"] in owed and not row["cut"]:
            owed.remove(row["text"])
    return owed


def read_through(rows, shown, since):
    """Whether the voice has read what the screen shows: the last line shown
    is in the log after row `since`, read whole; or a cut came after `since`
    and every closing line it owed has been read."""
    if any(r["text"] == shown[-1] and not r["cut"] for r in rows[since:]):
        return True
    return any(r["cut"] for r in rows[since:]) and not open_eyes(rows)


class Night:
    """One game's night: late answers, and an action (steps joined by "+")
    while night line `line` is read (the mayor's call is row 1 of the log,
    the night's first line row 2)."""

    def __init__(self, game, action, line):
        self.game, self.steps, self.line = game, action.split("+") if action else [], line
        self.expected_from = 0  # the lines shown from here on must all be read whole
        self.muted = False

    def step(self, step, prompt):
        """Does one step of the action; returns the prompt then waiting."""
        game = self.game
        if step == "answer":  # typed early, while the call is read
            return answer(game, prompt, game.screen())
        if step in ("undo", "ctrl-c"):
            self.expected_from = len(game.shown())  # what waits may be dropped
        keys, shows = {
            "undo": (["undo", "Enter"], "Undone"),
            "ctrl-c": (["C-c"], "Ctrl-C empties the line."),
            "mute": (["mute", "Enter"], "Muted:"),
            "heat": (["heat", "Enter"], "The global temperature rises to"),
        }[step]
        before = sum(shows in row for row in game.screen())
        game.keys(*keys)
        game.wait(f"saw {shows!r} after {step}", lambda: sum(shows in r for r in game.screen()) > before)
        self.muted = self.muted or step == "mute"
        return game.wait_prompt()

    def play(self):
        """Plays to the day's vote; returns what the checker found."""
        game = self.game
        acted = not self.steps
        since = 0  # the log's length before the last input
        prompt, screen = game.wait_prompt()
        while not prompt.endswith("votes for"):
            if self.muted:  # unmuted at the next call
                since = len(game.rows())
                game.keys("unmute", "Enter")
                self.muted = False
            shown = game.shown(screen)  # nothing more shows until the next input

            def moment():
                rows = game.rows()
                # Line `line` or, on a busy machine that missed it, the next.
                if not acted and len(rows) >= self.line and len(shown) > len(rows):
                    return "act"
                return "late" if read_through(rows, shown, since) else None

            if game.wait("came to a moment to act or answer", moment) == "act":
                time.sleep(0.4)  # into the line, as a moderator would be
                acted = len(game.rows())  # the night line being read
                since = len(game.rows())
                for step in self.steps:
                    prompt, screen = self.step(step, prompt)
                continue
            since = len(game.rows())
            prompt, screen = answer(game, prompt, screen)
        if self.muted:
            game.keys("unmute", "Enter")
            self.muted = False
        # The day's vote waits: by the time its call is read, no eyes are open.
        game.wait(
            "heard the vote's call",
            lambda: any(r["text"].startswith("Discuss, then vote") for r in game.rows()),
        )
        found = eyes_open.problems(SCRIPT, game.rows())
        shown = game.shown()
        if acted is False:
            found.append(f"never came to night line {self.line}")
        self.acted_at = acted
        game.keys("quit", "Enter")
        game.wait("saw the program end", lambda: any(r == "EXITED" for r in game.screen()))
        kept = [s for s in shown[: self.expected_from] if SCRIPT.kept(s)]
        return found + eyes_open.problems(SCRIPT, game.rows(), kept + shown[self.expected_from :])


def answer(game, prompt, screen):
    """Types the answer to `prompt` and returns the next prompt."""
    if prompt == GATE:
        game.cleared = game.shown(screen)  # Enter clears the screen
        game.keys("Enter")
    else:
        game.keys(ANSWERS[prompt], "Enter")
    return game.wait_prompt(unlike=prompt)


SCRIPT = None


def games(every_line):
    """(name, mode, action, line) of each game."""
    every = range(1, NIGHT_LINES + 1)
    chosen = {
        "answer": every if every_line else (2, 4, 10),
        "undo": every if every_line else (1, 5, 9),
        "ctrl-c": every if every_line else (3, 8),
        "mute+answer": every if every_line else (2, 7),
        # Not at the night's last line: that answer opens the day, whose undo asks first.
        "mute+answer+undo": every[:-1] if every_line else (5,),
    }
    listed = [(f"{a}@{n}", "night", a, n) for a, lines in chosen.items() for n in lines]
    listed += [("late", "night", None, 0)]
    # A degree rung during the banker's call: read after the line being read,
    # and kept by a Ctrl-C, or by an undo of the answer typed after it.
    listed += [(f"{a}@7", "manual", a, 7) for a in ("heat", "heat+ctrl-c", "heat+answer+undo")]
    return listed


def main():
    global SCRIPT
    coyel, server, folder, script = sys.argv[1:5]
    SCRIPT = eyes_open.Script(script)
    started = time.monotonic()
    results, lasted, moved = {}, {}, {}

    def run(name, mode, action, line):
        began = time.monotonic()
        game = None
        try:
            game = Game(name, coyel, server, folder, mode)
            night = Night(game, action, line)
            results[name] = night.play()
            if action and night.acted_at not in (True, line):
                moved[name] = night.acted_at
        except Failed as failed:  # stuck: what the voice had read by then, checked too
            results[name] = [str(failed)] + (eyes_open.problems(SCRIPT, game.rows()) if game else [])
        lasted[name] = time.monotonic() - began

    only = re.compile(os.environ.get("SPEECH_NIGHT_ONLY", ""))  # to run some games alone
    threads = [
        threading.Thread(target=run, args=game)
        for game in games("--every-line" in sys.argv)
        if only.search(game[0])
    ]
    for thread in threads:
        thread.start()
        time.sleep(0.05)
    for thread in threads:
        thread.join()
    failed = False
    for name in sorted(results):
        for problem in results[name]:
            print(f"FAIL {name}: {problem}")
            failed = True
        if not results[name]:
            late = f", at line {moved[name]}: the machine was busy" if name in moved else ""
            print(f"ok {name} ({lasted[name]:.0f} s{late})")
    print(f"{len(results)} games in {time.monotonic() - started:.0f} s")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
