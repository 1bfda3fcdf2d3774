#include "strict_json.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "coyel/text.hpp"

namespace coyel {
namespace {

using json = nlohmann::json;

// Built field by field, so it compiles whatever else Error comes to hold.
Error error_with(std::string message) {
    Error error{};
    error.message = std::move(message);
    return error;
}

// "[json.exception.parse_error.101] parse error at ..." -> "parse error at ..."
std::string without_prefix(const std::string& what) {
    auto bracket = what.find("] ");
    return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

// nlohmann's json_sax_dom_parser, plus the duplicate check. nlohmann's
// parser with a callback (what this replaces) rescans the parent container
// each time an object ends, which made a long log quadratic. Here a key is
// one lookup in the object being built. The containers being built are kept
// on a vector, not the C stack, and nlohmann's SAX parser is iterative.
class StrictBuilder {
  public:
    explicit StrictBuilder(json& root) : root_(root) {}

    bool null() { return add(nullptr); }
    bool boolean(bool value) { return add(value); }
    bool number_integer(json::number_integer_t value) { return add(value); }
    bool number_unsigned(json::number_unsigned_t value) { return add(value); }
    bool number_float(json::number_float_t value, const json::string_t&) { return add(value); }
    bool string(json::string_t& value) { return add(std::move(value)); }
    bool binary(json::binary_t& value) { return add(std::move(value)); }

    bool start_object(std::size_t) {
        open_.push_back(place(json::value_t::object));
        return true;
    }
    bool key(json::string_t& name) {
        // emplace looks the key up once and leaves the object as it was if
        // the key is there; parsing goes on into the old value, so that a
        // later syntax error is still the one reported.
        auto [at, inserted] = open_.back()->emplace(std::move(name), nullptr);
        if (!inserted && !duplicate_) duplicate_ = at.key();
        slot_ = &at.value();
        return true;
    }
    bool end_object() {
        open_.pop_back();
        return true;
    }
    bool start_array(std::size_t) {
        open_.push_back(place(json::value_t::array));
        return true;
    }
    bool end_array() {
        open_.pop_back();
        return true;
    }

    template <class Exception>
    bool parse_error(std::size_t, const std::string&, const Exception& error) {
        syntax_error_ = without_prefix(error.what());
        return false;
    }

    const std::optional<std::string>& syntax_error() const { return syntax_error_; }
    const std::optional<std::string>& duplicate() const { return duplicate_; }

  private:
    template <typename Value>
    bool add(Value&& value) {
        place(std::forward<Value>(value));
        return true;
    }

    // Where a new value goes: the root, the end of the open array, or the
    // slot of the key just read in the open object.
    template <typename Value>
    json* place(Value&& value) {
        if (open_.empty()) {
            root_ = json(std::forward<Value>(value));
            return &root_;
        }
        if (open_.back()->is_array())
            return &open_.back()->emplace_back(std::forward<Value>(value));
        *slot_ = json(std::forward<Value>(value));
        return slot_;
    }

    json& root_;
    std::vector<json*> open_;  // the arrays and objects being built, innermost last
    json* slot_ = nullptr;
    std::optional<std::string> syntax_error_;
    std::optional<std::string> duplicate_;
};

}  // namespace

Result<nlohmann::json> parse_strict_json(std::string_view text) {
    json root;
    StrictBuilder builder(root);
    try {
        json::sax_parse(text.data(), text.data() + text.size(), &builder);
    } catch (const json::exception& error) {
        // Not expected from the parser with this handler; the same message if so.
        return error_with("not valid JSON: " + without_prefix(error.what()));
    }
    if (builder.syntax_error()) return error_with("not valid JSON: " + *builder.syntax_error());
    if (builder.duplicate())
        return error_with(fmt::format("the key \"{}\" appears twice in one object",
                                      printable_excerpt(*builder.duplicate())));
    return root;
}

}  // namespace coyel
