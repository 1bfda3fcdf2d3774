#include "prompt_commands.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "answer.hpp"
#include "call_board.hpp"
#include "clock_driver.hpp"
#include "coyel/game.hpp"
#include "coyel/observe.hpp"
#include "coyel/text.hpp"
#include "output.hpp"
#include "phones/tokens.hpp"
#include "save_keeper.hpp"
#include "speaker.hpp"
#include "table_gate.hpp"
#include "terminal/qr_code.hpp"
#include "terminal/terminal.hpp"
#include "terminal/views.hpp"

namespace coyel::cli {

using narration::Args;

// Each command's help is the script's line "repl.command.<name>".
struct PromptCommands::Command {
    std::string_view name;
    std::string_view argument;  // "" when it takes none
    void (PromptCommands::*run)(const std::string&);
};

const std::vector<PromptCommands::Command>& PromptCommands::table() {
    using P = PromptCommands;
    static const std::vector<Command> commands = {
        {"help", "", &P::help},           {"status", "", &P::status}, {"table", "", &P::table_view},
        {"undo", "", &P::undo},           {"note", "TEXT", &P::note}, {"pause", "", &P::pause},
        {"resume", "", &P::resume},       {"clock", "", &P::clock},   {"heat", "", &P::heat},
        {"timer", "[LENGTH]", &P::timer}, {"save", "AS", &P::save},   {"quit", "", &P::quit},
        {"quit!", "", &P::quit_anyway},   {"news", "", &P::news},     {"say", "", &P::say_again},
        {"mute", "", &P::mute},           {"unmute", "", &P::unmute}, {"page", "", &P::page},
        {"card", "NAME", &P::card},
    };
    return commands;
}

std::vector<std::pair<std::string_view, std::string_view>> PromptCommands::list() {
    std::vector<std::pair<std::string_view, std::string_view>> list;
    for (const auto& command : table()) list.emplace_back(command.name, command.argument);
    return list;
}

// --- The lookup -----------------------------------------------------------

const PromptCommands::Command* PromptCommands::named(std::string_view word) const {
    const std::string wanted = to_lower(fold_accents(word));
    for (const auto& command : table()) {
        if (to_lower(word) == command.name) return &command;
        for (const auto& alternative :
             alternatives(narrator_.line(fmt::format("repl.word.{}", command.name))))
            if (to_lower(fold_accents(alternative)) == wanted) return &command;
    }
    return nullptr;
}

std::string PromptCommands::word_for(const Command& command) const {
    const auto words = alternatives(narrator_.line(fmt::format("repl.word.{}", command.name)));
    return words.empty() ? std::string{command.name} : words.front();
}

std::vector<std::string> PromptCommands::words() const {
    std::vector<std::string> words;
    for (const auto& command : table())
        for (auto& word : alternatives(narrator_.line(fmt::format("repl.word.{}", command.name))))
            if (std::find(words.begin(), words.end(), word) == words.end())
                words.push_back(std::move(word));
    for (const auto& command : table())
        if (std::find(words.begin(), words.end(), command.name) == words.end())
            words.emplace_back(command.name);
    return words;
}

bool PromptCommands::is_command(const std::string& text) const {
    return named(text.substr(0, text.find(' '))) != nullptr;
}

// A player's exact name always answers; `/word` is always a command, so a
// player called "Undo" never blocks undo. A player's name in its exact case
// is the player; the same word in another case that is also a command is
// not guessed at.
bool PromptCommands::take(const std::string& line) {
    if (line.front() == '/') {
        run(line.substr(1), true);
        return true;
    }
    if (is_player_name(line, game_) && !is_exact_name(line, game_) && is_command(line)) {
        const Seat player = *find_player(game_.setup().players, line);
        out_.refuse(narrator_.line("repl.name_or_command", Args{}
                                                               .set("word", line)
                                                               .set("command", to_lower(line))
                                                               .set("name", game_.name(player))));
        return true;
    }
    return !is_player_name(line, game_) && run(line, false);
}

bool PromptCommands::run(const std::string& line, bool forced) {
    const auto space = line.find(' ');
    const std::string word = to_lower(line.substr(0, space));
    const std::string argument{
        trim(space == std::string::npos ? "" : std::string_view{line}.substr(space + 1))};
    if (const Command* command = named(word)) {
        if (command->argument.empty() && !argument.empty() && !forced)
            return false;  // "Note Taker" et al.
        (this->*command->run)(argument);
        return true;
    }
    if (forced) {
        std::vector<std::string> all = words();
        std::vector<std::string_view> names(all.begin(), all.end());
        out_.refuse(narrator_.line(
            "repl.unknown_command",
            Args{}.set("word", word).set("hint", narrator_.did_you_mean(word, names))));
        return true;
    }
    return false;
}

// --- The commands ---------------------------------------------------------

void PromptCommands::help(const std::string&) {
    const auto call = game_.current_call();
    const AnswerKind kind = call ? call_info(*call).answer : AnswerKind::yes_no;
    out_.say(narrator_.line("repl.help.answers",
                            Args{}.set("kind", !call                                  ? "none"
                                               : kind == AnswerKind::player_or_nobody ? "nobody"
                                               : kind == AnswerKind::player           ? "player"
                                               : kind == AnswerKind::gesture          ? "gesture"
                                                                                      : "yes_no")));
    out_.say(narrator_.line("repl.help.commands"));
    // Each command and its argument's placeholder in the script's words
    // ("enregistrer FICHIER"); the meanings' column starts after the longest
    // (16 at least), and a long meaning wraps under it.
    std::vector<std::string> usages;
    std::size_t width = 16;
    for (const auto& command : table()) {
        std::string usage = word_for(command);
        if (!command.argument.empty())
            usage +=
                fmt::format(" {}", narrator_.line(fmt::format("repl.argument.{}", command.name)));
        width = std::max(width, utf8_length(usage) + 1);
        usages.push_back(std::move(usage));
    }
    for (std::size_t i = 0; i < table().size(); ++i) {
        std::string usage = usages[i];
        usage.append(width - utf8_length(usage), ' ');
        const auto meaning = narrator_.line(fmt::format("repl.command.{}", table()[i].name));
        for (const auto& line :
             wrap(fmt::format("  {} {}", usage, meaning), out_.columns(), width + 3))
            out_.write(line + "\n");
    }
    board_.again();
}

// Before a screen with secrets, while the table may look: the screen turned
// away first, then Enter (which clears it) shows them.
// The wait it replaces comes back once the screen is the table's again
// (the SLAPP-suit's call read aloud again, the end's roles still held).
void PromptCommands::ask_privacy(const std::string& reason_key, std::function<void()> then) {
    out_.say(narrator_.line(reason_key));
    if (gate_.is(Gate::Kind::end)) host_.end_shown_again();
    board_.again();
    gate_.wait({Gate::Kind::privacy, "repl.private.gate", std::move(then)});
}

void PromptCommands::status(const std::string&) {
    if (gate_.ask_before_secret(game_))
        return ask_privacy("repl.private.status", [this] { show_status(); });
    show_status();
}

void PromptCommands::show_status() {
    out_.write(moderator_view_text(narrator_, game_, out_.colour()));
    hide_on_enter("repl.hide_roles");
}

// On a screen that clears, Enter hides the secret just shown, and the day's
// news comes back; at dawn's gate, that Enter does both. False: nothing waits.
bool PromptCommands::hide_on_enter(const char* prompt_key) {
    if (!gate_.clears() || gate_.open()) return false;
    gate_.wait({Gate::Kind::secrets_up, prompt_key, [this] {
                    if (table_may_look(game_)) host_.show_news();
                }});
    return true;
}

void PromptCommands::news(const std::string&) { host_.show_news(); }

void PromptCommands::table_view(const std::string&) {
    out_.write(table_view_text(narrator_, seen_by_table(game_), out_.colour()));
}

// Behind the privacy gate when taking it back would show a secret.
void PromptCommands::undo(const std::string&) {
    if (speaker_) speaker_->cut();  // what was being read is taken back too
    if (gate_.ask_before_secret(game_) && game_.undo_reveals_secret())
        return ask_privacy("repl.private.undo", [this] { undo_now(); });
    undo_now();
}

void PromptCommands::undo_now() {
    if (!host_.undo()) out_.refuse(narrator_.line("repl.nothing_to_undo"));
}

void PromptCommands::note(const std::string& text) {
    if (text.empty()) return out_.refuse(narrator_.line("repl.note_needs_text"));
    Action note;
    note.kind = ActionKind::note;
    note.text = text;
    host_.apply(note);  // its record line says it is kept
}

void PromptCommands::pause(const std::string&) { clock_.pause(); }

void PromptCommands::resume(const std::string&) { clock_.resume(); }

void PromptCommands::clock(const std::string&) { clock_.tell_reading(); }

void PromptCommands::heat(const std::string&) {
    Action heat;
    heat.kind = ActionKind::heat;
    host_.apply(heat);
}

void PromptCommands::timer(const std::string& argument) { clock_.timer(argument); }

void PromptCommands::save(const std::string& argument) { keeper_.save_as(argument); }

void PromptCommands::quit(const std::string&) { host_.leave(false); }

void PromptCommands::quit_anyway(const std::string&) { host_.leave(true); }

// --- The voice (--speak) ------------------------------------------------------

void PromptCommands::say_again(const std::string&) {
    if (!speaker_) return out_.refuse(narrator_.line("speech.off"));
    speaker_->repeat();
}

void PromptCommands::mute(const std::string&) {
    if (!speaker_) return out_.refuse(narrator_.line("speech.off"));
    speaker_->set_muted(true);
    out_.say(narrator_.line("speech.muted"));
}

void PromptCommands::unmute(const std::string&) {
    if (!speaker_) return out_.refuse(narrator_.line("speech.off"));
    speaker_->set_muted(false);
    out_.say(narrator_.line("speech.unmuted"));
}

// --- The players' page shown again (a phone that died, a late-comer) ------

void PromptCommands::page(const std::string&) {
    if (!page_address_) return out_.refuse(narrator_.line("repl.not_serving"));
    out_.say(narrator_.line("repl.page", Args{}.set("url", *page_address_)));
    out_.write(qr_code_text(*page_address_));
    board_.again();
}

// A card's link is its player's secret, as the card itself: while the
// table may look, the screen is turned away first.
void PromptCommands::card(const std::string& name) {
    if (game_.setup().card_tokens.empty())
        return out_.refuse(narrator_.line("repl.no_phone_cards"));
    if (!page_address_) return out_.refuse(narrator_.line("repl.not_serving"));
    if (name.empty()) return out_.refuse(narrator_.line("repl.card_needs_name"));
    const auto player = parse_player(name, game_, false, AnswerWords::from(narrator_.script()));
    if (!player) return out_.refuse(narrator_.refusal(player.failure()));
    const Seat seat = **player;
    if (gate_.ask_before_secret(game_))
        return ask_privacy("repl.private.card", [this, seat] { show_card_link(seat); });
    show_card_link(seat);
}

// As the walk-through shows it: the heading, the QR code, the link; Enter
// hides it.
void PromptCommands::show_card_link(Seat seat) {
    const std::string link = card_link(*page_address_, game_.setup().card_tokens[seat]);
    out_.bold(narrator_.line("new.walk_card",
                             Args{}.set("seat", seat + 1).set("name", game_.name(seat))));
    out_.say(narrator_.line("phone.scan"));
    out_.write(qr_code_text(link));
    out_.write(link + "\n");
    if (!hide_on_enter("repl.hide_card")) board_.again();
}

}  // namespace coyel::cli
