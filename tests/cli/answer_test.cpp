// Names typed at a prompt: case and accents set aside where that names one
// player; the exact spelling wins; first letters and Tab agree.
#include "repl/answer.hpp"

#include "../helpers.hpp"
#include "coyel/text.hpp"
#include "languages.hpp"
#include "narrator.hpp"
#include "repl/line_reader.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

namespace {
Game accented_table() {
    return make_game({{"Ana", Role::carbon},
                      {"Ben", Role::citizen},
                      {"Cleo", Role::ngo},
                      {"Emma", Role::citizen},
                      {"Émile", Role::citizen},
                      {"Zoe", Role::citizen},
                      {"Zoé", Role::citizen},
                      {"Pía", Role::citizen}});
}

// The name chosen, or the refusal's words.
std::string answer(const Game& game, std::string_view typed) {
    auto result = parse_player(typed, game, false);
    return result ? game.name(**result) : "refused: " + result.error();
}
}  // namespace

TEST_CASE("a name typed without its accents is that player") {
    const Game g = accented_table();
    CHECK(answer(g, "emile") == "Émile");
    CHECK(answer(g, " EMILE ") == "Émile");
    CHECK(answer(g, "pia") == "Pía");
    CHECK(answer(g,
                 "Pi\xCC\x81"
                 "a") == "Pía");  // i + U+0301, as some keyboards send it
    CHECK(is_player_name("emile", g));
}

TEST_CASE("Zoe and Zoé playing: the exact spelling wins, a folded guess is refused") {
    const Game g = accented_table();
    CHECK(answer(g, "zoe") == "Zoe");
    CHECK(answer(g, "ZOÉ") == "Zoé");
    CHECK(answer(g, "ZOË") ==
          "refused: \"ZOË\" could be Zoe (seat 6) or Zoé (seat 7): type the name as it is spelt, "
          "or the seat");
    CHECK(parse_player("zoë", g, false).code() == ErrorCode::ambiguous);
    CHECK(answer(g, "zo") == "refused: \"zo\" could be Zoe or Zoé: type more letters");
}

TEST_CASE("a name refused carries its reason as data, worded by the script of the game") {
    const Game g = accented_table();
    const auto refused = parse_player("ZOË", g, false);
    CHECK(refused.failure().reason == "could_be_spelt");
    const coyel::narration::Narrator french(*coyel::narration::builtin_script("fr"));
    CHECK(french.refusal(refused.failure()) ==
          "«\u202fZOË\u202f» peut désigner Zoe (place 6) ou Zoé (place 7)\u202f: tapez le nom "
          "tel qu’il s’écrit, ou la place.");
    const auto unknown = parse_player("Zorglub", g, false);
    CHECK(unknown.failure().reason == "no_player_called");
    CHECK(french.refusal(unknown.failure()) == "Aucun joueur ne s’appelle «\u202fZorglub\u202f».");
    const coyel::narration::Narrator english(coyel::narration::english_script());
    CHECK(english.refusal(refused.failure()) == refused.error());  // the same English words
}

TEST_CASE("first letters fold accents too, players in the game first") {
    Game g = accented_table();
    CHECK(answer(g, "pi") == "Pía");
    CHECK(answer(g, "PÍ") == "Pía");
    CHECK(answer(g, "emi") == "Émile");
    CHECK(answer(g, "ém") == "Émile");
    CHECK(answer(g, "em") == "Emma");  // spelt as Emma's start, not Émile's
    ok(g, elect(g, nullptr));
    quiet_night(g, "Emma");
    REQUIRE_FALSE(in(g, "Emma"));
    CHECK(answer(g, "em") == "Émile");  // Emma is out: Émile is the one in the game
}

TEST_CASE("a player is found by any word of their name: José Álvarez by alvarez") {
    Game g = make_game({{"José Álvarez", Role::carbon},
                        {"Ana Álvarez", Role::citizen},
                        {"Jean-Pierre", Role::ngo},
                        {"Alice", Role::citizen},
                        {"Louis", Role::citizen},
                        {"Ana Lopez", Role::citizen},
                        {"Martine", Role::citizen},
                        {"Léa Martin", Role::citizen}});
    CHECK(answer(g, "josé álvarez") == "José Álvarez");
    CHECK(answer(g, "jose") == "José Álvarez");
    CHECK(answer(g, "pierre") == "Jean-Pierre");
    CHECK(answer(g, "pie") == "Jean-Pierre");
    CHECK(answer(g, "martin") == "Léa Martin");  // a whole word before Martine's start
    CHECK(answer(g, "alvarez") ==
          "refused: \"alvarez\" could be José Álvarez (seat 1) or Ana Álvarez (seat 2): type the "
          "name whole, or the seat");
    CHECK(answer(g, "lo") == "refused: \"lo\" could be Louis or Ana Lopez: type more letters");
    CHECK(answer(g, "lop") == "Ana Lopez");
    CHECK(answer(g, "al") == "Alice");  // spelt as Alice's start: the spelling typed wins
    CHECK(answer(g, "alv") ==
          "refused: \"alv\" could be José Álvarez or Ana Álvarez: type more letters");
    ok(g, elect(g, nullptr));
    quiet_night(g, "Ana Álvarez");
    REQUIRE_FALSE(in(g, "Ana Álvarez"));
    CHECK(answer(g, "alvarez") == "José Álvarez");  // the one still in the game
}

TEST_CASE("Tab offers the names that an answer would take") {
    const std::vector<std::string> words{"end", "Émile", "exit", "Pía", "Zoe", "Zoé"};
    CHECK(complete("pi", words) == std::vector<std::string>{"Pía"});
    CHECK(complete("pí", words) == std::vector<std::string>{"Pía"});
    CHECK(complete("em", words) == std::vector<std::string>{"Émile"});
    CHECK(complete("zo", words) == std::vector<std::string>{"Zoe", "Zoé"});
    CHECK(complete("zoé", words) == std::vector<std::string>{"Zoé"});
    CHECK(complete("x", words).empty());
    const std::vector<std::string> table{"José Álvarez", "Alice", "Ben", "Ana Bo"};
    CHECK(complete("alv", table) == std::vector<std::string>{"José Álvarez"});
    CHECK(complete("b", table) == std::vector<std::string>{"Ben", "Ana Bo"});
}

TEST_CASE("Tab lists many completions in columns that fit the terminal's width") {
    std::vector<std::string> words;
    for (const char* word :
         {"help",  "status", "table",    "undo",  "note", "pause", "resume", "clock", "heat",
          "timer", "save",   "quit",     "quit!", "news", "again", "mute",   "Ana",   "Ben",
          "Cleo",  "Dan",    "Éléonore", "Finn",  "Gus",  "Hana",  "none"})
        words.push_back(word);
    const std::string listed = in_columns(words, 79);
    std::vector<std::string> rows;
    for (std::size_t start = 0, end; (end = listed.find('\n', start)) != std::string::npos;
         start = end + 1)
        rows.push_back(listed.substr(start, end - start));
    REQUIRE(rows.size() == 4);  // 25 words of at most 8 letters: 7 columns of 10
    for (const auto& row : rows) CHECK(coyel::utf8_length(row) <= 79);
    CHECK(rows[0] == "  help      note      heat      quit!     Ana       Éléonore  none");
    CHECK(rows[3] == "  undo      clock     quit      mute      Dan       Hana");
    CHECK(in_columns({"Ana", "Ben"}, 4) == "  Ana\n  Ben\n");  // too narrow: one column
}

TEST_CASE("a player called like nobody (Personne, Nobody) is never taken for nobody") {
    const Game g = make_game({{"Ana", Role::carbon},
                              {"Personne", Role::citizen},
                              {"Nobody", Role::ngo},
                              {"Dan", Role::citizen},
                              {"Eve", Role::citizen}});
    const AnswerWords french = AnswerWords::from(*narration::builtin_script("fr"));
    for (const char* typed : {"Personne", "personne", "Nobody"}) {
        INFO(typed);
        CHECK(parse_player(typed, g, true, french).code() == ErrorCode::ambiguous);
    }
    CHECK(parse_player("aucun", g, true, french)->has_value() == false);  // nobody
    CHECK(**parse_player("2", g, true, french) == 1);                     // the seat: Personne
    CHECK(parse_player("none", g, true, french)->has_value() == false);
}

TEST_CASE("the banker's gesture as moderators say it: up, down, thumb up, thumbs down") {
    const AnswerWords& english = AnswerWords::english();
    for (const char* typed : {"up", "social", "thumb up", "Thumbs up", "thumb  up"})
        CHECK(parse_gesture(typed, english).value() == BankerChoice::social);
    for (const char* typed : {"down", "speculation", "thumb down", "thumbs down"})
        CHECK(parse_gesture(typed, english).value() == BankerChoice::speculation);
    CHECK(parse_gesture("none", english).value() == BankerChoice::none);
    CHECK_FALSE(parse_gesture("thumb", english).ok());
    const AnswerWords french = AnswerWords::from(*narration::builtin_script("fr"));
    CHECK(parse_gesture("pouce levé", french).value() == BankerChoice::social);
    CHECK(parse_gesture("pouce baisse", french).value() == BankerChoice::speculation);
    CHECK(parse_gesture("thumb down", french).value() == BankerChoice::speculation);
}
