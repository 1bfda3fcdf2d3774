#include "table_gate.hpp"

#include <algorithm>

#include "coyel/table_view.hpp"
#include "coyel/text.hpp"
#include "line_reader.hpp"

namespace coyel::cli {

namespace {
// As many lines as a shell keeps on a short session; the oldest go first.
constexpr std::size_t history_size = 200;
}  // namespace

Gate TableGate::pass() {
    Gate gate = std::move(*gate_);
    gate_.reset();
    return gate;
}

bool TableGate::table_looks(const Game& game) const {
    if (gate_) {
        switch (gate_->kind) {
            case Gate::Kind::eyes_closing:
            case Gate::Kind::end:
            case Gate::Kind::privacy: return true;  // not turned away yet
            case Gate::Kind::secrets_up: return false;
            case Gate::Kind::news: break;  // the core's: the table waits, eyes closed
        }
    }
    return table_may_look(game);
}

void TableGate::remember(const std::string& line, const Game& game) {
    if (trim(line).empty()) return;
    history_.push_back({line, !table_looks(game)});
    if (history_.size() > history_size) history_.erase(history_.begin());
    history_changed_ = true;
}

// The lines typed with the table's eyes closed stay reachable while they
// are closed (the moderator may want the last name again), and go the
// moment the table may look.
void TableGate::update_history(const Game& game, LineReader& reader) {
    if (table_looks(game)) {
        const auto secret = [](const Remembered& r) { return r.eyes_closed; };
        if (std::any_of(history_.begin(), history_.end(), secret)) {
            std::erase_if(history_, secret);
            history_changed_ = true;
        }
    }
    if (!std::exchange(history_changed_, false)) return;
    std::vector<std::string> lines;
    lines.reserve(history_.size());
    for (const auto& remembered : history_) lines.push_back(remembered.line);
    reader.set_history(lines);
}

}  // namespace coyel::cli
