#include "answer_reader.hpp"

#include "coyel/table_view.hpp"
#include "coyel/text.hpp"
#include "output.hpp"
#include "prompt_commands.hpp"

namespace coyel::cli {

std::optional<Action> AnswerReader::read(const std::string& text) const {
    const CallId call = *game_.current_call();
    Action action;
    action.kind = call_info(call).action;
    switch (call_info(call).answer) {
        case AnswerKind::gesture: {
            auto gesture = parse_gesture(text, words_);
            if (!gesture) return refuse(gesture.failure(), text), std::nullopt;
            action.choice = *gesture;
            break;
        }
        case AnswerKind::yes_no: {
            auto filed = parse_yes_no(text, words_);
            if (!filed) return refuse(filed.failure(), text), std::nullopt;
            action.file = *filed;
            break;
        }
        case AnswerKind::player:
        case AnswerKind::player_or_nobody: {
            auto player = parse_player(
                text, game_, call_info(call).answer == AnswerKind::player_or_nobody, words_);
            if (!player) return refuse(player.failure(), text), std::nullopt;
            action.player = *player;
        }
    }
    return action;
}

void AnswerReader::refuse(const Error& error, const std::string& text) const {
    const std::string reason = narrator_.refusal(error);
    if (error.code == ErrorCode::refused) {
        out_.refuse(reason);
        if (!table_may_look(game_)) out_.say(narrator_.line("repl.choose_again"));
        return;
    }
    if (error.code != ErrorCode::unknown_answer) return out_.refuse(reason);
    const std::string word = text.substr(0, text.find(' '));
    std::vector<std::string_view> names(game_.setup().players.begin(), game_.setup().players.end());
    if (!closest(word, names).empty()) return out_.refuse(reason);
    const std::vector<std::string> words = commands_.words();
    std::vector<std::string_view> command_names(words.begin(), words.end());
    out_.refuse(reason + narrator_.did_you_mean(word, command_names));
}

std::vector<std::string> AnswerReader::completions() const {
    std::vector<std::string> words;
    const auto call = game_.current_call();
    const AnswerKind kind = call ? call_info(*call).answer : AnswerKind::yes_no;
    if (kind == AnswerKind::gesture)
        words = {words_.up.front(), words_.down.front(), words_.shake.front()};
    if (call && kind == AnswerKind::yes_no) words = {words_.yes.front(), words_.no.front()};
    if (kind == AnswerKind::player || kind == AnswerKind::player_or_nobody) {
        // Every player in the game, not only the legal ones: a shorter list
        // would show a glancing player who the carbon emissions are.
        for (Seat seat : game_.seats_in_game()) words.push_back(game_.name(seat));
        if (kind == AnswerKind::player_or_nobody) words.push_back(words_.nobody.front());
    }
    for (auto& word : commands_.words()) words.push_back(std::move(word));
    return words;
}

}  // namespace coyel::cli
