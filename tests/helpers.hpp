// Builders that keep the scenario tests short and readable.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "coyel/game.hpp"
#include "coyel/save.hpp"
#include "languages.hpp"
#include "narrator.hpp"

namespace coyel::test {

// A whole file's bytes ("" when it cannot be read).
inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// An error as the moderator reads it, in English: a refusal of the rules in
// the script's words (the engine writes none), else the error's own words.
inline std::string words(const Error& error) {
    static const narration::Narrator english(narration::english_script());
    return english.refusal(error);
}

// Why `text` does not load as "game.json" (it must not load).
inline std::string load_error(const std::string& text) {
    auto game = load_game(text, "game.json");
    REQUIRE_FALSE(game.ok());
    return words(game.failure());
}

using Seating = std::vector<std::pair<std::string, Role>>;

// The SPEC section 8 table: 8 players with every special role.
inline Seating spec_table() {
    return {{"Ana", Role::carbon}, {"Ben", Role::citizen}, {"Cleo", Role::ngo},
            {"Dan", Role::ceo},    {"Eve", Role::banker},  {"Finn", Role::fragile},
            {"Gus", Role::carbon}, {"Hana", Role::citizen}};
}

// The same seating with the cards of seats `a` and `b` swapped: a twin.
inline Seating swapped(Seating seating, std::size_t a, std::size_t b) {
    std::swap(seating[a].second, seating[b].second);
    return seating;
}

inline Setup make_setup(const Seating& seating, Options options = {}) {
    Setup setup;
    for (const auto& [name, role] : seating) {
        setup.players.push_back(name);
        setup.roles.push_back(role);
    }
    setup.options = options;
    return setup;
}

inline Game make_game(const Seating& seating = spec_table(), Options options = {}) {
    return Game(make_setup(seating, options));
}

// A game of `entries` notes: enough to tell one save of it from another.
inline Game noted_game(int entries) {
    Game game = make_game();
    for (int i = 0; i < entries; ++i) {
        Action note;
        note.kind = ActionKind::note;
        note.text = "n";
        REQUIRE(game.apply(note).ok());
    }
    return game;
}

inline std::optional<Seat> seat(const Game& game, const char* name) {
    if (!name) return std::nullopt;
    auto found = find_player(game.setup().players, name);
    REQUIRE(found);
    return found;
}

inline Action act(ActionKind kind, std::optional<Seat> player = std::nullopt) {
    Action action;
    action.kind = kind;
    action.player = player;
    return action;
}

// Action builders; a null name means "nobody".
inline Action elect(const Game& g, const char* name) {
    return act(ActionKind::elect_mayor, seat(g, name));
}
inline Action target(const Game& g, const char* name) {
    return act(ActionKind::carbon_target, seat(g, name));
}
inline Action protect(const Game& g, const char* name) {
    return act(ActionKind::ngo_protect, seat(g, name));
}
inline Action lobby(const Game& g, const char* name) {
    return act(ActionKind::ceo_lobby, seat(g, name));
}
inline Action bank(BankerChoice choice) {
    Action action = act(ActionKind::banker);
    action.choice = choice;
    return action;
}
inline Action slapp(bool file) {
    Action action = act(ActionKind::slapp);
    action.file = file;
    return action;
}
inline Action clock_at(std::int64_t at) {
    Action action = act(ActionKind::clock);
    action.at = at;
    return action;
}
inline Action at(Action action, std::int64_t seconds) {
    action.at = seconds;
    return action;
}
// {"Ana", "Cleo"}: Ana votes for Cleo; {"Ben", nullptr}: Ben abstains.
inline Action vote(const Game& g,
                   std::initializer_list<std::pair<const char*, const char*>> ballots) {
    Action action = act(ActionKind::vote);
    for (const auto& [voter, choice] : ballots)
        action.votes.push_back(Ballot{*seat(g, voter), seat(g, choice)});
    return action;
}
// Everyone in the game votes for `name` (nullptr: everyone abstains).
inline Action vote_all(const Game& g, const char* name) {
    Action action = act(ActionKind::vote);
    for (Seat voter : g.seats_in_game()) action.votes.push_back(Ballot{voter, seat(g, name)});
    return action;
}

inline std::vector<Event> ok(Game& game, const Action& action) {
    auto applied = game.apply(action);
    INFO("refused: " << (applied ? std::string{} : words(applied.failure())));
    REQUIRE(applied.ok());
    return *applied;
}

inline std::string refused(Game& game, const Action& action) {
    const State before = game.state();
    const std::size_t entries = game.log().size();
    auto applied = game.apply(action);
    REQUIRE_FALSE(applied.ok());
    CHECK(game.state() == before);  // a refusal changes nothing
    CHECK(game.log().size() == entries);
    return words(applied.failure());
}

inline bool in(const Game& g, const char* name) { return g.in_game(*seat(g, name)); }
inline bool corrupted(const Game& g, const char* name) {
    return g.state().corrupted.contains(*seat(g, name));
}

inline bool has_event(const std::vector<Event>& events, Event::Kind kind) {
    for (const auto& event : events)
        if (event.kind == kind) return true;
    return false;
}

// One whole night: the target, the protection, the banker's gesture and the
// CEO's lobbies in turn; a call whose holder is out is skipped. The dawn's
// news is then told to the table. Returns the events of the last call and of
// that telling (the dawn's).
inline std::vector<Event> night(Game& g, const char* target_name,
                                const char* protect_name = nullptr,
                                BankerChoice gesture = BankerChoice::none,
                                std::initializer_list<const char*> lobbies = {nullptr}) {
    auto events = ok(g, target(g, target_name));
    if (g.state().expects == ActionKind::ngo_protect) events = ok(g, protect(g, protect_name));
    if (g.state().expects == ActionKind::banker) events = ok(g, bank(gesture));
    for (const char* lobby_name : lobbies)
        if (g.state().expects == ActionKind::ceo_lobby) events = ok(g, lobby(g, lobby_name));
    if (g.news_held()) {
        const auto told = ok(g, act(ActionKind::tell));
        events.insert(events.end(), told.begin(), told.end());
    }
    return events;
}

inline void quiet_night(Game& g, const char* target_name, const char* protect_name = nullptr) {
    night(g, target_name, protect_name);
}

// Day 1 on the spec table with Hana as mayor and Ben out.
inline Game day_one(Options options = {}) {
    Game g = make_game(spec_table(), options);
    ok(g, elect(g, "Hana"));
    quiet_night(g, "Ben");
    REQUIRE(g.state().phase == Phase::day);
    return g;
}

// Ana 3 (Cleo, Eve, Finn), Cleo 3 (Ana, Dan, Gus); the mayor abstains.
inline Action tie_ana_cleo(const Game& g) {
    return vote(g, {{"Ana", "Cleo"},
                    {"Cleo", "Ana"},
                    {"Dan", "Cleo"},
                    {"Eve", "Ana"},
                    {"Finn", "Ana"},
                    {"Gus", "Cleo"},
                    {"Hana", nullptr}});
}

}  // namespace coyel::test
