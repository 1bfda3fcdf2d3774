// Reading the moderator's answer to the call now expected: a player, a
// gesture, yes or no, in the script's words or in English (answer.hpp). An
// answer that reads as nothing is refused with the reason, and a mistyped
// command with a "did you mean".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "answer.hpp"
#include "coyel/action.hpp"
#include "coyel/game.hpp"
#include "narrator.hpp"

namespace coyel::cli {

class Output;
class PromptCommands;

class AnswerReader {
  public:
    AnswerReader(const Game& game, const narration::Narrator& narrator, Output& out,
                 const PromptCommands& commands)
        : game_(game),
          narrator_(narrator),
          out_(out),
          commands_(commands),
          words_(AnswerWords::from(narrator.script())) {}

    // The action `text` answers the current call with (one is expected);
    // nullopt once the moderator is told why it answers nothing.
    std::optional<Action> read(const std::string& text) const;
    // Tells why an answer is refused. One that names nothing may be a
    // mistyped command: says which. One the rules forbid says why, on the
    // screen only: with their eyes closed, the table hears nothing of it.
    void refuse(const Error& error, const std::string& text) const;
    // What Tab completes to: the answers of the call, then the commands.
    std::vector<std::string> completions() const;

  private:
    const Game& game_;
    const narration::Narrator& narrator_;
    Output& out_;
    const PromptCommands& commands_;
    AnswerWords words_;  // in the script's language and in English
};

}  // namespace coyel::cli
