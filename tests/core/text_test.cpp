// Names as people type them: case and accents set aside where that is safe.
#include "coyel/text.hpp"

#include <catch2/catch.hpp>

#include "coyel/rng.hpp"
#include "coyel/setup.hpp"

using namespace coyel;

namespace {
std::vector<std::size_t> match(std::initializer_list<std::string_view> names,
                               std::string_view typed, NameMatch how) {
    return match_names(std::vector<std::string_view>(names), typed, how);
}
using Indices = std::vector<std::size_t>;
}  // namespace

TEST_CASE("folding sets case and accents aside, Latin-1 and Latin Extended-A") {
    CHECK(fold_accents("Émile") == "emile");
    CHECK(fold_accents("ZOË") == "zoe");
    CHECK(fold_accents("Pía") == "pia");
    CHECK(fold_accents("Œdipe Ærø") == "oedipe aero");
    CHECK(fold_accents("Łukasz Śnieżka") == "lukasz sniezka");
    CHECK(fold_accents("Čapek Dvořák Ŷ Ÿ ĳ Þór Straße") == "capek dvorak y y ij thor strasse");
    CHECK(fold_accents("Ångström Ñuñez Çelik Đorđe Ħal") == "angstrom nunez celik dorde hal");
}

TEST_CASE("folding drops combining marks and keeps everything else") {
    CHECK(fold_accents("Zoe\xCC\x81") == "zoe");  // e + U+0301
    CHECK(fold_accents("A\xCC\x8A"
                       "sa") == "asa");  // A + U+030A ring
    CHECK(fold_accents("S\xCC\xA6"
                       "erban") == "serban");               // S + U+0326 comma below
    CHECK(fold_accents("Σοφία 42 × ÷") == "Σοφία 42 × ÷");  // other scripts as they are
    CHECK(fold_accents("bad\xff") == "bad\xff");            // broken UTF-8 kept, not lost
}

TEST_CASE("folding gives plain lower-case ASCII for every Latin letter") {
    for (char32_t code = 0xC0; code <= 0x17F; ++code) {
        if (code == 0xD7 || code == 0xF7) continue;  // × and ÷
        std::string utf8{static_cast<char>(0xC0 | (code >> 6)),
                         static_cast<char>(0x80 | (code & 0x3F))};
        const std::string folded = fold_accents(utf8);
        INFO("U+" << std::hex << static_cast<unsigned>(code));
        CHECK((folded.size() == 1 || folded.size() == 2));
        for (char c : folded) CHECK((c >= 'a' && c <= 'z'));
    }
}

TEST_CASE("the spelling key ignores case, not accents, and not how accents are encoded") {
    CHECK(spelling_key("ÉMILE") == spelling_key("émile"));
    CHECK(spelling_key("Émile") == spelling_key("E\xCC\x81mile"));  // decomposed
    CHECK(spelling_key("Émile") != spelling_key("Emile"));
    CHECK(spelling_key("Ł") != spelling_key("L"));
    CHECK(spelling_key("ÀÉÎÕÜÅÇÑÝ") == spelling_key("àéîõüåçñý"));
    CHECK(spelling_key("ÆØÞÐ") == spelling_key("æøþð"));
    CHECK(spelling_key("ĄĆĘŁŃÓŚŹŻ") == spelling_key("ąćęłńóśźż"));
    CHECK(spelling_key("ČŠŽŘĎŤŇĚŮ") == spelling_key("čšžřďťňěů"));
    CHECK(spelling_key("ŐŰĲŒŊĦĐŦĿŸĹĽ") == spelling_key("őűĳœŋħđŧŀÿĺľ"));
}

TEST_CASE("a whole name: its own spelling wins, else accents left out must name one") {
    CHECK(match({"Ana", "Émile", "Zoé"}, "emile", NameMatch::whole) == Indices{1});
    CHECK(match({"Ana", "Émile", "Zoé"}, "ZOE", NameMatch::whole) == Indices{2});
    CHECK(match({"Ana", "Pía"}, "pia", NameMatch::whole) == Indices{1});
    CHECK(match({"Ana", "Pía"},
                "Pi\xCC\x81"
                "a",
                NameMatch::whole) == Indices{1});
    // Zoe and Zoé both playing: each spelling is its own; ZOË could be either.
    CHECK(match({"Zoe", "Zoé"}, "zoe", NameMatch::whole) == Indices{0});
    CHECK(match({"Zoe", "Zoé"}, "ZOÉ", NameMatch::whole) == Indices{1});
    CHECK(match({"Zoe", "Zoé"}, "Zoe\xCC\x81", NameMatch::whole) == Indices{1});
    CHECK(match({"Zoe", "Zoé"}, "ZOË", NameMatch::whole) == Indices{0, 1});
    CHECK(match({"Zoe", "Zoé"}, "zo", NameMatch::whole).empty());
}

TEST_CASE("first letters fold the same way, at whole characters") {
    CHECK(match({"Ana", "Émile"}, "em", NameMatch::prefix) == Indices{1});
    CHECK(match({"Ana", "Pía"}, "pi", NameMatch::prefix) == Indices{1});
    CHECK(match({"Ana", "Pía"}, "pí", NameMatch::prefix) == Indices{1});
    CHECK(match({"Pía", "Pïa"}, "pi", NameMatch::prefix) == Indices{0, 1});
    CHECK(match({"Pia", "Pía"}, "pi", NameMatch::prefix) == Indices{0});
    CHECK(match({"Pia", "Pía"}, "PÍ", NameMatch::prefix) == Indices{1});
    // "zoe" spells the start of Zoey, not of Zoé (whose e carries an accent).
    CHECK(match({"Zoé", "Zoey"}, "zoe", NameMatch::prefix) == Indices{1});
    CHECK(match({"Zoé", "Zoey"}, "zo", NameMatch::prefix) == Indices{0, 1});
}

TEST_CASE("a name is found by any of its words, whole or by their first letters") {
    const std::initializer_list<std::string_view> table{"José Álvarez", "Jean-Pierre", "Alice"};
    CHECK(match(table, "alvarez", NameMatch::word) == Indices{0});
    CHECK(match(table, "ÁLVAREZ", NameMatch::word) == Indices{0});
    CHECK(match(table, "jose", NameMatch::word) == Indices{0});
    CHECK(match(table, "pierre", NameMatch::word) == Indices{1});
    CHECK(match(table, "alva", NameMatch::word).empty());  // a word whole, not its start
    CHECK(match(table, "alvarez", NameMatch::whole).empty());
    CHECK(match(table, "alvarez", NameMatch::prefix).empty());
    CHECK(match(table, "alv", NameMatch::word_prefix) == Indices{0});
    CHECK(match(table, "pi", NameMatch::word_prefix) == Indices{1});
    // As for whole names, the spelling typed wins: "al" is spelt as Alice's start.
    CHECK(match(table, "al", NameMatch::word_prefix) == Indices{2});
    CHECK(match(table, "ál", NameMatch::word_prefix) == Indices{0});
    CHECK(match(table, "jose al", NameMatch::word_prefix) == Indices{0});
    CHECK(match({"Ana Lopez", "Bo Lo"}, "lo", NameMatch::word_prefix) == Indices{0, 1});
    CHECK(match({"Ana Lopez", "Bo Lo"}, "lo", NameMatch::word) == Indices{1});
}

TEST_CASE("find_player folds accents unless two names collide") {
    const std::vector<std::string> players{"Ana", "Émile", "Zoe", "Zoé", "Pía"};
    CHECK(find_player(players, " EMILE ") == Seat{1});
    CHECK(find_player(players, "pia") == Seat{4});
    CHECK(find_player(players, "zoe") == Seat{2});
    CHECK(find_player(players, "zoé") == Seat{3});
    CHECK_FALSE(find_player(players, "zoë"));  // either: the caller says which
    CHECK_FALSE(find_player(players, "em"));   // first letters are not a name
}

TEST_CASE("the common start of names is in whole characters and the first's spelling") {
    CHECK(common_start({"Pía", "Píe"}) == "Pí");
    CHECK(common_start({"Pía", "pÍo"}) == "Pí");
    CHECK(common_start({"Zoé", "Zoë"}) == "Zo");  // not half of a two-byte letter
    CHECK(common_start({"Ana", "anton"}) == "An");
    CHECK(common_start({"Zoe\xCC\x81", "Zoe"}) == "Zo");  // e + U+0301 is not e
    CHECK(common_start({"Émile"}) == "Émile");
    CHECK(common_start({"Ana", "Ben"}).empty());
    CHECK(common_start({}).empty());
}

// ASCII names take a shortcut (no keys made): it must give what the keys give.
// A name in another script, which matches no ASCII text but the empty
// prefix, turns the shortcut off for the same lookup.
TEST_CASE("ASCII names match as their keys would, the shortcut and the full path alike") {
    SplitMix64 rng(7);
    auto word = [&](std::size_t most) {
        std::string text;
        for (std::size_t i = 1 + rng.below(most); i > 0; --i) {
            const char base = "abAB e-"[rng.below(7)];
            text += base;
        }
        return text;
    };
    int matched = 0;
    for (int round = 0; round < 3000; ++round) {
        std::vector<std::string> owned;
        for (std::size_t i = 2 + rng.below(5); i > 0; --i) owned.push_back(word(4));
        std::string typed = rng.below(2) ? owned[rng.below(owned.size())] : word(4);
        typed = typed.substr(0, rng.below(typed.size() + 1));
        for (char& c : typed)
            if (rng.below(3) == 0 && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        std::vector<std::string_view> names(owned.begin(), owned.end());
        for (NameMatch how :
             {NameMatch::whole, NameMatch::prefix, NameMatch::word, NameMatch::word_prefix}) {
            const Indices fast = match_names(names, typed, how);
            std::vector<std::string_view> with_greek = names;
            with_greek.push_back("Ωμέγα");
            Indices full = match_names(with_greek, typed, how);
            if (!full.empty() && full.back() == names.size()) full.pop_back();
            INFO("typed \"" << typed << "\"");
            CHECK(fast == full);
            matched += !fast.empty();
        }
    }
    CHECK(matched > 1000);  // the cases compared are mostly matches, not only misses
}
