#include "card_links.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "coyel/observe.hpp"
#include "coyel/text.hpp"
#include "render.hpp"
#include "serve_state.hpp"

namespace coyel::cli {

namespace {

constexpr const char* card_style =
    "*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#10151c;"
    "color:#f2f2f2;font-size:clamp(18px,4vw,40px);line-height:1.3}main{padding:1em;"
    "text-align:center}p{overflow-wrap:break-word}#title{font-size:min(2.2em,8vw);"
    "font-weight:bold;color:#f5a623}#night{border-bottom:2px solid #2c3440;padding-bottom:.5em}"
    "#choices{display:flex;flex-wrap:wrap;gap:.4em}#choices button{flex:1 1 6em;white-space:nowrap}"
    "button{font:inherit;padding:.5em;border-radius:.4em;border:2px solid #2c3440;"
    "background:#1b222c;color:inherit}button[aria-pressed=true]{border-color:#f5a623;"
    "background:#3a2c10}#done{margin-top:.6em;width:100%}#done:disabled{opacity:.4}"
    "#note{color:#ff8a65}button:disabled{opacity:.35}#told{color:#9ecbff}"
    ".laptop{background:#b3261e;color:#fff;font-weight:bold;padding:.4em;border-radius:.3em}";

// The card's script: every second or so (as the server says: `again_ms`)
// it asks the call (`call`, beside the card's own path). With the night's
// console (the phones answer) it draws the call; a tap picks a choice, Done
// sends it. On every card it says when the laptop cannot be reached (two
// asks in a row unanswered) or serves another game (this card's path is
// unknown there), and the console shows nothing then. Every text comes from
// the server or the page's own markup, set with textContent, never as
// markup. The same script in every language, so that its hash is one.
constexpr const char* card_script = R"JS(
"use strict";
const $ = (id) => document.getElementById(id);
const path = location.pathname.replace(/\/$/, "");
let shown = "", chosen = null, state = {}, every = 1000, unanswered = 0;
function draw() {
  if (!$("night")) return;  // a card whose phone does not answer the night
  const said = state.over || state.out;  // the end, or this player out: no call
  $("night").hidden = !said && !(state.choices || []).length;
  $("call").textContent = said || state.call || "";
  const list = said ? [] : state.choices || [];
  const buttons = list.map((label, index) => {
    const button = document.createElement("button");
    const fellows = (state.fellows || []).filter((f) => f.pick === index).map((f) => f.name);
    button.textContent = fellows.length ? label + " \u00b7 " + fellows.join(", ") : label;
    button.setAttribute("aria-pressed", String(index === chosen));
    button.addEventListener("click", () => { chosen = index; draw(); });
    return button;
  });
  // An entry closed to this player (the rules, or the team's pick) looks
  // like any other, so that no phone stands out at a glance; tapped, it says
  // so on this phone alone, and Done waits for another.
  const closed = chosen !== null && (state.open || "")[chosen] === "0";
  $("choices").replaceChildren(...buttons);
  $("done").hidden = !list.length;
  $("done").disabled = chosen === null || closed || Boolean(state.done);
  $("note").textContent = closed ? state.not_open || "" : state.note || "";
  $("night_hint").textContent = state.hint || "";
  $("told_lines").replaceChildren(...(state.told || []).map((line) => {
    const told = document.createElement("p");
    told.textContent = line;
    return told;
  }));
  $("waiting").hidden = !state.done;
  if (state.waiting) $("waiting").textContent = state.waiting;
}
// What the page says of the laptop: "" (all is well), "gone" or "other_game".
function tell(what) {
  $("gone").hidden = what !== "gone";
  $("other_game").hidden = what !== "other_game";
  document.body.dataset.laptop = what || "here";
  if (what) state = {};  // no stale call, no live button
}
async function ask() {
  try {
    const answer = await fetch(path + "/call", {cache: "no-store"});
    if (answer.status === 404) tell("other_game");
    if (answer.ok) {
      state = await answer.json();
      unanswered = 0;
      tell("");
      const call = JSON.stringify([state.call, state.choices]);
      if (call !== shown) { shown = call; chosen = null; }
    }
  } catch (error) {
    if (++unanswered >= 2) tell("gone");
  }
  draw();
  every = state.again_ms || every;
  setTimeout(ask, every);
}
if ($("done")) $("done").addEventListener("click", async () => {
  if (chosen === null) return;
  $("done").disabled = true;
  // Two digits whatever the pick: every Done is as long as any other.
  const body = "nonce=" + state.nonce + "&choice=" + String(chosen).padStart(2, "0");
  try {
    await fetch(path + "/answer", {method: "POST", body,
      headers: {"Content-Type": "application/x-www-form-urlencoded"}});
  } catch (error) { $("done").disabled = false; }
});
ask();
)JS";

}  // namespace

CardWords card_words(const narration::Narrator& narrator, const Game& game, Seat seat) {
    const CardView card = *observe(game, Observer::player(seat)).card;
    CardWords words;
    words.heading = narrator.line(
        "new.walk_card", narration::Args{}.set("seat", card.seat + 1).set("name", card.name));
    words.title = narrator.role_title(card.role);
    words.team = narrator.line(
        "phone.team", narration::Args{}.set("team", std::string(team_id(team_of(card.role)))));
    words.does = narrator.line("phone.does." + std::string(role_id(card.role)));
    if (card.role != Role::carbon) return words;
    std::vector<std::string> names;
    for (const Seat fellow : card.fellows) names.push_back(game.name(fellow));
    words.fellows =
        names.empty()
            ? narrator.line("phone.no_fellow")
            : narrator.line("phone.fellows",
                            narration::Args{}.set(
                                "names", join(names, narrator.line("words.list_separator"))));
    return words;
}

std::string card_script_hash() { return "sha256-" + sha256_base64(card_script); }

// The console's markup, its words escaped: filled by card_script.
std::string console_markup(const narration::Narrator& narrator) {
    using narration::html_escape;
    return fmt::format(
        "<section id=\"night\" hidden><p id=\"call\"></p><div id=\"choices\"></div>\n"
        "<button id=\"done\" hidden disabled>{}</button><p id=\"note\"></p>\n"
        "<p id=\"waiting\" hidden>{}</p><p id=\"night_hint\"></p></section>\n"
        "<details id=\"told\"><summary>{}</summary><div id=\"told_lines\"></div></details>\n",
        html_escape(narrator.line("phone.done")), html_escape(narrator.line("phone.waiting")),
        html_escape(narrator.line("phone.told")));
}

std::string card_page(const narration::Narrator& narrator, const Game& game, Seat seat,
                      bool answers) {
    using narration::html_escape;
    const CardWords words = card_words(narrator, game, seat);
    // What the page says when the laptop is gone or serves another game, hidden until then.
    std::string body = fmt::format(
        "<p id=\"gone\" class=\"laptop\" role=\"alert\" hidden>{}</p>\n"
        "<p id=\"other_game\" class=\"laptop\" role=\"alert\" hidden>{}</p>\n",
        html_escape(narrator.line("phone.gone")), html_escape(narrator.line("phone.other_game")));
    if (answers) body += console_markup(narrator);
    body += fmt::format("<p id=\"heading\">{}</p>\n<p id=\"title\">{}</p>\n",
                        html_escape(words.heading), html_escape(words.title));
    body += fmt::format("<p id=\"does\">{}</p>\n<p id=\"team\">{}</p>\n", html_escape(words.does),
                        html_escape(words.team));
    if (!words.fellows.empty())
        body += fmt::format("<p id=\"fellows\">{}</p>\n", html_escape(words.fellows));
    std::string page = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n"
        "<meta name=\"robots\" content=\"noindex\">\n<title>Coyel Heaven</title>\n"
        "<style>{}</style></head><body><main>\n{}<p id=\"secret\">{}</p>\n"
        "</main>{}</body></html>\n",
        page_language(narrator), card_style, body, html_escape(narrator.line("phone.keep_secret")),
        fmt::format("<script>{}</script>", card_script));
    // Padded, so that whoever sees the traffic cannot tell one card's words from another's.
    if (page.size() < card_page_bytes) page.append(card_page_bytes - page.size(), '\n');
    return page;
}

}  // namespace coyel::cli
