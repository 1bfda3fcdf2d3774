#include "coyel/text.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace coyel {

std::string_view trim(std::string_view text) {
    constexpr std::string_view space = " \t\r\n\f\v";
    auto first = text.find_first_not_of(space);
    if (first == std::string_view::npos) return {};
    auto last = text.find_last_not_of(space);
    return text.substr(first, last - first + 1);
}

std::string to_lower(std::string_view text) {
    std::string folded(text);
    for (char& c : folded)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return folded;
}

namespace {
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
}  // namespace

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

bool istarts_with(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && iequals(text.substr(0, prefix.size()), prefix);
}

namespace {

// Decodes one code point at `i` and moves past it; false on malformed input.
bool decode_utf8(std::string_view text, std::size_t& i, char32_t& code) {
    auto lead = static_cast<unsigned char>(text[i]);
    int extra = lead < 0x80           ? 0
                : (lead >> 5) == 0x6  ? 1
                : (lead >> 4) == 0xE  ? 2
                : (lead >> 3) == 0x1E ? 3
                                      : -1;
    if (extra < 0 || text.size() - i <= static_cast<std::size_t>(extra)) return false;
    code = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) {
        auto next = static_cast<unsigned char>(text[i + k]);
        if ((next & 0xC0) != 0x80) return false;
        code = (code << 6) | (next & 0x3F);
    }
    static constexpr char32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (code < smallest[extra] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
        return false;  // overlong, out of range, or a surrogate
    i += extra + 1;
    return true;
}

}  // namespace

std::size_t utf8_length(std::string_view text) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); ++count) {
        char32_t code;
        if (!decode_utf8(text, i, code)) return std::string_view::npos;
    }
    return count;
}

bool is_printable_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        char32_t code;
        if (!decode_utf8(text, i, code)) return false;
        if (code < 0x20 || (code >= 0x7F && code < 0xA0)) return false;
    }
    return true;
}

std::string printable_excerpt(std::string_view text) {
    constexpr std::size_t shown = 32;
    std::string out;
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); ++count) {
        if (count == shown) return out + "...";
        const std::size_t start = i;
        char32_t code;
        if (!decode_utf8(text, i, code)) {
            out += '?';
            ++i;
        } else if (code < 0x20 || (code >= 0x7F && code < 0xA0)) {
            out += '?';
        } else {
            out += text.substr(start, i - start);
        }
    }
    return out;
}

bool is_all_digits(std::string_view text) {
    return !text.empty() &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment: a swap of two neighbours counts as one edit.
    // Three rolling rows (two back, one back, this one) in one allocation.
    const std::string x = to_lower(a), y = to_lower(b);
    const std::size_t width = y.size() + 1;
    std::vector<std::size_t> rows(3 * width);
    auto row = [&](std::size_t i) { return rows.data() + (i % 3) * width; };
    for (std::size_t j = 0; j <= y.size(); ++j) row(0)[j] = j;
    for (std::size_t i = 1; i <= x.size(); ++i) {
        std::size_t* now = row(i);
        const std::size_t* up = row(i - 1);
        const std::size_t* up2 = row(i - 2 + 3);  // i - 2, kept non-negative
        now[0] = i;
        for (std::size_t j = 1; j <= y.size(); ++j) {
            now[j] = std::min({up[j] + 1, now[j - 1] + 1, up[j - 1] + (x[i - 1] != y[j - 1])});
            if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1])
                now[j] = std::min(now[j], up2[j - 2] + 1);
        }
    }
    return row(x.size())[y.size()];
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string_view>& candidates) {
    std::string_view best;
    std::size_t best_distance = std::max<std::size_t>(1, typed.size() / 3) + 1;  // within reach
    for (auto candidate : candidates) {
        // The first letters of a word are as good as one typo.
        const bool prefix = typed.size() >= 2 && istarts_with(candidate, typed);
        // The lengths' difference bounds the distance from below: no need to
        // measure a word that cannot come within reach.
        const std::size_t gap = typed.size() > candidate.size() ? typed.size() - candidate.size()
                                                                : candidate.size() - typed.size();
        if (!prefix && gap >= best_distance) continue;
        std::size_t distance = prefix ? 1 : edit_distance(typed, candidate);
        if (distance < best_distance) {
            best = candidate;
            best_distance = distance;
        }
    }
    return best.empty() ? std::string{} : fmt::format(" (did you mean \"{}\"?)", best);
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += separator;
        out += items[i];
    }
    return out;
}

std::string join_or(const std::vector<std::string>& items) {
    if (items.size() <= 1) return join(items, "");
    std::vector<std::string> head(items.begin(), items.end() - 1);
    return join(head, ", ") + " or " + items.back();
}

}  // namespace coyel
