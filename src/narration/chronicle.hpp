// A game's story, told again from its log replayed through the engine, in the
// narrator's words: the same lines, from the same script keys, as the REPL.
// One story per view. The moderator's has every event and every answer. The
// table's is told from the public part of each event and the answers given
// aloud only, with the core's table view as the narration's context, so no
// line of it can depend on a hidden fact. The replay command renders a
// chronicle as text, Markdown or HTML (render.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "coyel/game.hpp"
#include "narrator.hpp"

namespace coyel::narration {

enum class View { moderator, table };

// One moment of the story: a line, a heading, a vote, a note, …
struct StoryMoment {
    enum class Kind {
        heading,  // "Night 2"
        line,     // a line of the narration: what was answered or happened
        vote,     // "The vote:" or "The revote:", then one row per ballot
        note,     // the moderator's note
        end,      // how the game ended
        roles,    // "Every role:", then one row per seat
        stops,    // where an unfinished game stands: "The game stops here: Night 3."
    };
    struct Row {
        std::string name;  // the voter; the player
        std::string text;  // the ballot ("Ana → Cleo"); the role
    };
    Kind kind = Kind::line;
    bool secret = false;    // in the moderator's story: the table did not witness it
    std::size_t entry = 0;  // the log entry (from 1) that made it
    int round = 0;          // the round of that entry
    std::int64_t at = 0;    // game clock, seconds
    std::string text;
    std::vector<Row> rows;
};

// A point of the chart: the clock, the temperature and who is in, after an
// entry or, in clock mode, at the second a degree was reached.
struct Sample {
    std::int64_t at = 0;
    std::size_t entry = 0;  // after this entry; for a clock degree, the entry that carried it
    int temperature = 0;
    int players_in = 0;
    // The moderator's story only (0 in the table's): the players in, per team.
    int ecosystems_in = 0;
    int carbon_in = 0;
};

// The CEO's lobbies, in the moderator's statistics. (At namespace scope: a
// nested struct with default member initialisers is incomplete for
// std::optional until its enclosing class is, and clang 14 refuses it.)
struct LobbyCounts {
    int tried = 0, landed = 0, refused = 0;
};

struct Statistics {
    using Lobbies = LobbyCounts;
    int rounds = 0;
    std::int64_t seconds = 0;
    int protest_saves = 0;
    int votes_decided_by_mayor = 0;
    std::optional<Lobbies> lobbies;  // the moderator's story only
    // Votes for a carbon emission, per voter, most first. In the table's
    // story, only votes for players the table knows to be one where the
    // chronicle stops (out of the game, or everyone at the end).
    std::vector<std::pair<std::string, int>> carbon_voters;
};

struct Chronicle {
    View view = View::moderator;
    std::vector<StoryMoment> moments;
    // One at the start, one per entry, and in clock mode one per degree at its
    // own second, before the entry that carried it: in time order.
    std::vector<Sample> samples;
    Statistics statistics;
    // Every player where the story stops, with the role as this view knows
    // it: the moderator's always, the table's only once the game is over
    // (empty text before: an unfinished game shows no role to the table).
    std::vector<StoryMoment::Row> players;
    int temperature_limit = 0;
    Game game;  // the game as far as the chronicle went
};

// The story of the first `upto` entries (all when nullopt) of `game`'s log,
// as `view` knows it.
Chronicle make_chronicle(const Narrator& narrator, const Game& game, View view,
                         std::optional<std::size_t> upto = std::nullopt);

class Chronicler;  // chronicle.cpp

// The table's story kept as the game goes (issue 47): each reading of the
// game (a save read again, the REPL's game after an input) feeds it the
// entries it has not seen, so that the last announcement costs the same at
// the first call and at the fortieth round. A game that is not the one
// followed on (an undo, another game) begins it again.
class TableStory {
  public:
    explicit TableStory(const Narrator& narrator);
    ~TableStory();
    TableStory(TableStory&&) noexcept;
    TableStory& operator=(TableStory&&) noexcept;

    const Narrator& narrator() const { return *narrator_; }
    // Brings the story to `game`'s last entry.
    void follow(const Game& game);
    // The last announcement the table heard, where the story stands: the
    // lines of the last log entry that began news (a dawn told, a vote, an
    // election), with what was added to it since (a degree, a SLAPP-suit's
    // outcome); none before the first. The players' screen shows it; the
    // REPL's `news` repeats it.
    std::vector<std::string> last_announcement() const;

  private:
    bool follows_on(const Game& game) const;

    const Narrator* narrator_;
    std::unique_ptr<Chronicler> chronicler_;
};

// The same, for one reading: the whole story told from the start.
std::vector<std::string> last_announcement(const Narrator& narrator, const Game& game);

}  // namespace coyel::narration
