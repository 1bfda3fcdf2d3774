#include "setup_args.hpp"
#include "terminal/terminal.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "coyel/options.hpp"
#include "coyel/save.hpp"
#include "coyel/setup.hpp"
#include "coyel/text.hpp"
#include "languages.hpp"
#include "repl/answer.hpp"
#include "store/save_file.hpp"
#include "store/saved_games.hpp"
#include "terminal/qr_code.hpp"
#include "web/card_links.hpp"
#include "web/serve_server.hpp"

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

CardNames CardNames::of(const narration::Narrator& narrator) {
    CardNames names;
    for (Role role : all_roles) {
        const auto index = static_cast<std::size_t>(role);
        names.titles[index] = narrator.role_title(role);
        names.words[index] = narrator.line(fmt::format("view.role.{}", role_id(role)));
    }
    return names;
}

namespace {
// The words a card may be typed as, for a hint: the script's, else the ids.
std::string typable_cards(const CardNames& names) {
    std::vector<std::string> words;
    for (Role role : all_roles) {
        const std::string& word = names.words[static_cast<std::size_t>(role)];
        words.push_back(word.empty() ? std::string{role_id(role)} : word);
    }
    return join(words, ", ");
}

// Every built-in script's card names, English first.
const std::vector<CardNames>& builtin_card_names() {
    static const std::vector<CardNames> all = [] {
        std::vector<CardNames> names;
        for (const auto& code : narration::builtin_languages())
            names.push_back(CardNames::of(narration::Narrator(*narration::builtin_script(code))));
        return names;
    }();
    return all;
}

// The one role `typed` names in some built-in script's words, if any.
std::optional<Role> builtin_card(std::string_view typed) {
    for (const CardNames& names : builtin_card_names())
        if (const auto roles = match_card(typed, names); roles.size() == 1) return roles.front();
    return std::nullopt;
}

// The id whose words (`prefix` + id, alternatives split by '|') in some
// built-in script are `typed`, case and accents aside; else `typed`.
std::string id_for_words(std::string_view typed, std::string_view prefix,
                         const std::vector<std::string_view>& ids) {
    const std::string wanted = fold_accents(trim(typed));
    for (const auto& code : narration::builtin_languages()) {
        const narration::Script& script = *narration::builtin_script(code);
        for (std::string_view id : ids)
            for (const auto& word : alternatives(script.line(fmt::format("{}{}", prefix, id))))
                if (fold_accents(word) == wanted) return std::string{id};
    }
    return std::string{trim(typed)};
}

}  // namespace

std::string card_hint(std::string_view typed) {
    std::vector<std::string> words, folded;
    for (const CardNames& names : builtin_card_names())
        for (const auto* list : {&names.titles, &names.words})
            for (const std::string& name : *list)
                for (std::string word : {name, name.substr(0, name.find(' '))}) {
                    if (std::find(words.begin(), words.end(), word) != words.end()) continue;
                    folded.push_back(fold_accents(word));
                    words.push_back(std::move(word));
                }
    const std::vector<std::string_view> candidates(folded.begin(), folded.end());
    const std::string_view near = closest(fold_accents(trim(typed)), candidates);
    if (near.empty()) return "";
    return words[static_cast<std::size_t>(std::find(folded.begin(), folded.end(), near) -
                                          folded.begin())];
}

namespace {
// The one role `typed` names in some built-in script's words, else the one
// its typo is nearest to (added to `corrected`), else none.
std::optional<Role> typed_card(std::string_view typed, std::vector<CardCorrection>* corrected) {
    if (auto role = builtin_card(typed)) return role;
    for (const CardNames& names : builtin_card_names())  // the start of several: not a typo
        if (!match_card(typed, names).empty()) return std::nullopt;
    const std::string hint = card_hint(typed);
    const auto nearest = hint.empty() ? std::nullopt : builtin_card(hint);
    if (nearest && corrected) corrected->push_back({std::string{trim(typed)}, *nearest});
    return nearest;
}
}  // namespace

// "Ana=carbon, Ben=ngo": the others hold citizen cards.
Result<std::vector<Role>> parse_roles(std::string_view text,
                                      const std::vector<std::string>& players,
                                      const CardNames& names,
                                      std::vector<CardCorrection>* corrected) {
    std::vector<Role> roles(players.size(), Role::citizen);
    for (const auto& item : split_names(text)) {
        auto equals = item.find('=');
        if (equals == std::string::npos)
            return reasoned(fmt::format("roles: \"{}\" needs a role, as in Ana=carbon", item),
                            ErrorCode::invalid, "roles_needs_role", {{"text", item}});
        std::string name{trim(std::string_view{item}.substr(0, equals))};
        std::string typed{trim(std::string_view{item}.substr(equals + 1))};
        auto seat = find_player(players, name);
        if (!seat)
            return reasoned(fmt::format("roles: no player is called \"{}\"", name),
                            ErrorCode::invalid, "roles_no_player", {{"text", name}});
        const auto matched = match_card(typed, names);
        const auto role = matched.size() == 1 ? matched.front() : typed_card(typed, corrected);
        if (!role)
            return reasoned(
                fmt::format("roles: unknown role \"{}\" ({})", typed, typable_cards(names)),
                ErrorCode::invalid, "roles_unknown_role",
                {{"text", typed}, {"cards", typable_cards(names)}});
        roles[*seat] = *role;
    }
    return roles;
}

std::string card_ids(std::string_view typed, std::vector<CardCorrection>* corrected) {
    std::vector<std::string> items;
    for (const std::string& item : split_names(typed)) {
        const auto equals = item.find('=');
        const std::string card{trim(std::string_view{item}.substr(0, equals))};
        const std::string count = equals == std::string::npos ? "" : item.substr(equals);
        // A count that is not a number: the item as typed, for parse_deck's refusal.
        const bool counted =
            count.empty() || is_all_digits(trim(std::string_view{count}.substr(1)));
        const auto role = counted ? typed_card(card, corrected) : std::nullopt;
        items.push_back(role ? std::string{role_id(*role)} + count : item);
    }
    return join(items, ",");
}

void tell_corrections(const std::vector<CardCorrection>& corrected,
                      const narration::Narrator& narrator) {
    for (const auto& [typed, role] : corrected)
        print_wrapped(
            stderr,
            narrator.line(
                "new.card_corrected",
                narration::Args{}.set("typed", typed).set("card", narrator.role_title(role))));
}

std::string option_value_id(std::string_view typed) {
    return id_for_words(typed, "option.value.",
                        {"clock", "night", "manual", "each-once", "one-total", "none", "revote",
                         "elect", "true", "false"});
}

std::string option_in_ids(std::string_view assignment) {
    const auto equals = assignment.find('=');
    if (equals == std::string_view::npos) return std::string{assignment};
    std::vector<std::string_view> keys;
    for (const auto& info : option_table()) keys.push_back(info.key);
    return id_for_words(assignment.substr(0, equals), "option.key.", keys) + "=" +
           option_value_id(assignment.substr(equals + 1));
}

Refusal set_options(const std::vector<std::string>& assignments, std::optional<int> minutes,
                    const std::string& mode, Options& options) {
    std::vector<std::string> all;
    for (const auto& assignment : assignments) all.push_back(option_in_ids(assignment));
    if (minutes) all.push_back(fmt::format("temperature.minutes={}", *minutes));
    if (!mode.empty()) all.push_back("temperature.mode=" + option_value_id(mode));
    for (const auto& assignment : all)
        if (auto problem = set_option_text(options, assignment)) return problem;
    return check_options(options);
}

std::vector<Role> match_card(std::string_view typed, const CardNames& names) {
    // Case and accents aside, as for players' names: "émission" is "Émission".
    const std::string wanted = fold_accents(trim(typed));
    std::vector<Role> starts;
    for (Role role : all_roles) {
        const auto index = static_cast<std::size_t>(role);
        for (std::string name :
             {std::string{role_id(role)}, names.titles[index], names.words[index]}) {
            if (name.empty()) continue;
            name = fold_accents(name);
            if (name == wanted) return {role};
            const bool begins = !wanted.empty() && name.rfind(wanted, 0) == 0;
            if (begins && (starts.empty() || starts.back() != role)) starts.push_back(role);
        }
    }
    return starts;
}

void clear_screen() {
    // ESC[3J as well: a card left in the scrollback is a card anyone can scroll to.
    fmt::print("\x1b[2J\x1b[3J\x1b[H");
    std::fflush(stdout);
}

namespace {

// Writes the game as it stands; false (the screen cleared, the reason told)
// when it cannot be written.
bool save_deal(const Game& game, const std::string& path, const narration::Narrator& narrator,
               platform::Disk& disk) {
    if (auto failure = write_atomically(disk, path, save_game(game))) {
        clear_screen();
        fmt::print(stderr, "{}\n", narrator.refusal(*failure));
        return false;
    }
    return true;
}

bool leave_walk_through(const std::string& path, const narration::Narrator& narrator,
                        platform::Disk& disk) {
    clear_screen();
    print_wrapped(
        stdout,
        narrator.line(
            "new.walk_left",
            narration::Args{}.set("path", path).set("command", resume_command(path, disk))));
    return false;
}

// One card as the walk-through shows it: on the laptop, or with phone cards
// the QR code of the player's card link and the link as text.
void show_card(const Game& game, Seat seat, const std::optional<std::string>& phone_address,
               const narration::Narrator& narrator) {
    const CardWords words = card_words(narrator, game, seat);
    if (!phone_address) {
        fmt::print("{}\n\n    {}\n\n", words.heading, words.title);
        return;
    }
    // No blank line: with the QR code (19 lines) it all fits 80x24, the
    // heading too, so nobody holds out a code without seeing whose it is.
    const std::string link = card_link(*phone_address, game.setup().card_tokens[seat]);
    fmt::print("{}\n{}\n{}{}\n", words.heading, narrator.line("phone.scan"), qr_code_text(link),
               link);
}

// The prompt before seat `seat`'s card; with phone cards a link's, and from
// the second on, how to show the one before again.
std::string show_prompt(const narration::Narrator& narrator, Seat seat, bool phones) {
    const narration::Args args = narration::Args{}.set("seat", seat + 1).set("previous", seat);
    if (!phones) return narrator.line("new.walk_show", args);
    return narrator.line(seat == 0 ? "new.walk_show_phone_first" : "new.walk_show_phone", args);
}

}  // namespace

bool walk_through(Game& game, const std::string& path, LineReader& reader,
                  const narration::Narrator& narrator,
                  const std::optional<std::string>& phone_address, platform::Disk& disk) {
    if (!save_deal(game, path, narrator, disk)) return false;
    fmt::print("\n{}\n", narrator.line(phone_address ? "new.walk_intro_phone" : "new.walk_intro"));
    const AnswerWords words = AnswerWords::from(narrator.script());
    for (Seat seat = game.cards_shown().value_or(0); seat < game.player_count();) {
        const auto typed = reader.read(show_prompt(narrator, seat, phone_address.has_value()));
        if (!typed) return leave_walk_through(path, narrator, disk);
        // back: the card before once more, for a phone that misread its code
        // or was not on the Wi-Fi yet, or a player who looked away.
        const bool again = seat > 0 && is_word(words.back, *typed);
        clear_screen();
        show_card(game, again ? seat - 1 : seat, phone_address, narrator);
        if (!reader.read(narrator.line("new.walk_hide")))
            return leave_walk_through(path, narrator, disk);
        clear_screen();
        if (again) continue;
        // A card counts as seen once hidden: one on screen when coyel stopped
        // (a crash, Ctrl-C) is shown again by `resume`, to the same seat.
        (void)game.set_cards_shown(seat + 1);
        if (!save_deal(game, path, narrator, disk)) return false;
        ++seat;
    }
    fmt::print("{}\n", narrator.line("new.walk_done"));
    return true;
}

}  // namespace coyel::cli
