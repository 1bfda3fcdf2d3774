// Games with no moderator (`coyel new --self`, issue 48) at the table's real
// pace on the fake clock: the real 15-second floor, the pages' one-second
// poll, a voice that lasts as espeak-ng's would, the talk's three minutes.

#include <catch2/catch.hpp>

#include <algorithm>

#include "../helpers.hpp"
#include "self_table.hpp"

namespace coyel::test {
namespace {

// Seven players: every special card, Ana the only carbon emission.
Seating seven() {
    return {{"Ana", Role::carbon}, {"Ben", Role::citizen}, {"Cleo", Role::ngo},
            {"Dan", Role::ceo},    {"Eve", Role::banker},  {"Finn", Role::fragile},
            {"Gus", Role::citizen}};
}

bool heading_ends(const nlohmann::json& shown, std::string_view title) {
    const std::string call = shown.value("call", "");
    return call.size() >= title.size() &&
           call.compare(call.size() - title.size(), title.size(), title) == 0;
}

// A table steered to a protest on Night 1: the carbon emission and the NGO
// both name Ben; the CEO files the SLAPP-suit (`file`), then the day votes
// Ana out. Everyone else taps the first entry; everyone elects Gus.
PhonePlayer protest_table(const Game& game, bool file) {
    return [roles = game.setup().roles, file](
               Seat seat, const nlohmann::json& shown) -> std::optional<std::string> {
        const Role role = roles[static_cast<std::size_t>(seat)];
        if (heading_ends(shown, "mayor election") || heading_ends(shown, "new mayor")) return "Gus";
        if (heading_ends(shown, "the vote") || heading_ends(shown, "the revote")) return "Ana";
        if (heading_ends(shown, "the carbon emissions") && role == Role::carbon) return "Ben";
        if (heading_ends(shown, "the Environmental NGO") && role == Role::ngo) return "Ben";
        if (heading_ends(shown, "SLAPP-suit") && role == Role::ceo)
            return file ? "File a SLAPP-suit" : "Shake your head";
        if (heading_ends(shown, "the Bank CEO") && role == Role::banker)
            return "none (a head shake)";
        if (heading_ends(shown, "the Fossil Fuel CEO") && role == Role::ceo) return "Nobody";
        return shown["choices"][0].get<std::string>();
    };
}

std::size_t count_of(const Game& game, ActionKind kind) {
    return static_cast<std::size_t>(
        std::count_if(game.log().begin(), game.log().end(),
                      [&](const Action& entry) { return entry.kind == kind; }));
}

}  // namespace

TEST_CASE(
    "no moderator: a protest's SLAPP-suit answered on the phones ends at the 15-second floor") {
    for (const bool file : {true, false}) {
        CAPTURE(file);
        const Game game = make_game(seven());
        SelfTable table(game, protest_table(game, file));
        table.play();
        const Game& played = table.last();
        REQUIRE(played.over());
        CHECK(count_of(played, ActionKind::slapp) == 1);
        // Each night call lasts its floor at least, and the SLAPP-suit too:
        // none ends sooner than 15 s after the one before it.
        const auto& log = played.log();
        for (std::size_t i = 1; i < log.size(); ++i)
            if (log[i].kind == ActionKind::slapp) {
                REQUIRE(log[i].at);
                REQUIRE(log[i - 1].at);
                CHECK(*log[i].at - *log[i - 1].at >= 15);
                CHECK(*log[i].at - *log[i - 1].at < 60);  // once its voice and floor are done
            }
        CHECK(played.state().winner == Team::ecosystems);  // Ana voted out on Day 1
    }
}

}  // namespace coyel::test
