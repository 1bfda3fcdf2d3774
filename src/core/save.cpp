#include "coyel/save.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "json_text.hpp"
#include "save_reading.hpp"
#include "strict_json.hpp"

#include "coyel/card_view.hpp"
#include "coyel/text.hpp"

namespace coyel {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

namespace save_reading {

Refusal unknown_key(const json& object, std::string_view where,
                    const std::vector<std::string_view>& known) {
    for (const auto& [key, value] : object.items())
        if (std::find(known.begin(), known.end(), key) == known.end())
            return Error{fmt::format("{}unknown key \"{}\"{}", where, printable_excerpt(key),
                                     did_you_mean(key, known))};
    return std::nullopt;
}

std::string no_such_player(const Setup& setup, std::string_view name) {
    std::vector<std::string_view> names(setup.players.begin(), setup.players.end());
    return fmt::format("no player named \"{}\"{}", printable_excerpt(name),
                       did_you_mean(name, names));
}

}  // namespace save_reading

using save_reading::no_such_player;
using save_reading::setup_from_json;
using save_reading::unknown_key;

namespace {

Result<std::optional<Seat>> player_field(const json& value, const Setup& setup) {
    if (value.is_null()) return std::optional<Seat>{};
    if (!value.is_string()) return Error{"a player must be a name or null"};
    auto seat = find_player(setup.players, value.get<std::string>());
    if (!seat) return Error{no_such_player(setup, value.get<std::string>())};
    return std::optional<Seat>{seat};
}

}  // namespace

namespace {

// The key of the field an entry carries ("player", "choice", ...), or "" for none.
std::string_view field_key(Field field) {
    switch (field) {
        case Field::none: return "";
        case Field::player: return "player";
        case Field::choice: return "choice";
        case Field::file: return "file";
        case Field::votes: return "votes";
        case Field::text: return "text";
    }
    return "";
}

Result<std::vector<Ballot>> votes_from_json(const json& votes, const Setup& setup) {
    if (!votes.is_object())
        return Error{"votes must be an object from each voter's name to a name or null"};
    std::vector<Ballot> ballots;
    for (const auto& [voter_name, choice] : votes.items()) {
        auto voter = find_player(setup.players, voter_name);
        if (!voter) return Error{"votes: " + no_such_player(setup, voter_name)};
        auto chosen = player_field(choice, setup);
        if (!chosen)
            return Error{fmt::format("votes: {}: {}", setup.players[*voter], chosen.error())};
        ballots.push_back(Ballot{*voter, *chosen});
    }
    std::stable_sort(ballots.begin(), ballots.end(),
                     [](const Ballot& a, const Ballot& b) { return a.voter < b.voter; });
    return ballots;
}

// Reads the kind's own field into `action`.
Refusal read_field(const json& value, const Setup& setup, Action& action) {
    switch (action_info(action.kind).field) {
        case Field::choice: {
            auto parsed =
                value.is_string() ? banker_choice_from_id(value.get<std::string>()) : std::nullopt;
            if (!parsed)
                return Error{fmt::format("choice must be social, speculation or none (got {})",
                                         shown(value))};
            action.choice = *parsed;
            return std::nullopt;
        }
        case Field::file:
            if (!value.is_boolean()) return Error{"file must be true or false"};
            action.file = value.get<bool>();
            return std::nullopt;
        case Field::votes: {
            auto votes = votes_from_json(value, setup);
            if (!votes) return votes.failure();
            action.votes = std::move(*votes);
            return std::nullopt;
        }
        case Field::text:
            if (!value.is_string()) return Error{"text must be a string"};
            action.text = value.get<std::string>();
            return std::nullopt;
        case Field::player: {
            auto player = player_field(value, setup);
            if (!player) return player.failure();
            action.player = *player;
            return std::nullopt;
        }
        case Field::none: break;
    }
    return std::nullopt;
}

// "at", "wall" and "by", which any action may carry.
Refusal read_moment(const json& entry, Action& action) {
    if (entry.contains("at")) {
        const json& at = entry["at"];
        if (!at.is_number_integer() || at.get<long long>() < 0 ||
            (at.is_number_unsigned() && at.get<unsigned long long>() > max_clock_seconds) ||
            at.get<long long>() > max_clock_seconds)
            return Error{fmt::format("at must be a whole number of seconds from 0 to {} (got {})",
                                     max_clock_seconds, shown(at))};
        action.at = at.get<std::int64_t>();
    }
    if (entry.contains("wall")) {
        if (!entry["wall"].is_string()) return Error{"wall must be an ISO-8601 time as a string"};
        action.wall = entry["wall"].get<std::string>();
    }
    if (entry.contains("by")) {
        if (entry["by"] != "phone")
            return Error{fmt::format("by must be \"phone\" (got {})", shown(entry["by"]))};
        action.by_phone = true;
    }
    return std::nullopt;
}

}  // namespace

Result<Action> action_from_json(const json& entry, const Setup& setup) {
    Action action;
    action.kind = *action_from_id(entry.at("do").get<std::string>());
    std::vector<std::string_view> known = {"do", "at", "wall", "by"};
    if (const std::string_view field = field_key(action_info(action.kind).field); !field.empty()) {
        known.push_back(field);
        if (!entry.contains(field)) return Error{fmt::format("missing \"{}\"", field)};
        if (auto refusal = read_field(entry[std::string{field}], setup, action)) return *refusal;
    }
    if (auto error = unknown_key(entry, "", known)) return *error;
    if (auto refusal = read_moment(entry, action)) return *refusal;
    return action;
}

namespace {

// The ballots of a vote being taken: only while a vote is expected, each
// cast as the REPL casts them (so each voter in turn, each ballot one the
// rules accept), and not all of them: a complete vote belongs in the log.
Refusal restore_ballots(const json& votes, Game& game) {
    if (game.state().expects != ActionKind::vote)
        return Error{"votes are pending, but the game is not at a vote"};
    auto action = action_from_json(json{{"do", "vote"}, {"votes", votes}}, game.setup());
    if (!action) return action.failure();
    std::vector<bool> voted(game.player_count(), false);
    for (const auto& ballot : action->votes) {
        if (voted[ballot.voter])
            return Error{fmt::format("{} voted twice", game.name(ballot.voter))};
        voted[ballot.voter] = true;
        if (auto refusal = game.ballot_refusal(ballot)) return refusal;
        if (game.state().ballots.size() + 1 ==
            static_cast<std::size_t>(game.seats_in_game().size()))
            return Error{"every voter has voted: a complete vote belongs in the log"};
        if (game.next_voter() != ballot.voter)
            return Error{fmt::format("{} votes before {}: ballots are cast in seat order",
                                     game.name(ballot.voter), game.name(*game.next_voter()))};
        (void)game.cast_ballot(ballot.choice);
    }
    return std::nullopt;
}

// The clock's reading when saved, after the last entry: never back in time,
// and never past a degree, since each degree is logged the second it comes.
Refusal restore_clock(const json& at, Game& game) {
    if (!at.is_number_integer()) return Error{"at must be a whole number of seconds"};
    const auto seconds = at.get<std::int64_t>();
    if (seconds < game.state().clock_s)
        return Error{fmt::format("at {} s is before the log's last entry, at {} s", seconds,
                                 game.state().clock_s)};
    if (auto rise = game.next_rise_at(); rise && seconds >= *rise)
        return Error{fmt::format("at {} s is past the degree reached at {} s, which the log lacks",
                                 seconds, *rise)};
    auto moved = game.advance_clock(seconds);
    if (!moved) return moved.failure();
    return std::nullopt;
}

// The cards of a random deal shown so far: only before the game starts, and
// not every card (a finished walk-through leaves no key).
Refusal restore_cards_shown(const json& count, Game& game) {
    if (!game.log().empty()) return Error{"cards_shown, but the game has started"};
    const int last = game.player_count() - 1;
    if (!count.is_number_integer() || count.get<std::int64_t>() < 0 ||
        count.get<std::int64_t>() > last)
        return Error{fmt::format("cards_shown must be a whole number from 0 to {}, not {}", last,
                                 shown(count))};
    return game.set_cards_shown(count.get<int>());
}

// What is not in the log yet: the clock's reading, the vote being taken, the
// cards shown in the walk-through of a random deal.
Refusal restore_pending(const json& object, Game& game) {
    if (!object.is_object()) return Error{"must be an object"};
    if (auto error = unknown_key(object, "", {"at", "votes", "cards_shown"})) return error;
    if (object.contains("cards_shown"))
        if (auto refusal = restore_cards_shown(object["cards_shown"], game)) return refusal;
    if (object.contains("votes"))
        if (auto refusal = restore_ballots(object["votes"], game)) return refusal;
    if (object.contains("at"))
        if (auto refusal = restore_clock(object["at"], game)) return refusal;
    return std::nullopt;
}

// The format and version (SPEC section 8): a newer save asks for a newer coyel.
Refusal check_format(const json& root) {
    if (!root.is_object() || !root.contains("format") || root["format"] != save_format_name)
        return Error{"not a coyel save (no \"format\": \"coyel-heaven\")"};
    if (!root.contains("version") || !root["version"].is_number_integer())
        return Error{"the save has no format version"};
    if (root["version"].is_number_unsigned() &&
        root["version"].get<unsigned long long>() > save_format_version)
        return Error{fmt::format(
            "saved by a newer coyel (format version {}); this coyel reads version {}: update coyel",
            shown(root["version"]), save_format_version)};
    if (root["version"] != save_format_version)
        return Error{fmt::format("unknown format version {}", shown(root["version"]))};
    return std::nullopt;
}

// One log entry, read and applied: "log entry 5 (ceo_lobby): ..." when refused.
Refusal replay_entry(const json& entry, std::size_t position, Game& game) {
    if (!entry.is_object() || !entry.contains("do") || !entry["do"].is_string())
        return Error{fmt::format("log entry {}: an action needs \"do\"", position)};
    const std::string id = entry["do"].get<std::string>();
    if (!action_from_id(id)) {
        std::vector<std::string_view> ids;
        for (int k = 0; k <= static_cast<int>(last_action_kind); ++k)
            ids.push_back(action_id(static_cast<ActionKind>(k)));
        return Error{fmt::format("log entry {}: unknown action \"{}\"{}", position,
                                 printable_excerpt(id), did_you_mean(id, ids))};
    }
    auto action = action_from_json(entry, game.setup());
    if (!action) return Error{fmt::format("log entry {} ({}): {}", position, id, action.error())};
    auto applied = game.apply(*action);
    if (!applied) return located(applied.failure(), fmt::format("log entry {} ({})", position, id));
    return std::nullopt;
}

constexpr std::int64_t longest_timer_ms = longest_timer_seconds * 1000;

Result<std::int64_t> time_field(const json& object, std::string_view key) {
    const json& value = object[std::string{key}];
    auto ms = value.is_string() ? iso_time_from_text(value.get<std::string>()) : std::nullopt;
    if (!ms)
        return Error{fmt::format("{} must be a UTC time like \"2026-11-30T20:21:31.123Z\" (got {})",
                                 key, shown(value))};
    return *ms;
}

// The "live" key: the clock runs only in a game under way, and a timer
// ends within the longest one after the save.
Result<LiveClock> live_from_json(const json& object, const Game& game) {
    if (!object.is_object()) return Error{"must be an object"};
    if (auto error = unknown_key(object, "",
                                 {"running", "wall", "timer_ends", "language", "moved_to", "note"}))
        return *error;
    if (!object.contains("running") || !object["running"].is_boolean())
        return Error{"running must be true or false"};
    if (!object.contains("wall")) return Error{"missing \"wall\""};
    LiveClock live;
    live.running = object["running"].get<bool>();
    if (live.running && !game.clock_may_run())
        return Error{"running, but the game clock runs only from Night 1 to the end"};
    auto wall = time_field(object, "wall");
    if (!wall) return wall.failure();
    live.wall_ms = *wall;
    if (object.contains("timer_ends")) {
        auto ends = time_field(object, "timer_ends");
        if (!ends) return ends.failure();
        if (*ends > live.wall_ms + longest_timer_ms + 60'000)
            return Error{"timer_ends is more than ten hours after wall: no timer lasts that long"};
        live.timer_ends_ms = *ends;
    }
    if (object.contains("language")) {
        const json& code = object["language"];
        if (!code.is_string() || !is_language_code(code.get<std::string>()))
            return Error{"language must be a code such as \"en\" or \"fr\""};
        live.language = code.get<std::string>();
    }
    if (object.contains("moved_to")) {
        const json& path = object["moved_to"];
        if (!path.is_string() || path.get<std::string>().empty() ||
            path.get<std::string>().size() > 4096 ||
            utf8_length(path.get<std::string>()) == std::string::npos)
            return Error{"moved_to must be the path of a save"};
        live.moved_to = path.get<std::string>();
    }
    if (object.contains("note")) {
        const json& note = object["note"];
        if (!note.is_string() || note.get<std::string>().size() > 1000 ||
            utf8_length(note.get<std::string>()) == std::string::npos)
            return Error{"note must be a line of text"};
        live.table_note = note.get<std::string>();
    }
    return live;
}

}  // namespace

std::string iso_time_text(std::int64_t unix_ms) {
    using namespace std::chrono;
    const sys_days day = floor<days>(sys_time<milliseconds>(milliseconds(unix_ms)));
    const year_month_day date(day);
    const std::int64_t in_day =
        unix_ms - duration_cast<milliseconds>(day.time_since_epoch()).count();
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", static_cast<int>(date.year()),
                       static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                       in_day / 3'600'000, in_day / 60'000 % 60, in_day / 1000 % 60, in_day % 1000);
}

std::optional<std::int64_t> iso_time_from_text(std::string_view text) {
    // YYYY-MM-DDTHH:MM:SS.mmmZ, every digit in place.
    constexpr std::string_view shape = "dddd-dd-ddTdd:dd:dd.dddZ";
    if (text.size() != shape.size()) return std::nullopt;
    for (std::size_t i = 0; i < shape.size(); ++i)
        if (shape[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(text[i]))
                            : text[i] != shape[i])
            return std::nullopt;
    auto number = [&](std::size_t from, std::size_t length) {
        return std::stoi(std::string{text.substr(from, length)});
    };
    using namespace std::chrono;
    const year_month_day date{year(number(0, 4)), month(static_cast<unsigned>(number(5, 2))),
                              day(static_cast<unsigned>(number(8, 2)))};
    const int hours = number(11, 2), minutes = number(14, 2), seconds = number(17, 2);
    if (!date.ok() || date.year() < year(1970) || hours > 23 || minutes > 59 || seconds > 59)
        return std::nullopt;
    const auto midnight = duration_cast<milliseconds>(sys_days(date).time_since_epoch()).count();
    return midnight + ((hours * 60LL + minutes) * 60 + seconds) * 1000 + number(20, 3);
}

namespace save_reading {

Result<json> save_root(std::string_view text, std::string_view label) {
    auto fail = [&](std::string_view message) {
        return Error{fmt::format("{}: {}", label, message)};
    };
    // A syntax error, a number too large for any type, or a key twice in one
    // object (nlohmann would keep the last, so a save with both is ambiguous).
    auto parsed = parse_strict_json(text);
    if (!parsed) return fail(parsed.error());
    json root = std::move(*parsed);
    if (auto refusal = check_format(root)) return fail(refusal->message);
    // Version 1 is the only one so far. A version 2 would convert here, in
    // place, before anything below reads the tree: `root = migrate_v1_to_v2(root)`.
    if (auto error =
            unknown_key(root, "", {"format", "version", "setup", "log", "told", "pending", "live"}))
        return fail(error->message);
    if (!root.contains("setup")) return fail("the save has no setup");
    if (!root.contains("log") || !root["log"].is_array())
        return fail("log must be a list of actions");
    // "told" marks a save that knows what the table was told; one without
    // it is from before, its news told at once, as it was played.
    if (root.contains("told") && !root["told"].is_number_unsigned())
        return fail("told must be a whole number of log entries");
    return root;
}

Refusal replay_log(const json& log, std::size_t entries_before, Game& game,
                   std::string_view label) {
    std::size_t position = entries_before;
    for (const json& entry : log)
        if (auto refusal = replay_entry(entry, ++position, game))
            return located(std::move(*refusal), label);
    return std::nullopt;
}

Result<SavedGame> finish_save(const json& root, Game game, std::string_view label) {
    auto fail = [&](std::string_view message) {
        return Error{fmt::format("{}: {}", label, message)};
    };
    if (root.contains("told") && root["told"].get<std::uint64_t>() != game.told())
        return fail(fmt::format("told is {}, but the log has told the table {} entries",
                                root["told"].get<std::uint64_t>(), game.told()));
    if (root.contains("pending"))
        if (auto refusal = restore_pending(root["pending"], game))
            return located(located(std::move(*refusal), "pending"), label);
    SavedGame saved{std::move(game), std::nullopt};
    if (root.contains("live")) {
        auto live = live_from_json(root["live"], saved.game);
        if (!live) return fail("live: " + live.error());
        saved.live = *live;
    }
    return saved;
}

Result<WholeReading> read_whole(std::string_view text, std::string_view label) {
    auto root = save_root(text, label);
    if (!root) return root.failure();
    auto setup = setup_from_json((*root)["setup"]);
    if (!setup) return Error{fmt::format("{}: {}", label, setup.error())};
    Game game(std::move(*setup), Log::kept,
              root->contains("told") ? News::held : News::told_at_once);
    if (auto refusal = replay_log((*root)["log"], 0, game, label)) return *refusal;
    const std::int64_t clock_after_log = game.state().clock_s;
    auto saved = finish_save(*root, std::move(game), label);
    if (!saved) return saved.failure();
    return WholeReading{std::move(*saved), clock_after_log};
}

}  // namespace save_reading

Result<SavedGame> load_save(std::string_view text, std::string_view label) {
    auto whole = save_reading::read_whole(text, label);
    if (!whole) return whole.failure();
    return std::move(whole->saved);
}

Result<Game> load_game(std::string_view text, std::string_view label) {
    auto saved = load_save(text, label);
    if (!saved) return saved.failure();
    return std::move(saved->game);
}

namespace {

// The clock's reading at the end of the log: the last entry that moved it.
std::int64_t logged_clock(const Game& game) {
    const auto& log = game.log();
    auto moved = std::find_if(log.rbegin(), log.rend(),
                              [](const Action& action) { return action.at.has_value(); });
    return moved == log.rend() ? 0 : *moved->at;
}

// ",\n  \"pending\": {...}" when the clock has run on, a vote is being taken
// or the walk-through of the deal is not finished.
std::string pending_text(const Game& game) {
    const State& state = game.state();
    const bool clock_ran_on = state.clock_s > logged_clock(game);
    if (game.cards_shown())
        return fmt::format(",\n  \"pending\": {{\"cards_shown\": {}}}", *game.cards_shown());
    if (!clock_ran_on && state.ballots.empty()) return "";
    std::string fields;
    if (clock_ran_on) fields = fmt::format("\"at\": {}", state.clock_s);
    if (!state.ballots.empty()) {
        Action partial;
        partial.kind = ActionKind::vote;
        partial.votes = state.ballots.to_vector();
        // {"do": "vote", "votes": {...}} minus its head: "votes": {...}
        if (!fields.empty()) fields += ", ";
        fields += action_text(partial, game.setup()).substr(15);
        fields.pop_back();  // its closing brace
    }
    return ",\n  \"pending\": {" + fields + "}";
}

std::string live_text(const std::optional<LiveClock>& live) {
    if (!live) return "";
    std::string out = fmt::format(",\n  \"live\": {{\"running\": {}, \"wall\": \"{}\"",
                                  live->running, iso_time_text(live->wall_ms));
    if (live->timer_ends_ms)
        out += fmt::format(", \"timer_ends\": \"{}\"", iso_time_text(*live->timer_ends_ms));
    if (!live->language.empty()) out += fmt::format(", \"language\": \"{}\"", live->language);
    if (!live->moved_to.empty())
        out += ", \"moved_to\": " +
               json(live->moved_to).dump(-1, ' ', false, json::error_handler_t::replace);
    if (!live->table_note.empty())
        out += ", \"note\": " +
               json(live->table_note).dump(-1, ' ', false, json::error_handler_t::replace);
    return out + "}";
}

}  // namespace

namespace {

// The save's text up to its log: the format and the setup.
std::string save_head(const Setup& setup) {
    ordered_json setup_json;
    setup_json["players"] = setup.players;
    ordered_json roles = ordered_json::object();
    for (Seat seat = 0; seat < setup.player_count(); ++seat)
        roles[setup.players[seat]] = role_id(setup.roles[seat]);
    setup_json["roles"] = roles;
    if (setup.seed) setup_json["seed"] = *setup.seed;
    setup_json["options"] = ordered_json(options_to_json(setup.options));
    if (!setup.card_tokens.empty()) {
        ordered_json tokens = ordered_json::object();
        for (Seat seat = 0; seat < setup.player_count(); ++seat)
            tokens[setup.players[seat]] = setup.card_tokens[seat];
        setup_json["card_tokens"] = tokens;
    }
    if (setup.served) {
        setup_json["serve"] = {{"bind", setup.served->bind}, {"port", setup.served->port}};
        if (!setup.served->address.empty()) setup_json["serve"]["address"] = setup.served->address;
    }
    if (setup.self_play) {
        ordered_json self = {{"talk", setup.self_play->talk}, {"speak", setup.self_play->speak}};
        if (!setup.self_play->speak_log.empty()) self["speak_log"] = setup.self_play->speak_log;
        setup_json["self"] = self;
    }
    return fmt::format("{{\n  \"format\": \"{}\",\n  \"version\": {},\n  \"setup\": {},\n",
                       save_format_name, save_format_version, setup_json.dump());
}

// The whole text: `head`, the log's entries as `line_of(i)` writes them, and
// what follows the log.
template <typename LineOf>
std::string save_text(const std::string& head, const Game& game,
                      const std::optional<LiveClock>& live, LineOf line_of) {
    std::string out = head;
    out += "  \"log\": [";
    const auto& log = game.log();
    for (std::size_t i = 0; i < log.size(); ++i) {
        out += i ? ",\n    " : "\n    ";
        out += line_of(i);
    }
    out += log.empty() ? "]" : "\n  ]";
    if (game.news() == News::held) out += fmt::format(",\n  \"told\": {}", game.told());
    out += pending_text(game);
    out += live_text(live);
    out += "\n}\n";
    return out;
}

}  // namespace

std::string save_game(const Game& game, const std::optional<LiveClock>& live) {
    return save_text(save_head(game.setup()), game, live,
                     [&](std::size_t i) { return action_text(game.log()[i], game.setup()); });
}

std::string SaveWriter::text(const Game& game, const std::optional<LiveClock>& live) {
    if (!(game.setup() == setup_)) {
        setup_ = game.setup();
        head_ = save_head(setup_);
        entries_.clear();
        lines_.clear();
    }
    // An entry may change once logged (its wall-clock time stamped) and
    // undo takes the last ones back: the lines are kept up to the first
    // entry that differs.
    const auto& log = game.log();
    std::size_t same = 0;
    while (same < entries_.size() && same < log.size() && entries_[same] == log[same]) ++same;
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(same), entries_.end());
    lines_.erase(lines_.begin() + static_cast<std::ptrdiff_t>(same), lines_.end());
    for (std::size_t i = same; i < log.size(); ++i) {
        entries_.push_back(log[i]);
        lines_.push_back(action_text(log[i], setup_));
    }
    return save_text(head_, game, live,
                     [&](std::size_t i) -> const std::string& { return lines_[i]; });
}

}  // namespace coyel
