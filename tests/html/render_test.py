"""The HTML recap in headless Chromium: it loads without console errors and
the chart is there, in the moderator's view and the table's; it opens with
the result and the players; at phone width (400 px) nothing overflows. A page
with a deliberate script error, and one too wide, prove the checks can fail.
One Chromium lays out every page, one after the other.
Usage: render_test.py PATH/TO/coyel SAMPLE.json"""
import json, os, re, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(__file__))
from page_driver import Chromium, fail

coyel, sample = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
folder = tempfile.mkdtemp()
os.environ["COYEL_LANG"] = "en"  # English whatever the locale: the checks read English lines

# What the issue 26 checks read at 400 px, as "key=value" words: the smallest
# chart label's height in px, the names of the roster broken across lines,
# the wrapped moments and those whose later lines start left of their text
# (no hanging indent), the marks of players going out, and whether the
# ecosystems' line shows around the carbon one.
PROBE = """(() => {
  const doc = document;
  const labels = [...doc.querySelectorAll("svg .axis")].map(t => t.getBoundingClientRect().height);
  const broken = [...doc.querySelectorAll("table.roster td:first-child, table.roles td:first-child")].filter(td => {
    const range = doc.createRange(); range.selectNodeContents(td);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
  }).map(td => td.textContent);
  let unindented = 0, wrapped = 0;
  for (const p of doc.querySelectorAll("p.moment")) {
    const range = doc.createRange(); range.selectNodeContents(p.lastChild);
    const rects = [...range.getClientRects()];
    if (new Set(rects.map(r => Math.round(r.top))).size < 2) continue;
    ++wrapped;
    const first = Math.round(rects[0].top);
    const textLeft = Math.min(...rects.filter(r => Math.round(r.top) === first).map(r => r.left));
    if (rects.some(r => Math.round(r.top) > first && r.left < textLeft - 1)) ++unindented;
  }
  const width = c => { const e = doc.querySelector("polyline." + c); return e ? parseFloat(getComputedStyle(e).strokeWidth) : 0; };
  return "label=" + Math.min(...labels).toFixed(1) + " broken=" + (broken.join(",") || "none") +
    " wrapped=" + wrapped + " unindented=" + unindented +
    " exits=" + doc.querySelectorAll("svg line.exit").length +
    " under=" + (width("ecosystems") > width("carbon") ? "yes" : "no");
})()"""


def console_errors(events):
    """What the page said went wrong: uncaught exceptions, console messages,
    and resources that failed to load."""
    said = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            said.append(params["exceptionDetails"].get("text", "exception"))
        elif method == "Runtime.consoleAPICalled":
            said.append("console." + params["type"])
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            said.append(params["entry"]["text"])
    return said


def load(path, width=1280):
    """Opens the file at `width` px and waits until it has loaded (the recap
    has no script, so nothing comes after); returns (DOM, console errors)."""
    chromium.events.clear()
    chromium.open("file://" + path, width, 800)
    chromium.wait_for(f'document.readyState === "complete" && location.href === {json.dumps("file://" + path)}',
                      20, "the page loaded")
    dom = chromium.value("document.documentElement.outerHTML")
    return dom, console_errors(chromium.events)


def phone_widths(path):
    """(scroll, client) widths of the page laid out 400 px wide."""
    load(path, 400)
    return tuple(chromium.value("[document.documentElement.scrollWidth, "
                                "document.documentElement.clientWidth]"))


def fits_a_phone(path):
    scroll, client = phone_widths(path)
    return client <= 400 and scroll <= client


def replay(save, html, *extra, lang="en"):
    subprocess.run([coyel, "replay", save, "--html", html, *extra], check=True,
                   stdout=subprocess.DEVNULL, env=dict(os.environ, COYEL_LANG=lang))


def write(name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as out:
        out.write(text)
    return path


chromium = Chromium(os.path.join(folder, "profile"))
chromium.call("Runtime.enable", {})
chromium.call("Log.enable", {})
try:
    # The checks themselves: a broken page and a wide one must be caught.
    broken = write("broken.html", "<!DOCTYPE html><html><body><script>undefinedFunction();"
                   "</script></body></html>")
    if not load(broken)[1]:
        fail("a script error went unseen")
    wide = write("wide.html", '<!DOCTYPE html><html><body><div style="width:600px">wide</div>'
                 "</body></html>")
    if fits_a_phone(wide):
        fail("a 600-px page fitted 400 px")

    game = os.path.join(folder, "game.html")
    replay(sample, game)
    dom, errors = load(game)
    if errors:
        fail("console errors: " + "; ".join(errors))
    if '<svg id="chart"' not in dom:
        fail("no chart")
    if dom.count("<polyline") != 3:
        fail("the chart lacks a line")
    if '<table class="votes">' not in dom:
        fail("no vote table")
    if re.search(r"src=|href=|url\(", open(game).read(), re.IGNORECASE):
        fail("the page fetches something")
    # Issue 10: the result and the players come first, before the chart.
    opening = dom.split('<section id="charts">')[0]
    if 'class="result"' not in opening:
        fail("the page does not open with the result")
    if '<table class="roster">' not in opening:
        fail("no players before the chart")
    if not fits_a_phone(game):
        fail(f"the page is wider than a 400-px phone ({phone_widths(game)})")

    # The same game with names as long as allowed and a note with a long link:
    # long words must wrap too.
    text = open(sample).read()
    text = text.replace('"Hana"', '"HannaMaximilianaKonstant"').replace(
        '"Cleo"', '"CleopatraMagdalenaOrsini"')
    note = ('{"do": "note", "text": "Photos: https://photos.example.org/album/'
            'XyZ0123456789abcdefXyZ0123456789abcdef"},')
    text = re.sub(r'(\n[^\n]*"do": "elect_mayor"[^\n]*\n)', lambda m: m.group(1) + "    " + note + "\n",
                  text, count=1)
    long_save = write("long.json", text)
    if subprocess.run([coyel, "check", long_save], stdout=subprocess.DEVNULL).returncode != 0:
        fail("the long-word save does not load")
    long_page = os.path.join(folder, "long.html")
    replay(long_save, long_page)
    if "XyZ0123456789abcdef" not in open(long_page).read():
        fail("the long note is not on the page")
    if not fits_a_phone(long_page):
        fail(f"long words make the page wider than a phone ({phone_widths(long_page)})")

    # Issue 26, at 400 px: names whole, hanging indents, chart labels of 10 px or
    # more, a mark for each time players went out, equal team lines both seen.
    text = open(sample).read().replace('"Eve"', '"Émile"').replace(
        '"Finn"', '"Maximiliane"').replace('"Gus"', '"Bartholomew"')
    names = os.path.join(folder, "names.html")
    replay(write("names.json", text), names, lang="fr")  # the longer roles
    load(names, 400)
    probe = chromium.value(PROBE)
    print("phone probe:", probe)
    words = dict(word.split("=", 1) for word in probe.split())
    if words["broken"] != "none":
        fail(f"a name is broken across lines in the players' table ({probe})")
    if words["unindented"] != "0":
        fail(f"a wrapped moment loses its hanging indent ({probe})")
    if int(words["wrapped"]) < 1:
        fail(f"no wrapped moment to check ({probe})")
    if float(words["label"]) < 10:
        fail(f"chart labels of {words['label']} px at 400 px")
    if int(words["exits"]) < 1:
        fail(f"no mark for players going out ({probe})")
    if words["under"] != "yes":
        fail(f"equal team lines hide one another ({probe})")

    # The table's page: one line of players in the game (the teams are hidden)
    # and the temperature; no secret.
    table = os.path.join(folder, "table.html")
    replay(sample, table, "--view", "table")
    dom, errors = load(table)
    if errors:
        fail("console errors in the table's page: " + "; ".join(errors))
    if dom.count("<polyline") != 2:
        fail("the table's chart should have two lines")
    if 'class="players"' not in dom:
        fail("no players line in the table's chart")
    if re.search(r'class="(ecosystems|carbon)"', dom):
        fail("the table's chart shows the teams")
    if "moment secret" in dom:
        fail("a secret in the table's page")
    if not fits_a_phone(table):
        fail(f"the table's page is wider than a 400-px phone ({phone_widths(table)})")
finally:
    chromium.close()
    shutil.rmtree(folder, ignore_errors=True)
print("html render test passed")
