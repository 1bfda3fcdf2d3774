// Roles and teams (SPEC section 1): one table says what each role is, and
// every list of roles is read from it.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace coyel {

// A player's place at the table, 0-based in seat order. Names live at the edges.
using Seat = int;

enum class Role { citizen, fragile, carbon, ngo, ceo, banker };
enum class Team { ecosystems, carbon };

struct RoleInfo {
    Role role;
    std::string_view id;  // in files and on the command line: "citizen", "carbon", ...
    Team team;
    bool unique;  // at most one in a deck (SPEC section 2)
};

// Every role, in the order of SPEC section 1.
inline constexpr auto role_table = std::to_array<RoleInfo>({
    {Role::citizen, "citizen", Team::ecosystems, false},
    {Role::fragile, "fragile", Team::ecosystems, true},
    {Role::carbon, "carbon", Team::carbon, false},
    {Role::ngo, "ngo", Team::ecosystems, true},
    {Role::ceo, "ceo", Team::carbon, true},
    {Role::banker, "banker", Team::ecosystems, true},
});

inline constexpr std::array<Role, role_table.size()> all_roles = [] {
    std::array<Role, role_table.size()> roles{};
    for (std::size_t i = 0; i < role_table.size(); ++i) roles[i] = role_table[i].role;
    return roles;
}();

// The order a deck is told in: the carbon team first, the citizens last.
inline constexpr auto told_order = std::to_array<Role>(
    {Role::carbon, Role::ceo, Role::ngo, Role::banker, Role::fragile, Role::citizen});
// The special cards, at most one each in a deck, in the order decks are
// written in files and on the command line ("carbon=2,ngo,ceo").
inline constexpr auto special_roles =
    std::to_array<Role>({Role::ngo, Role::ceo, Role::banker, Role::fragile});

constexpr const RoleInfo& role_info(Role role) {
    return role_table[static_cast<std::size_t>(role)];
}
constexpr Team team_of(Role role) { return role_info(role).team; }
constexpr bool is_unique(Role role) { return role_info(role).unique; }

// A role added to role_table is in both orders, or this does not compile.
static_assert(
    [] {
        for (const RoleInfo& row : role_table) {
            int told = 0, special = 0;
            for (Role role : told_order) told += role == row.role;
            for (Role role : special_roles) special += role == row.role;
            if (told != 1 || special != (row.unique ? 1 : 0)) return false;
        }
        return told_order.size() == role_table.size();
    }(),
    "every role is told once, and the unique ones are the special cards");

// The id used in files and on the command line: "citizen", "carbon", ...
constexpr std::string_view role_id(Role role) { return role_info(role).id; }
std::optional<Role> role_from_id(std::string_view id);

std::string_view team_id(Team team);

}  // namespace coyel
