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
body{margin:0;font-family:system-ui,sans-serif;background:#10151c;color:#f2f2f2;
 font-size:clamp(16px,2.2vw,40px);line-height:1.3}
main{display:grid;grid-template-columns:auto 1fr;gap:1em;padding:0.8em;max-width:100vw}
#gauge{grid-row:1/span 3;width:2.2em;min-height:12em;border:0.15em solid #ccc;border-radius:1.1em;
 position:relative;overflow:hidden;background:#1e2630}
#fill{position:absolute;left:0;right:0;bottom:0;background:linear-gradient(#e8452c,#f5a623);height:0}
#phase{font-size:1.6em;font-weight:bold}
#figures{display:flex;flex-wrap:wrap;gap:0.3em 1em;align-items:baseline}
#degrees{font-size:3.2em;font-weight:bold;color:#f5a623}
#countdown-figure,#timer-figure{font-size:2.4em;font-variant-numeric:tabular-nums}
.small{opacity:0.8;font-size:0.8em}
#players{grid-column:1/-1;display:grid;grid-template-columns:repeat(auto-fill,minmax(12em,1fr));
 gap:0.2em 1em;padding:0;margin:0;list-style:none}
#players li{overflow-wrap:anywhere}
#players li.out{opacity:0.5;text-decoration:line-through}
#players .status{display:block;font-size:0.75em;opacity:0.85;text-decoration:none}
#announcement{grid-column:1/-1;border-top:1px solid #555;padding-top:0.5em}
#announcement p{margin:0.2em 0;overflow-wrap:anywhere}
#result{grid-column:1/-1;font-size:clamp(32px,9vw,200px);font-weight:bold;text-align:center;
 color:#7ed67e;overflow-wrap:anywhere}
#note{grid-column:1/-1;color:#f5a623}
</style></head><body>
<main>
<div id="gauge"><div id="fill"></div></div>
<div id="phase"></div>
<div id="figures"><span id="degrees"></span><span id="countdown-figure"></span>
<span id="timer-figure"></span></div>
<div><div id="temperature"></div><div id="countdown" class="small"></div>
<div id="timer" class="small"></div></div>
<div id="result"></div>
<ul id="players"></ul>
<div id="announcement"></div>
<div id="note"></div>
</main>
<script type="application/json" id="words">@WORDS@</script>
<script>)HTML";

// The page's script: draws a state, ticks its figures, follows /events.
constexpr const char* page_script = R"JS(
"use strict";
const words = JSON.parse(document.getElementById("words").textContent);
const $ = id => document.getElementById(id);
let state = null, received = 0;
// What the page has shown since it loaded, kept on <body> for a test to read:
// the states received, and each new degree and countdown figure.
const seen = {updates: 0, degrees: [], countdowns: []};
function remember(list, value, key) {
  if (list.length < 20 && list[list.length - 1] !== value) list.push(value);
  document.body.dataset[key] = list.join(",");
}
function clock(seconds) {
  const m = Math.floor(seconds / 60), s = seconds % 60;
  return m + ":" + (s < 10 ? "0" : "") + s;
}
function left(ms) { return Math.ceil(Math.max(0, ms - (Date.now() - received)) / 1000); }
function tick() {
  if (!state) return;
  let figure = state.countdown_figure, line = state.countdown;
  if (state.countdown_ms !== undefined) {
    const now = clock(left(state.countdown_ms));
    line = line.replace(figure, now);
    figure = now;
  }
  if (figure) remember(seen.countdowns, figure, "countdownsSeen");
  $("countdown-figure").textContent = figure;
  $("countdown").textContent = line;
  let timer = state.timer, timerFigure = "";
  if (state.timer_ms !== undefined) {
    timerFigure = clock(left(state.timer_ms));
    timer = timer.replace(/\d+:\d\d/, timerFigure);
  }
  $("timer").textContent = timer;
  $("timer-figure").textContent = timerFigure;
}
function draw(next) {
  state = next;
  received = Date.now();
  document.body.dataset.updates = ++seen.updates;
  remember(seen.degrees, state.degrees, "degreesSeen");
  $("phase").textContent = state.phase;
  $("degrees").textContent = state.degrees;
  $("temperature").textContent = state.temperature_text;
  const share = state.temperature_limit > 0 ? state.temperature / state.temperature_limit : 0;
  $("fill").style.height = Math.min(100, Math.max(0, share * 100)) + "%";
  const list = $("players");
  list.replaceChildren();
  for (const player of state.players) {
    const item = document.createElement("li");
    if (!player.in_game) item.className = "out";
    item.textContent = player.seat + ". " + player.name;
    const status = document.createElement("span");
    status.className = "status";
    status.textContent = player.status;
    item.appendChild(status);
    list.appendChild(item);
  }
  const told = $("announcement");
  told.replaceChildren();
  for (const line of state.announcement) {
    const p = document.createElement("p");
    p.textContent = line;
    told.appendChild(p);
  }
  $("result").textContent = state.result_figure;
  $("result").title = state.result;
  $("note").textContent = state.note;
  tick();
}
function follow() {
  const events = new EventSource("/events");
  events.onmessage = message => draw(JSON.parse(message.data));
  events.onerror = () => { $("note").textContent = words.lost; };
}
fetch("/state.json").then(r => r.json()).then(draw).finally(follow);
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
    const nlohmann::json words = {{"lost", narrator.line("serve.lost")}};
    std::string head = replaced(page_head, "@LANG@", language);
    head = replaced(head, "@WORDS@", inert(words.dump()));
    return head + page_script + page_tail;
}

std::string page_script_hash() { return "sha256-" + sha256_base64(page_script); }

}  // namespace coyel::cli
