// SaveReader (coyel/save.hpp): a save read again as it grows, the entries
// already held skipped by comparing the text rather than parsed again.
#include <nlohmann/json.hpp>

#include "save_reading.hpp"

#include "coyel/save.hpp"

namespace coyel {

using json = nlohmann::json;

namespace {

constexpr std::size_t not_found = std::string_view::npos;

bool is_json_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

std::size_t past_space(std::string_view text, std::size_t at) {
    while (at < text.size() && is_json_space(text[at])) ++at;
    return at;
}

// Just after the string whose opening quote is at `at`.
std::size_t past_string(std::string_view text, std::size_t at) {
    for (std::size_t i = at + 1; i < text.size(); ++i) {
        if (text[i] == '\\')
            ++i;
        else if (text[i] == '"')
            return i + 1;
    }
    return text.size();
}

// Just after the value that starts at `at`, in a text known to be valid
// JSON (it was parsed): brackets counted, strings skipped.
std::size_t past_value(std::string_view text, std::size_t at) {
    int depth = 0;
    for (std::size_t i = at; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            i = past_string(text, i) - 1;
            if (depth == 0) return i + 1;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0) return i;  // the end of a number, true, false or null
            if (--depth == 0) return i + 1;
        } else if (depth == 0 && (c == ',' || is_json_space(c))) {
            return i;
        }
    }
    return text.size();
}

// Just after the "[" of the save's top-level "log" (spelt plainly, as coyel
// writes it), in a text known to be valid JSON; not_found otherwise.
std::size_t log_opening(std::string_view text) {
    std::size_t i = past_space(text, 0);
    if (i >= text.size() || text[i] != '{') return not_found;
    i = past_space(text, i + 1);
    while (i < text.size() && text[i] == '"') {
        const std::size_t key_end = past_string(text, i);
        const bool is_log = text.substr(i, key_end - i) == "\"log\"";
        i = past_space(text, key_end);
        if (i >= text.size() || text[i] != ':') return not_found;
        i = past_space(text, i + 1);
        if (is_log) return i < text.size() && text[i] == '[' ? i + 1 : not_found;
        i = past_space(text, past_value(text, i));
        if (i < text.size() && text[i] == ',') i = past_space(text, i + 1);
    }
    return not_found;
}

struct LogEnd {
    std::size_t end;      // just after the last entry
    std::size_t entries;  // how many
};

// Goes on from `so_far` (the "[" or an entry) over the entries to the "]".
LogEnd log_end_after(std::string_view text, LogEnd so_far) {
    std::size_t i = past_space(text, so_far.end);
    while (i < text.size() && text[i] != ']') {
        if (text[i] == ',') i = past_space(text, i + 1);
        const std::size_t end = past_value(text, i);
        if (end <= i) break;  // not valid JSON: never met, the text was parsed
        so_far = LogEnd{end, so_far.entries + 1};
        i = past_space(text, end);
    }
    return so_far;
}

}  // namespace

// A reading made from the last one: the saved game, or the error that sends
// the text to a whole reading.
struct SaveReader::Step {
    Result<SavedGame> saved;
    std::int64_t clock_after_log;
};

Refusal SaveReader::read(std::string text, std::string_view label) {
    if (auto step = step_after_held(text, label)) {
        if (step->saved) {
            saved_ = std::move(*step->saved);
            clock_after_log_ = step->clock_after_log;
            const LogEnd end = log_end_after(text, LogEnd{log_end_, entries_});
            log_end_ = end.end;
            entries_ = end.entries;
            text_ = std::move(text);
            new_entries_only_ = true;
            return std::nullopt;
        }
    }
    auto whole = save_reading::read_whole(text, label);
    if (!whole) {
        // A step that failed half way took the held game with it: the last
        // good text is read again (a broken file, seldom).
        if (!saved_ && !text_.empty())
            if (auto again = save_reading::read_whole(text_, label))
                saved_ = std::move(again->saved);
        return whole.failure();
    }
    keep_whole(std::move(text), std::move(whole->saved), whole->clock_after_log);
    return std::nullopt;
}

void SaveReader::keep_whole(std::string text, SavedGame saved, std::int64_t clock_after_log) {
    saved_ = std::move(saved);
    text_ = std::move(text);
    clock_after_log_ = clock_after_log;
    new_entries_only_ = false;
    log_open_ = log_opening(text_);
    log_found_ = log_open_ != not_found;
    if (!log_found_) return;
    const LogEnd end = log_end_after(text_, LogEnd{log_open_, 0});
    log_end_ = end.end;
    entries_ = end.entries;
}

// The held game goes on as the whole reading would: the text is the held
// one's up to its last entry; what follows, joined to what precedes the log,
// is a save of the new entries alone, parsed and checked as any save; the
// setup is the same, news held alike, and the clock need not go back.
std::optional<SaveReader::Step> SaveReader::step_after_held(std::string_view text,
                                                            std::string_view label) {
    if (!saved_ || !log_found_ || saved_->game.cards_shown()) return std::nullopt;
    if (text.size() < log_end_ || text.compare(0, log_end_, text_, 0, log_end_) != 0)
        return std::nullopt;
    // After the held entries: "]", or "," and another entry. Anything else
    // is not JSON, which the whole reading words.
    std::size_t cut = past_space(text, log_end_);
    if (entries_ > 0 && cut < text.size() && text[cut] == ',') {
        cut = past_space(text, cut + 1);
        if (cut < text.size() && text[cut] == ']') return std::nullopt;
    } else if (entries_ > 0 && (cut >= text.size() || text[cut] != ']')) {
        return std::nullopt;
    }
    std::string rest(text.substr(0, log_open_));
    rest += text.substr(cut);
    auto root = save_reading::save_root(rest, label);
    if (!root) return std::nullopt;
    Game& held = saved_->game;
    if (root->contains("told") != (held.news() == News::held)) return std::nullopt;
    auto setup = save_reading::setup_from_json((*root)["setup"]);
    if (!setup || !(*setup == held.setup()) || !clock_goes_on(*root)) return std::nullopt;

    // From here the held game changes: a failure is read whole.
    Game game = std::move(saved_->game);
    saved_.reset();
    while (game.vote_open()) (void)game.undo();  // its pending ballots
    if (auto refusal = save_reading::replay_log((*root)["log"], entries_, game, label))
        return Step{std::move(*refusal), 0};
    const std::int64_t clock_after_log = game.state().clock_s;
    return Step{save_reading::finish_save(*root, std::move(game), label), clock_after_log};
}

// A "pending" clock reading moved the held game's clock past its log's
// last entry, and it cannot go back: the new text must be at that reading
// or later where it next sets the clock (its first entry, or else its
// "pending"), so that the clock reaches the same reading by either road.
bool SaveReader::clock_goes_on(const json& root) const {
    const std::int64_t reading = saved_->game.state().clock_s;
    if (reading == clock_after_log_) return true;
    const json& log = root["log"];
    const json* next = !log.empty()               ? &log.front()
                       : root.contains("pending") ? &root["pending"]
                                                  : nullptr;
    if (!next || !next->is_object() || !next->contains("at")) return false;
    // A negative or fractional "at" is refused by the whole reading.
    const json& at = (*next)["at"];
    return at.is_number_unsigned() &&
           at.get<std::uint64_t>() >= static_cast<std::uint64_t>(reading);
}

}  // namespace coyel
