// The save's "setup" object read and checked: the players, the deck, the
// options, the card tokens, where the page is served and how a game with no
// moderator was started (docs/rules.md section 8).
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "coyel/card_view.hpp"
#include "coyel/roles.hpp"
#include "coyel/text.hpp"
#include "json_text.hpp"
#include "save_reading.hpp"

namespace coyel::save_reading {
namespace {

using json = nlohmann::json;

// "citizen, fragile, carbon, ...": every role's id, from the table.
std::string role_ids() {
    std::vector<std::string_view> ids;
    for (const RoleInfo& row : role_table) ids.push_back(row.id);
    return fmt::format("{}", fmt::join(ids, ", "));
}

// {"Ana": "3f…", …}: one card token per player, each well formed and unlike the others.
Refusal card_tokens_from_json(const json& object, Setup& setup) {
    if (!object.is_object()) return Error{"must be an object from each player's name to a token"};
    std::vector<std::string> tokens(setup.players.size());
    for (const auto& [name, token] : object.items()) {
        auto seat = find_player(setup.players, name);
        if (!seat) return Error{no_such_player(setup, name)};
        if (!tokens[*seat].empty()) return Error{setup.players[*seat] + " has two tokens"};
        if (!token.is_string() || !is_card_token(token.get<std::string>()))
            return Error{fmt::format("{}'s token must be {} lowercase hex digits",
                                     setup.players[*seat], card_token_digits)};
        if (std::find(tokens.begin(), tokens.end(), token.get<std::string>()) != tokens.end())
            return Error{setup.players[*seat] + "'s token is another player's"};
        tokens[*seat] = token.get<std::string>();
    }
    for (std::size_t seat = 0; seat < tokens.size(); ++seat)
        if (tokens[seat].empty()) return Error{setup.players[seat] + " has no token"};
    setup.card_tokens = std::move(tokens);
    return std::nullopt;
}

// Printable ASCII, no space, 1 to 255 characters: an address as typed or shown.
bool printable_address(const std::string& text) {
    return !text.empty() && text.size() <= 255 &&
           std::all_of(text.begin(), text.end(), [](char c) { return c > ' ' && c < 127; });
}

// {"bind": "0.0.0.0", "port": 8080, "address": "http://192.168.1.20:8080/"}:
// where the players' screen is served.
Refusal served_from_json(const json& object, Setup& setup) {
    if (!object.is_object()) return Error{"must be an object with bind and port"};
    if (auto error = unknown_key(object, "", {"bind", "port", "address"})) return *error;
    const std::string bind = object.contains("bind") && object["bind"].is_string()
                                 ? object["bind"].get<std::string>()
                                 : "";
    if (!printable_address(bind)) return Error{"bind must be an address like \"0.0.0.0\""};
    if (!object.contains("port") || !object["port"].is_number_unsigned() ||
        object["port"].get<std::uint64_t>() < 1 || object["port"].get<std::uint64_t>() > 65535)
        return Error{"port must be a whole number from 1 to 65535"};
    std::string address;
    if (object.contains("address")) {
        if (!object["address"].is_string() ||
            !object["address"].get<std::string>().starts_with("http://") ||
            !printable_address(object["address"].get<std::string>()))
            return Error{"address must be a link like \"http://192.168.1.20:8080/\""};
        address = object["address"].get<std::string>();
    }
    setup.served = Setup::Served{bind, object["port"].get<int>(), address};
    return std::nullopt;
}

}  // namespace

// {"talk": "45s", "speak": true, "speak_log": "voice.jsonl"}: how `--self` was started.
Refusal self_play_from_json(const json& object, Setup& setup) {
    if (!object.is_object()) return Error{"must be an object with talk, speak and speak_log"};
    if (auto error = unknown_key(object, "", {"talk", "speak", "speak_log"})) return *error;
    Setup::SelfPlay self;
    const auto text = [&](const char* key, std::string& into) -> Refusal {
        if (!object.contains(key)) return std::nullopt;
        if (!object[key].is_string() || object[key].get<std::string>().size() > 4096)
            return Error{fmt::format("{} must be a string", key)};
        into = object[key].get<std::string>();
        return std::nullopt;
    };
    if (auto error = text("talk", self.talk)) return error;
    if (auto error = text("speak_log", self.speak_log)) return error;
    if (object.contains("speak")) {
        if (!object["speak"].is_boolean()) return Error{"speak must be true or false"};
        self.speak = object["speak"].get<bool>();
    }
    setup.self_play = std::move(self);
    return std::nullopt;
}

Result<Setup> setup_from_json(const json& object) {
    if (!object.is_object()) return Error{"setup must be an object"};
    if (auto error = unknown_key(
            object,
            "setup: ", {"players", "roles", "seed", "options", "card_tokens", "serve", "self"}))
        return *error;
    Setup setup;
    if (!object.contains("players") || !object["players"].is_array())
        return Error{"setup: players must be a list of names"};
    for (const auto& name : object["players"]) {
        if (!name.is_string()) return Error{"setup: players must be a list of names"};
        setup.players.emplace_back(trim(name.get<std::string>()));
    }
    if (auto problems = check_players(setup.players); !problems.empty())
        return Error{"setup: " + problems.front().message};

    if (!object.contains("roles") || !object["roles"].is_object())
        return Error{"setup: roles must be an object from each player's name to a role"};
    std::vector<std::optional<Role>> roles(setup.players.size());
    for (const auto& [name, id] : object["roles"].items()) {
        auto seat = find_player(setup.players, name);
        if (!seat) return Error{"setup: roles: " + no_such_player(setup, name)};
        if (roles[*seat])
            return Error{fmt::format("setup: roles: {} has two roles", setup.players[*seat])};
        auto role = id.is_string() ? role_from_id(id.get<std::string>()) : std::nullopt;
        if (!role)
            return Error{fmt::format("setup: roles: {} has unknown role {} (roles: {})",
                                     setup.players[*seat], shown(id), role_ids())};
        roles[*seat] = role;
    }
    for (std::size_t seat = 0; seat < roles.size(); ++seat) {
        if (!roles[seat])
            return Error{fmt::format("setup: roles: {} has no role", setup.players[seat])};
        setup.roles.push_back(*roles[seat]);
    }
    if (auto problems = check_deck(deck_of(setup.roles), setup.player_count()); !problems.empty())
        return Error{"setup: " + problems.front().message};

    if (object.contains("seed")) {
        if (!object["seed"].is_number_unsigned())
            return Error{"setup: seed must be a whole number from 0 to 18446744073709551615"};
        setup.seed = object["seed"].get<std::uint64_t>();
    }
    if (object.contains("options"))
        if (auto error = options_from_json(object["options"], setup.options))
            return Error{"setup: " + error->message};
    if (object.contains("card_tokens"))
        if (auto error = card_tokens_from_json(object["card_tokens"], setup))
            return Error{"setup: card_tokens: " + error->message};
    if (object.contains("serve"))
        if (auto error = served_from_json(object["serve"], setup))
            return Error{"setup: serve: " + error->message};
    if (object.contains("self"))
        if (auto error = self_play_from_json(object["self"], setup))
            return Error{"setup: self: " + error->message};
    return setup;
}

}  // namespace coyel::save_reading
