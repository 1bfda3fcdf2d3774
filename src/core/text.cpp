#include "coyel/text.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cassert>

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

namespace {

// Latin-1 letters U+00C0-U+00FF and Latin Extended-A U+0100-U+017F, one
// character per code point. Base: the letter under the accent, lower case
// ('2': two letters, see two_letters; '*': not a letter). Mark: the combining
// mark of its canonical decomposition ('.': none, as for Ł or Ø).
constexpr char32_t latin_first = 0xC0, latin_last = 0x17F;
constexpr std::string_view latin_bases =
    "aaaaaa2ceeeeiiii"   // U+00C0 ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏ
    "dnooooo*ouuuuy22"   // U+00D0 ÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞß
    "aaaaaa2ceeeeiiii"   // U+00E0 àáâãäåæçèéêëìíîï
    "dnooooo*ouuuuy2y"   // U+00F0 ðñòóôõö÷øùúûüýþÿ
    "aaaaaaccccccccdd"   // U+0100 ĀāĂăĄąĆćĈĉĊċČčĎď
    "ddeeeeeeeeeegggg"   // U+0110 ĐđĒēĔĕĖėĘęĚěĜĝĞğ
    "gggghhhhiiiiiiii"   // U+0120 ĠġĢģĤĥĦħĨĩĪīĬĭĮį
    "ii22jjkkklllllll"   // U+0130 İıĲĳĴĵĶķĸĹĺĻļĽľĿ
    "lllnnnnnnnnnoooo"   // U+0140 ŀŁłŃńŅņŇňŉŊŋŌōŎŏ
    "oo22rrrrrrssssss"   // U+0150 ŐőŒœŔŕŖŗŘřŚśŜŝŞş
    "ssttttttuuuuuuuu"   // U+0160 ŠšŢţŤťŦŧŨũŪūŬŭŮů
    "uuuuwwyyyzzzzzzs";  // U+0170 ŰűŲųŴŵŶŷŸŹźŻżŽžſ
// Marks: g grave, a acute, c circumflex, t tilde, m macron, b breve, d dot
// above, u diaeresis, r ring, A double acute, k caron, C cedilla, o ogonek.
constexpr std::string_view latin_marks =
    "gactur.Cgacugacu"   // U+00C0
    ".tgactu..gacua.."   // U+00D0
    "gactur.Cgacugacu"   // U+00E0
    ".tgactu..gacua.u"   // U+00F0
    "mmbbooaaccddkkkk"   // U+0100
    "..mmbbddookkccbb"   // U+0110
    "ddCCcc..ttmmbboo"   // U+0120
    "d...ccCC.aaCCkk."   // U+0130
    "...aaCCkk...mmbb"   // U+0140
    "AA..aaCCkkaaccCC"   // U+0150
    "kkCCkk..ttmmbbrr"   // U+0160
    "AAooccccuaaddkk.";  // U+0170
static_assert(latin_bases.size() == latin_last - latin_first + 1);
static_assert(latin_marks.size() == latin_bases.size());

char32_t combining_mark(char letter) {
    switch (letter) {
        case 'g': return 0x300;
        case 'a': return 0x301;
        case 'c': return 0x302;
        case 't': return 0x303;
        case 'm': return 0x304;
        case 'b': return 0x306;
        case 'd': return 0x307;
        case 'u': return 0x308;
        case 'r': return 0x30A;
        case 'A': return 0x30B;
        case 'k': return 0x30C;
        case 'C': return 0x327;
        case 'o': return 0x328;
        default: return 0;
    }
}

std::string_view two_letters(char32_t code) {
    switch (code) {
        case 0xC6:
        case 0xE6: return "ae";
        case 0xDE:
        case 0xFE: return "th";
        case 0xDF: return "ss";
        case 0x132:
        case 0x133: return "ij";
        default: return "oe";  // U+0152, U+0153
    }
}

bool is_combining_mark(char32_t code) { return code >= 0x300 && code <= 0x36F; }
bool is_latin_letter(char32_t code) {
    return code >= latin_first && code <= latin_last && latin_bases[code - latin_first] != '*';
}

// Lower case of a letter without decomposition (Ł, Ø, Œ, …): capitals come
// first in Latin-1, then upper and lower alternate in pairs.
char32_t latin_lower(char32_t code) {
    if (code >= 0xC0 && code <= 0xDE) return code + 0x20;
    if (code == 0x178) return 0xFF;
    const bool even_upper = (code >= 0x100 && code <= 0x137) || (code >= 0x14A && code <= 0x177);
    const bool odd_upper = (code >= 0x139 && code <= 0x148) || (code >= 0x179 && code <= 0x17E);
    return (even_upper && code % 2 == 0) || (odd_upper && code % 2 == 1) ? code + 1 : code;
}

// Two bytes: the letters and marks written here lie in U+0080-U+07FF.
void append_utf8(std::string& out, char32_t code) {
    assert(code >= 0x80 && code < 0x800);
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
}

// Calls `visit(code, bytes)` for each code point; a byte that is not UTF-8
// comes alone, with code 0, so that it is kept as it is.
template <typename Visit>
void for_each_code_point(std::string_view text, Visit visit) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t start = i;
        char32_t code = 0;
        if (!decode_utf8(text, i, code)) {
            code = 0;
            ++i;
        }
        visit(code, text.substr(start, i - start));
    }
}

}  // namespace

std::string spelling_key(std::string_view text) {
    std::string key;
    for_each_code_point(text, [&](char32_t code, std::string_view bytes) {
        if (code >= 'A' && code <= 'Z') {
            key += static_cast<char>(code - 'A' + 'a');
        } else if (is_latin_letter(code)) {
            const char mark = latin_marks[code - latin_first];
            if (mark == '.') {
                append_utf8(key, latin_lower(code));
            } else {
                key += latin_bases[code - latin_first];
                append_utf8(key, combining_mark(mark));
            }
        } else {
            key += bytes;
        }
    });
    return key;
}

std::string fold_accents(std::string_view text) {
    std::string folded;
    for_each_code_point(text, [&](char32_t code, std::string_view bytes) {
        if (code >= 'A' && code <= 'Z') {
            folded += static_cast<char>(code - 'A' + 'a');
        } else if (is_latin_letter(code)) {
            const char base = latin_bases[code - latin_first];
            if (base == '2')
                folded += two_letters(code);
            else
                folded += base;
        } else if (!is_combining_mark(code)) {
            folded += bytes;
        }
    });
    return folded;
}

namespace {

bool parts_words(char c) { return c == ' ' || c == '-'; }

// `fits(word, typed, how)` for the name itself or, for `word` and
// `word_prefix`, for one of its words: from each start of a word, the rest
// of the name (a prefix) or that word alone (whole).
template <typename Fits>
bool fits_some_word(std::string_view name, std::string_view typed, NameMatch how, Fits fits) {
    if (how == NameMatch::whole || how == NameMatch::prefix) return fits(name, typed, how);
    const NameMatch each = how == NameMatch::word ? NameMatch::whole : NameMatch::prefix;
    for (std::size_t start = 0; start < name.size();) {
        std::size_t end = start;
        while (end < name.size() && !parts_words(name[end])) ++end;
        const std::string_view word =
            each == NameMatch::whole ? name.substr(start, end - start) : name.substr(start);
        if (end > start && fits(word, typed, each)) return true;
        start = end + 1;
    }
    return false;
}

// `key` fits `typed` (both keys): the same, or starting with it at a whole
// character ("zoe" is not the start of Zoé's "zoe" + U+0301).
bool fits_key(std::string_view key, std::string_view typed, NameMatch how) {
    if (how == NameMatch::whole) return key == typed;
    if (typed.empty()) return true;
    if (key.substr(0, typed.size()) != typed) return false;
    std::size_t next = typed.size();
    char32_t code = 0;
    return next == key.size() || !decode_utf8(key, next, code) || !is_combining_mark(code);
}

bool fits(std::string_view key, std::string_view typed, NameMatch how) {
    return fits_some_word(key, typed, how, fits_key);
}

}  // namespace

namespace {

bool is_ascii(std::string_view text) {
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// `name` fits `typed`, both ASCII: compared in lower case, a byte at a time.
bool fits_ascii_name(std::string_view name, std::string_view typed, NameMatch how) {
    if (how == NameMatch::whole ? name.size() != typed.size() : name.size() < typed.size())
        return false;
    for (std::size_t i = 0; i < typed.size(); ++i)
        if (lower(name[i]) != lower(typed[i])) return false;
    return true;
}

bool fits_ascii(std::string_view name, std::string_view typed, NameMatch how) {
    return fits_some_word(name, typed, how, fits_ascii_name);
}

}  // namespace

std::vector<std::size_t> match_names(const std::vector<std::string_view>& names,
                                     std::string_view typed, NameMatch how) {
    // ASCII text and names, the usual table: both keys of ASCII text are its
    // lower case, so the same answer comes without making either (a save's
    // loader asks for every name it reads).
    if (is_ascii(typed) && std::all_of(names.begin(), names.end(), is_ascii)) {
        std::vector<std::size_t> found;
        for (std::size_t i = 0; i < names.size(); ++i)
            if (fits_ascii(names[i], typed, how)) found.push_back(i);
        return found;
    }
    const std::string spelt = spelling_key(typed), letters = fold_accents(typed);
    std::vector<std::size_t> by_spelling, by_letters;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (fits(spelling_key(names[i]), spelt, how)) by_spelling.push_back(i);
        if (fits(fold_accents(names[i]), letters, how)) by_letters.push_back(i);
    }
    return by_spelling.empty() ? by_letters : by_spelling;
}

std::string common_start(const std::vector<std::string>& names) {
    if (names.empty()) return {};
    std::vector<std::string> keys;
    for (const auto& name : names) keys.push_back(spelling_key(name));
    auto shared = [&](std::string_view start) {
        const std::string key = spelling_key(start);
        return std::all_of(keys.begin(), keys.end(), [&](const std::string& name_key) {
            return fits(name_key, key, NameMatch::prefix);
        });
    };
    // Shorten a character at a time until every name starts with it.
    std::string_view common = names.front();
    while (!shared(common)) {
        std::size_t end = common.size() - 1;
        while (end > 0 && (static_cast<unsigned char>(common[end]) & 0xC0) == 0x80) --end;
        common = common.substr(0, end);
    }
    return std::string{common};
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
    const std::string_view best = closest(typed, candidates);
    return best.empty() ? std::string{} : fmt::format(" (did you mean \"{}\"?)", best);
}

std::string_view closest(std::string_view typed, const std::vector<std::string_view>& candidates) {
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
    return best;
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

bool is_language_code(std::string_view code) {
    auto is_alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    auto is_alnum = [&](char c) { return is_alpha(c) || (c >= '0' && c <= '9'); };
    const std::size_t dash = std::min(code.find('-'), code.size());
    if (dash < 2 || dash > 3 || !std::all_of(code.begin(), code.begin() + dash, is_alpha))
        return false;
    for (std::size_t start = dash; start < code.size();) {
        const std::size_t end = std::min(code.find('-', start + 1), code.size());
        const std::size_t length = end - start - 1;
        if (length < 1 || length > 8 ||
            !std::all_of(code.begin() + start + 1, code.begin() + end, is_alnum))
            return false;
        start = end;
    }
    return true;
}

}  // namespace coyel
