"""What the phone tests share: a `coyel new --cards phone` on loopback whose
typed answers come from a pipe, and its phones' requests as the card page
makes them (the poll of /card/<token>/call, Done to /card/<token>/answer)."""
import http.client, json, os, re, shlex, socket, subprocess, sys, tempfile, time

FACTOR = float(os.environ.get("COYEL_TIME_FACTOR", "1"))  # sanitizer builds are slower
FLOOR_S = 15  # a night call lasts this long at least, as at a table (phone_desk.hpp)
PLAYERS = "Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana"


def fail(why):
    print("FAIL:", why, file=sys.stderr)
    sys.exit(1)


def check(condition, why):
    if not condition:
        fail(why)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


ECOSYSTEMS_TEAM = {"citizen", "fragile", "ngo", "banker"}  # docs/rules.md, section 1


def winner_by_the_rules(status, limit):
    """The end of docs/rules.md, section 7, worked out here from a status's
    players and temperature, apart from the engine: the winning team, or None."""
    in_game = [player["role"] for player in status["players"] if player["in_game"]]
    if status["temperature"] >= limit:
        return "carbon"
    if "carbon" not in in_game:
        return "ecosystems"
    if not any(role in ECOSYSTEMS_TEAM for role in in_game):
        return "carbon"
    return None


def check_the_end(coyel, save):
    """The save ends as the rules say it must: `coyel status --json` (the
    engine's replay of the log) names the winner the rules give."""
    status = json.loads(subprocess.run([coyel, "status", "--json", save], capture_output=True,
                                       text=True, check=True).stdout)
    with open(save) as file:
        limit = json.load(file)["setup"]["options"]["temperature"]["limit"]
    check(status["winner"] is not None, f"the game is not over: {status['phase']}")
    check(status["winner"] == winner_by_the_rules(status, limit),
          f"the engine's winner {status['winner']} against the rules': "
          f"{winner_by_the_rules(status, limit)}")


class PhoneGame:
    """A game of 8 with two carbon emissions (or of `players` with `deck`),
    dealt by `seed`, at a table's pace (its night calls last their 15-second
    floor, its pages ask once a second), `extra` added to its command line; its REPL reads a pipe, or with `tmux`
    a terminal: a 100x40 window on a tmux server of that name."""

    def __init__(self, coyel, seed, tmux=None, players=PLAYERS,
                 deck="carbon=2,ngo,ceo,banker,fragile", extra=(), minutes=35):
        folder = tempfile.mkdtemp()
        self.save = os.path.join(folder, "g.json")
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.out = open(os.path.join(folder, "repl.out"), "w+")
        self.tmux = tmux
        self.folder = folder
        command = [coyel, "new", "--players", players, "--seed", str(seed), "--minutes", str(minutes),
                   "--cards", "phone", "--bind", "127.0.0.1", "--port", str(self.port),
                   "--save", self.save, *(["--deck", deck] if deck else []), *extra]
        env = dict(os.environ, COYEL_LANG="en")
        if tmux:
            env["TMUX_TMPDIR"] = folder
            self.tmux_env = env
            self.run_tmux("new-session", "-d", "-s", "game", "-x", "100", "-y", "40",
                          " ".join(map(shlex.quote, command)) + "; sleep 60")
        else:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=self.out,
                                            stderr=subprocess.STDOUT, env=env)
        self.sent_at = {}  # per card: its last requests' times
        self.wait_until(lambda: self.saved() and "card_tokens" in self.saved()["setup"],
                        "the game saved")
        setup = self.saved()["setup"]
        self.names = setup["players"]
        self.roles = [setup["roles"][name] for name in self.names]
        self.tokens = [setup["card_tokens"][name] for name in self.names]
        self.carbons = [seat for seat, role in enumerate(self.roles) if role == "carbon"]
        check(not deck or len(self.carbons) == 2,
              f"the deal has two carbon emissions: {self.roles}")

    def run_tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.tmux, *args], env=self.tmux_env, check=True,
                              capture_output=True, text=True).stdout

    def keys(self, *keys):
        """Keys typed on the terminal (tmux only): text as typed, or key names."""
        self.run_tmux("send-keys", "-t", "=game:", *keys)

    def last_line(self):
        """The terminal's last line with text on it (tmux only)."""
        lines = [line for line in self.printed().splitlines() if line.strip()]
        return lines[-1] if lines else ""

    def walk_through(self, over, what):
        """The walk-through under tmux: Enter at each card link shown, then
        hidden, until `over(screen)` holds."""
        until = time.monotonic() + 20 * FACTOR
        while not over(self.printed()) and time.monotonic() < until:
            if re.search(r"Enter (shows|hides)", self.last_line()):
                self.keys("Enter")
            time.sleep(0.05)
        check(over(self.printed()), f"the walk-through never ended in {what}: {self.printed()}")

    def typed(self, line):
        if self.tmux:
            self.keys("-l", line)
            self.keys("Enter")
            return
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def printed(self):
        """All the REPL wrote (a pipe), or the terminal's screen now (tmux)."""
        if self.tmux:
            return self.run_tmux("capture-pane", "-p", "-t", "=game:")
        self.out.seek(0)
        return self.out.read()

    def wait_until(self, condition, what, seconds=FLOOR_S + 15, every=0.02):
        until = time.monotonic() + seconds * FACTOR
        while time.monotonic() < until:
            if condition():
                return
            time.sleep(every)
        print(self.printed(), file=sys.stderr)
        fail("never: " + what)

    def saved(self):
        try:
            with open(self.save) as file:
                return json.load(file)
        except (OSError, ValueError):
            return None

    def log(self):
        return self.saved()["log"]

    def request(self, method, path, body=None, headers=None, paced=True):
        """One request: (status, body, headers but Date). A card's are paced
        below its limit of 10 a second, as a page's are, unless not `paced`."""
        card = path[:38]
        if paced and path.startswith("/card/"):
            recent = [t for t in self.sent_at.get(card, []) if time.monotonic() - t < 1.0]
            if len(recent) >= 8:
                time.sleep(1.0 - (time.monotonic() - recent[0]) + 0.01)
            self.sent_at[card] = recent + [time.monotonic()]
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5 * FACTOR)
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        answer = (response.status, response.read(),
                  [(k, v) for k, v in response.getheaders() if k.lower() != "date"])
        connection.close()
        return answer

    def poll(self, seat):
        status, body, _ = self.request("GET", f"/card/{self.tokens[seat]}/call")
        check(status == 200, f"seat {seat}'s poll: {status}")
        check(len(body) == 8192, f"seat {seat}'s poll is {len(body)} bytes, not 8192")
        return json.loads(body)

    def done(self, seat, choice, nonce=None, headers=None):
        nonce = nonce or self.poll(seat)["nonce"]
        sent = {"Origin": self.origin, "Content-Type": "application/x-www-form-urlencoded"}
        sent.update(headers or {})
        return self.request("POST", f"/card/{self.tokens[seat]}/answer",
                            f"nonce={nonce}&choice={choice:02d}", sent)[0]

    def quit(self, keys=b"quit\n"):
        """Leaves as typed (`keys`: b"q" for a game with no moderator), with exit code 0."""
        if self.tmux:
            self.typed("quit")
            self.wait_until(lambda: "To go on" in self.printed(), "coyel left")
            self.run_tmux("kill-server")
            return
        self.process.stdin.write(keys)
        self.process.stdin.close()
        try:
            code = self.process.wait(timeout=60 * FACTOR)  # the voice read to its last line
        except subprocess.TimeoutExpired:
            self.process.kill()
            fail("coyel did not leave")
        check(code == 0, f"coyel left with {code}")
