#include "coyel/roles.hpp"

namespace coyel {

static_assert(
    [] {
        for (std::size_t i = 0; i < role_table.size(); ++i)
            if (static_cast<std::size_t>(role_table[i].role) != i) return false;
        return true;
    }(),
    "role_table is indexed by Role");

std::optional<Role> role_from_id(std::string_view id) {
    for (const auto& info : role_table)
        if (info.id == id) return info.role;
    return std::nullopt;
}

std::string_view team_id(Team team) { return team == Team::carbon ? "carbon" : "ecosystems"; }

}  // namespace coyel
