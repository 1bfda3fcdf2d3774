// `coyel resume FILE`: the game goes on exactly where it stopped.
#include <fmt/format.h>

#include "commands.hpp"
#include "line_reader.hpp"
#include "play.hpp"
#include "save_file.hpp"

namespace coyel::cli {

int run_resume(const std::string& path, bool clear) {
    auto lock = SaveLock::take(path);  // before reading: the holder may be writing
    if (!lock) {
        fmt::print(stderr, "{}\n", lock.error());
        return 1;
    }
    auto game = read_save_file(path);
    if (!game) {
        fmt::print(stderr, "{}\n", game.error());
        return 1;
    }
    auto reader = make_line_reader(stdin, stdout);
    return play(std::move(*game), path, *reader, std::move(*lock), clear);
}

}  // namespace coyel::cli
