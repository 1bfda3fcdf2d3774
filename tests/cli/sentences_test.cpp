// Every sentence the moderator reads or is told comes from the script: no
// string literal in the front end or the narration reads like one. Error
// messages start lower-case and may stay in code; the command line's own
// --help (CLI11 definitions) is documentation, kept beside the options.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct Literal {
    std::string text;
    std::size_t line;
    std::string statement;  // the code around it, to the statement's ends
};

// The string literals of a C++ file (plain and raw), with their statements.
std::vector<Literal> literals(const std::string& code) {
    std::vector<Literal> found;
    std::size_t line = 1;
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (c == '\n') ++line;
        if (c == '/' && i + 1 < code.size() && code[i + 1] == '/') {
            i = code.find('\n', i) - 1;  // a comment: to the end of the line
            continue;
        }
        if (c == '\'' && i > 0 && std::isalnum(static_cast<unsigned char>(code[i - 1])))
            continue;     // a digit separator (1'000), or an apostrophe in a block comment
        if (c == '\'') {  // a character literal: skip it whole
            i = code.find('\'', i + (code[i + 1] == '\\' ? 3 : 2));
            if (i == std::string::npos) break;
            continue;
        }
        if (c != '"') continue;
        std::string text;
        if (i > 0 && code[i - 1] == 'R') {  // R"delim( ... )delim"
            const auto open = code.find('(', i);
            const std::string end = ")" + code.substr(i + 1, open - i - 1) + "\"";
            const auto close = code.find(end, open);
            text = code.substr(open + 1, close - open - 1);
            i = close + end.size() - 1;
        } else {
            std::size_t j = i + 1;
            for (; j < code.size() && code[j] != '"'; ++j) {
                if (code[j] == '\\') ++j;
                text += code[j];
            }
            i = j;
        }
        const auto start = code.find_last_of(";}", i - text.size());
        const auto stop = code.find(';', i);
        found.push_back({text, line, code.substr(start + 1, stop - start)});
    }
    return found;
}

// Starts with a capital letter and has at least three words: a sentence.
bool reads_like_a_sentence(const std::string& text) {
    const auto first = text.find_first_not_of(" \n");
    if (first == std::string::npos || !std::isupper(static_cast<unsigned char>(text[first])))
        return false;
    int words = 0;  // space-separated, each with a letter
    std::istringstream tokens(text);
    for (std::string token; tokens >> token;)
        words += std::any_of(token.begin(), token.end(),
                             [](unsigned char c) { return std::isalpha(c) != 0; });
    return words >= 3;
}

bool is_command_line_help(const std::string& statement) {
    for (const char* call :
         {"add_option", "add_flag", "set_version_flag", "add_subcommand", "footer", "CLI::App app"})
        if (statement.find(call) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("the lexer finds sentences: a planted one is caught") {
    const auto found =
        literals("void f() { say(\"Clock paused at noon.\"); refuse(\"not now\"); }");
    REQUIRE(found.size() == 2);
    CHECK(reads_like_a_sentence(found[0].text));
    CHECK_FALSE(reads_like_a_sentence(found[1].text));
    CHECK(is_command_line_help(
        literals("x->add_option(\"--seed\", s, \"Seed of the deal\");")[1].statement));
}

TEST_CASE("no moderator sentence in a string literal of the front end or the narration") {
    std::vector<std::string> sentences;
    for (const char* folder : {"src/cli", "src/narration"}) {
        for (const auto& entry :
             fs::recursive_directory_iterator(fs::path(COYEL_SOURCE) / folder)) {
            if (entry.path().extension() != ".cpp") continue;
            std::ifstream in(entry.path());
            std::stringstream code;
            code << in.rdbuf();
            for (const auto& literal : literals(code.str()))
                if (reads_like_a_sentence(literal.text) && !is_command_line_help(literal.statement))
                    sentences.push_back(entry.path().filename().string() + ":" +
                                        std::to_string(literal.line) + ": " + literal.text);
        }
    }
    for (const auto& sentence : sentences) UNSCOPED_INFO(sentence);
    CHECK(sentences.empty());
}
