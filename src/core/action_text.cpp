// One log entry as the text of a save (SPEC section 8): the writing half of
// the save format, beside the reader in save.cpp.
#include <fmt/format.h>

#include "coyel/save.hpp"

namespace coyel {

namespace {

void append_string(std::string& out, std::string_view text) {
    out += '"';
    for (char c : text) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20)
                    out += fmt::format("\\u{:04x}", static_cast<int>(c));
                else
                    out += c;
        }
    }
    out += '"';
}

void append_player(std::string& out, const Setup& setup, std::optional<Seat> seat) {
    if (seat)
        append_string(out, setup.players[*seat]);
    else
        out += "null";
}

}  // namespace

// Written by hand rather than through a JSON tree: the log is most of a save,
// and the REPL writes it after every input. The engine guarantees valid UTF-8.
std::string action_text(const Action& action, const Setup& setup) {
    std::string out = "{\"do\": \"";
    out += action_id(action.kind);
    out += '"';
    switch (action_info(action.kind).field) {
        case Field::player:
            out += ", \"player\": ";
            append_player(out, setup, action.player);
            break;
        case Field::choice:
            out += ", \"choice\": \"";
            out += banker_choice_id(action.choice);
            out += '"';
            break;
        case Field::file: out += action.file ? ", \"file\": true" : ", \"file\": false"; break;
        case Field::votes: {
            out += ", \"votes\": {";
            for (std::size_t i = 0; i < action.votes.size(); ++i) {
                if (i) out += ", ";
                append_string(out, setup.players[action.votes[i].voter]);
                out += ": ";
                append_player(out, setup, action.votes[i].choice);
            }
            out += '}';
            break;
        }
        case Field::text:
            out += ", \"text\": ";
            append_string(out, action.text);
            break;
        case Field::none: break;
    }
    if (action.at) out += fmt::format(", \"at\": {}", *action.at);
    if (action.wall) {
        out += ", \"wall\": ";
        append_string(out, *action.wall);
    }
    if (action.by_phone) out += ", \"by\": \"phone\"";
    out += '}';
    return out;
}

}  // namespace coyel
