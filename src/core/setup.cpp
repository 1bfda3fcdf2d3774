#include "coyel/setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <map>
#include <nlohmann/json.hpp>

#include "coyel/rng.hpp"
#include "coyel/text.hpp"
#include "embedded.hpp"

namespace coyel {

int Deck::size() const {
    int total = 0;
    for (int count : counts) total += count;
    return total;
}

Refusal check_name(std::string_view raw) {
    std::string_view name = trim(raw);
    const std::string shown = printable_excerpt(name);
    const auto refused = [&](std::string message, std::string reason) {
        return reasoned(std::move(message), ErrorCode::invalid, std::move(reason),
                        {{"name", shown}, {"most", std::to_string(max_name_length)}});
    };
    if (name.empty()) return refused("a player's name is empty", "name_empty");
    if (!is_printable_utf8(name))
        return refused(fmt::format("name \"{}\" has a character that is not printable", shown),
                       "name_unprintable");
    if (utf8_length(name) > max_name_length)
        return refused(
            fmt::format("name \"{}\" is longer than {} characters", shown, max_name_length),
            "name_too_long");
    if (iequals(name, "none"))
        return refused(fmt::format("name \"{}\" is reserved: \"none\" answers for nobody", shown),
                       "name_reserved");
    if (is_all_digits(name))
        return refused(fmt::format("name \"{}\" is all digits: numbers answer by seat", shown),
                       "name_digits");
    return std::nullopt;
}

std::vector<Error> check_players(const std::vector<std::string>& players) {
    std::vector<Error> problems;
    int count = static_cast<int>(players.size());
    if (count < min_players || count > max_players)
        problems.push_back(reasoned(
            fmt::format("a game needs {} to {} players, not {}", min_players, max_players, count),
            ErrorCode::invalid, "setup_player_count",
            {{"least", std::to_string(min_players)},
             {"most", std::to_string(max_players)},
             {"count", std::to_string(count)}}));
    std::map<std::string, std::string> seen;  // lower-case name -> name as given
    for (const auto& player : players) {
        if (auto problem = check_name(player)) {
            problems.push_back(*problem);
            continue;
        }
        std::string name{trim(player)};
        auto [it, fresh] = seen.emplace(to_lower(name), name);
        if (!fresh)
            problems.push_back(reasoned(
                fmt::format("two players are called \"{}\" and \"{}\": names must differ, "
                            "whatever the case",
                            it->second, name),
                ErrorCode::invalid, "setup_same_name", {{"first", it->second}, {"second", name}}));
    }
    return problems;
}

std::vector<Error> check_deck(const Deck& deck, int player_count) {
    std::vector<Error> problems;
    if (deck[Role::carbon] < 1)
        problems.push_back(
            reasoned("the deck needs at least one carbon", ErrorCode::invalid, "setup_no_carbon"));
    for (Role role : all_roles)
        if (is_unique(role) && deck[role] > 1)
            problems.push_back(reasoned(
                fmt::format("the deck may hold at most one {}, not {}", role_id(role), deck[role]),
                ErrorCode::invalid, "setup_one_only",
                {{"role", std::string{role_id(role)}}, {"count", std::to_string(deck[role])}}));
    int carbon_team = 0, ecosystems_team = 0;
    for (Role role : all_roles)
        (team_of(role) == Team::carbon ? carbon_team : ecosystems_team) += deck[role];
    if (ecosystems_team <= carbon_team)
        problems.push_back(
            reasoned(fmt::format("the ecosystems team ({}) must outnumber the carbon team ({})",
                                 ecosystems_team, carbon_team),
                     ErrorCode::invalid, "setup_outnumber",
                     {{"ecosystems", std::to_string(ecosystems_team)},
                      {"carbon", std::to_string(carbon_team)}}));
    if (deck.size() != player_count)
        problems.push_back(reasoned(
            fmt::format("the deck has {} cards for {} players", deck.size(), player_count),
            ErrorCode::invalid, "setup_deck_size",
            {{"cards", std::to_string(deck.size())}, {"count", std::to_string(player_count)}}));
    return problems;
}

Deck deck_of(const std::vector<Role>& roles) {
    Deck deck;
    for (Role role : roles) ++deck[role];
    return deck;
}

std::vector<Error> check_setup(const Setup& setup) {
    std::vector<Error> problems = check_players(setup.players);
    if (setup.roles.size() != setup.players.size())
        problems.push_back(Error{
            fmt::format("{} roles for {} players", setup.roles.size(), setup.players.size())});
    else if (problems.empty()) {
        auto deck_problems = check_deck(deck_of(setup.roles), setup.player_count());
        problems.insert(problems.end(), deck_problems.begin(), deck_problems.end());
    }
    if (auto problem = check_options(setup.options)) problems.push_back(*problem);
    return problems;
}

namespace {

// Reads one deck object ({"carbon": 2, "ngo": 1}); the rest are citizens.
Result<Deck> deck_from_json(const nlohmann::json& object, int player_count) {
    if (!object.is_object()) return Error{"a deck must be an object of role counts"};
    Deck deck;
    for (const auto& [id, count] : object.items()) {
        auto role = role_from_id(id);
        if (!role || role == Role::citizen)
            return Error{fmt::format("unknown special role \"{}\"", id)};
        if (!count.is_number_integer() || count.get<long long>() < 0 ||
            count.get<long long>() > max_players)
            return Error{fmt::format("the count of {} must be a whole number", id)};
        deck[*role] = count.get<int>();
    }
    deck[Role::citizen] = player_count - deck.size();
    if (deck[Role::citizen] < 0) deck[Role::citizen] = 0;
    return deck;
}

}  // namespace

namespace {
const nlohmann::json& default_decks_file() {
    static const nlohmann::json decks = nlohmann::json::parse(embedded::decks_json);
    return decks;
}
}  // namespace

int default_minutes(int player_count) {
    const auto& minutes = default_decks_file().at("minutes");
    const std::string key = std::to_string(player_count);
    return minutes.contains(key) ? minutes.at(key).get<int>() : Options{}.temperature_minutes;
}

Result<Deck> default_deck(int player_count) {
    const auto& decks = default_decks_file();
    std::string key = std::to_string(player_count);
    if (!decks.at("decks").contains(key))
        return Error{fmt::format("there is no default deck for {} players ({} to {})", player_count,
                                 min_players, max_players)};
    return deck_from_json(decks.at("decks").at(key), player_count);
}

Result<Deck> parse_deck(std::string_view text, int player_count) {
    Deck deck;
    std::string_view rest = text;
    while (!rest.empty()) {
        auto comma = rest.find(',');
        std::string_view item = trim(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        if (item.empty()) continue;
        auto equals = item.find('=');
        std::string id = to_lower(trim(item.substr(0, equals)));
        int count = 1;
        if (equals != std::string_view::npos) {
            std::string_view number = trim(item.substr(equals + 1));
            if (!is_all_digits(number) || number.size() > 2)
                return reasoned(fmt::format("deck: \"{}\" needs a count, as in carbon=2",
                                            printable_excerpt(item)),
                                ErrorCode::invalid, "deck_needs_count",
                                {{"text", printable_excerpt(item)}});
            count = std::stoi(std::string{number});
        }
        auto role = role_from_id(id);
        if (!role) {
            std::vector<std::string_view> ids;
            std::string listed;  // the roles as a list argument, one a line
            for (Role r : all_roles) {
                ids.push_back(role_id(r));
                if (!listed.empty()) listed += '\n';
                listed += role_id(r);
            }
            return reasoned(fmt::format("deck: unknown role \"{}\"{}", printable_excerpt(id),
                                        did_you_mean(id, ids)),
                            ErrorCode::invalid, "deck_unknown_role",
                            {{"text", printable_excerpt(id)}, {"roles", listed}});
        }
        deck[*role] += count;
    }
    if (deck[Role::citizen] == 0) deck[Role::citizen] = std::max(0, player_count - deck.size());
    return deck;
}

std::string describe_deck(const Deck& deck) {
    std::vector<std::string> parts;
    for (Role role : told_order) {
        if (deck[role] == 1) parts.push_back(std::string{role_id(role)});
        if (deck[role] > 1) parts.push_back(fmt::format("{} {}", deck[role], role_id(role)));
    }
    return join(parts, ", ");
}

std::string deck_argument(const Deck& deck) {
    std::string text = fmt::format("carbon={}", deck[Role::carbon]);
    for (Role role : special_roles)
        if (deck[role] > 0) text += fmt::format(",{}", role_id(role));
    return text;
}

std::vector<Role> deal(const Deck& deck, std::uint64_t seed) {
    std::vector<Role> cards(static_cast<std::size_t>(deck.size()));
    deal(deck, seed, cards);
    return cards;
}

namespace {
// The cards in role order, before the shuffle; card i goes to seat i.
void lay_out(const Deck& deck, std::span<Role> seats) {
    assert(seats.size() == static_cast<std::size_t>(deck.size()));
    auto card = seats.begin();
    for (Role role : all_roles) card = std::fill_n(card, deck[role], role);
}
}  // namespace

void deal(const Deck& deck, std::uint64_t seed, std::span<Role> seats) {
    lay_out(deck, seats);
    SplitMix64 rng(seed);
    shuffle(seats, rng);
}

void deal_fast(const Deck& deck, SplitMix64& rng, std::span<Role> seats) {
    lay_out(deck, seats);
    fast_shuffle(seats, rng);
}

// Accents may be left out where that names one player (see match_names).
std::optional<Seat> find_player(const std::vector<std::string>& players, std::string_view name) {
    const std::vector<std::string_view> names(players.begin(), players.end());
    auto seats = match_names(names, trim(name), NameMatch::whole);
    if (seats.size() != 1) return std::nullopt;
    return static_cast<Seat>(seats.front());
}

// One pass over the seats (a new deal in the simulator is a new cast); a
// unique role's holder is its first seat, as rules::holder finds it.
Cast Cast::of(const Setup& setup) {
    Cast cast;
    cast.recount(setup);
    return cast;
}

void Cast::recount(const Setup& setup) {
    holders.fill(std::nullopt);
    role_seats.fill(0);
    carbon_seats = 0;
    ecosystem_seats = 0;
    for (Seat seat = setup.player_count() - 1; seat >= 0; --seat) {
        const Role role = setup.roles[seat];
        holders[static_cast<std::size_t>(role)] = seat;
        const std::uint32_t bit = std::uint32_t{1} << seat;
        role_seats[static_cast<std::size_t>(role)] |= bit;
        if (role == Role::carbon) carbon_seats |= bit;
        if (team_of(role) == Team::ecosystems) ecosystem_seats |= bit;
    }
}

}  // namespace coyel
