// Roles and teams (SPEC section 1).
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace coyel {

// A player's place at the table, 0-based in seat order. Names live at the edges.
using Seat = int;

enum class Role { citizen, fragile, carbon, ngo, ceo, banker };
enum class Team { ecosystems, carbon };

inline constexpr std::array<Role, 6> all_roles = {Role::citizen, Role::fragile, Role::carbon,
                                                  Role::ngo,     Role::ceo,     Role::banker};

Team team_of(Role role);

// The id used in files and on the command line: "citizen", "carbon", ...
std::string_view role_id(Role role);
std::optional<Role> role_from_id(std::string_view id);

// The card's title, for people: "Carbon Emission", "Environmental NGO", ...
std::string_view role_title(Role role);

std::string_view team_id(Team team);

}  // namespace coyel
