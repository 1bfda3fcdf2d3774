#!/usr/bin/env python3
"""A French game of nine whose names begin with vowels and an h (one with a
consonant beside them), played to its end under tmux with the real clock:
the moderator's terminal, `coyel display` on another, and the players' page
(--serve) in headless Chromium. Every screen is read at every moment the
test waits, and none may show an article left unelided before a name
(« de Éléonore », « le Hugo »), nor one elided before a consonant
(« d’Bastien »); at each ballot, the players' screen and the page say whose
turn it is, elided (« Au tour d’Inès de voter »). Issue 51.

The h is mute (« d’Hélène », « d’Hugo »): docs/scripts.md. About a minute on
two cores shared with other tests (the table's pace: no knob shortens it).
Usage: french_game_test.py PATH/TO/coyel"""
import os, re, shlex, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, "..", "html")]
from phone_game import FACTOR, check, fail, free_port  # noqa: E402
from page_driver import Chromium  # noqa: E402

coyel = os.path.realpath(sys.argv[1])
folder = tempfile.mkdtemp()
save = os.path.join(folder, "partie.json")
port = free_port()
server = f"coyel-french-game-{os.getpid()}"

# Seats 1 to 9; a vowel, a mute h, a y before a consonant, and Bastien.
PLAYERS = ["Éléonore", "Inès", "Hélène", "Ulysse", "Yves", "Hugo", "Océane", "Amandine", "Bastien"]
VOWELS = PLAYERS[:-1]
ROLES = "Éléonore=carbone,Inès=carbone,Hélène=ONG,Ulysse=PDG,Yves=banquier,Hugo=fragile"
# Words a French line elides before a vowel sound.
ELIDED = ["de", "que", "le", "la", "je", "me", "te", "se", "ne", "jusque", "lorsque", "puisque"]

# Each question the moderator is asked, in order, and the answer typed; the
# gates (« Entrée pour … ») are passed with Enter as they come.
PLAN = [
    ("maire>", "Océane"),
    # Night 1: Amandine damaged; the CEO corrupts Hugo (a tap).
    ("cible du carbone>", "Amandine"),
    ("l’ONG protège>", "personne"),
    ("banquier (haut/bas/aucun)>", "aucun"),
    ("le PDG fait pression sur>", "Hugo"),
    # Day 1: Éléonore and Inès tie at 3, the revote puts Éléonore out.
    ("Éléonore vote pour>", "Inès"),
    ("Inès vote pour>", "Éléonore"),
    ("Hélène vote pour>", "Éléonore"),
    ("Ulysse vote pour>", "Inès"),
    ("Yves vote pour>", "Inès"),
    ("Hugo vote pour>", "personne"),
    ("Océane vote pour>", "personne"),
    ("Bastien vote pour>", "Éléonore"),
    ("Éléonore vote pour>", "Inès"),
    ("Inès vote pour>", "Éléonore"),
    ("Hélène vote pour>", "Éléonore"),
    ("Ulysse vote pour>", "Inès"),
    ("Yves vote pour>", "Éléonore"),
    ("Hugo vote pour>", "personne"),
    ("Océane vote pour>", "Éléonore"),
    ("Bastien vote pour>", "Éléonore"),
    # Night 2: the NGO saves Bastien; the CEO corrupts the banker, lobbies
    # again, and files no SLAPP-suit.
    ("cible du carbone>", "Bastien"),
    ("l’ONG protège>", "Bastien"),
    ("banquier (haut/bas/aucun)>", "aucun"),
    ("le PDG fait pression sur>", "Yves"),
    ("le PDG fait encore pression sur>", "personne"),
    ("poursuite-bâillon (oui/non)>", "non"),
    # Day 2: Inès voted out, no carbon emission is left: the ecosystems win.
    ("Inès vote pour>", "Hélène"),
    ("Hélène vote pour>", "Inès"),
    ("Ulysse vote pour>", "Hélène"),
    ("Yves vote pour>", "Inès"),
    ("Hugo vote pour>", "Inès"),
    ("Océane vote pour>", "Inès"),
    ("Bastien vote pour>", "Inès"),
]

seen = set()  # every screen's text read, each once


def tmux(*args):
    return subprocess.run(["tmux", "-L", server, *args], capture_output=True, text=True,
                          env=dict(os.environ, TMUX_TMPDIR=folder)).stdout


def pane(session):
    return tmux("capture-pane", "-p", "-t", f"={session}:")


def question():
    """The moderator's prompt on the cursor's line, without its [status]."""
    lines = pane("m").splitlines()
    row = int(tmux("display-message", "-p", "-t", "=m:", "#{cursor_y}").strip() or 0)
    line = lines[row] if row < len(lines) else ""
    return re.sub(r"^\[[^]]*\] ", "", line).rstrip()


def look(browser):
    """Reads the three screens, keeping what each shows."""
    shown = [pane("m"), pane("d"), browser.value("document.body.innerText") or ""]
    seen.update(shown)
    return shown


def wait_until(browser, condition, what, seconds=20):
    until = time.monotonic() + seconds * FACTOR
    while time.monotonic() < until:
        look(browser)
        if condition():
            return
        time.sleep(0.05)
    print(pane("m"), "\n---\n", pane("d"), file=sys.stderr)
    fail("never: " + what)


def turn_line(name):
    return f"Au tour {'d’' if name != 'Bastien' else 'de '}{name} de voter."


def play(browser):
    """Answers the plan's questions and passes the gates until coyel leaves."""
    plan = list(PLAN)
    while True:
        wait_until(browser, lambda: "EXITED" in pane("m") or question().endswith(">"),
                   "a question or the end")
        if "EXITED" in pane("m"):
            check(not plan, f"coyel left with the plan at {plan[:1]}")
            return
        asked = question()
        if asked.startswith("Entrée"):
            answer = ""
        else:
            check(plan and plan[0][0] in asked, f"asked « {asked} », planned {plan[:1]}")
            answer = plan.pop(0)[1]
            voter = asked[: -len(" vote pour>")] if asked.endswith(" vote pour>") else None
            if voter:  # the table's screens say whose turn it is, elided
                for screen, shown in (("display", 1), ("the page", 2)):
                    wait_until(browser, lambda: turn_line(voter) in look(browser)[shown],
                               f"{screen} saying « {turn_line(voter)} »")
        if answer:
            tmux("send-keys", "-t", "=m:", "-l", answer)
        tmux("send-keys", "-t", "=m:", "Enter")
        wait_until(browser, lambda: question() != asked or "EXITED" in pane("m"),
                   f"an answer to « {asked} » taken")


def unelided(text):
    """The first wrong article before a name in `text`, or None."""
    for name in VOWELS:
        for word in ELIDED:
            found = re.search(rf"(?<![\w’']){word}\s+{name}", text, re.IGNORECASE)
            if found:
                return found.group(0)
    found = re.search(r"[dl]’Bastien|qu’Bastien", text)
    return found.group(0) if found else None


os.makedirs(folder, exist_ok=True)
env = "env LC_ALL=C.UTF-8 COYEL_LANG=fr"
tmux("new-session", "-d", "-s", "m", "-x", "100", "-y", "40",
     f"cd {shlex.quote(folder)} && {env} {shlex.quote(coyel)} new --players "
     f"{shlex.quote(','.join(PLAYERS))} --roles {shlex.quote(ROLES)} --option égalité=second-tour "
     f"--save partie.json --serve --bind 127.0.0.1 --port {port}; echo EXITED; sleep 60")
browser = None
try:
    # The deal confirmed, the game is saved: then the table's screens follow it.
    until = time.monotonic() + 20 * FACTOR
    while "Lancer la partie" not in question() and time.monotonic() < until:
        time.sleep(0.05)
    check("Lancer la partie" in question(), "the deal was never shown: " + pane("m"))
    tmux("send-keys", "-t", "=m:", "-l", "oui")
    tmux("send-keys", "-t", "=m:", "Enter")
    while not os.path.exists(save) and time.monotonic() < until:
        time.sleep(0.05)
    check(os.path.exists(save), "the game was never saved: " + pane("m"))
    tmux("new-session", "-d", "-s", "d", "-x", "80", "-y", "24",
         f"{env} {shlex.quote(coyel)} display {shlex.quote(save)}; sleep 60")
    browser = Chromium(os.path.join(folder, "profile"))
    browser.open(f"http://127.0.0.1:{port}/", 1280, 720)
    browser.wait_for("document.documentElement.lang === 'fr' && "
                     "document.getElementById('players').children.length === 9", 20,
                     "the players' page of nine, in French")
    play(browser)
    wait_until(browser, lambda: "victoire" in look(browser)[1].lower() or
               "gagn" in look(browser)[1].lower(), "the end on the players' screen")
    wrong = {text: unelided(text) for text in seen if unelided(text)}
    for text, article in wrong.items():
        print(f"« {article} » in:\n{text}\n---", file=sys.stderr)
    check(not wrong, f"{len(wrong)} screens with an article left unelided")
    for name in ("Inès", "Hélène", "Hugo", "Ulysse", "Yves", "Océane"):  # the turns were seen
        check(any(turn_line(name) in text for text in seen), f"never « {turn_line(name)} »")
    print(f"French game test passed: {len(seen)} screens read")
finally:
    if browser:
        browser.close()
    tmux("kill-server")
