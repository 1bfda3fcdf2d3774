#include "narrator.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "coyel/legal.hpp"
#include "coyel/text.hpp"

namespace coyel::narration {
namespace {

// A script line may hold several sentences to read one after the other.
void add_lines(std::vector<Line>& lines, Line::Kind kind, const std::string& text) {
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = std::min(text.find('\n', start), text.size());
        if (end > start) lines.push_back({kind, text.substr(start, end - start)});
        start = end + 1;
    }
}

std::string key(const CallInfo& call, std::string_view part) {
    return fmt::format("call.{}.{}", call.key, part);
}

std::string_view cause_id(OutCause cause) {
    switch (cause) {
        case OutCause::damage: return "damage";
        case OutCause::speculation: return "speculation";
        case OutCause::slapp: return "slapp";
        case OutCause::vote: return "vote";
    }
    return "other";
}

std::string_view outcome_id(const Event& event) {
    switch (event.lobby) {
        case LobbyOutcome::corrupted: return event.one_more_lobby ? "banker" : "corrupted";
        case LobbyOutcome::already_corrupted: return "already";
        case LobbyOutcome::refused_ngo: return "ngo";
        case LobbyOutcome::refused_mayor: return "mayor";
        case LobbyOutcome::nobody: break;
    }
    return "other";
}

// Why nobody is out, in the script's words; nothing when someone is, or
// when a revote follows (told by its own event).
std::optional<std::string> nobody_out_id(VoteOutcome outcome) {
    switch (outcome) {
        case VoteOutcome::out:
        case VoteOutcome::revote: return std::nullopt;
        case VoteOutcome::no_votes: return "no_votes";
        case VoteOutcome::tie: return "tie";
        case VoteOutcome::tied_again: return "tied_again";
    }
    return std::nullopt;
}

}  // namespace

std::string clock_text(long long seconds) {
    if (seconds >= 3600)
        return fmt::format("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
    return fmt::format("{}:{:02}", seconds / 60, seconds % 60);
}

// --- Words ----------------------------------------------------------------

std::string Narrator::role_title(Role role) const {
    return line(fmt::format("role.{}", role_id(role)));
}

std::string Narrator::role_with_article(Role role) const {
    return line(fmt::format("role.{}.a", role_id(role)));
}

std::string Narrator::team(Team team) const { return line(fmt::format("team.{}", team_id(team))); }

std::string Narrator::win_reason(WinReason reason) const {
    return line(fmt::format("win.{}", win_reason_id(reason)));
}

std::string Narrator::degrees(int temperature) const {
    // French sets a real minus sign (U+2212) before a temperature below zero.
    const bool minus_sign = temperature < 0 && script_.language_rule() == LanguageRule::french;
    const std::string text =
        minus_sign ? fmt::format("\u2212{}", -temperature) : fmt::format("{:+}", temperature);
    return line("words.degrees", Args{}.set("temperature", text));
}

// The parts of a date as texts (a year is not a number to group: "2026").
std::string Narrator::date(int year, int month, int day) const {
    return line("words.date", Args{}
                                  .set("year", std::to_string(year))
                                  .set("month", std::to_string(month))
                                  .set("day", std::to_string(day)));
}

namespace {
Args date_and_time(const Narrator& narrator, const std::tm& local) {
    return Args{}
        .set("date", narrator.date(local.tm_year + 1900, local.tm_mon + 1, local.tm_mday))
        .set("hour", std::to_string(local.tm_hour))
        .set("minute", fmt::format("{:02}", local.tm_min));
}
}  // namespace

std::string Narrator::private_fact(const PrivateFact& fact, const TableView& view) const {
    const char* key = "phone.told.saved";
    switch (fact.kind) {
        case PrivateFact::Kind::fellow:
            return line("phone.fellows", Args{}.set("names", view.players[fact.about].name));
        case PrivateFact::Kind::lobbied: key = "phone.told.lobbied"; break;
        case PrivateFact::Kind::corrupted: key = "phone.told.corrupted"; break;
        case PrivateFact::Kind::lobby_spent: key = "phone.told.lobby_spent"; break;
        case PrivateFact::Kind::saved: break;
    }
    return line(key, Args{}.set("name", view.players[fact.about].name));
}

std::string Narrator::date_time(std::time_t when) const {
    std::tm local{};
    localtime_r(&when, &local);
    return line("words.date_time", date_and_time(*this, local));
}

std::string Narrator::played(std::time_t first, std::time_t last) const {
    std::tm from{};
    std::tm to{};
    localtime_r(&first, &from);
    localtime_r(&last, &to);
    if (from.tm_year != to.tm_year || from.tm_yday != to.tm_yday)
        return line("balance.replay_played",
                    Args{}.set("first", date_time(first)).set("last", date_time(last)));
    return line("balance.replay_played_day",
                Args{}
                    .set("date", date(from.tm_year + 1900, from.tm_mon + 1, from.tm_mday))
                    .set("first", line("words.time", date_and_time(*this, from)))
                    .set("last", line("words.time", date_and_time(*this, to))));
}

// "normal", "2°C below normal", "1°C above normal": a level said aloud.
Args Narrator::level_args(int temperature) const {
    Args args;
    args.set("level", temperature == 0 ? "normal" : temperature < 0 ? "below" : "above");
    // "+2°C above normal" as elsewhere; "2°C below normal", not "-2°C below".
    args.set("amount", temperature > 0 ? degrees(temperature)
                                       : line("words.degrees",
                                              Args{}.set("temperature",
                                                         std::to_string(std::abs(temperature)))));
    return args;
}

std::string Narrator::phase_title(Phase phase, int round) const {
    return line(fmt::format("phase.{}", phase_id(phase)), Args{}.set("round", round));
}

std::string Narrator::list_or(const std::vector<std::string>& items) const {
    if (items.size() < 2) return items.empty() ? std::string{} : items.front();
    const std::vector<std::string> head(items.begin(), items.end() - 1);
    return join(head, line("words.list_separator")) + line("words.list_or") + items.back();
}

namespace {
// "second-tour|revote": the first of a line's words, the one shown.
std::string first_alternative(const std::string& words) { return words.substr(0, words.find('|')); }

std::vector<std::string> split_items(const std::string& list) {
    std::vector<std::string> items;
    std::size_t start = 0;
    for (std::size_t end; (end = list.find('\n', start)) != std::string::npos; start = end + 1)
        items.push_back(list.substr(start, end - start));
    items.push_back(list.substr(start));
    return items;
}
}  // namespace

std::string Narrator::deck(const Deck& deck) const {
    std::vector<std::string> parts;
    for (Role role : told_order)
        if (deck[role] > 0)
            parts.push_back(
                line(fmt::format("deck.{}", role_id(role)), Args{}.set("count", deck[role])));
    return join(parts, line("words.list_separator"));
}

// "none, revote" in the script's words for the values: "aucun, second-tour".
std::string Narrator::option_values_said(const std::string& ids) const {
    std::vector<std::string> words;
    std::string_view rest = ids;
    while (!rest.empty()) {
        const auto comma = rest.find(", ");
        const std::string id{rest.substr(0, comma)};
        const std::string key = "option.value." + id;
        words.push_back(script_.has(key) ? first_alternative(line(key)) : id);
        rest = comma == std::string_view::npos ? "" : rest.substr(comma + 2);
    }
    return join(words, line("words.list_separator"));
}

std::string Narrator::refusal(const Error& error) const {
    const std::string key = "refusal." + error.reason;
    auto placed = [&](const std::string& words) {
        return error.where.empty() ? words : error.where + ": " + words;
    };
    if (error.reason.empty() || !script_.has(key))
        return error.message.empty() ? placed(error.reason) : error.message;
    return placed(line(key, refusal_args(error)));
}

// A refusal's arguments as its line takes them: a list joined "a, b or c",
// a moment of the clock, a role or a house rule in the script's words.
Args Narrator::refusal_args(const Error& error) const {
    Args args;
    std::vector<std::string> names, seats;
    for (const auto& [name, value] : error.args) {
        if (name == "names")
            names = split_items(value);
        else if (name == "seats")
            seats = split_items(value);
        else if (name == "closest")  // a name within reach of a typo
            args.set("hint", value.empty()
                                 ? std::string{}
                                 : line("refusal.did_you_mean", Args{}.set("name", value)));
        else if (name == "seconds")  // a moment of the game clock
            args.set("clock", clock_text(std::stoll(value)));
        else if (name == "role")  // a role's id, in the script's word
            args.set("role", line(fmt::format("view.role.{}", value)));
        else if (name == "system")  // the system's reason for a file: the script's words
            args.set("system", system_said(value, error.args));
        else if (name == "got")  // a value as typed, in JSON: a text in the script's quotes
            args.set("got", quoted_value(value));
        else if (name == "roles") {  // roles' ids, one a line: the script's words, listed
            std::vector<std::string> words;
            for (const auto& id : split_items(value))
                words.push_back(line(fmt::format("view.role.{}", id)));
            args.set("roles", join(words, line("words.list_separator")));
        } else if (name == "allowed")  // a house rule's values: "none, revote"
            args.set("allowed", option_values_said(value));
        else if (name == "key" && script_.has("option.key." + value))  // a house rule's key
            args.set("key", first_alternative(line("option.key." + value)));
        else
            args.set(name, value);
    }
    for (std::size_t i = 0; i < seats.size() && i < names.size(); ++i)
        names[i] =
            line("refusal.name_and_seat", Args{}.set("name", names[i]).set("seat", seats[i]));
    if (!names.empty()) args.set("names", list_or(names));
    return args;
}

std::string Narrator::number(double value, int digits) const {
    return write_number(Decimal{value, digits}, script_.language_rule());
}

std::string Narrator::percent(double fraction, int digits) const {
    return line("words.percent", Args{}.set("value", Decimal{100 * fraction, digits}));
}

std::string Narrator::did_you_mean(std::string_view typed,
                                   const std::vector<std::string_view>& candidates) const {
    const std::string_view best = closest(typed, candidates);
    return best.empty() ? std::string{}
                        : line("refusal.did_you_mean", Args{}.set("name", std::string{best}));
}

// `system.<id>`, else the system's own text (the argument system_text).
std::string Narrator::system_said(
    const std::string& id, const std::vector<std::pair<std::string, std::string>>& args) const {
    std::string text = id;
    for (const auto& [name, value] : args)
        if (name == "system_text") text = value;
    const std::string key = "system." + id;
    return script_.has(key) ? line(key, Args{}.set("text", text)) : text;
}

std::string Narrator::quoted_value(const std::string& json_value) const {
    const auto text = nlohmann::json::parse(json_value, nullptr, false);
    if (!text.is_string()) return json_value;  // a number, true: as it is
    return line("words.quoted", Args{}.set("text", text.get<std::string>()));
}

std::pair<std::string, std::string> Narrator::quote_marks() const {
    const std::string marker = "\x01";  // a control character: no script has use for one
    const std::string quoted = line("words.quoted", Args{}.set("text", marker));
    const auto at = quoted.find(marker);
    if (at == std::string::npos) return {quoted, ""};
    return {quoted.substr(0, at), quoted.substr(at + marker.size())};
}

std::string Narrator::name(const TableView& view, std::optional<Seat> seat) const {
    return seat ? view.players[*seat].name : line("words.nobody");
}

Args Narrator::who(const TableView& view, std::optional<Seat> seat) const {
    Args args;
    args.set("who", seat ? "player" : "nobody").set("name", name(view, seat));
    return args;
}

// --- Calls ----------------------------------------------------------------

std::vector<Line> Narrator::call(const Observation& seen) const {
    const CallInfo& info = call_info(seen.prompt->call);
    const TableView& view = seen.view;
    std::vector<Line> lines;
    Args title;
    title.set("phase", phase_title(view.phase, view.round)).set("title", line(key(info, "title")));
    lines.push_back({Line::Kind::heading, line("heading.call", title)});
    const bool on_phone = point_on_phones_ && info.id == CallId::slapp;
    // The night falls before its first call wakes anyone: nobody's eyes are open yet.
    if (info.id == night_order.front())
        add_lines(lines, Line::Kind::call, line("night.falls", Args{}.set("round", view.round)));
    const std::size_t first = lines.size();
    add_lines(lines, Line::Kind::call,
              line(key(info, on_phone ? "aloud_phone" : "aloud"), Args{}.set("round", view.round)));
    // A call that wakes its answerer owes the table the line that closes their eyes.
    if (wakes_at_night(info.id) || info.id == CallId::slapp)
        for (std::size_t i = first; i < lines.size(); ++i)
            lines[i].closes_with = line(key(info, "sleep"));
    for (auto& hint : call_hint(seen)) lines.push_back(std::move(hint));
    return lines;
}

std::vector<Line> Narrator::call_hint(const Observation& seen) const {
    const CallPrompt& prompt = *seen.prompt;
    const CallInfo& info = call_info(prompt.call);
    const TableView& view = seen.view;
    const auto named = [&](std::optional<Seat> seat, const char* none) {
        return seat ? view.players[*seat].name : std::string{none};
    };
    std::optional<Seat> mayor;
    for (Seat seat = 0; seat < static_cast<Seat>(view.players.size()); ++seat)
        if (view.players[seat].mayor) mayor = seat;
    Args args;
    args.set("left", prompt.slapps_left).set("abstain", view.abstain ? "yes" : "no");
    args.set("mayor", named(mayor, "none"));
    args.set("saved", named(prompt.saved, ""));
    args.set("last", named(prompt.ngo_barred, "none"));
    std::vector<std::string> gestures, tied;
    for (auto choice : prompt.gestures)
        gestures.push_back(line(fmt::format("gesture.{}", banker_choice_id(choice))));
    args.set("gestures", list_or(gestures));
    for (Seat seat : view.revote_between) tied.push_back(view.players[seat].name);
    args.set("names", list_or(tied));
    std::vector<Line> lines;
    add_lines(lines, Line::Kind::instruction, line(key(info, "hint"), args));
    return lines;
}

std::string Narrator::question(const Observation& seen) const {
    const CallInfo& info = call_info(seen.prompt->call);
    const auto voter = seen.prompt->voter;
    return line(key(info, "prompt"),
                Args{}.set("name", voter ? seen.view.players[*voter].name : ""));
}

// --- Inputs and events ----------------------------------------------------

std::vector<Line> Narrator::input(const TableView& view, const Action& action,
                                  const std::vector<Event>& events,
                                  std::optional<CallId> closed_call, int& announced) const {
    std::vector<Line> lines;
    if (auto text = record(view, action)) lines.push_back({Line::Kind::record, *text});
    bool slept = !closed_call;
    auto sleep = [&] {
        if (!slept) add_lines(lines, Line::Kind::call, line(key(call_info(*closed_call), "sleep")));
        slept = true;
    };
    for (const auto& happened : events) {
        // The answerer closes their eyes before the table opens theirs.
        if (happened.kind == Event::Kind::dawn || happened.kind == Event::Kind::game_over ||
            happened.kind == Event::Kind::player_out)
            sleep();
        event(view, happened, announced, lines);
    }
    sleep();
    return lines;
}

// The answer itself, for the night's calls, which no event tells.
std::optional<std::string> Narrator::record(const TableView& view, const Action& action) const {
    const ActionInfo& info = action_info(action.kind);
    if (!info.own_record) return std::nullopt;  // told by its events
    const std::string key = fmt::format("call.{}.record", info.id);
    switch (info.field) {
        case Field::player: return line(key, who(view, action.player));
        case Field::choice:
            return line(key, Args{}.set("choice", std::string{banker_choice_id(action.choice)}));
        case Field::text: return line("replay.note", Args{}.set("text", action.text));
        case Field::file:
        case Field::votes:
        case Field::none: break;
    }
    return std::nullopt;
}

void Narrator::event(const TableView& view, const Event& e, int& announced,
                     std::vector<Line>& lines) const {
    Args args = who(view, e.player);
    switch (e.kind) {
        case Event::Kind::mayor_elected:
            lines.push_back({Line::Kind::aloud, line("event.mayor_elected", args)});
            break;
        case Event::Kind::mayor_lost:
            lines.push_back({Line::Kind::aloud, line("event.mayor_lost", args)});
            break;
        case Event::Kind::temperature_rose:
            if (e.value <= announced) break;  // told already
            announced = e.value;
            args.set("temperature", degrees(e.value));
            lines.push_back({Line::Kind::alert, line("event.temperature_rose", args)});
            break;
        case Event::Kind::lobby: lobby(view, e, lines); break;
        case Event::Kind::dawn:
            announced = std::max(announced, view.temperature);
            add_lines(lines, Line::Kind::aloud, line("event.dawn", level_args(view.temperature)));
            break;
        case Event::Kind::player_out:
            lines.push_back({Line::Kind::aloud, player_out(view, e)});
            break;
        case Event::Kind::saved: lines.push_back({Line::Kind::aloud, line("event.saved")}); break;
        case Event::Kind::fragile_revived:
            lines.push_back({Line::Kind::aloud, line("event.fragile_revived", args)});
            break;
        case Event::Kind::slapp:  // told when the table opens its eyes again
            lines.push_back({Line::Kind::call, line("event.slapp_wake")});
            if (!e.filed) lines.push_back({Line::Kind::record, line("event.slapp_not_filed")});
            break;
        case Event::Kind::vote_result: vote_result(view, e, lines); break;
        case Event::Kind::revote: {
            std::vector<std::string> names;
            for (Seat seat : e.seats) names.push_back(view.players[seat].name);
            args.set("names", list_or(names)).set("abstain", view.abstain ? "yes" : "no");
            lines.push_back({Line::Kind::aloud, line("event.revote", args)});
            break;
        }
        case Event::Kind::game_over:
            args.set("reason", std::string{win_reason_id(e.reason)})
                .set("temperature", degrees(view.temperature));
            lines.push_back({Line::Kind::alert, line("event.game_over", args)});
            break;
    }
}

// The CEO's lobby, with whom to tap (SPEC section 3, call 4).
void Narrator::lobby(const TableView& view, const Event& e, std::vector<Line>& lines) const {
    Args args = who(view, e.player);
    args.set("outcome", std::string{outcome_id(e)});
    lines.push_back({Line::Kind::record, line("event.lobby", args)});
    if (!e.player) return;
    const bool tap = e.lobby == LobbyOutcome::corrupted;
    lines.push_back(
        {Line::Kind::instruction, line(tap ? "event.lobby.tap" : "event.lobby.no_tap", args)});
}

// A player out, with the role they reveal; a SLAPP-suit names the revealed CEO.
std::string Narrator::player_out(const TableView& view, const Event& e) const {
    Args args = who(view, e.player);
    args.set("cause", std::string{cause_id(e.cause)}).set("role", role_with_article(e.role));
    const auto ceo = std::find_if(view.players.begin(), view.players.end(),
                                  [](const TablePlayer& p) { return p.role == Role::ceo; });
    args.set("ceo", ceo == view.players.end() ? std::string{} : ceo->name);
    return line("event.player_out", args);
}

void Narrator::vote_result(const TableView& view, const Event& e, std::vector<Line>& lines) const {
    std::vector<Seat> order;
    for (Seat seat = 0; seat < static_cast<Seat>(e.tally.size()); ++seat)
        if (e.tally[seat] > 0) order.push_back(seat);
    std::stable_sort(order.begin(), order.end(),
                     [&](Seat a, Seat b) { return e.tally[a] > e.tally[b]; });
    std::vector<std::string> counts;
    for (Seat seat : order)
        counts.push_back(
            line("event.tally_entry",
                 Args{}.set("name", view.players[seat].name).set("votes", e.tally[seat])));
    Args args;
    args.set("count", static_cast<int>(counts.size()))
        .set("tally", join(counts, line("words.list_separator")))
        .set("mayor", e.double_vote ? view.players[*e.double_vote].name : "none");
    lines.push_back({Line::Kind::record, line("event.tally", args)});
    if (const auto why = nobody_out_id(e.vote))
        lines.push_back({Line::Kind::aloud, line("event.vote_nobody", Args{}.set("why", *why))});
}

std::string Narrator::ballot(const TableView& view, const Ballot& ballot, int weight) const {
    Args args = who(view, ballot.choice);
    args.set("voter", view.players[ballot.voter].name).set("weight", weight);
    return line("ballot.record", args);
}

std::string Narrator::undone(const TableView& view, const Undone& undone) const {
    if (undone.kind == Undone::Kind::ballot)
        return line("undo.ballot", Args{}.set("voter", view.players[undone.ballot.voter].name));
    if (undone.kind == Undone::Kind::end)
        return line("undo.end", Args{}.set("clock", clock_text(view.clock_s)));
    const Action& action = undone.action;
    Args args = who(view, action.player);
    args.set("choice", std::string{banker_choice_id(action.choice)})
        .set("filed", action.file ? "yes" : "no")
        .set("text", action.text);
    return line(fmt::format("undo.{}", action_id(action.kind)), args);
}

// --- Views ----------------------------------------------------------------

std::string Narrator::header(const TableView& view) const {
    Args args;
    args.set("phase", phase_title(view.phase, view.round))
        .set("temperature", degrees(view.temperature))
        .set("limit", degrees(view.temperature_limit))
        .set("clock", clock_text(view.clock_s));
    const bool over = view.phase == Phase::over;
    args.set("mode", over ? "over" : std::string{id_of(view.mode)});
    args.set("next", view.next_rise_at ? clock_text(*view.next_rise_at) : "");
    const auto next_in = view.seconds_to_next_degree(view.clock_s);
    args.set("next_in", next_in ? clock_text(*next_in) : "");
    return line("view.header", args);
}

namespace {
// `text` and spaces to `width` characters (not bytes: "Zoé", "Émission").
std::string padded(const std::string& text, std::size_t width) {
    const std::size_t length = utf8_length(text);
    return length >= width ? text : text + std::string(width - length, ' ');
}
}  // namespace

std::vector<std::string> Narrator::rows(const TableView& view) const {
    std::size_t width = 4;
    for (const auto& player : view.players) width = std::max(width, utf8_length(player.name));
    // "in"/"out", "en jeu"/"hors jeu", and the roles: each column as wide as
    // its longest word, two spaces between columns.
    const std::size_t state_width =
        std::max(utf8_length(line("view.in")), utf8_length(line("view.out")));
    std::size_t role_width = 0;
    for (Role role : all_roles)
        role_width =
            std::max(role_width, utf8_length(line(fmt::format("view.role.{}", role_id(role)))));
    std::vector<std::string> out;
    for (Seat seat = 0; seat < static_cast<Seat>(view.players.size()); ++seat) {
        const TablePlayer& player = view.players[seat];
        std::vector<std::string> marks;
        if (player.mayor) marks.push_back(line("view.mayor"));
        if (player.corrupted) marks.push_back(line("view.corrupted"));
        const std::string role_word =
            player.role ? line(fmt::format("view.role.{}", role_id(*player.role))) : "";
        std::string row =
            fmt::format("  {:>2}  {}  {}  {}  {}", seat + 1, padded(player.name, width),
                        padded(line(player.in_game ? "view.in" : "view.out"), state_width),
                        padded(role_word, role_width), join(marks, ", "));
        while (!row.empty() && row.back() == ' ') row.pop_back();
        out.push_back(std::move(row));
    }
    return out;
}

std::string Narrator::next(const Observation& seen) const {
    const TableView& view = seen.view;
    std::string what;
    if (seen.prompt)
        what = line(key(call_info(seen.prompt->call), "next"));
    else
        what = line(
            "view.over",
            Args{}.set("team", team(*view.winner)).set("reason", win_reason(*view.win_reason)));
    return line("view.next", Args{}.set("what", what));
}

std::string Narrator::winner(const TableView& view) const {
    return line("view.won", Args{}.set("team", team(*view.winner)));
}

std::string Narrator::summary(const Game& game) const {
    const State& state = game.state();
    const std::string next =
        state.expects ? line("view.summary_expects",
                             Args{}.set("action", std::string{action_id(*state.expects)}))
                      : line("view.summary_won",
                             Args{}
                                 .set("team", std::string{team_id(*state.winner)})
                                 .set("reason", std::string{win_reason_id(*state.win_reason)}));
    Args args;
    args.set("players", game.player_count())
        .set("round", state.round)
        .set("phase", std::string{phase_id(state.phase)})
        .set("next", next)
        .set("temperature", degrees(state.temperature))
        .set("entries", static_cast<long long>(game.log().size()));
    return line("view.summary", args);
}

}  // namespace coyel::narration
