#include "script.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cstring>
#include <nlohmann/json.hpp>
#include <set>

#include "coyel/text.hpp"

namespace coyel::narration {
namespace {

using json = nlohmann::json;

// A first pass over the text that keeps what the plain parse loses: where a
// syntax error is, and a key written twice in one object (the parse keeps the
// last). It reads and stores nothing else; it never throws.
class JsonChecker : public nlohmann::json_sax<json> {
  public:
    std::string syntax_error;
    std::string duplicate_key;

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override {
        open_objects_.emplace_back();
        return true;
    }
    bool key(string_t& name) override {
        if (!open_objects_.back().insert(name).second && duplicate_key.empty())
            duplicate_key = name;
        return true;
    }
    bool end_object() override {
        open_objects_.pop_back();
        return true;
    }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t, const std::string&, const json::exception& error) override {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
        std::string what = error.what();
        const auto bracket = what.find("] ");
        syntax_error = bracket == std::string::npos ? what : what.substr(bracket + 2);
        return false;
    }

  private:
    std::vector<std::set<std::string>> open_objects_;
};

// One line of text whatever the input: bytes outside printable ASCII become '?'.
std::string printable_ascii(std::string text) {
    if (is_printable_utf8(text)) return text;
    for (char& c : text)
        if (c < 0x20 || c > 0x7E) c = '?';
    return text;
}

LanguageRule language_rule_for(std::string_view code) {
    return iequals(code.substr(0, code.find('-')), "fr") ? LanguageRule::french
                                                         : LanguageRule::english;
}

std::string in_quotes(std::string_view text) {
    return fmt::format("\"{}\"", printable_excerpt(text));
}

// The top level of a script's text: its language code and its "lines"
// object, or the first thing wrong with it ("LABEL: why"; `label` printable).
struct ScriptRoot {
    std::string language;
    json lines;
};

Result<ScriptRoot> read_root(std::string_view text, const std::string& label) {
    auto fail = [&](std::string_view why) { return Error{fmt::format("{}: {}", label, why)}; };
    JsonChecker checker;
    json::sax_parse(text.data(), text.data() + text.size(), &checker);
    if (!checker.syntax_error.empty())
        return fail("not valid JSON: " + printable_ascii(checker.syntax_error));
    if (!checker.duplicate_key.empty())
        return fail(fmt::format("the key {} appears twice in one object",
                                in_quotes(checker.duplicate_key)));
    json root = json::parse(text, nullptr, false);
    if (root.is_discarded()) return fail("not valid JSON");
    if (!root.is_object()) return fail("a script is a JSON object with \"language\" and \"lines\"");
    for (const auto& [key, value] : root.items())
        if (key != "language" && key != "lines")
            return fail(fmt::format("unknown top-level key {}{}", in_quotes(key),
                                    did_you_mean(key, {"language", "lines"})));
    const auto language = root.find("language");
    if (language == root.end()) return fail("\"language\" is missing: a code such as \"en\"");
    if (!language->is_string() || !is_language_code(language->get_ref<const std::string&>()))
        return fail(fmt::format("\"language\" must be a code such as \"en\" or \"fr\"{}",
                                language->is_string()
                                    ? ", not " + in_quotes(language->get_ref<const std::string&>())
                                    : ""));
    const auto lines = root.find("lines");
    if (lines == root.end()) return fail("\"lines\" is missing");
    if (!lines->is_object()) return fail("\"lines\" must be an object of texts");
    return ScriptRoot{language->get<std::string>(), std::move(*lines)};
}

}  // namespace

Result<Script> Script::parse(std::string_view text, std::string_view label, const Script* reference,
                             const Script* fallback) {
    const std::string shown_label = printable_ascii(std::string(label));
    auto root = read_root(text, shown_label);
    if (!root) return root.failure();
    Script script;
    script.language_ = root->language;
    script.language_rule_ = language_rule_for(script.language_);
    if (auto refusal = script.read_lines(root->lines, shown_label, reference)) return *refusal;
    if (!fallback) fallback = reference;
    if (fallback)
        for (const auto& [key, line] : fallback->lines_)
            if (!script.lines_.count(key))
                script.lines_.emplace(key, Line{line.message, line.rule, true});
    return script;
}

std::vector<std::string> Script::check(std::string_view text, std::string_view label,
                                       const Script& reference) {
    const std::string shown_label = printable_ascii(std::string(label));
    auto root = read_root(text, shown_label);
    if (!root) return {root.error()};
    std::vector<std::string> problems;
    for (auto item = root->lines.begin(); item != root->lines.end(); ++item) {
        auto message = read_line(item.key(), item.value(), &reference);
        if (!message) {
            problems.push_back(fmt::format("{}: {}: {}", shown_label, printable_excerpt(item.key()),
                                           message.error()));
            continue;
        }
        const auto used = message->arguments();
        for (const std::string& name :
             reference.lines_.find(item.key())->second.message.arguments())
            if (!std::binary_search(used.begin(), used.end(), name))
                problems.push_back(fmt::format("{}: {}: the placeholder {{{}}} is missing",
                                               shown_label, item.key(), name));
    }
    for (const auto& [key, line] : reference.lines_)
        if (!root->lines.contains(key))
            problems.push_back(fmt::format("{}: {}: missing", shown_label, key));
    return problems;
}

// One line of a script: its key known to the reference, its text a well-formed
// pattern whose placeholders the reference's line uses. The error is the
// problem alone ("unknown placeholder {nme} (did you mean {name}?)").
Result<Message> Script::read_line(const std::string& key, const json& value,
                                  const Script* reference) {
    if (reference && !reference->has(key)) {
        std::vector<std::string_view> known;
        for (const auto& [reference_key, line] : reference->lines_) known.push_back(reference_key);
        return Error{"unknown key" + did_you_mean(key, known)};
    }
    if (!value.is_string()) return Error{"must be text"};
    auto message = Message::parse(value.get_ref<const std::string&>());
    if (!message) return message.failure();
    if (!reference) return message;
    const std::vector<std::string> allowed =
        reference->lines_.find(key)->second.message.arguments();
    for (const std::string& name : message->arguments()) {
        if (std::binary_search(allowed.begin(), allowed.end(), name)) continue;
        std::vector<std::string_view> candidates(allowed.begin(), allowed.end());
        std::string hint = did_you_mean(name, candidates);
        if (hint.empty())
            hint = allowed.empty() ? " (the line takes none)"
                                   : " (the line takes {" + join(allowed, "}, {") + "})";
        return Error{fmt::format("unknown placeholder {{{}}}{}", name, hint)};
    }
    return message;
}

// `label` is already printable.
Refusal Script::read_lines(const json& lines, std::string_view label, const Script* reference) {
    for (auto item = lines.begin(); item != lines.end(); ++item) {
        auto message = read_line(item.key(), item.value(), reference);
        if (!message && reference && !reference->has(item.key()))  // "unknown key (did you…)"
            return Error{fmt::format("{}: unknown key {}{}", label, in_quotes(item.key()),
                                     message.error().substr(strlen("unknown key")))};
        if (!message)
            return Error{
                fmt::format("{}: line {}: {}", label, in_quotes(item.key()), message.error())};
        lines_.emplace(item.key(), Line{std::move(*message), language_rule_, false});
    }
    return std::nullopt;
}

bool Script::has(std::string_view key) const { return lines_.find(key) != lines_.end(); }

std::string Script::line(std::string_view key, const Args& args) const {
    const auto found = lines_.find(key);
    assert(found != lines_.end() && "a script line asked for by a key the script lacks");
    if (found == lines_.end()) return "[" + std::string(key) + "]";
    return found->second.message.format(args, found->second.rule);
}

std::vector<std::string> Script::literals(std::string_view key) const {
    const auto found = lines_.find(key);
    assert(found != lines_.end());
    return found == lines_.end() ? std::vector<std::string>{} : found->second.message.literals();
}

const Message* Script::message(std::string_view key) const {
    const auto found = lines_.find(key);
    return found == lines_.end() ? nullptr : &found->second.message;
}

std::vector<std::string> Script::keys() const {
    std::vector<std::string> all;
    for (const auto& [key, line] : lines_) all.push_back(key);
    return all;
}

std::vector<std::string> Script::fallbacks() const {
    std::vector<std::string> taken;
    for (const auto& [key, line] : lines_)
        if (line.fallback) taken.push_back(key);
    return taken;
}

}  // namespace coyel::narration
