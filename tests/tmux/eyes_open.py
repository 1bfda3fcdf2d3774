"""The eyes-open checker (issue 48): reads a --speak-log and says whether the
voice ever woke a role while another's eyes were open, opened the table's
eyes (or ended) with a role's still open, or lost a line the game produced.

Which lines wake a role and which close their eyes come from the script
itself: a call with a `sleep` line wakes its answerer with each line of its
`aloud` (and `aloud_phone`), and that `sleep` line closes their eyes, as the
narrator marks them (narration::Line::closes_with). A wake-up line counts
once it has begun, even cut short (the speaker owes its closing line then);
a closing line counts only read whole.

Usage as a program: eyes_open.py SCRIPT.json SPEAK.log [EXPECTED.txt]
(EXPECTED: lines the voice must say, in order, one a line).
"""

import json
import re
import sys


def _options(body):
    """`=1 {A} other {B}` as [(key, "A"), (key, "B")]."""
    found, i = [], 0
    while i < len(body):
        if body[i].isspace():
            i += 1
            continue
        start = body.index("{", i)
        end = _closing(body, start)
        found.append((body[i:start].strip(), body[start + 1 : end]))
        i = end + 1
    return found


def _closing(text, start):
    """The index of the brace closing the one at `start`."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return i
    raise ValueError(f"unbalanced braces in {text!r}")


def pattern(message):
    """A script line (ICU MessageFormat: {arg}, plural, select) as a regex
    matching every text it can give."""
    out, i = [], 0
    while i < len(message):
        c = message[i]
        if c != "{":
            out.append(r"\d+" if c == "#" else re.escape(c))
            i += 1
            continue
        end = _closing(message, i)
        inner = message[i + 1 : end]
        parts = inner.split(",", 2)
        if len(parts) == 3 and parts[1].strip() in ("plural", "select"):
            out.append("(?:" + "|".join(pattern(m) for _, m in _options(parts[2])) + ")")
        else:
            out.append(".+?")
        i = end + 1
    return "".join(out)


def top_lines(message):
    """A script line's lines, split at newlines outside any braces (as the
    narrator's add_lines hands them to the voice one by one)."""
    lines, depth, start = [], 0, 0
    for i, c in enumerate(message):
        depth += {"{": 1, "}": -1}.get(c, 0)
        if c == "\n" and depth == 0:
            lines.append(message[start:i])
            start = i + 1
    lines.append(message[start:])
    return lines


class Script:
    """The wake-up and closing lines of a script, and the lines that may be
    read while a role's eyes are open (the night falling, a degree)."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            lines = json.load(f)["lines"]
        self.wakes = []  # (regex, closing line)
        self.closings = set()
        for key, text in lines.items():
            call = re.fullmatch(r"call\.([a-z_]+)\.sleep", key)
            if not call:
                continue
            self.closings.add(text)
            for variant in ("aloud", "aloud_phone"):
                for line in top_lines(lines.get(f"call.{call.group(1)}.{variant}", "")):
                    if line:
                        self.wakes.append((re.compile(pattern(line)), text))
        # Said to everyone with their eyes closed: a role may still have them open.
        self.eyes_closed_lines = [
            re.compile(pattern(line))
            for key in ("night.falls", "event.temperature_rose")
            for line in top_lines(lines[key])
        ]

        # Never dropped by a cut: a degree, the end.
        self.kept_lines = [
            re.compile(pattern(line))
            for key in ("event.temperature_rose", "event.game_over")
            for line in top_lines(lines[key])
        ]

    def kept(self, text):
        return any(regex.fullmatch(text) for regex in self.kept_lines)

    def wakes_up(self, text):
        """The closing line a wake-up line owes, or None."""
        for regex, closing in self.wakes:
            if regex.fullmatch(text):
                return closing
        return None

    def said_eyes_closed(self, text):
        return any(regex.fullmatch(text) for regex in self.eyes_closed_lines)


def read_log(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(row) for row in f if row.strip()]


def problems(script, rows, expected=()):
    """What went wrong in a speak log's rows, as sentences (none: all well)."""
    found = []
    open_eyes = []  # closing lines owed, in the order the eyes opened
    for n, row in enumerate(rows, 1):
        text, cut = row["text"], row["cut"]
        where = f"line {n} ({text!r}{', cut' if cut else ''})"
        closing = script.wakes_up(text)
        if closing is not None:
            others = [c for c in open_eyes if c != closing]
            if others:
                found.append(f"{where} wakes a role while eyes are open: {others} never read")
            if closing not in open_eyes:
                open_eyes.append(closing)
        elif text in script.closings:
            if not cut and text in open_eyes:
                open_eyes.remove(text)
        elif open_eyes and not script.said_eyes_closed(text):
            found.append(f"{where} is read to the table while eyes are open: {open_eyes}")
    if open_eyes:
        found.append(f"the voice ends with eyes open: {open_eyes} never read")
    # Lines the game produced: each said whole, in order.
    whole = [row["text"] for row in rows if not row["cut"]]
    at = 0
    for line in expected:
        try:
            at = whole.index(line, at) + 1
        except ValueError:
            found.append(f"never read whole, in order: {line!r}")
    for a, b in zip(rows, rows[1:]):
        if b["start_ms"] < a["end_ms"]:
            found.append(f"two lines at once: {a['text']!r} and {b['text']!r}")
    return found


def main():
    script = Script(sys.argv[1])
    expected = []
    if len(sys.argv) > 3:
        with open(sys.argv[3], encoding="utf-8") as f:
            expected = [line.rstrip("\n") for line in f if line.strip()]
    found = problems(script, read_log(sys.argv[2]), expected)
    for problem in found:
        print(problem)
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
