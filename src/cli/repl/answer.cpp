#include "answer.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "coyel/text.hpp"
#include "languages.hpp"

namespace coyel::cli {

std::vector<std::string> alternatives(const std::string& text) {
    std::vector<std::string> words;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t bar = std::min(text.find('|', start), text.size());
        if (bar > start) words.push_back(text.substr(start, bar - start));
        start = bar + 1;
    }
    return words;
}

AnswerWords AnswerWords::from(const narration::Script& script) {
    const narration::Script& english = narration::english_script();
    auto words = [&](std::string_view key) {
        std::vector<std::string> all = alternatives(script.line(key));
        if (&script != &english)
            for (auto& word : alternatives(english.line(key))) all.push_back(std::move(word));
        return all;
    };
    return {words("answer.nobody"), words("answer.yes"),  words("answer.no"),
            words("answer.up"),     words("answer.down"), words("answer.shake"),
            words("answer.back"),   words("answer.quit"), words("answer.off")};
}

const AnswerWords& AnswerWords::english() {
    static const AnswerWords words = from(narration::english_script());
    return words;
}

bool is_word(const std::vector<std::string>& words, std::string_view typed) {
    // Spaces inside count once: "thumb  up" is "thumb up".
    std::string folded;
    for (char c : to_lower(fold_accents(trim(typed))))
        if (c != ' ' || folded.empty() || folded.back() != ' ') folded += c;
    for (const auto& word : words)
        if (to_lower(fold_accents(word)) == folded) return true;
    return false;
}

bool is_player_name(std::string_view text, const Game& game) {
    return find_player(game.setup().players, text).has_value();
}

bool is_exact_name(std::string_view text, const Game& game) {
    const auto& names = game.setup().players;
    return std::find(names.begin(), names.end(), text) != names.end();
}

namespace {

using Answer = std::optional<Seat>;

// The seats among `seats` whose name `text` is, or starts; the core decides
// what matches (case, accents, which spelling wins).
std::vector<Seat> matching(const Game& game, const std::vector<Seat>& seats, std::string_view text,
                           NameMatch how) {
    std::vector<std::string_view> names;
    for (Seat seat : seats) names.push_back(game.name(seat));
    std::vector<Seat> found;
    for (std::size_t i : match_names(names, text, how)) found.push_back(seats[i]);
    return found;
}

std::string names_of(const Game& game, const std::vector<Seat>& seats, bool with_seat) {
    std::vector<std::string> names;
    for (Seat seat : seats)
        names.push_back(with_seat ? fmt::format("{} (seat {})", game.name(seat), seat + 1)
                                  : game.name(seat));
    return join_or(names);
}

// The names (and seats, from 1) of `seats` as list arguments of an Error.
std::string name_list(const Game& game, const std::vector<Seat>& seats) {
    std::vector<std::string> names;
    for (Seat seat : seats) names.push_back(game.name(seat));
    return join(names, "\n");
}

std::string seat_list(const std::vector<Seat>& seats) {
    std::vector<std::string> numbers;
    for (Seat seat : seats) numbers.push_back(std::to_string(seat + 1));
    return join(numbers, "\n");
}

// How a typed name is matched, in turn: the first way that fits one player
// names them; one that fits several is refused with the way to tell them
// apart.
struct NameStage {
    NameMatch how;
    bool in_game_first;  // players in the game first, then everyone
    const char* hint;    // the English words of the refusal
    const char* reason;  // its script key, refusal.<reason>
    bool with_seats;     // the refusal names each player's seat
};
constexpr NameStage name_stages[] = {
    // A whole name: Zoe and Zoé playing, "ZOË" is either, and more letters
    // cannot tell them apart.
    {NameMatch::whole, false, "type the name as it is spelt, or the seat", "could_be_spelt", true},
    // One of the name's words, whole: "alvarez" is José Álvarez.
    {NameMatch::word, true, "type the name whole, or the seat", "could_be_word", true},
    // First letters, of the name or of any of its words; "A" is not blocked
    // by Ann who went out two nights ago.
    {NameMatch::word_prefix, true, "type more letters", "could_be_more_letters", false},
};

Error could_be(const Game& game, std::string_view text, const std::vector<Seat>& found,
               const NameStage& stage) {
    std::vector<std::pair<std::string, std::string>> args{{"text", std::string{text}},
                                                          {"names", name_list(game, found)}};
    if (stage.with_seats) args.emplace_back("seats", seat_list(found));
    return reasoned(fmt::format("\"{}\" could be {}: {}", text,
                                names_of(game, found, stage.with_seats), stage.hint),
                    ErrorCode::ambiguous, stage.reason, std::move(args));
}

Result<Answer> parse_name(std::string_view text, const Game& game) {
    std::vector<Seat> everyone, in_game;
    for (Seat seat = 0; seat < game.player_count(); ++seat) {
        everyone.push_back(seat);
        if (game.in_game(seat)) in_game.push_back(seat);
    }
    for (const NameStage& stage : name_stages)
        for (const auto* seats : {&in_game, &everyone}) {
            if (seats == &in_game && !stage.in_game_first) continue;
            const auto found = matching(game, *seats, text, stage.how);
            if (found.size() == 1) return Answer{found.front()};
            if (found.size() > 1) return could_be(game, text, found, stage);
        }
    std::vector<std::string_view> names(game.setup().players.begin(), game.setup().players.end());
    return reasoned(fmt::format("no player is called \"{}\"{}", text, did_you_mean(text, names)),
                    ErrorCode::unknown_answer, "no_player_called",
                    {{"text", std::string{text}}, {"closest", std::string{closest(text, names)}}});
}

}  // namespace

Result<std::optional<Seat>> parse_player(std::string_view raw, const Game& game, bool allow_none,
                                         const AnswerWords& words) {
    const std::string_view text = trim(raw);
    if (text.empty())
        return reasoned("type a player's name, its first letters or seat number",
                        ErrorCode::invalid, "type_a_player");
    if (is_word(words.nobody, text) && is_player_name(text, game))
        return reasoned(fmt::format("\"{}\" is both a player and nobody: type the seat for the "
                                    "player, or another word for nobody",
                                    text),
                        ErrorCode::ambiguous, "player_and_nobody", {{"text", std::string{text}}});
    if (is_word(words.nobody, text)) {
        if (!allow_none)
            return reasoned("nobody is not an answer here: name a player", ErrorCode::refused,
                            "nobody_not_here");
        return Answer{};
    }
    if (is_all_digits(text)) {
        const std::size_t seat = text.size() > 3 ? 0 : std::stoul(std::string{text});
        if (seat < 1 || seat > static_cast<std::size_t>(game.player_count()))
            return reasoned(
                fmt::format("there is no seat {} (seats 1 to {})", text, game.player_count()),
                ErrorCode::invalid, "no_seat",
                {{"text", std::string{text}}, {"count", std::to_string(game.player_count())}});
        return Answer{static_cast<Seat>(seat - 1)};
    }
    return parse_name(text, game);
}

Result<bool> parse_yes_no(std::string_view text, const AnswerWords& words) {
    if (is_word(words.yes, text)) return true;
    if (is_word(words.no, text)) return false;
    return reasoned("answer yes or no", ErrorCode::unknown_answer, "yes_or_no");
}

Result<BankerChoice> parse_gesture(std::string_view text, const AnswerWords& words) {
    if (is_word(words.up, text)) return BankerChoice::social;
    if (is_word(words.down, text)) return BankerChoice::speculation;
    if (is_word(words.shake, text)) return BankerChoice::none;
    return reasoned("answer up (social responsibility), down (speculation) or none (a head shake)",
                    ErrorCode::unknown_answer, "gesture");
}

}  // namespace coyel::cli
