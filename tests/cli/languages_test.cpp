// French and English at the table: the language chosen, every French line
// free of English, the replays of the samples in French, and the script
// commands a group uses to write its own narration.
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "languages.hpp"
#include "transcripts.hpp"

using namespace coyel::test;
namespace fs = std::filesystem;

namespace {

const std::string sample = std::string(COYEL_DATA) + "/samples/ecosystems-win.json";

// The check line of a sample, with the language settings given (COYEL_LANG
// is set to "en" for the tests: `env -u` takes it away where asked).
std::string summary_with(const std::string& environment, const std::string& flags = "") {
    return run_shell("env " + environment + " " + COYEL_BINARY + " check " + flags + " " + sample +
                     " 2>&1")
        .out;
}

bool is_french(const std::string& summary) {
    return summary.find("8 joueurs") != std::string::npos;
}

// Lower-case runs of letters: "Don't tap Eve: the NGO" → {"don", "t", "tap", "eve", "the", "ngo"}.
std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    for (char c : text + " ") {
        if (std::isalpha(static_cast<unsigned char>(c))) {
            word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!word.empty()) {
            words.push_back(word);
            word.clear();
        }
    }
    return words;
}

// Every run of three words the English script writes, as "w1 w2 w3".
std::set<std::string> english_word_runs() {
    const auto& english = coyel::narration::english_script();
    std::set<std::string> runs;
    for (const auto& key : english.keys())
        for (const auto& text : english.literals(key)) {
            const auto words = words_of(text);
            for (std::size_t i = 0; i + 3 <= words.size(); ++i)
                runs.insert(words[i] + " " + words[i + 1] + " " + words[i + 2]);
        }
    return runs;
}

}  // namespace

TEST_CASE("the language: --lang, else COYEL_LANG, else LC_ALL, LC_MESSAGES, LANG, else English") {
    const std::string clean = "-u COYEL_LANG -u LC_ALL -u LC_MESSAGES -u LANG";
    CHECK(!is_french(summary_with(clean)));
    CHECK(is_french(summary_with(clean, "--lang fr")));
    CHECK(is_french(summary_with(clean + " LANG=fr_FR.UTF-8")));
    CHECK(is_french(summary_with(clean + " LANG=en_GB.UTF-8 LC_MESSAGES=fr_CA.UTF-8")));
    CHECK(!is_french(summary_with(clean + " LANG=fr_FR.UTF-8 LC_ALL=C")));
    CHECK(!is_french(summary_with(clean + " LANG=fr_FR.UTF-8 COYEL_LANG=en")));
    CHECK(is_french(summary_with(clean + " LANG=en_US.UTF-8 COYEL_LANG=fr")));
    CHECK(!is_french(summary_with(clean + " COYEL_LANG=fr", "--lang en")));
    CHECK(!is_french(summary_with(clean + " LANG=de_DE.UTF-8")));  // no German: English
}

TEST_CASE("an unknown language is refused on the command line, told in COYEL_LANG") {
    auto refused = run_coyel("check --lang de " + sample);
    CHECK(refused.exit_code == 2);
    CHECK(refused.out ==
          "--lang de: coyel speaks en, fr; --script FILE narrates in a language of your own\n");
    auto told =
        run_shell("COYEL_LANG=xx " + std::string(COYEL_BINARY) + " check " + sample + " 2>&1");
    CHECK(told.exit_code == 0);
    CHECK(
        told.out.starts_with("coyel: COYEL_LANG=xx: no such language (coyel speaks en, fr): "
                             "English\nok: "));
}

TEST_CASE("a French game shows no English sentence of the script") {
    // Every French transcript played again, its refusals (standard error,
    // which may stay English) left out: a whole game, undo everywhere, the
    // deals, and the replays of every sample.
    const auto english = english_word_runs();
    REQUIRE(english.size() > 500);
    int transcripts = 0;
    for (const auto& entry : fs::directory_iterator(COYEL_TEST_DATA "/transcripts")) {
        const fs::path base = fs::path(entry.path()).replace_extension();
        if (entry.path().extension() != ".args" || !base.string().ends_with("_fr")) continue;
        ++transcripts;
        const auto words = words_of(play_transcript(base, false));
        for (std::size_t i = 0; i + 3 <= words.size(); ++i) {
            const std::string run = words[i] + " " + words[i + 1] + " " + words[i + 2];
            INFO(base.filename().string() << ": \"" << run << "\"");
            CHECK(english.count(run) == 0);
        }
    }
    CHECK(transcripts >= 6);
}

// English words that no French line has cause to write (command names and
// option ids such as undo or ngo_repeat are coyel's words, not English ones).
const std::set<std::string> english_function_words = {
    "the",     "is",    "are",  "was",    "be",      "been",   "must",    "could",  "cannot",
    "did",     "you",   "your", "mean",   "answer",  "seat",   "seats",   "nobody", "called",
    "another", "of",    "and",  "to",     "with",    "this",   "that",    "for",    "there",
    "has",     "have",  "out",  "player", "players", "only",   "already", "may",    "its",
    "their",   "they",  "them", "what",   "which",   "when",   "by",      "at",     "it",
    "in",      "not",   "no",   "any",    "after",   "before", "again",   "every",  "nothing",
    "here",    "first", "next", "last",   "while",   "who",    "whose",   "than",   "from"};

// `line` without the moderator's own words: what follows a prompt (the answer
// typed), a note's text, and file names ("slapp-and-revival.json").
std::string own_words_left_out(std::string line) {
    if (const auto prompt = line.find("> "); prompt != std::string::npos) line.resize(prompt);
    if (const auto note = line.find("Note\u202f:"); note != std::string::npos) line.resize(note);
    std::string kept;
    for (const auto& token : split(line, " "))
        if (token.find(".json") == std::string::npos && token.find('/') == std::string::npos)
            kept += token + " ";
    return kept;
}

TEST_CASE("a French game's every line, refusals included, has no English word") {
    // refusals_fr is full_game_fr with commands that cannot run yet (undo,
    // heat, note, pause, an unknown /command), an unknown name, a carbon
    // emission as the carbon's target, a seat that does not exist and an
    // unknown gesture planted before the real answers. Every other French
    // transcript too, standard error kept in its place.
    int transcripts = 0;
    for (const auto& entry : fs::directory_iterator(COYEL_TEST_DATA "/transcripts")) {
        const fs::path base = fs::path(entry.path()).replace_extension();
        if (entry.path().extension() != ".args" || !base.string().ends_with("_fr")) continue;
        ++transcripts;
        // Its file errors (replay_fr opens a file that is no save) may stay English.
        const bool refusals = base.filename() != "replay_fr";
        for (const auto& line : split(play_transcript(base, refusals), "\n")) {
            if (line.starts_with("$ coyel")) continue;  // the command typed
            for (const auto& word : words_of(own_words_left_out(line))) {
                INFO(base.filename().string() << ": " << line);
                CHECK(english_function_words.count(word) == 0);
            }
        }
    }
    CHECK(transcripts >= 8);
    const std::string transcript = play_transcript(COYEL_TEST_DATA "/transcripts/refusals_fr");
    CHECK(transcript.find("aucun joueur ne s’appelle «\u202fZorglub\u202f»") != std::string::npos);
    CHECK(transcript.find("Gus est une émission de carbone") != std::string::npos);
    CHECK(transcript.find("il n’y a pas de place 9 (places 1 à 8)") != std::string::npos);
    CHECK(transcript.find("rien à annuler") != std::string::npos);
}

TEST_CASE("the replay of each sample in French, as text, Markdown and HTML, is golden") {
    const std::string folder = temporary_folder();
    for (const char* name : {"ecosystems-win", "slapp-and-revival", "temperature-loss"}) {
        const std::string save = std::string(COYEL_DATA) + "/samples/" + name + ".json";
        const std::string golden = std::string(COYEL_TEST_DATA) + "/golden/fr/" + name;
        const std::string page = folder + "/" + name + ".html";
        auto text = run_coyel("replay --lang fr " + save);
        auto markdown = run_coyel("replay --lang fr --markdown " + save);
        auto html = run_coyel("replay --lang fr --html " + page + " " + save);
        REQUIRE(text.exit_code == 0);
        REQUIRE(markdown.exit_code == 0);
        REQUIRE(html.exit_code == 0);
        const std::pair<std::string, std::string> outputs[] = {
            {".txt", text.out}, {".md", markdown.out}, {".html", read_file(page)}};
        for (const auto& [extension, actual] : outputs) {
            // The data folder's place differs between checkouts.
            std::string shown = actual;
            for (auto at = shown.find(COYEL_DATA); at != std::string::npos;
                 at = shown.find(COYEL_DATA))
                shown.replace(at, std::string(COYEL_DATA).size(), "DATA");
            if (std::getenv("COYEL_UPDATE_GOLDEN")) std::ofstream(golden + extension) << shown;
            INFO(name << extension);
            CHECK(shown == read_file(golden + extension));
        }
    }
    fs::remove_all(folder);
}

TEST_CASE("coyel script check passes on both built-in scripts and names each problem") {
    auto good =
        run_coyel("script check " COYEL_DATA "/script/en.json " COYEL_DATA "/script/fr.json");
    CHECK(good.exit_code == 0);
    const auto lines = coyel::narration::english_script().keys().size();
    CHECK(good.out.find(fmt::format(": ok: {} lines in en\n", lines)) != std::string::npos);
    CHECK(good.out.find(fmt::format(": ok: {} lines in fr\n", lines)) != std::string::npos);

    const std::string folder = temporary_folder();
    std::ofstream(folder + "/broken.json") << R"({"language": "fr", "lines": {
        "phase.night": "Nuit {tour}",
        "stats.length": "{rounds, plural, one {# manche} other {# manches}, {clock}",
        "words.nobody": "personne"}})";
    auto broken = run_coyel("script check " + folder + "/broken.json");
    CHECK(broken.exit_code == 1);
    const std::string file = folder + "/broken.json";
    CHECK(broken.out.starts_with(
        file + ": phase.night: unknown placeholder {tour} (the line takes {round})\n" + file +
        ": stats.length: expected a branch key at character 50\n" + file +
        ": answer.back: missing\n"));
    CHECK(run_coyel("script check " + folder + "/none.json").exit_code == 1);
    fs::remove_all(folder);
}

TEST_CASE("coyel script show prints a built-in script as shipped") {
    auto french = run_coyel("script show fr", false);
    CHECK(french.exit_code == 0);
    CHECK(french.out == read_file(COYEL_DATA "/script/fr.json"));
    auto none = run_coyel("script show de");
    CHECK(none.exit_code == 2);
    CHECK(none.out == "no built-in script for de: coyel has en, fr\n");
}

TEST_CASE("a group's own script file (--script) narrates a game, the rest from the built-in") {
    const std::string folder = temporary_folder();
    std::ofstream(folder + "/space.json")
        << R"({"language": "en", "lines": {"call.first_mayor.aloud": "Crew, elect a captain."}})";
    std::ofstream(folder + "/input") << "Ana\n";
    auto game = run_shell("cd " + folder + " && " + COYEL_BINARY +
                          " new --script space.json --players Ana,Ben,Cleo,Dan,Eve --roles "
                          "Ana=carbon --mode manual --save g.json < input 2>&1");
    CHECK(game.exit_code == 0);
    CHECK(game.out.find("“Crew, elect a captain.”") != std::string::npos);
    CHECK(game.out.find("mayor election") != std::string::npos);  // the rest: built-in English
    auto broken = run_shell("cd " + folder + " && echo '{' > bad.json && " + COYEL_BINARY +
                            " new --script bad.json --players Ana,Ben,Cleo,Dan,Eve 2>&1");
    CHECK(broken.exit_code == 2);
    CHECK(broken.out.starts_with("bad.json: not valid JSON"));
    fs::remove_all(folder);
}
