// One narration for every front end: the engine's calls, events and views in
// the script's words. The REPL shows these lines as they happen; the replay
// tells them again from the log. No sentence is written in C++: each comes
// from the script (data/script/<language>.json).
#pragma once

#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "coyel/game.hpp"
#include "coyel/observe.hpp"
#include "coyel/table_view.hpp"
#include "languages.hpp"
#include "script.hpp"

namespace coyel::narration {

struct Line {
    enum class Kind {
        heading,      // a call's title: "── Night 1 · the carbon emissions ──"
        call,         // read aloud to open or close a call: "NGO, open your eyes"
        aloud,        // read aloud: what happened, for the table
        alert,        // read aloud at once, with the bell: a degree, the end
        instruction,  // what the moderator does or may answer (the REPL's alone)
        record,       // what was answered or counted, in the moderator's words
    };
    Kind kind;
    std::string text;
    // A call's line that wakes its answerer: the line that puts them back to
    // sleep, which a voice owes the table once this one has begun.
    std::string closes_with = {};
};

class Narrator {
  public:
    explicit Narrator(const Script& script) : script_(script) {}
    const Script& script() const { return script_; }
    // With no moderator to point (`new --self`), the SLAPP-suit's call says
    // the CEO's phone names the saved player instead.
    void point_on_phones(bool on) { point_on_phones_ = on; }

    // --- Words ---
    std::string role_title(Role role) const;         // "Carbon Emission"
    std::string role_with_article(Role role) const;  // "a Carbon Emission"
    std::string team(Team team) const;               // "ecosystems"
    std::string win_reason(WinReason reason) const;  // "no carbon emission is left in the game"
    std::string degrees(int temperature) const;
    Args level_args(int temperature) const;                            // "+2°C"
    std::string phase_title(Phase phase, int round) const;             // "Night 2"
    std::string list_or(const std::vector<std::string>& items) const;  // "Ana, Ben or Cleo"
    // Numbers as the language writes them: "2.3", "2,3"; "37.9%", "37,9 %".
    std::string number(double value, int digits) const;
    std::string percent(double fraction, int digits = 1) const;
    // The special cards and the citizens, "2 carbon, ceo, ngo" in the script's
    // words (deck.<role>, with its plural), as describe_deck orders them.
    std::string deck(const Deck& deck) const;
    // An error in the script's words: `refusal.<reason>` with its arguments,
    // after where it was met (Error::where), or the error's English message
    // when it carries no reason the script has.
    std::string refusal(const Error& error) const;
    // A fact told to one player privately (coyel/observe.hpp), as their phone says it.
    std::string private_fact(const PrivateFact& fact, const TableView& view) const;
    // " (did you mean "x"?)" for the candidate within reach of `typed`, or "".
    std::string did_you_mean(std::string_view typed,
                             const std::vector<std::string_view>& candidates) const;
    // A date in the script's words (words.date): "2026-12-03", "3 décembre 2026".
    std::string date(int year, int month, int day) const;
    // A local time in the script's words (words.date_time): "2026-12-03 07:00",
    // "3 décembre 2026 à 7 h 00".
    std::string date_time(std::time_t when) const;
    // When a game was played, from `first` to `last` (balance.replay_played):
    // one date and two times when both fall on the same local day.
    std::string played(std::time_t first, std::time_t last) const;
    // The marks around a line read aloud: {"“", "”"}, {"« ", " »"}.
    std::pair<std::string, std::string> quote_marks() const;

    // --- The call the game asks now, from the moderator's observation ---
    // (precondition: seen.prompt, a call is expected)
    // Its heading, the lines to read aloud, and what to watch for and answer.
    std::vector<Line> call(const Observation& seen) const;
    // What to answer, in the words of `help`.
    std::vector<Line> call_hint(const Observation& seen) const;
    // The prompt's question: "carbon target", "Ana votes for".
    std::string question(const Observation& seen) const;

    // --- What one applied input did ---
    // The lines for an input and its events, in the order they are read: the
    // record of the answer, what happened, and the answerer's "close your
    // eyes" when `closed_call` says their call is over (before the dawn).
    // Rises up to `announced` were told already (at the prompt, or at dawn).
    // `view` is the game after the input, as the table knows it.
    std::vector<Line> input(const TableView& view, const Action& action,
                            const std::vector<Event>& events, std::optional<CallId> closed_call,
                            int& announced) const;
    // One ballot, as a vote table's row: "Ana → Cleo (mayor: counts two)".
    std::string ballot(const TableView& view, const Ballot& ballot, int weight) const;
    // What `undo` took back.
    // `view` is the game after it, as the table knows it.
    std::string undone(const TableView& view, const Undone& undone) const;

    // --- Views ---
    // Round, phase, temperature, clock and how it rises.
    std::string header(const TableView& view) const;
    // One row per seat: place, mayor, and the roles and corruptions the
    // view's observer knows (observe: the table's, the moderator's, ...).
    std::vector<std::string> rows(const TableView& view) const;
    // "Next: the carbon emissions' target.", from the moderator's observation.
    std::string next(const Observation& seen) const;
    std::string winner(const TableView& view) const;  // "The ecosystems team won."
    std::string summary(const Game& game) const;      // one line, for `check`

    std::string line(std::string_view key, const Args& args = {}) const {
        return script_.line(key, args);
    }

  private:
    void event(const TableView& view, const Event& event, int& announced,
               std::vector<Line>& lines) const;
    void lobby(const TableView& view, const Event& event, std::vector<Line>& lines) const;
    std::string player_out(const TableView& view, const Event& event) const;
    void vote_result(const TableView& view, const Event& event, std::vector<Line>& lines) const;
    std::optional<std::string> record(const TableView& view, const Action& action) const;
    std::string name(const TableView& view, std::optional<Seat> seat) const;
    std::string option_values_said(const std::string& ids) const;
    // A value as a file or an option holds it, in JSON: a text unquoted, then
    // in the script's quotation marks ("pile" -> « pile »); others as they are.
    std::string quoted_value(const std::string& json_value) const;
    // Why the system refused a file (an id: "disk_full"), in the script's words.
    std::string system_said(const std::string& id,
                            const std::vector<std::pair<std::string, std::string>>& args) const;
    Args refusal_args(const Error& error) const;
    Args who(const TableView& view, std::optional<Seat> seat) const;

    const Script& script_;
    bool point_on_phones_ = false;
};

// "6:52" for 412 seconds, "1:02:03" past the hour.
std::string clock_text(long long seconds);

}  // namespace coyel::narration
