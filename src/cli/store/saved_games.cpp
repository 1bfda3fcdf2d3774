#include "saved_games.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <system_error>

#include "coyel/text.hpp"
#include "save_file.hpp"

namespace coyel::cli {
namespace {

// Players named in a save's file name: enough to tell the evening's games apart.
constexpr std::size_t players_in_name = 3;

// "Émile O'Neil" -> "emile-o-neil": letters and digits, the rest as one dash.
std::string name_part(std::string_view name) {
    std::string part;
    for (char c : fold_accents(name)) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isalnum(byte) && byte < 0x80)
            part += static_cast<char>(std::tolower(byte));
        else if (!part.empty() && part.back() != '-')
            part += '-';
    }
    while (!part.empty() && part.back() == '-') part.pop_back();
    return part;
}

// The files of a folder that may be saves, sorted; an unreadable folder is
// reported to `skipped`.
std::vector<std::string> folder_files(const std::string& folder,
                                      const std::function<void(const std::string&)>& skipped,
                                      platform::Disk& disk) {
    std::vector<std::string> files;
    const platform::Listing listing = disk.list(folder);
    if (listing.error)
        skipped(fmt::format("{}: cannot read the folder: {}", folder,
                            std::generic_category().message(listing.error)));
    const std::string prefix = folder.ends_with('/') ? folder : folder + "/";
    for (const auto& entry : listing.entries) {
        if (entry.name.front() == '.' || entry.name.ends_with(".tmp") || entry.folder) continue;
        files.push_back(prefix + entry.name);
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::time_t last_played(const Game& game, const std::string& path, platform::Disk& disk) {
    const auto& log = game.log();
    for (auto entry = log.rbegin(); entry != log.rend(); ++entry)
        if (entry->wall)
            if (auto when = parse_wall(*entry->wall)) return *when;
    const auto info = disk.info(path);
    return info.kind == platform::FileInfo::Kind::missing
               ? 0
               : static_cast<std::time_t>(info.modified_ns / 1'000'000'000);
}

// Digits at `text[at..at+count)` as a number, or -1.
int digits(std::string_view text, std::size_t at, std::size_t count) {
    if (at + count > text.size()) return -1;
    int value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return -1;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

}  // namespace

Result<std::string> games_folder() {
    const char* data_home = std::getenv("XDG_DATA_HOME");
    if (data_home && data_home[0] == '/') return std::string{data_home} + "/coyel/games";
    const char* home = std::getenv("HOME");
    if (home && home[0] == '/') return std::string{home} + "/.local/share/coyel/games";
    return Error{"no games folder: set HOME or XDG_DATA_HOME to an absolute path, or use --save"};
}

Result<std::string> make_games_folder(platform::Disk& disk) {
    auto folder = games_folder();
    if (!folder) return folder;
    if (const int error = disk.make_folders(*folder))
        return Error{
            fmt::format("cannot create {}: {}", *folder, std::generic_category().message(error))};
    return folder;
}

namespace {

bool in_games_folder(const std::string& path, platform::Disk& disk) {
    const auto folder = games_folder();
    return folder && disk.same(platform::folder_of(path), *folder);
}

// `text` as one shell word: as it is when plainly safe, else in '...'.
std::string shell_word(const std::string& text) {
    const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) ||
               std::string_view{"._/-+:,@%"}.find(c) != std::string_view::npos;
    });
    if (plain) return text;
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string{"'\\''"} : std::string(1, c);
    return out + "'";
}

}  // namespace

std::string resume_command(const std::string& path, platform::Disk& disk) {
    return in_games_folder(path, disk) ? "coyel resume" : "coyel resume " + shell_word(path);
}

std::string new_game_path(const std::string& folder, const std::vector<std::string>& players,
                          std::time_t now, platform::Disk& disk) {
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M", std::localtime(&now));
    std::string base = folder + "/" + stamp;
    for (std::size_t seat = 0; seat < std::min(players.size(), players_in_name); ++seat)
        if (auto part = name_part(players[seat]); !part.empty()) base += "-" + part;
    std::string path = base + ".json";
    for (int copy = 2; disk.exists(path); ++copy) path = fmt::format("{}-{}.json", base, copy);
    return path;
}

std::optional<std::time_t> parse_wall(std::string_view wall) {
    // YYYY-MM-DDTHH:MM:SS, then optional fraction, then Z, ±HH:MM or nothing.
    if (wall.size() < 19 || wall[4] != '-' || wall[7] != '-' ||
        (wall[10] != 'T' && wall[10] != ' ') || wall[13] != ':' || wall[16] != ':')
        return std::nullopt;
    std::tm time{};
    time.tm_year = digits(wall, 0, 4) - 1900;
    time.tm_mon = digits(wall, 5, 2) - 1;
    time.tm_mday = digits(wall, 8, 2);
    time.tm_hour = digits(wall, 11, 2);
    time.tm_min = digits(wall, 14, 2);
    time.tm_sec = digits(wall, 17, 2);
    if (time.tm_year < 0 || time.tm_mon < 0 || time.tm_mon > 11 || time.tm_mday < 1 ||
        time.tm_mday > 31 || time.tm_hour < 0 || time.tm_hour > 23 || time.tm_min < 0 ||
        time.tm_min > 59 || time.tm_sec < 0 || time.tm_sec > 60)
        return std::nullopt;
    std::size_t at = 19;
    if (at < wall.size() && wall[at] == '.')
        for (++at; at < wall.size() && std::isdigit(static_cast<unsigned char>(wall[at]));) ++at;
    long offset = 0;
    if (at < wall.size() && (wall[at] == '+' || wall[at] == '-')) {
        const bool colon = wall.size() == at + 6 && wall[at + 3] == ':';
        if (!colon && wall.size() != at + 5) return std::nullopt;
        const int hours = digits(wall, at + 1, 2);
        const int minutes = digits(wall, at + (colon ? 4 : 3), 2);
        if (hours < 0 || minutes < 0) return std::nullopt;
        offset = (wall[at] == '+' ? 1 : -1) * (hours * 3600L + minutes * 60L);
    } else if (at < wall.size() && wall.substr(at) != "Z") {
        return std::nullopt;
    }
    return ::timegm(&time) - offset;
}

std::vector<ListedSave> read_saved_games(const std::vector<std::string>& paths,
                                         const std::function<void(const std::string&)>& skipped,
                                         platform::Disk& disk) {
    std::vector<ListedSave> games;
    for (const auto& given : paths) {
        const auto files = disk.info(given).kind == platform::FileInfo::Kind::folder
                               ? folder_files(given, skipped, disk)
                               : std::vector<std::string>{given};
        for (const auto& file : files) {
            auto saved = read_saved_game_on(disk, file);
            if (!saved) {
                skipped(saved.error());
                continue;
            }
            if (saved->live && !saved->live->moved_to.empty())
                continue;  // the game went on elsewhere
            const std::time_t when = last_played(saved->game, file, disk);
            games.push_back({file, std::move(saved->game), when,
                             saved->live ? saved->live->language : std::string{}});
        }
    }
    std::stable_sort(games.begin(), games.end(), [](const ListedSave& a, const ListedSave& b) {
        return a.when != b.when ? a.when > b.when : a.path < b.path;
    });
    return games;
}

Result<std::vector<ListedSave>> read_games_folder(
    std::string& folder, const std::function<void(const std::string&)>& skipped,
    platform::Disk& disk) {
    auto found = games_folder();
    if (!found) return found.failure();
    folder = *found;
    if (!disk.exists(folder)) return std::vector<ListedSave>{};
    return read_saved_games({folder}, skipped, disk);
}

void print_skipped(const std::string& reason) { fmt::print(stderr, "skipped: {}\n", reason); }

std::optional<PlayedSpan> played_span(const Game& game) {
    std::optional<PlayedSpan> span;
    for (const Action& entry : game.log()) {
        const auto when = entry.wall ? parse_wall(*entry.wall) : std::nullopt;
        if (!when) continue;
        if (!span) span = PlayedSpan{*when, *when};
        span->first = std::min(span->first, *when);
        span->last = std::max(span->last, *when);
    }
    return span;
}

std::string local_time_text(std::time_t when) {
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", std::localtime(&when));
    return text;
}

std::string utc_text(std::time_t when) {
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&when));
    return text;
}

bool path_exists(const std::string& path, platform::Disk& disk) { return disk.exists(path); }

}  // namespace coyel::cli
