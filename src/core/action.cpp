#include "coyel/action.hpp"

namespace coyel {
namespace {

constexpr std::pair<BankerChoice, std::string_view> banker_ids[] = {
    {BankerChoice::none, "none"},
    {BankerChoice::social, "social"},
    {BankerChoice::speculation, "speculation"},
};

}  // namespace

std::optional<ActionKind> action_from_id(std::string_view id) {
    for (const ActionInfo& row : action_table)
        if (row.id == id) return row.kind;
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
