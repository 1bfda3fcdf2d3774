// The page at `/`, embedded: no file is ever served from disk. Every text
// comes from /state.json or /events and is set with textContent.
#include <nlohmann/json.hpp>

#include "serve_state.hpp"

namespace coyel::cli {
namespace {

constexpr const char* page_head = R"HTML(<!DOCTYPE html>
<html lang="@LANG@"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Coyel Heaven</title>
<style>
*{box-sizing:border-box}
html{font-size:clamp(15px,2.2vw,40px)}
html.fit{overflow:hidden}
body{margin:0;font-family:system-ui,sans-serif;background:#10151c;color:#f2f2f2;line-height:1.25}
main{display:flex;flex-direction:column;gap:0.5rem;padding:0.5rem 1rem}
#top{display:flex;gap:1rem;align-items:stretch}
#gauge{flex:none;width:1.6rem;min-height:5.5rem;border:0.12rem solid #ccc;border-radius:0.8rem;
 position:relative;overflow:hidden;background:#1e2630}
#fill{position:absolute;left:0;right:0;bottom:0;background:linear-gradient(#e8452c,#f5a623);height:0}
#phase{font-size:1.7rem;font-weight:bold}
#figures{display:flex;flex-wrap:wrap;gap:0 1rem;align-items:baseline}
#degrees{font-size:3rem;font-weight:bold;color:#f5a623;line-height:1.1}
#countdown-figure,#timer-figure{font-size:2.2rem;font-variant-numeric:tabular-nums}
#lines{font-size:0.95rem;color:#c9d1da}
#lines span+span:not(:empty)::before{content:" · "}
#end{text-align:center}
#result-figure{font-size:min(3.6rem,11vw);font-weight:bold;color:#7ed67e;line-height:1.1}
#result{font-size:1.6rem;font-weight:bold}
#announcement{font-size:1.3rem;border-left:0.25rem solid #f5a623;padding-left:0.6rem}
#announcement:empty{display:none}
#announcement p{margin:0.1em 0}
#vote{font-size:1.15rem;padding-left:0.85rem}
#vote p{margin:0.1em 0}
#ballots{column-width:21rem;column-gap:2rem}
#ballots p{break-inside:avoid}
#next{font-weight:bold;color:#f5a623}
#players{display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));gap:0.1rem 1rem;font-size:1.1rem;
 padding:0;margin:0;list-style:none}
#players .name{white-space:nowrap}
#players .status{font-size:0.9em;color:#f5a623}
#players .status:not(:empty)::before{content:" · "}
#players li.out .name{color:#8d97a3}
#players li.out .status{color:#e6e9ee}
#note{color:#f5a623}
#lost{padding:0.3rem 1rem;background:#b3261e;color:#fff;font-size:1.5rem;font-weight:bold;
 text-align:center;border-radius:0.3rem}
p,li,div{overflow-wrap:break-word}
[hidden]{display:none!important}
</style></head><body>
<main>
<div id="lost" role="alert" hidden></div>
<div id="top">
<div id="gauge"><div id="fill"></div></div>
<div><div id="phase"></div>
<div id="figures"><span id="degrees"></span><span id="countdown-figure"></span>
<span id="timer-figure"></span></div>
<div id="lines"><span id="temperature"></span><span id="countdown"></span><span id="timer"></span></div>
</div></div>
<div id="end" hidden><div id="result-figure"></div><div id="result"></div></div>
<div id="announcement"></div>
<div id="vote" hidden><div id="ballots"></div><p id="next"></p></div>
<ul id="players"></ul>
<div id="note"></div>
</main>
<script type="application/json" id="words">@WORDS@</script>
<script>)HTML";

// The page's script: draws a state, sizes it to the screen, ticks its
// figures, follows /events and comes back by itself when refused.
constexpr const char* page_script = R"JS(
"use strict";
const words = JSON.parse(document.getElementById("words").textContent);
const $ = id => document.getElementById(id);
let state = null, received = 0, lost = false, retry = null, shownLength = -1;
// The game this page follows (its fingerprint, from the first state): a
// state of another game served later at this address is not shown.
let game = null, otherGame = false;
// What the page has shown since it loaded, kept on <body> for a test to read:
// the states received, each new degree and countdown figure, the streams
// opened (and how long the last one took to open).
const seen = {updates: 0, streams: 0, degrees: [], countdowns: []};
function remember(list, value, key) {
  if (list.length < 20 && list[list.length - 1] !== value) list.push(value);
  document.body.dataset[key] = list.join(",");
}
function clock(seconds) {
  const m = Math.floor(seconds / 60), s = seconds % 60;
  return m + ":" + (s < 10 ? "0" : "") + s;
}
function left(ms) { return Math.ceil(Math.max(0, ms - (Date.now() - received)) / 1000); }
// On a TV or a laptop (landscape, 700 px or wider) everything fits the
// screen: the largest type for which nothing scrolls. A phone scrolls.
function fit() {
  const root = document.documentElement;
  const wide = innerWidth >= 700 && innerWidth >= innerHeight;
  root.classList.toggle("fit", wide);
  root.style.fontSize = "";
  if (!wide) return;
  const main = document.querySelector("main");  // its own height: the root's is the screen's
  const fits = () => main.offsetHeight <= innerHeight * 0.97 && root.scrollWidth <= innerWidth;
  let low = 6, high = Math.max(low, Math.min(innerHeight / 9, innerWidth / 16));
  for (let step = 0; step < 12; ++step) {
    const middle = (low + high) / 2;
    root.style.fontSize = middle + "px";
    if (fits()) low = middle; else high = middle;
  }
  root.style.fontSize = low + "px";
}
function tick() {
  if (!state) return;
  let figure = state.countdown_figure, line = state.countdown;
  if (state.countdown_ms !== undefined) {
    const now = clock(left(state.countdown_ms));
    line = line.replace(figure, now);
    figure = now;
  }
  let timer = state.timer, timerFigure = "";
  if (state.timer_ms !== undefined) {
    timerFigure = clock(left(state.timer_ms));
    timer = timer.replace(/\d+:\d\d/, timerFigure);
  }
  if (lost || otherGame) figure = line = timer = timerFigure = "";  // no game to count for
  if (figure) remember(seen.countdowns, figure, "countdownsSeen");
  $("countdown-figure").textContent = figure;
  $("countdown").textContent = line;
  $("timer").textContent = timer;
  $("timer-figure").textContent = timerFigure;
  const length = figure.length + timerFigure.length + line.length + timer.length;
  if (length !== shownLength) { shownLength = length; fit(); }
}
function player(row) {
  const item = document.createElement("li"), name = document.createElement("span");
  const status = document.createElement("span");
  if (!row.in_game) item.className = "out";
  name.className = "name";
  name.textContent = row.seat + ". " + row.name;
  status.className = "status";
  // "in" goes without saying; what follows it (mayor, a revealed card) does not.
  const parts = row.status.split(" · ");
  status.textContent = row.in_game ? parts.slice(1).join(" · ") : row.status;
  item.append(name, status);
  return item;
}
function paragraph(line) {
  const p = document.createElement("p");
  p.textContent = line;
  return p;
}
function draw(next) {
  if (game === null) game = next.game;
  otherGame = next.game !== game;
  banner();
  if (otherGame) return;  // the last view of its own game stays, greyed by the banner
  state = next;
  received = Date.now();
  document.body.dataset.updates = ++seen.updates;
  remember(seen.degrees, state.degrees, "degreesSeen");
  $("phase").textContent = state.phase;
  $("degrees").textContent = state.degrees;
  $("temperature").textContent = state.temperature_text;
  const share = state.temperature_limit > 0 ? state.temperature / state.temperature_limit : 0;
  $("fill").style.height = Math.min(100, Math.max(0, share * 100)) + "%";
  $("players").replaceChildren(...state.players.map(player));
  $("announcement").replaceChildren(...state.announcement.map(paragraph));
  // The ballots cast, in columns across the screen, then whose ballot comes next.
  $("ballots").replaceChildren(...state.vote.slice(0, -1).map(paragraph));
  $("next").textContent = state.vote.length ? state.vote[state.vote.length - 1] : "";
  $("vote").hidden = !state.vote.length;
  $("end").hidden = !state.result;
  $("result-figure").textContent = state.result_figure;
  $("result").textContent = state.result;
  $("note").textContent = state.note;
  shownLength = -1;
  tick();
}
function showLost(now) {
  lost = now;
  banner();
}
// The banner above the game: its laptop gone, or another game served here.
function banner() {
  const text = otherGame ? words.other_game : lost ? words.lost : "";
  $("lost").textContent = text;
  $("lost").hidden = !text;
  document.body.dataset.lost = lost ? "1" : "0";
  document.body.dataset.otherGame = otherGame ? "1" : "0";
  shownLength = -1;
  tick();
}
// EventSource tries again by itself after a network error, but gives up for
// good on any answer but 200 (a 503 when the server is full): then a new one,
// after 2 to 5 s, so that refused phones do not all come back at once.
function follow() {
  retry = null;
  const events = new EventSource("/events"), asked = performance.now();
  events.onopen = () => {
    document.body.dataset.streams = ++seen.streams;
    document.body.dataset.streamMs = Math.round(performance.now() - asked);
    showLost(false);
  };
  events.onmessage = message => { if (lost) showLost(false); draw(JSON.parse(message.data)); };
  events.onerror = () => {
    showLost(true);
    if (events.readyState === EventSource.CLOSED && !retry) {
      events.close();
      retry = setTimeout(follow, 2000 + Math.random() * 3000);
    }
  };
}
addEventListener("resize", () => { shownLength = -1; tick(); fit(); });
fit();
fetch("/state.json").then(r => r.json()).then(draw).catch(() => showLost(true)).finally(follow);
setInterval(tick, 200);
)JS";
constexpr const char* page_tail = "</script></body></html>\n";

// JSON inside a <script> element: no "<" may end it early.
std::string inert(const std::string& json) {
    std::string out;
    for (const char c : json) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
    return out;
}

std::string replaced(std::string text, const std::string& what, const std::string& with) {
    const auto at = text.find(what);
    return at == std::string::npos ? text : text.replace(at, what.size(), with);
}

}  // namespace

std::string page_language(const narration::Narrator& narrator) {
    std::string language;
    for (const char c : narrator.script().language())
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '-') language += c;
    return language;
}

std::string public_page(const narration::Narrator& narrator) {
    const std::string language = page_language(narrator);
    const nlohmann::json words = {{"lost", narrator.line("serve.lost")},
                                  {"other_game", narrator.line("serve.other_game")}};
    std::string head = replaced(page_head, "@LANG@", language);
    head = replaced(head, "@WORDS@", inert(words.dump()));
    return head + page_script + page_tail;
}

std::string page_script_hash() { return "sha256-" + sha256_base64(page_script); }

}  // namespace coyel::cli
