// The files the commands write beside the saves, on an in-memory disk
// (tests/fakes/memory_disk.hpp): the page of `replay --html`, the saves of
// `balance --save-games`, of `new` and `resume`, and the voice's log
// (--speak-log). A disk that is full or a folder that is missing gives one
// clear line and leaves no half file; the save itself is never written over.
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../fakes/fake_clock.hpp"
#include "../fakes/memory_disk.hpp"
#include "../helpers.hpp"
#include "commands/commands.hpp"
#include "coyel/save.hpp"
#include "languages.hpp"
#include "printed.hpp"
#include "repl/play.hpp"
#include "script.hpp"
#include "speaker.hpp"

using namespace coyel;
using namespace coyel::cli;
using namespace coyel::test;

namespace command_files {

// Standard input reads `text` (then ends) from construction to destruction.
class TypedIn {
  public:
    explicit TypedIn(const std::string& text) {
        (void)::write(fd_, text.data(), text.size());
        ::lseek(fd_, 0, SEEK_SET);
        std::fflush(stdin);  // nothing read before is left in its buffer
        ::dup2(fd_, STDIN_FILENO);
        std::clearerr(stdin);
    }
    TypedIn(const TypedIn&) = delete;
    TypedIn& operator=(const TypedIn&) = delete;
    ~TypedIn() {
        std::fflush(stdin);  // nothing typed is left for the next reader
        ::dup2(saved_, STDIN_FILENO);
        std::clearerr(stdin);
        for (int fd : {fd_, saved_}) ::close(fd);
    }

  private:
    int saved_ = ::dup(STDIN_FILENO);
    int fd_ = ::memfd_create("in", 0);
};

// A finished game's save in "games/friday.json", and `replay --html PAGE` of it.
ReplayOptions replay_of_friday(MemoryDisk& disk, const std::string& page) {
    disk.put("games/friday.json", read_file(COYEL_DATA "/samples/ecosystems-win.json"));
    ReplayOptions given;
    given.path = "games/friday.json";
    given.html = page;
    return given;
}

}  // namespace command_files

TEST_CASE("replay --html writes the page whole on the disk, and says where") {
    MemoryDisk disk;
    disk.add_folder("pages");
    const ReplayOptions given = command_files::replay_of_friday(disk, "pages/friday.html");
    const auto said = ran([&] { return run_replay(given, disk); });
    CHECK(said.code == 0);
    CHECK(said.err.empty());
    CHECK(said.out.find("pages/friday.html") != std::string::npos);
    const auto page = disk.text_of("pages/friday.html");
    REQUIRE(page);
    CHECK(page->starts_with("<!DOCTYPE html>"));
    CHECK(disk.writes() == 1);
}

TEST_CASE("replay --markdown is titled by the save's file name, read on the disk") {
    MemoryDisk disk;
    ReplayOptions given = command_files::replay_of_friday(disk, "");
    given.markdown = true;
    const auto said = ran([&] { return run_replay(given, disk); });
    CHECK(said.code == 0);
    CHECK(said.out.starts_with("# "));
    CHECK(said.out.find("friday.json") < said.out.find('\n'));
    CHECK(said.out.find("games/") == std::string::npos);
    CHECK(disk.writes() == 0);
}

TEST_CASE("replay --html on a full disk: one clear line, and no page, not even half of one") {
    MemoryDisk disk;
    disk.add_folder("pages");
    disk.fill("pages");
    const ReplayOptions given = command_files::replay_of_friday(disk, "pages/friday.html");
    const auto said = ran([&] { return run_replay(given, disk); });
    CHECK(said.code == 1);
    CHECK(said.out.empty());
    CHECK(said.err == "cannot write pages/friday.html.tmp: No space left on device\n");
    for (const auto& path : disk.paths()) CHECK_FALSE(path.starts_with("pages/"));
}

TEST_CASE("replay --html into a missing folder, or over the save itself, is refused in a line") {
    MemoryDisk disk;
    {
        const ReplayOptions given = command_files::replay_of_friday(disk, "nowhere/friday.html");
        Printed printed;
        CHECK(run_replay(given, disk) == 1);
        CHECK(printed.take().err ==
              "cannot write nowhere/friday.html.tmp: No such file or directory\n");
    }
    const ReplayOptions given = command_files::replay_of_friday(disk, "games/friday.json");
    const auto save = disk.text_of("games/friday.json");
    Printed printed;
    CHECK(run_replay(given, disk) == 1);
    CHECK(printed.take().err ==
          "games/friday.json: that is the save itself: choose another file for the page\n");
    CHECK(disk.text_of("games/friday.json") == save);
    CHECK(disk.writes() == 0);
}

namespace command_files {
BalanceOptions three_saved_games(const std::string& folder) {
    BalanceOptions given;
    given.players = 9;
    given.games = 3;
    given.threads = 1;
    given.save_games = folder;
    return given;
}
}  // namespace command_files

TEST_CASE("balance --save-games makes its folder and writes each game as a save") {
    MemoryDisk disk;
    const auto said = ran(
        [&] { return run_balance(command_files::three_saved_games("lab/run"), epoch_time, disk); });
    CHECK(said.code == 0);
    CHECK(said.out.find("Saved 3 games in lab/run") != std::string::npos);
    for (const char* name : {"game-00001.json", "game-00002.json", "game-00003.json"}) {
        const auto text = disk.text_of(std::string{"lab/run/"} + name);
        REQUIRE(text);
        CHECK(load_game(*text, name).ok());
    }
    CHECK(disk.writes() == 3);
}

TEST_CASE(
    "balance --save-games on a full disk, over a file or a taken name: one line, no half save") {
    MemoryDisk disk;
    disk.add_folder("full");
    disk.fill("full");
    disk.put("plain", "not a folder");
    disk.put("taken/game-00002.json", "a save of last week");
    const std::pair<const char*, const char*> cases[] = {
        {"full", "balance: cannot write full/game-00001.json.tmp: No space left on device\n"},
        {"plain/run", "balance: --save-games: cannot make plain/run: Not a directory\n"},
        {"taken",
         "balance: taken/game-00002.json already exists: --save-games writes only new files\n"},
    };
    for (const auto& [folder, line] : cases) {
        INFO(folder);
        Printed printed;
        CHECK(run_balance(command_files::three_saved_games(folder), epoch_time, disk) == 2);
        CHECK(printed.take().err == line);
    }
    CHECK(disk.text_of("taken/game-00002.json") == "a save of last week");
    CHECK(disk.writes() == 0);
}

TEST_CASE("the voice's log in a missing folder: one line, and the game goes on without its voice") {
    MemoryDisk disk;
    FakeClock clock;
    SpeechLog log;
    Printed printed;
    const auto speaker = voice_for(SpeechFlags{false, "nowhere/voice.jsonl"},
                                   narration::english_script(), log, GameClock(0, clock), disk);
    CHECK(printed.take().err ==
          "The laptop cannot read aloud (cannot write nowhere/voice.jsonl: No such file or "
          "directory); the game goes on without its voice.\n");
    CHECK_FALSE(speaker);
    CHECK_FALSE(log);
    CHECK(disk.paths().empty());
}

namespace command_files {

// An environment variable set while this lives, then as it was.
class Setting {
  public:
    Setting(const char* name, const char* value) : name_(name) {
        if (const char* was = std::getenv(name)) was_ = was;
        ::setenv(name, value, 1);
    }
    Setting(const Setting&) = delete;
    Setting& operator=(const Setting&) = delete;
    ~Setting() {
        if (was_)
            ::setenv(name_, was_->c_str(), 1);
        else
            ::unsetenv(name_);
    }

  private:
    const char* name_;
    std::optional<std::string> was_;
};

// `new` for five players, Ana dealt the carbon emission, from a pipe.
NewOptions five_players(const std::string& save) {
    NewOptions given;
    given.players = "Ana,Ben,Cleo,Dan,Eve";
    given.roles = "Ana=carbon";
    given.save = save;
    given.language.lang = "en";
    return given;
}

}  // namespace command_files

TEST_CASE("new on a full disk: one clear line, the game kept elsewhere, no half file") {
    MemoryDisk disk;
    disk.add_folder("stick");
    disk.fill("stick");
    const command_files::Setting data_home("XDG_DATA_HOME", "/home/ana/data");
    FakeClock clock;
    command_files::TypedIn typed("Ana\nquit\n");
    const auto said =
        ran([&] { return run_new(command_files::five_players("stick/friday.json"), disk, clock); });
    CHECK(said.code == 1);  // the game is not in its own file
    CHECK(said.err ==
          "Could not save stick/friday.json: cannot write stick/friday.json.tmp: No space left on "
          "device. The game goes on in memory; each input tries the file again, and `save AS` "
          "writes it to another file.\n");
    const std::string rescued = "/home/ana/data/coyel/games/friday-rescued.json";
    CHECK(said.out.find("The whole game is in " + rescued) != std::string::npos);
    for (const auto& path : disk.paths()) CHECK_FALSE(path.starts_with("stick/"));
    REQUIRE(disk.text_of(rescued));
    const auto game = load_game(*disk.text_of(rescued), rescued);
    REQUIRE(game.ok());
    CHECK(game->log().size() == 1);  // Ana elected
}

TEST_CASE("a new game's file in the games folder is named for the clock's wall time") {
    MemoryDisk disk;
    const command_files::Setting data_home("XDG_DATA_HOME", "/home/ana/data");
    const auto pi_day =
        std::chrono::sys_days{std::chrono::year{2031} / 3 / 14} + std::chrono::hours{12};
    FakeClock clock(pi_day);
    command_files::TypedIn typed("quit\n");
    const auto said = ran([&] { return run_new(command_files::five_players(""), disk, clock); });
    CHECK(said.code == 0);
    const std::time_t at = std::chrono::system_clock::to_time_t(pi_day);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M",
                  std::localtime(&at));  // the name's local time
    const std::string path =
        std::string{"/home/ana/data/coyel/games/"} + stamp + "-ana-ben-cleo.json";
    INFO(said.out);
    REQUIRE(disk.text_of(path));
    CHECK(load_game(*disk.text_of(path), path).ok());
}

TEST_CASE("resume refuses a broken or a foreign file with its reason, and never writes it") {
    MemoryDisk disk;
    disk.put("games/broken.json", R"({"format": "coyel-heaven", "setup": {"players": ["Ana", )");
    disk.put("games/notes.json", R"({"shopping": ["bread", "eggs"]})");
    const std::pair<const char*, const char*> cases[] = {
        {"games/broken.json",
         "games/broken.json: not valid JSON: parse error at line 1, column 57: syntax error while "
         "parsing value - unexpected end of input; expected '[', '{', or a literal\n"},
        {"games/notes.json",
         "games/notes.json: not a coyel save (no \"format\": \"coyel-heaven\")\n"},
    };
    for (const auto& refused : cases) {
        const char* path = refused.first;  // a plain name: a lambda captures it (clang 14)
        const char* reason = refused.second;
        INFO(path);
        const auto before = disk.text_of(path);
        command_files::TypedIn typed("quit\n");
        const auto said = ran([&] {
            return run_resume(path, false, {}, {}, {"en", ""}, {}, disk);
        });
        CHECK(said.code == 1);
        CHECK(said.out.empty());
        CHECK(said.err == reason);
        CHECK(disk.text_of(path) == before);
    }
    CHECK(disk.writes() == 0);
    CHECK(disk.paths() ==
          std::vector<std::string>{"games/broken.json", "games/notes.json"});  // no lock left
}

TEST_CASE("a resumed game's voice log goes on after its lines, a new game's starts afresh") {
    MemoryDisk disk;
    FakeClock clock;
    const command_files::Setting frozen("COYEL_FROZEN_CLOCK", "1");  // the voice takes no time
    NewOptions given = command_files::five_players("friday.json");
    given.speech.log = "voice.jsonl";
    const std::string mayor =
        R"({"cut":false,"due_ms":0,"end_ms":0,"start_ms":0,"text":"Players, elect a mayor: you )"
        R"(have three minutes. The mayor's vote counts for two."})"
        "\n";
    {
        command_files::TypedIn typed("quit\n");
        CHECK(ran([&] { return run_new(given, disk, clock); }).code == 0);
        CHECK(disk.text_of("voice.jsonl") == mayor);
    }
    {  // after a crash, say: the call is read again, the first reading kept
        command_files::TypedIn typed("quit\n");
        CHECK(ran([&] {
                  return run_resume("friday.json", false, {}, given.speech, given.language, {},
                                    disk);
              }).code == 0);
        CHECK(disk.text_of("voice.jsonl") == mayor + "{\"resumed\":true}\n" + mayor);
    }
    given.save = "saturday.json";
    command_files::TypedIn typed("quit\n");
    CHECK(ran([&] { return run_new(given, disk, clock); }).code == 0);
    CHECK(disk.text_of("voice.jsonl") == mayor);
}

TEST_CASE("a voice log cut mid-line (a full disk) is resumed on a line of its own") {
    MemoryDisk disk;
    FakeClock clock;
    disk.put("voice.jsonl", R"({"cut":false,"due_ms":0,"end_ms":0,"start_ms":0,"te)");
    SpeechLog log;
    SpeechFlags resumed{false, "voice.jsonl"};
    resumed.resumed = true;
    const auto speaker =
        voice_for(resumed, narration::english_script(), log, GameClock(0, clock), disk);
    CHECK(disk.text_of("voice.jsonl") == R"({"cut":false,"due_ms":0,"end_ms":0,"start_ms":0,"te)"
                                         "\n{\"resumed\":true}\n");
}
