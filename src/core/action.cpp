#include "coyel/action.hpp"

namespace coyel {
namespace {

constexpr std::pair<ActionKind, std::string_view> action_ids[] = {
    {ActionKind::elect_mayor, "elect_mayor"},
    {ActionKind::carbon_target, "carbon_target"},
    {ActionKind::ngo_protect, "ngo_protect"},
    {ActionKind::banker, "banker"},
    {ActionKind::ceo_lobby, "ceo_lobby"},
    {ActionKind::slapp, "slapp"},
    {ActionKind::vote, "vote"},
    {ActionKind::clock, "clock"},
    {ActionKind::heat, "heat"},
    {ActionKind::note, "note"},
    {ActionKind::tell, "tell"},
};

constexpr std::pair<BankerChoice, std::string_view> banker_ids[] = {
    {BankerChoice::none, "none"},
    {BankerChoice::social, "social"},
    {BankerChoice::speculation, "speculation"},
};

}  // namespace

std::string_view action_id(ActionKind kind) {
    for (auto [k, id] : action_ids)
        if (k == kind) return id;
    return "?";
}

std::optional<ActionKind> action_from_id(std::string_view id) {
    for (auto [kind, k] : action_ids)
        if (k == id) return kind;
    return std::nullopt;
}

std::string_view banker_choice_id(BankerChoice choice) {
    for (auto [c, id] : banker_ids)
        if (c == choice) return id;
    return "?";
}

std::optional<BankerChoice> banker_choice_from_id(std::string_view id) {
    for (auto [choice, c] : banker_ids)
        if (c == id) return choice;
    return std::nullopt;
}

}  // namespace coyel
