// French and English at the table: the language chosen, every French line
// free of English, the replays of the samples in French, and the script
// commands a group uses to write its own narration.
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "languages.hpp"
#include "transcripts.hpp"

using namespace coyel::test;
namespace fs = std::filesystem;

namespace {

const std::string ecosystems_win_path = std::string(COYEL_DATA) + "/samples/ecosystems-win.json";

// The check line of a sample, with the language settings given (COYEL_LANG
// is set to "en" for the tests: `env -u` takes it away where asked).
std::string summary_with(const std::string& environment, const std::string& flags = "") {
    return run_shell("env " + environment + " " + COYEL_BINARY + " check " + flags + " " +
                     ecosystems_win_path + " 2>&1")
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
    for (const auto& key : english.keys()) {
        // --help's lines hold example command lines ("Ana,Ben,Cleo",
        // "carbon=2,ngo,ceo"), which a transcript echoes; no game says them.
        if (key.starts_with("help.")) continue;
        for (const auto& text : english.literals(key)) {
            const auto words = words_of(text);
            for (std::size_t i = 0; i + 3 <= words.size(); ++i)
                runs.insert(words[i] + " " + words[i + 1] + " " + words[i + 2]);
        }
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
    auto refused = run_coyel("check --lang de " + ecosystems_win_path);
    CHECK(refused.exit_code == 2);
    CHECK(refused.out ==
          "--lang de: coyel speaks en, fr; --script FILE narrates in a language of your own\n");
    auto told = run_shell("COYEL_LANG=xx " + std::string(COYEL_BINARY) + " check " +
                          ecosystems_win_path + " 2>&1");
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
    CHECK(transcript.find("Aucun joueur ne s’appelle «\u202fZorglub\u202f».") != std::string::npos);
    CHECK(transcript.find("Gus est une émission de carbone") != std::string::npos);
    CHECK(transcript.find("Il n’y a pas de place 9 (places 1 à 8)") != std::string::npos);
    CHECK(transcript.find("Rien à annuler.") != std::string::npos);
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

// French games whose players' names start with a vowel: the REPL (undone
// ballots included), replay as text, Markdown and HTML, and stats never write
// « de Inès », « que Amélie », « le Odile », « 2 carbones » or an ISO date in
// a sentence.

namespace {

// The samples' and the transcript's players, renamed: every vowel-initial
// sound French elides before (a vowel, an accented capital, a mute h, y
// before a consonant).
const std::vector<std::pair<std::string, std::string>> vowel_names = {
    {"Ana", "Amélie"}, {"Ben", "Éléonore"}, {"Cleo", "Inès"}, {"Dan", "Odile"},
    {"Eve", "Yves"},   {"Finn", "Hugo"},    {"Gus", "Anaïs"}, {"Hana", "Eugène"}};

// `text` with each name as a whole word replaced; `typed` also renames the
// lines a moderator typed ("hana", "B").
std::string renamed(std::string text, bool typed) {
    for (const auto& [from, to] : vowel_names) {
        text = std::regex_replace(text, std::regex("\\b" + from + "\\b"), to);
        if (!typed) continue;
        std::string lower = from;
        lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
        text = std::regex_replace(text, std::regex("(^|\n)" + lower + "\n"), "$1" + to + "\n");
    }
    return typed ? std::regex_replace(text, std::regex("(^|\n)B\n"), "$1Él\n") : text;
}

// A sample's save with vowel-initial players and a wall time on each entry.
std::string dated_sample(const std::string& name) {
    std::string save =
        renamed(read_file(std::string(COYEL_DATA) + "/samples/" + name + ".json"), false);
    return replace_all(save, "{\"do\":", "{\"wall\": \"2026-12-03T07:00:00Z\", \"do\":");
}

// What French would elide but the text does not: « de Inès », « que Amélie ».
std::vector<std::string> unelided(const std::string& text) {
    static const std::regex before_vowel(
        "(^|[^A-Za-zÀ-ÿ’'])((de|que|le|la|ce|ne|je|se|te|me) (Amélie|Éléonore|Inès|Odile|Yves|"
        "Hugo|Anaïs|Eugène|ONG|Écosystème|Émission|émission|écosystème))");
    std::vector<std::string> found;
    for (std::sregex_iterator it(text.begin(), text.end(), before_vowel), end; it != end; ++it)
        found.push_back((*it)[2]);
    return found;
}

// An ISO date ("2026-12-03") where the text is a sentence, not a save's JSON.
bool has_iso_date(const std::string& text) {
    return std::regex_search(text, std::regex("\\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\\b"));
}

void check_french(const std::string& what, const std::string& text) {
    INFO(what);
    CHECK(unelided(text).empty());
    CHECK(text.find("carbones") == std::string::npos);
    CHECK(text.find("ce joueur") == std::string::npos);
    CHECK_FALSE(has_iso_date(text));
}

}  // namespace

TEST_CASE("the checks of this test see « de Inès », « 2 carbones » and an ISO date") {
    CHECK(unelided("Annulé : le vote de Inès.") == std::vector<std::string>{"de Inès"});
    CHECK(unelided("la cible que Odile a choisie") == std::vector<std::string>{"que Odile"});
    CHECK(unelided("Annulé : le vote d’Inès, de Ben.").empty());
    CHECK(unelided("l’ONG et le PDG").empty());
    CHECK(has_iso_date("Jouée du 2026-12-03 07:00"));
    CHECK_FALSE(has_iso_date("Jouée du 3 décembre 2026 à 7 h 00"));
}

TEST_CASE("a French game of vowel-initial names elides, at the table and in its undos") {
    const std::string folder = temporary_folder();
    const std::string base = COYEL_TEST_DATA "/transcripts/undo_everywhere_fr";
    std::ofstream(folder + "/game.args") << renamed(read_file(base + ".args"), false);
    std::ofstream(folder + "/game.in") << renamed(read_file(base + ".in"), true);
    const std::string transcript = play_transcript(folder + "/game");
    CHECK(transcript.find("Annulé\u202f: le vote d’Amélie.") != std::string::npos);
    CHECK(transcript.find("Inès vote pour") != std::string::npos);
    check_french("the REPL", transcript);
    fs::remove_all(folder);
}

TEST_CASE("French replays and stats of dated vowel-initial games say dates in words") {
    const std::string folder = temporary_folder();
    for (const char* name : {"ecosystems-win", "slapp-and-revival", "temperature-loss"}) {
        const std::string save = folder + "/" + name + ".json";
        std::ofstream(save) << dated_sample(name);
        const auto text = run_coyel("replay --lang fr " + save);
        const auto markdown = run_coyel("replay --lang fr --markdown " + save);
        const auto html = run_coyel("replay --lang fr --html " + folder + "/page.html " + save);
        REQUIRE(text.exit_code == 0);
        REQUIRE(markdown.exit_code == 0);
        REQUIRE(html.exit_code == 0);
        INFO(name);
        CHECK(text.out.find("décembre 2026") != std::string::npos);
        check_french("replay", text.out);
        check_french("replay --markdown", markdown.out);
        check_french("replay --html", read_file(folder + "/page.html"));
        CHECK(read_file(folder + "/page.html").find("3 décembre 2026") != std::string::npos);
    }
    fs::remove(folder + "/page.html");
    const auto stats = run_coyel("stats --lang fr " + folder);
    REQUIRE(stats.exit_code == 0);
    CHECK(stats.out.find("3 décembre 2026 à") != std::string::npos);
    // Letters first, accents only to part equals: Éléonore before Eugène.
    CHECK(stats.out.find("Éléonore") < stats.out.find("Eugène"));
    check_french("stats", stats.out);
    fs::remove_all(folder);
}

// What a French moderator types: cards, modes and house rules in the script's
// words, the REPL's commands in French, a typo's nearest card, and a
// COYEL_LANG copied from LANG.

namespace {

// `coyel ARGUMENTS` in a fresh folder with `input` as standard input, the
// clock frozen; standard error joined.
Run french_play(const std::string& folder, const std::string& arguments, const std::string& input,
                const std::string& environment = "") {
    std::ofstream(folder + "/input") << input;
    return run_shell("cd " + folder + " && NO_COLOR=1 COYEL_FROZEN_CLOCK=1 " + environment + " " +
                     COYEL_BINARY + " " + arguments + " < input 2>&1");
}

bool french_has(const Run& run, const std::string& text) {
    return run.out.find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("new takes the deck, the mode and house rules in French words") {
    const std::string folder = temporary_folder();
    const auto run =
        french_play(folder,
                    "new --lang fr --seed 7 --players \"Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana\" "
                    "--deck carbone=2,ONG,PDG,banquier,fragile --mode nuit "
                    "--option égalité=second-tour --option abstention=non --save game.json",
                    "Ana\nquitter\n");
    INFO(run.out);
    CHECK(run.exit_code == 0);
    CHECK(french_has(run,
                     "Jeu pour 8 joueurs\u202f: 2 émissions de carbone, PDG, ONG, banquier, "
                     "écosystème fragile, 2 citoyens."));
    const std::string save = read_file(folder + "/game.json");
    CHECK(save.find("\"mode\":\"night\"") != std::string::npos);
    CHECK(save.find("\"tie\":\"revote\"") != std::string::npos);
    CHECK(save.find("\"abstain\":false") != std::string::npos);
    fs::remove_all(folder);
}

TEST_CASE("a misspelt card: taken as the nearest on the command line, asked again at a prompt") {
    const std::string folder = temporary_folder();
    const auto deck = french_play(
        folder, "new --lang fr --players \"Ana,Ben,Cleo,Dan,Eve\" --deck emmission", "");
    CHECK(french_has(deck, "«\u202femmission\u202f» compris comme «\u202fÉmission de carbone"));
    const auto manual = french_play(
        folder, "new --lang fr --players \"Ana,Ben,Cleo,Dan,Eve\" --manual --save g.json",
        "emmission\nquitter\n");
    CHECK(french_has(manual,
                     "Aucune carte ne s’appelle «\u202femmission\u202f» (vouliez-vous dire "
                     "«\u202fÉmission\u202f»\u202f?)"));
    fs::remove_all(folder);
}

TEST_CASE("balance --advise takes its cards in French words") {
    const auto run = run_coyel(
        "balance --players 7 --advise --cards ONG,PDG --games 200 --threads 1 "
        "--lang fr");
    INFO(run.out);
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("n’est pas une carte spéciale") == std::string::npos);
}

TEST_CASE("the REPL's commands in French: aide, annuler, quitter, at the end too") {
    const std::string folder = temporary_folder();
    const std::string players = "--players \"Ana,Ben,Cleo,Dan,Eve\" --roles Ana=carbone";
    const auto run = french_play(folder, "new --lang fr " + players + " --save game.json",
                                 "aide\nBen\nannuler\nquitter\n");
    INFO(run.out);
    CHECK(run.exit_code == 0);
    CHECK(french_has(run, "  aide "));
    CHECK(french_has(run, "  annuler "));
    CHECK(french_has(run, "Annulé\u202f: l’élection du maire (Ben)."));
    CHECK(french_has(run, "Enregistré dans game.json."));
    CHECK_FALSE(french_has(run, "aucun joueur"));
    CHECK_FALSE(french_has(run, "Aucun joueur"));
    // The end's prompt: the carbon emission voted out in a five-player game.
    const auto over = french_play(folder, "new --lang fr " + players + " --save over.json",
                                  "personne\nBen\nAna\nAna\nAna\nAna\nquitter\n");
    INFO(over.out);
    CHECK(french_has(over, "Les émissions de carbone ont cessé"));
    CHECK(over.exit_code == 0);
    CHECK_FALSE(french_has(over, "Aucun joueur ne s’appelle «\u202fquitter"));
    fs::remove_all(folder);
}

TEST_CASE("COYEL_LANG copied from LANG is French, as fr-FR is") {
    for (const char* value : {"fr_FR.UTF-8", "fr-FR", "fr"}) {
        INFO(value);
        const auto run = run_shell(std::string("COYEL_LANG=") + value + " " + COYEL_BINARY +
                                   " replay " + COYEL_DATA + "/samples/ecosystems-win.json 2>&1");
        CHECK(run.exit_code == 0);
        CHECK(run.out.find("no such language") == std::string::npos);
        CHECK(run.out.find("Tout le monde se réveille") != std::string::npos);
    }
}

TEST_CASE("new --help in the game's language: coyel --lang fr new --help, house rules too") {
    const auto french = run_coyel("--lang fr new --help");
    CHECK(french.exit_code == 0);
    CHECK(french.out.find("Lancer une partie\u202f: joueurs, cartes et règles maison") !=
          std::string::npos);
    CHECK(french.out.find("Règles maison (--option CLÉ=VALEUR)\u202f:") != std::string::npos);
    CHECK(french.out.find("  égalité ") != std::string::npos);
    CHECK(french.out.find("House rules") == std::string::npos);
    CHECK(run_coyel("new --lang fr --help").out == french.out);
    const auto english = run_shell("env -u COYEL_LANG LC_ALL=C " COYEL_BINARY " new --help");
    CHECK(english.out.find("House rules (--option KEY=VALUE):\n  temperature.mode") !=
          std::string::npos);
    // Before the command, --lang is the command's language; an unknown one is refused.
    const auto deal = run_shell("cd /tmp && COYEL_FROZEN_CLOCK=1 " COYEL_BINARY
                                " --lang fr new --players Ana,Ben,Cleo,Dan,Eve --save "
                                "/dev/null/x.json </dev/null 2>&1");
    CHECK(deal.out.find("Jeu pour 5 joueurs") != std::string::npos);
    CHECK(run_coyel("--lang xx new --help").exit_code != 0);
}

TEST_CASE("a house rule refused in French, a key in French taken") {
    const auto unknown =
        run_coyel("new --lang fr --players Ana,Ben,Cleo,Dan,Eve --option egalte=x");
    CHECK(unknown.out.find("Option inconnue «\u202fegalte\u202f».") != std::string::npos);
    const auto range =
        run_coyel("new --lang fr --players Ana,Ben,Cleo,Dan,Eve --option poursuites=100");
    CHECK(range.out.find("L’option poursuites prend un nombre entier de 0 à 99 (reçu 100).") !=
          std::string::npos);
}

TEST_CASE("a house rule's values refused in French are listed in French words") {
    const auto choice =
        run_coyel("new --lang fr --players Ana,Ben,Cleo,Dan,Eve --option égalité=pile");
    CHECK(choice.out.find("L’option égalité prend l’une de ces valeurs\u202f: aucun, second-tour "
                          "(reçu «\u202fpile\u202f»).") != std::string::npos);
    const auto mode = run_coyel("new --lang fr --players Ana,Ben,Cleo,Dan,Eve --mode jour");
    CHECK(mode.out.find("horloge, nuit, manuel") != std::string::npos);
    CHECK(mode.out.find("clock") == std::string::npos);
    const auto english = run_coyel("new --lang en --players Ana,Ben,Cleo,Dan,Eve --option tie=x");
    CHECK(english.out.find("option tie must be one of none, revote (got “x”)") !=
          std::string::npos);
}

TEST_CASE("check's verdict in French") {
    const auto french = run_coyel("check --lang fr " COYEL_DATA "/samples/ecosystems-win.json");
    CHECK(french.exit_code == 0);
    CHECK(french.out.starts_with("Partie valide\u202f: "));
    CHECK(french.out.ends_with(" au journal.\n"));
    const auto english = run_coyel("check --lang en " COYEL_DATA "/samples/ecosystems-win.json");
    CHECK(english.out.starts_with("ok: "));
}

namespace {

// The --help of coyel and of every command, in one text.
std::string every_help(const std::string& environment) {
    std::string all;
    for (const char* command :
         {"", "new", "resume", "status", "check", "replay", "script", "script check", "script show",
          "games", "stats", "display", "serve", "balance", "completion", "manpage"})
        all += run_shell(environment + " " COYEL_BINARY " " + command + " --help 2>&1").out;
    return all;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::string::size_type start = 0;
    for (auto end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    lines.push_back(text.substr(start));
    return lines;
}

// A one-word label ("TEXT") as a word, not inside another ("TEXTE").
bool has_word(const std::string& text, const std::string& word) {
    for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)); };
        const bool before = at > 0 && letter(text[at - 1]);
        const bool after = at + word.size() < text.size() && letter(text[at + word.size()]);
        if (!before && !after) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("every --help in French leaves no English line of the script's help") {
    const std::string french = every_help("env COYEL_LANG=fr");
    const auto& english = coyel::narration::english_script();
    const std::set<std::string> same_in_french = {"help.label.options", "help.label.options_group",
                                                  "help.option_values.slapp_uses"};
    int checked = 0;
    for (const auto& key : english.keys()) {
        // The man page's own lines: the next test.
        if (!key.starts_with("help.") || key.starts_with("help.man.")) continue;
        const std::string theirs = english.line(key);
        // The same words in both languages on purpose: a number range, "Options".
        if (same_in_french.contains(key)) continue;
        // Line by line: an example command (indented) may stay as it is.
        for (const auto& piece : lines_of(theirs)) {
            if (piece.size() < 3 || piece.starts_with("  ")) continue;
            INFO(key << ": " << piece);
            ++checked;
            if (piece.find(' ') == std::string::npos)
                CHECK_FALSE(has_word(french, piece));
            else
                CHECK(french.find(piece) == std::string::npos);
        }
    }
    CHECK(checked > 100);
    CHECK(french.find("Sous-commandes\u202f:") != std::string::npos);
    CHECK(french.find("--port ENTIER:ENTIER de 0 à 65535=8080") != std::string::npos);
}

TEST_CASE("the French man page: its sections, the prompt's commands and house rules in French") {
    const auto page = run_shell("env COYEL_LANG=en " COYEL_BINARY " --lang fr manpage").out;
    const auto& english = coyel::narration::english_script();
    for (const auto& key : english.keys()) {
        if (!key.starts_with("help.man.")) continue;
        // Sentences only: not roff requests (".TP", ".B COYEL_LANG"), a
        // path term ("\\fI$XDG_DATA_HOME…"), nor an example to copy.
        for (const auto& piece : lines_of(english.line(key))) {
            if (piece.size() < 12 || piece.starts_with(".") || piece.starts_with("\\fI") ||
                piece.starts_with("source ") || piece.starts_with("coyel "))
                continue;
            INFO(key << ": " << piece);
            CHECK(page.find(piece) == std::string::npos);
        }
    }
    for (const char* french_words :
         {".SH NOM\ncoyel \\- l’assistant du meneur", ".SH COMMANDES\n", ".SH COMMANDES EN JEU\n",
          ".SH RÈGLES MAISON\n", ".SH CODE DE RETOUR\n", "\\fBannuler\\fR\nannuler la dernière",
          "\\fBenregistrer\\fR \\fIFICHIER\\fR", "\\fBégalité\\fR=\\fIaucun | second\\-tour\\fR",
          "(répétable)", "Règles maison (\\-\\-option CLÉ=VALEUR)\u202f: voir RÈGLES MAISON."}) {
        INFO(french_words);
        CHECK(page.find(french_words) != std::string::npos);
    }
    CHECK(page.find("(repeatable)") == std::string::npos);
    CHECK(page.find("House rules") == std::string::npos);
}
