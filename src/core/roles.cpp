#include "coyel/roles.hpp"

namespace coyel {

Team team_of(Role role) {
    return role == Role::carbon || role == Role::ceo ? Team::carbon : Team::ecosystems;
}

std::string_view role_id(Role role) {
    switch (role) {
        case Role::citizen: return "citizen";
        case Role::fragile: return "fragile";
        case Role::carbon: return "carbon";
        case Role::ngo: return "ngo";
        case Role::ceo: return "ceo";
        case Role::banker: return "banker";
    }
    return "?";
}

std::optional<Role> role_from_id(std::string_view id) {
    for (Role role : all_roles)
        if (role_id(role) == id) return role;
    return std::nullopt;
}

std::string_view role_title(Role role) {
    switch (role) {
        case Role::citizen: return "Citizen-Ecosystem";
        case Role::fragile: return "Fragile Ecosystem";
        case Role::carbon: return "Carbon Emission";
        case Role::ngo: return "Environmental NGO";
        case Role::ceo: return "Fossil Fuel CEO";
        case Role::banker: return "Bank CEO";
    }
    return "?";
}

std::string_view team_id(Team team) { return team == Team::carbon ? "carbon" : "ecosystems"; }

}  // namespace coyel
