#include "setup_args.hpp"

#include <fmt/format.h>

#include "coyel/setup.hpp"
#include "coyel/text.hpp"

namespace coyel::cli {

std::vector<std::string> split_names(std::string_view text) {
    std::vector<std::string> names;
    std::size_t start = 0;
    while (start <= text.size()) {
        auto comma = text.find(',', start);
        if (comma == std::string_view::npos) comma = text.size();
        names.emplace_back(trim(text.substr(start, comma - start)));
        start = comma + 1;
    }
    if (names.size() == 1 && names.front().empty()) names.clear();
    return names;
}

// "Ana=carbon, Ben=ngo": the others hold citizen cards.
Result<std::vector<Role>> parse_roles(std::string_view text,
                                      const std::vector<std::string>& players) {
    std::vector<Role> roles(players.size(), Role::citizen);
    for (const auto& item : split_names(text)) {
        auto equals = item.find('=');
        if (equals == std::string::npos)
            return Error{fmt::format("roles: \"{}\" needs a role, as in Ana=carbon", item)};
        std::string name{trim(std::string_view{item}.substr(0, equals))};
        std::string id = to_lower(trim(std::string_view{item}.substr(equals + 1)));
        auto seat = find_player(players, name);
        if (!seat) return Error{fmt::format("roles: no player is called \"{}\"", name)};
        auto role = role_from_id(id);
        if (!role)
            return Error{fmt::format(
                "roles: unknown role \"{}\" (citizen, fragile, carbon, ngo, ceo, banker)", id)};
        roles[*seat] = *role;
    }
    return roles;
}

}  // namespace coyel::cli
