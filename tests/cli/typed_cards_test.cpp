// The cards typed on the command line (--roles, --deck, balance's --deck and
// --cards): a typo within reach of one card is taken as that card and said
// so; anything else is refused whole in the game's language.
#include "process.hpp"

using namespace coyel::test;

namespace {
const std::string narrow = "\u202f";
// Nine players, the game saved in a folder of its own (it starts, and ends
// with the input).
std::string nine() {
    return "--players Ana,Ben,Cleo,Dan,Eve,Finn,Gus,Hana,Ivo --save " + temporary_folder() +
           "/x.json";
}
}  // namespace

TEST_CASE("a card's typo on the command line is taken as its nearest card, and said so") {
    const auto roles = run_coyel("new --lang fr " + nine() + " --roles Ana=emmission </dev/null");
    INFO(roles.out);
    CHECK(roles.out.find("«" + narrow + "emmission" + narrow + "» compris comme «" + narrow +
                         "Émission de carbone" + narrow + "».") != std::string::npos);
    CHECK(roles.out.find("Jeu pour 9 joueurs" + narrow + ": émission de carbone, 8 citoyens.") !=
          std::string::npos);

    const auto deck = run_coyel("new --lang fr " + nine() + " --deck emmission=2,ONG </dev/null");
    INFO(deck.out);
    CHECK(deck.out.find("«" + narrow + "emmission" + narrow + "» compris comme") !=
          std::string::npos);
    CHECK(deck.out.find("Jeu pour 9 joueurs" + narrow +
                        ": 2 émissions de carbone, ONG, 6 citoyens.") != std::string::npos);
    CHECK(deck.out.find("unknown") == std::string::npos);

    const auto english = run_coyel("new --lang en " + nine() + " --deck carbon=2,bankr </dev/null");
    CHECK(english.out.find("\"bankr\" read as \"Bank CEO\".") != std::string::npos);

    const auto lab =
        run_coyel("balance --lang fr --players 9 --deck emmission=2,banqier --games 10");
    INFO(lab.out);
    CHECK(lab.exit_code == 0);
    CHECK(lab.out.find("«" + narrow + "banqier" + narrow + "» compris comme «" + narrow +
                       "Banquier" + narrow + "».") != std::string::npos);
    CHECK(lab.out.find("2 émissions de carbone, banquier, 6 citoyens") != std::string::npos);
}

TEST_CASE("a card that is no card's typo is refused whole in French, the cards listed") {
    const auto deck = run_coyel("new --lang fr " + nine() + " --deck carbone=2,zzz </dev/null");
    CHECK(deck.exit_code == 2);
    CHECK(deck.out == "--deck" + narrow + ": rôle inconnu «" + narrow + "zzz" + narrow +
                          "» (citoyen, fragile, carbone, ONG, PDG, banquier).\n");
    const auto count = run_coyel("new --lang fr " + nine() + " --deck carbone=deux </dev/null");
    CHECK(count.out == "--deck" + narrow + ": «" + narrow + "carbone=deux" + narrow +
                           "» demande un nombre, comme dans carbone=2.\n");
    const auto lab = run_coyel("balance --lang fr --players 9 --deck carbone=2,zzz");
    CHECK(lab.out.find("rôle inconnu «" + narrow + "zzz") != std::string::npos);
    // The start of several cards is not a typo of one: refused, not guessed.
    const auto start = run_coyel("new --lang en " + nine() + " --roles Ana=c </dev/null");
    CHECK(start.out.starts_with("roles: unknown role \"c\""));
}
