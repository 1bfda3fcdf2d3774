#!/usr/bin/env python3
"""The players' phones answer the night (issue 39, docs/phone-answers.md), on
loopback: `coyel new --cards phone` plays with its typed answers from a pipe
while each phone polls /card/<token>/call and sends its Done to
/card/<token>/answer, as the card page does.

- The mayor's election is the table's: every phone taps a name or Nobody;
  once all are done the most taps elect, and a tie asks every phone again.
- Every phone in the game polls the same list, in bodies of one size; only
  the called players' Done counts. Each phone says which entries are open
  to its player; a closed pick is refused at once on that phone alone, and
  a carbon emission may tap only the player a fellow is done on. Done is
  final.
- The answer comes once every phone has sent Done and the call's floor has
  passed, not before: it enters the game as a typed one, logged
  "by": "phone", and the REPL shows the next call.
- The moderator types over the phones; `undo` asks the call again with new
  nonces, and the old ones are refused.
- By day each phone is its player's ballot: cast in seat order as they come
  (a later seat's waits for the seats before it), echoed on the laptop and
  shown on the TV page as they come;
  an undone ballot is asked again on its phone.
- The endpoint attacked: forged tokens get the 404 of any unknown path, word
  for word; stale and replayed nonces, another Origin or none (one that is
  only the request's own Host too), long bodies, a body without its length
  or with two that differ, and floods beyond 10 a second are refused; a
  length with leading zeros is a length.
About 80 s at the 15-second floor. Usage: phone_answers_test.py PATH/TO/coyel"""
import json, os, socket, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone_game import FACTOR, FLOOR_S, PhoneGame, check, fail  # noqa: E402

game = PhoneGame(sys.argv[1], seed=2)
names, roles, tokens, carbons = game.names, game.roles, game.tokens, game.carbons
ecosystems = [seat for seat in range(len(names)) if seat not in carbons]
origin, port = game.origin, game.port
poll, done, typed, log, request = game.poll, game.done, game.typed, game.log, game.request
wait_until, printed = game.wait_until, game.printed


# ---- The mayor's election on the phones: a tie asks again; the most taps elect
wait_until(lambda: poll(0)["choices"] == names + ["Nobody"], "the election on the phones",
           every=0.2)
mayor = len(names) - 1
for seat in range(len(names)):  # half for the first player, half for the last: a tie
    check(done(seat, 0 if seat % 2 else mayor) == 204, f"seat {seat}'s election Done")
tie = f"A tie: {names[0]} or {names[mayor]}? Talk it over, then tap again and Done."
wait_until(lambda: poll(0)["note"] == tie, "the tie told on the phones", every=0.2)
check(all(poll(seat)["note"] == tie and not poll(seat)["done"] for seat in range(len(names))),
      "a phone not asked again after the tie")
check(poll(0)["waiting"] == "Done. Wait for the others' votes.", "the day's waiting line")
check(len(log()) == 0, "a tie elected a mayor")
# The tie is the table's: the laptop says it too, and its save keeps it.
wait_until(lambda: tie in printed(), "the tie told on the laptop")
for seat in range(len(names)):
    check(done(seat, 0 if seat == 1 else mayor) == 204, f"seat {seat}'s second election Done")
wait_until(lambda: len(log()) == 1, "the mayor elected by the phones")
check(log()[0]["do"] == "elect_mayor" and log()[0]["player"] == names[mayor]
      and log()[0].get("by") == "phone", f"the election logged: {log()[0]}")
wait_until(lambda: poll(0)["call"].endswith("the carbon emissions"),
           "the server follows the save to the night", every=0.2)
check(poll(0)["waiting"].startswith("Done. Keep your eyes closed"), "the night's waiting line")

# ---- The carbon call: one list for all, only the carbon emissions count ---
polls = [poll(seat) for seat in range(len(names))]
lists = {json.dumps([p["call"], p["choices"]]) for p in polls}
check(len(lists) == 1, f"the phones show different lists: {lists}")
check(polls[0]["choices"] == names, f"the carbon call lists every player: {polls[0]['choices']}")
check(len({p["nonce"] for p in polls}) == len(names), "two phones share a nonce")
victim, decoy = ecosystems[0], ecosystems[1]
# A carbon emission's pick of the other: closed on that phone alone (a page
# never sends it), refused at once on that phone alone: no other phone, nor
# the call's length, tells that a pick fell short.
check(polls[carbons[0]]["open"][carbons[1]] == "0", "the other carbon emission open to a carbon")
check(all(polls[seat]["open"] == "1" * len(names) for seat in ecosystems),
      "a decoy's phone closes an entry")
check(done(carbons[0], carbons[1]) == 400, "a closed pick taken")
check(poll(carbons[0])["note"] == "This choice is not open to you: tap another.",
      "the refusal on the carbon emission's phone")
check(not any(poll(seat)["note"] for seat in range(len(names)) if seat != carbons[0]),
      "a refusal shown on another phone")
# The team agrees on its own phones: once one is done on a player, the
# other may tap only that player.
check(done(carbons[0], victim) == 204, "the first carbon emission's Done")
check(poll(carbons[1])["open"] == "".join("1" if seat == victim else "0"
                                          for seat in range(len(names))),
      "the team's pick not the only entry open to the other")
check(poll(carbons[1])["fellows"] == [{"name": names[carbons[0]], "pick": victim}],
      "a carbon emission does not see the other's pick")
check(poll(decoy)["fellows"] == [], "a decoy sees the carbon emissions' picks")
check(done(carbons[1], decoy) == 400, "a pick against the team's taken")
check(done(carbons[1], victim) == 204, "the second carbon emission's Done")
# Done is final: a second Done, with the next poll's nonce, changes nothing.
check(done(carbons[0], decoy) == 409, "a second Done taken")
check(len(log()) == 1, "an answer entered before every phone was done")
for seat in ecosystems:
    check(done(seat, carbons[0]) == 204, f"seat {seat}'s Done")
wait_until(lambda: len(log()) == 2, "the phones' answer entered the game")
entry = log()[1]
check(entry["do"] == "carbon_target" and entry["player"] == names[victim]
      and entry.get("by") == "phone", f"the answer logged: {entry}")
wait_until(lambda: "The phones answered:" in printed() and "the Environmental NGO ──" in printed(),
           "the REPL shows the phones' answer and the next call")

# ---- Stale and replayed nonces; the moderator types over the phones -------
old = polls[decoy]["nonce"]  # the carbon call's
check(done(decoy, 0, nonce=old) == 409, "a stale nonce taken")
ngo = roles.index("ngo")
# A call shows on the phones once the table has heard it: the REPL's prompt shown.
wait_until(lambda: poll(ngo)["choices"], "the NGO's call on its phone", every=0.2)
nonce = poll(ngo)["nonce"]
check(done(ngo, 0, nonce=nonce) == 204, "the NGO's Done")
check(done(ngo, 0, nonce=nonce) == 409, "a replayed nonce taken")
typed(names[ngo])  # the moderator types first: the phones' answer never comes
wait_until(lambda: len(log()) == 3, "the typed protection")
check("by" not in log()[2], f"a typed answer logged by phone: {log()[2]}")
typed("undo")
wait_until(lambda: len(log()) == 2, "the undo")
# Undo asks the call again: every phone gets a new nonce (the log is as long as before the
# typed answer, but the call is a new one).
wait_until(lambda: (lambda shown: shown["nonce"] not in (nonce, "") and shown["choices"])(poll(ngo)),
           "undo asks with a new nonce", every=0.2)

# ---- The call lasts as long as its slowest phone ---------------------------
check(done(ngo, victim) == 204, "the NGO's Done, asked again")
time.sleep(FLOOR_S + 1)  # not a wait for an event: the floor passed, one phone not done
check(len(log()) == 2, "the answer came before every phone was done")
for seat in range(len(names)):
    if seat != ngo:
        check(done(seat, len(names)) == 204, f"a decoy's Done on nobody (seat {seat})")
wait_until(lambda: len(log()) == 3, "the NGO's answer, once every phone was done")
check(log()[2]["do"] == "ngo_protect" and log()[2]["player"] == names[victim]
      and log()[2].get("by") == "phone", f"the NGO's answer logged: {log()[2]}")

# ---- The endpoint attacked ----------------------------------------------
forged = "0" * 32 if tokens[0] != "0" * 32 else "1" * 32
unknown = request("GET", "/nothing-here")
for path in [f"/card/{forged}/call", f"/card/{forged}/answer", f"/card/{tokens[0]}/answer/"]:
    got = request("GET", path)
    check(got == unknown, f"GET {path} is not the 404 of an unknown path: {got}")
posted = {"Origin": origin, "Content-Type": "application/x-www-form-urlencoded"}
unknown = request("POST", f"/card/{tokens[0]}/other", "nonce=x&choice=1", posted)
check(unknown[0] == 404, f"a card's unknown path: {unknown}")
got = request("POST", f"/card/{forged}/answer", "nonce=x&choice=1", posted)
check(got == unknown, f"an answer with a forged token is not the 404 of an unknown path: {got}")
check(request("POST", f"/card/{tokens[0]}/call", "x", {"Origin": origin})[0] == 405,
      "a POST to a poll")
check(request("GET", f"/card/{tokens[0]}/answer")[0] == 405, "a GET of the answer")
seat = decoy
check(done(seat, 0, headers={"Origin": "http://evil.example"}) == 403, "another origin taken")
check(done(seat, 0, headers={"Origin": ""}) == 403, "an empty origin taken")
long_body = "nonce=" + poll(seat)["nonce"] + "&choice=1" + "&" * 300
check(request("POST", f"/card/{tokens[seat]}/answer", long_body,
              {"Origin": origin})[0] == 413, "a long body taken")
raw = socket.create_connection(("127.0.0.1", port), timeout=5 * FACTOR)
raw.sendall(f"POST /card/{tokens[seat]}/answer HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Origin: {origin}\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
check(raw.recv(100).startswith(b"HTTP/1.1 413"), "a body without its length taken")
raw.close()


def raw_done(seat, host, headers, choice=1):
    """A Done sent as typed, its Host and other headers as given: the status."""
    body = f"nonce={poll(seat)['nonce']}&choice={choice:02d}".encode()
    sock = socket.create_connection(("127.0.0.1", port), timeout=5 * FACTOR)
    sock.sendall(f"POST /card/{tokens[seat]}/answer HTTP/1.1\r\nHost: {host}\r\n{headers}"
                 "Content-Type: application/x-www-form-urlencoded\r\n\r\n".encode() + body)
    status = sock.recv(100).split(b" ")[1]
    sock.close()
    return int(status)


# A page of another site whose name was made to point here (DNS rebinding):
# its Origin is its own Host's, never this server's address.
evil = f"evil.example:{port}"
check(raw_done(seat, evil, f"Origin: http://{evil}\r\nContent-Length: 48\r\n") == 403,
      "an Origin that is only the request's own Host taken")
check(raw_done(seat, f"127.0.0.1:{port}",
               f"Origin: {origin}\r\nContent-Length: 48\r\nContent-Length: 52\r\n") == 400,
      "two different lengths taken")
check(done(seat, 99) == 400, "a choice past the list taken")
time.sleep(1.1)  # a new second for the flood
statuses = [request("GET", f"/card/{tokens[seat]}/call", paced=False)[0] for _ in range(15)]
check(statuses.count(200) == 10 and statuses.count(429) == 5,
      f"the flood beyond 10 a second: {statuses}")
check(request("GET", f"/card/{tokens[carbons[0]]}/call")[0] == 200,
      "another card is held back by the flood")

# ---- The day's vote: each phone a ballot, cast in seat order ---------------
time.sleep(1.1)  # past the flood's second
for choice in (2, len(names)):  # the banker shakes their head, the CEO lobbies nobody
    length = len(log())
    wait_until(lambda: poll(0)["choices"], "the night's next call on the phones", every=0.2)
    for seat in range(len(names)):
        if seat == 0 and choice == 2:  # this server's own Origin, whatever Host a phone asked
            check(raw_done(seat, evil, f"Origin: {origin}\r\nContent-Length: 48\r\n",
                           choice) == 204, "this server's own Origin refused for another Host")
        elif seat == 1 and choice == 2:
            check(raw_done(seat, f"127.0.0.1:{port}",
                           f"Origin: {origin}\r\nContent-Length: 0048\r\n", choice) == 204,
                  "a length with leading zeros refused")
        else:
            check(done(seat, choice) == 204, f"seat {seat}'s Done at the night's end")
    wait_until(lambda: len(log()) > length, "the night's next answer", every=0.1)
typed("no")  # the moderator types the CEO's SLAPP-suit over the phones: none filed
wait_until(lambda: poll(0)["call"].endswith("the vote"), "the vote on the phones", every=0.2)
# A talk timer holds the ballots: no phone shows one, a Done is refused; `timer off` opens the vote.
typed("timer 1")
wait_until(lambda: poll(0)["choices"] == [], "the ballot held while the table talks", every=0.2)
check(all(poll(seat)["choices"] == [] for seat in range(len(names))), "a ballot during the talk")
check(done(0, 0) == 409, "a ballot taken during the talk")
typed("timer off")
wait_until(lambda: poll(0)["choices"], "the vote open once the talk is over", every=0.2)
length = len(log())
polls = [poll(seat) for seat in range(len(names))]
check(len({json.dumps(p["choices"]) for p in polls}) == 1, "the ballots differ between phones")
check(polls[0]["choices"] == names + ["Nobody"], f"the ballot's list: {polls[0]['choices']}")
suspect = carbons[0]


def pending():
    return game.saved().get("pending", {}).get("votes", {})


# The last seats first: nothing is cast before the seats before them.
for seat in reversed(range(2, len(names))):
    check(done(seat, suspect) == 204, f"seat {seat}'s ballot")
time.sleep(2.2)  # not a wait for an event: two of the pages' asks in which no ballot may be cast
check(len(log()) == length and not pending(), "a ballot cast before the seats before it")
check(done(0, suspect) == 204, "the first seat's ballot")
wait_until(lambda: pending() == {names[0]: names[suspect]}, "the first ballot cast alone")
# The TV page shows each ballot as it is cast, and whose comes next.
so_far = [f"{names[0]} → {names[suspect]}", f"{names[1]} votes next."]
wait_until(lambda: json.loads(request("GET", "/state.json")[1])["vote"] == so_far,
           "the TV page shows the first ballot", every=0.1)
first_nonce = poll(0)["nonce"]
typed("undo")  # the ballot taken back: its phone is asked again
wait_until(lambda: not pending() and not poll(0)["done"], "the undone ballot asked again",
           every=0.2)
check(poll(0)["nonce"] != first_nonce, "the undone ballot's phone kept its nonce")
check(done(1, suspect) == 204 and done(0, suspect) == 204, "the first two seats' ballots")
wait_until(lambda: log()[-1]["do"] == "vote", "the vote counted")
votes = log()[-1]["votes"]
check(votes == {name: names[suspect] for name in names}, f"the ballots: {votes}")
# The save is written before the echo is printed: wait for the echo, do not race it.
wait_until(lambda: all(f"{name} → {names[suspect]}" in printed() for name in names),
           "every ballot echoed on the laptop")

game.quit()
print("phones answered the night; the endpoint held")
