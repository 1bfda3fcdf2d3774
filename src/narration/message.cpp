#include "message.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>

#include "coyel/text.hpp"

namespace coyel::narration {

using Node = Message::Node;
using Branch = Message::Branch;
using Sequence = Message::Sequence;
using Category = Branch::Category;

// ---- Args ---------------------------------------------------------------

Args& Args::set(std::string_view name, std::string value) { return put(name, std::move(value)); }
Args& Args::set(std::string_view name, const char* value) {
    return put(name, std::string(value ? value : ""));
}
Args& Args::set(std::string_view name, long long value) { return put(name, value); }
Args& Args::set(std::string_view name, int value) {
    return put(name, static_cast<long long>(value));
}

Args& Args::set(std::string_view name, Decimal value) { return put(name, value); }

Args& Args::put(std::string_view name, ArgValue value) {
    for (auto& [known, old] : values_)
        if (known == name) {
            old = std::move(value);
            return *this;
        }
    values_.emplace_back(std::string(name), std::move(value));
    return *this;
}

const ArgValue* Args::find(std::string_view name) const {
    for (const auto& [known, value] : values_)
        if (known == name) return &value;
    return nullptr;
}

// ---- Parsing --------------------------------------------------------------

namespace {

constexpr int deepest_nesting = 16;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// A branch key ends at whitespace, a brace or a comma.
bool is_key_char(char c) { return !is_space(c) && c != '{' && c != '}' && c != ','; }

std::optional<Category> category_named(std::string_view word) {
    if (word == "zero") return Category::zero;
    if (word == "one") return Category::one;
    if (word == "two") return Category::two;
    if (word == "few") return Category::few;
    if (word == "many") return Category::many;
    if (word == "other") return Category::other;
    return std::nullopt;
}

std::optional<Node::Kind> branching_kind(std::string_view type) {
    if (type == "plural") return Node::Kind::plural;
    if (type == "select") return Node::Kind::select;
    if (type == "elision") return Node::Kind::elision;
    return std::nullopt;
}

std::optional<long long> parse_integer(std::string_view text) {
    long long value = 0;
    const char* end = text.data() + text.size();
    auto [stop, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc{} || stop != end || text.empty()) return std::nullopt;
    return value;
}

// A recursive-descent parser that stops at the first error. Each nesting level
// costs three stack frames and is capped at `deepest_nesting`.
class Parser {
  public:
    explicit Parser(std::string_view pattern) : pattern_(pattern) {}

    Result<Sequence> run() {
        Sequence nodes;
        if (!parse_sequence(nodes, 0, false, std::string_view::npos)) return *error_;
        return nodes;
    }

  private:
    bool at_end() const { return pos_ >= pattern_.size(); }
    char peek() const { return pattern_[pos_]; }
    void skip_spaces() {
        while (!at_end() && is_space(peek())) ++pos_;
    }
    std::string_view take_while(bool (*accept)(char)) {
        const std::size_t start = pos_;
        while (!at_end() && accept(peek())) ++pos_;
        return pattern_.substr(start, pos_ - start);
    }

    // Records the first error, placed at `where` counted in characters from 1.
    bool fail(std::string_view what, std::size_t where) {
        if (!error_) {
            const std::size_t end = std::min(where, pattern_.size());
            std::size_t character = 1;
            for (std::size_t i = 0; i < end; ++i)
                if ((static_cast<unsigned char>(pattern_[i]) & 0xC0) != 0x80) ++character;
            error_ = Error{fmt::format("{} at character {}", what, character)};
        }
        return false;
    }

    bool parse_sequence(Sequence& nodes, int depth, bool in_plural, std::size_t opened_at);
    bool parse_placeholder(Sequence& nodes, int depth, bool in_plural);
    bool parse_branches(Node& node, int depth, bool in_plural, std::size_t opened_at);
    bool parse_branch_key(Branch& branch, bool plural);

    std::string_view pattern_;
    std::size_t pos_ = 0;
    std::optional<Error> error_;
};

void append_text(Sequence& nodes, std::string_view text) {
    if (nodes.empty() || nodes.back().kind != Node::Kind::text) nodes.push_back(Node{});
    nodes.back().text += text;
}

// Text and placeholders up to the end (top level) or to the '}' closing the
// branch opened at `opened_at` (left for the caller to consume).
bool Parser::parse_sequence(Sequence& nodes, int depth, bool in_plural, std::size_t opened_at) {
    const bool nested = opened_at != std::string_view::npos;
    while (!at_end()) {
        const char c = peek();
        if (c == '}') {
            if (nested) return true;
            return fail("unmatched }", pos_);
        }
        if (c == '{') {
            if (!parse_placeholder(nodes, depth, in_plural)) return false;
        } else if (c == '#' && in_plural) {
            nodes.push_back(Node{Node::Kind::number, "#", {}});
            ++pos_;
        } else {
            const std::size_t start = pos_++;
            while (!at_end() && peek() != '{' && peek() != '}' && !(in_plural && peek() == '#'))
                ++pos_;
            append_text(nodes, pattern_.substr(start, pos_ - start));
        }
    }
    return nested ? fail("unclosed {", opened_at) : true;
}

// `{name}`, `{name, plural, ...}` or `{name, select, ...}`, at its '{'.
bool Parser::parse_placeholder(Sequence& nodes, int depth, bool in_plural) {
    const std::size_t opened_at = pos_++;
    skip_spaces();
    const std::string_view name = take_while(is_name_char);
    if (name.empty()) {
        if (at_end()) return fail("unclosed {", opened_at);
        if (peek() == '}') return fail("empty placeholder {}", opened_at);
        return fail("a placeholder name has only letters, digits and _", pos_);
    }
    skip_spaces();
    if (at_end()) return fail("unclosed {", opened_at);
    if (peek() == '}') {
        ++pos_;
        nodes.push_back(Node{Node::Kind::argument, std::string(name), {}});
        return true;
    }
    if (peek() != ',')
        return fail(fmt::format("expected , or }} after the name \"{}\"", name), pos_);
    ++pos_;
    skip_spaces();
    const std::size_t type_at = pos_;
    const std::string_view type = take_while(is_name_char);
    const std::optional<Node::Kind> kind = branching_kind(type);
    if (!kind) {
        if (type.empty())
            return at_end() ? fail("unclosed {", opened_at)
                            : fail("expected plural, select or elision after ,", type_at);
        return fail(fmt::format("unknown format \"{}\"", printable_excerpt(type)), type_at);
    }
    Node node{*kind, std::string(name), {}};
    skip_spaces();
    if (!at_end() && peek() == ',') {
        ++pos_;
    } else if (!at_end() && peek() != '}') {
        return fail(fmt::format("expected , after {}", type), pos_);
    }
    if (!parse_branches(node, depth, in_plural, opened_at)) return false;
    nodes.push_back(std::move(node));
    return true;
}

// `key {text} key {text} ... }` up to and past the closing '}'.
bool Parser::parse_branches(Node& node, int depth, bool in_plural, std::size_t opened_at) {
    const bool plural = node.kind == Node::Kind::plural;
    const char* type = plural ? "plural" : node.kind == Node::Kind::elision ? "elision" : "select";
    for (;;) {
        skip_spaces();
        if (at_end()) return fail("unclosed {", opened_at);
        if (peek() == '}') break;
        Branch branch;
        const std::size_t key_at = pos_;
        if (!parse_branch_key(branch, plural)) return false;
        if (node.kind == Node::Kind::elision && branch.key != "vowel" && branch.key != "other")
            return fail(fmt::format("elision has only the branches vowel and other, not \"{}\"",
                                    printable_excerpt(branch.key)),
                        key_at);
        for (const Branch& earlier : node.branches)
            if (earlier.key == branch.key)
                return fail(
                    fmt::format("{} has two branches \"{}\"", type, printable_excerpt(branch.key)),
                    key_at);
        skip_spaces();
        if (at_end() || peek() != '{')
            return fail(
                fmt::format("expected {{ after branch \"{}\"", printable_excerpt(branch.key)),
                pos_);
        if (depth + 1 > deepest_nesting)
            return fail(fmt::format("nested deeper than {} levels", deepest_nesting), pos_);
        const std::size_t body_at = pos_++;
        if (!parse_sequence(branch.body, depth + 1, in_plural || plural, body_at)) return false;
        ++pos_;  // the branch's '}'
        node.branches.push_back(std::move(branch));
    }
    const bool has_other = std::any_of(node.branches.begin(), node.branches.end(),
                                       [](const Branch& b) { return b.key == "other"; });
    if (!has_other) return fail(fmt::format("{} needs an other branch", type), opened_at);
    ++pos_;  // the placeholder's '}'
    return true;
}

// A select key is any word; a plural key is `=N` or a CLDR category.
bool Parser::parse_branch_key(Branch& branch, bool plural) {
    const std::size_t key_at = pos_;
    const std::string_view key = take_while(is_key_char);
    if (key.empty()) return fail("expected a branch key", key_at);
    branch.key = std::string(key);
    if (!plural) return true;
    if (key.front() == '=') {
        auto number = parse_integer(key.substr(1));
        if (!number)
            return fail(
                fmt::format("bad plural key \"{}\": =N needs an integer", printable_excerpt(key)),
                key_at);
        branch.exact = true;
        branch.number = *number;
        return true;
    }
    auto category = category_named(key);
    if (!category)
        return fail(fmt::format("unknown plural category \"{}\"", printable_excerpt(key)), key_at);
    branch.category = *category;
    return true;
}

// ---- Formatting ------------------------------------------------------------

// `digits` with `separator` between each group of three from the right.
std::string grouped(std::string_view digits, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += separator;
        out += digits[i];
    }
    return out;
}

// French typesets a real minus (U+2212); English keeps the hyphen-minus.
std::string_view minus_sign(LanguageRule rule) {
    return rule == LanguageRule::french ? "\u2212" : "-";
}

std::string_view thousands_separator(LanguageRule rule) {
    return rule == LanguageRule::french ? "\u202f" : ",";
}
}  // namespace

std::string write_number(long long value, LanguageRule rule) {
    const std::string digits = std::to_string(value);
    const bool negative = value < 0;
    std::string out = negative ? std::string{minus_sign(rule)} : "";
    out += grouped(std::string_view{digits}.substr(negative ? 1 : 0), thousands_separator(rule));
    return out;
}

std::string write_number(Decimal value, LanguageRule rule) {
    const int digits = std::clamp(value.digits, 0, 6);
    std::string text = fmt::format("{:.{}f}", value.value, digits);
    const bool negative = !text.empty() && text.front() == '-';
    if (negative) text.erase(0, 1);
    const std::size_t point = text.find('.');
    std::string out = negative ? std::string{minus_sign(rule)} : "";
    out += grouped(std::string_view{text}.substr(0, point), thousands_separator(rule));
    if (point != std::string::npos)
        out.append(rule == LanguageRule::french ? "," : ".").append(text, point + 1);
    return out;
}

namespace {

Category category_of(long long n, LanguageRule rule) {
    switch (rule) {
        case LanguageRule::english: return n == 1 || n == -1 ? Category::one : Category::other;
        case LanguageRule::french: return n >= -1 && n <= 1 ? Category::one : Category::other;
    }
    return Category::other;
}

void append_value(std::string& out, const ArgValue& value, LanguageRule rule) {
    if (const auto* number = std::get_if<long long>(&value))
        out += write_number(*number, rule);
    else if (const auto* decimal = std::get_if<Decimal>(&value))
        out += write_number(*decimal, rule);
    else
        out += std::get<std::string>(value);
}

// The key a select compares a value with: its text, or an integer's digits.
std::string select_key(const ArgValue& value) {
    if (const auto* text = std::get_if<std::string>(&value)) return *text;
    if (const auto* number = std::get_if<long long>(&value)) return std::to_string(*number);
    return {};
}

const Branch* branch_keyed(const Node& node, std::string_view key) {
    for (const Branch& branch : node.branches)
        if (branch.key == key) return &branch;
    return nullptr;
}

// A text that reads as a number with a fraction, "1,6" or "1.6" (or a minus
// sign first), as its value.
std::optional<double> parse_decimal(std::string_view text) {
    std::string plain;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9')
            plain += c;
        else if ((c == ',' || c == '.') && !plain.empty() && plain.find('.') == std::string::npos)
            plain += '.';
        else if (c == '-' && i == 0)
            plain += '-';
        else if (text.substr(i).starts_with("\u2212") && i == 0) {
            plain += '-';
            i += 2;
        } else
            return std::nullopt;
    }
    double value = 0;
    auto [stop, error] = std::from_chars(plain.data(), plain.data() + plain.size(), value);
    if (error != std::errc{} || stop != plain.data() + plain.size()) return std::nullopt;
    return value;
}

// The plural branch for `value`: an integer, or a text that reads as one;
// a fraction (a decimal, or a text that reads as one) takes `one` in French
// below 2; any other text takes `other`.
const Branch& plural_branch(const Node& node, const ArgValue& value, LanguageRule rule) {
    const auto* text = std::get_if<std::string>(&value);
    const auto* integer = std::get_if<long long>(&value);
    const std::optional<long long> n = text      ? parse_integer(*text)
                                       : integer ? std::optional{*integer}
                                                 : std::nullopt;
    if (n) {
        for (const Branch& branch : node.branches)
            if (branch.exact && branch.number == *n) return branch;
        const Category category = category_of(*n, rule);
        for (const Branch& branch : node.branches)
            if (branch.category == category) return branch;
    }
    const auto* decimal = std::get_if<Decimal>(&value);
    const std::optional<double> fraction = decimal ? std::optional{decimal->value}
                                           : text  ? parse_decimal(*text)
                                                   : std::nullopt;
    // CLDR: French says one below 2 ("1,6 minute"); English, other for any fraction.
    if (!n && fraction && rule == LanguageRule::french && *fraction > -2 && *fraction < 2)
        for (const Branch& branch : node.branches)
            if (branch.category == Category::one) return branch;
    return *branch_keyed(node, "other");  // parse guarantees it
}

bool is_vowel_letter(char c) {
    return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'h';
}

}  // namespace

bool starts_with_vowel_sound(std::string_view text) {
    const std::string letters = fold_accents(trim(text).substr(0, 8));
    if (letters.empty()) return false;
    const char first = letters[0];
    if (is_vowel_letter(first)) return true;
    // Y before a consonant is a vowel (Yves, Ysé), before a vowel a consonant (Yann).
    if (first == 'y')
        return letters.size() > 1 && !is_vowel_letter(letters[1]) && letters[1] >= 'a' &&
               letters[1] <= 'z';
    return false;
}

namespace {

const Branch& elision_branch(const Node& node, const ArgValue& value) {
    const auto* text = std::get_if<std::string>(&value);
    const Branch* vowel = branch_keyed(node, "vowel");
    if (vowel && text && starts_with_vowel_sound(*text)) return *vowel;
    return *branch_keyed(node, "other");
}

const Branch& select_branch(const Node& node, const ArgValue& value) {
    const Branch* chosen = branch_keyed(node, select_key(value));
    return chosen ? *chosen : *branch_keyed(node, "other");
}

// `number` is the value of the innermost plural around `nodes`, for '#'.
void render(const Sequence& nodes, const Args& args, LanguageRule rule, const ArgValue* number,
            std::string& out) {
    for (const Node& node : nodes) {
        if (node.kind == Node::Kind::text) {
            out += node.text;
            continue;
        }
        if (node.kind == Node::Kind::number) {
            if (number)
                append_value(out, *number, rule);
            else
                out += '#';
            continue;
        }
        const ArgValue* value = args.find(node.text);
        if (!value) {
            out += '{' + node.text + '}';
        } else if (node.kind == Node::Kind::argument) {
            append_value(out, *value, rule);
        } else if (node.kind == Node::Kind::plural) {
            render(plural_branch(node, *value, rule).body, args, rule, value, out);
        } else if (node.kind == Node::Kind::elision) {
            render(elision_branch(node, *value).body, args, rule, number, out);
        } else {
            render(select_branch(node, *value).body, args, rule, number, out);
        }
    }
}

void collect_names(const Sequence& nodes, std::vector<std::string>& names) {
    for (const Node& node : nodes) {
        if (node.kind == Node::Kind::text || node.kind == Node::Kind::number) continue;
        names.push_back(node.text);
        for (const Branch& branch : node.branches) collect_names(branch.body, names);
    }
}

void collect_choices(const Sequence& nodes, std::string_view argument, Message::Choices& choices) {
    for (const Node& node : nodes) {
        const bool chooses = node.kind == Node::Kind::plural || node.kind == Node::Kind::select;
        if (chooses && node.text == argument) {
            choices.plural = choices.plural || node.kind == Node::Kind::plural;
            for (const Branch& branch : node.branches)
                if (std::find(choices.keys.begin(), choices.keys.end(), branch.key) ==
                    choices.keys.end())
                    choices.keys.push_back(branch.key);
        }
        for (const Branch& branch : node.branches) collect_choices(branch.body, argument, choices);
    }
}

void collect_texts(const Sequence& nodes, std::vector<std::string>& texts) {
    for (const Node& node : nodes) {
        if (node.kind == Node::Kind::text) texts.push_back(node.text);
        for (const Branch& branch : node.branches) collect_texts(branch.body, texts);
    }
}

}  // namespace

Result<Message> Message::parse(std::string_view pattern) {
    auto nodes = Parser(pattern).run();
    if (!nodes) return nodes.failure();
    Message message;
    message.nodes_ = std::move(*nodes);
    return message;
}

std::string Message::format(const Args& args, LanguageRule rule) const {
    std::string out;
    render(nodes_, args, rule, nullptr, out);
    return out;
}

std::vector<std::string> Message::literals() const {
    std::vector<std::string> texts;
    collect_texts(nodes_, texts);
    return texts;
}

Message::Choices Message::choices(std::string_view argument) const {
    Choices found;
    collect_choices(nodes_, argument, found);
    return found;
}

std::vector<std::string> Message::arguments() const {
    std::vector<std::string> names;
    collect_names(nodes_, names);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

}  // namespace coyel::narration
