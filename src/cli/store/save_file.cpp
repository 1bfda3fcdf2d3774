#include "save_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "coyel/save.hpp"
#include "languages.hpp"
#include "narrator.hpp"

namespace coyel::cli {
namespace {

std::string errno_text(int number) { return std::strerror(number); }

// The system's reasons a save meets, by a name the scripts word
// (`system.<name>`); any other is "other", worded with the system's text.
std::string system_reason(int number) {
    switch (number) {
        case ENOENT: return "no_such_folder";
        case EACCES:
        case EPERM: return "permission";
        case ENOSPC: return "disk_full";
        case EDQUOT: return "quota";
        case EROFS: return "read_only";
        case ENOTDIR: return "not_a_folder";
        case EISDIR: return "is_a_folder";
        case ENAMETOOLONG: return "name_too_long";
        case EIO: return "io";
        default: return "other";
    }
}

// A save's errors are file errors, in English like the loader's own words:
// a refusal of the rules met in its log (the engine writes no words) is
// worded by the English script, so that `error()` says it all.
Error in_words(Error error) {
    if (error.message.empty())
        error.message = narration::Narrator(narration::english_script()).refusal(error);
    return error;
}

}  // namespace

// Why a step ("write", "sync", "close", "replace") of a file failed.
Error write_failure(const platform::WriteFailure& failure) {
    const std::string text = std::strerror(failure.error);
    return reasoned(fmt::format("cannot {} {}: {}", failure.step, failure.file, text),
                    ErrorCode::invalid, "write_failed",
                    {{"step", failure.step},
                     {"file", failure.file},
                     {"system", system_reason(failure.error)},
                     {"system_text", text}});
}

Refusal write_atomically(platform::Disk& disk, const std::string& path, std::string_view text) {
    if (auto failure = disk.write_atomically(path, text)) return write_failure(*failure);
    return std::nullopt;
}

Refusal write_atomically(const std::string& path, std::string_view text) {
    return write_atomically(platform::real_disk(), path, text);
}

FileWriter writer_on(platform::Disk& disk) {
    return [&disk](const std::string& path, std::string_view text) {
        return write_atomically(disk, path, text);
    };
}

Result<std::string> read_text_file(const std::string& path, std::string_view noun,
                                   platform::Disk& disk) {
    using Kind = platform::FileInfo::Kind;
    const platform::FileInfo info = disk.info(path);
    if (info.kind == Kind::missing)
        return Error{fmt::format("{}: cannot open: {}", path, errno_text(info.error))};
    if (info.kind == Kind::folder)
        return Error{fmt::format("{}: is a folder, not a {} file", path, noun)};
    if (info.kind != Kind::file)
        return Error{fmt::format("{}: is not a regular file, so not a {}", path, noun)};
    if (info.size > max_save_bytes)
        return Error{fmt::format("{}: is too large to be a {} ({} bytes; the limit is {})", path,
                                 noun, info.size, max_save_bytes)};
    auto read = disk.read(path);
    if (!read.text) return Error{fmt::format("{}: cannot open: {}", path, errno_text(read.error))};
    return std::move(*read.text);
}

Result<Game> read_save_file(const std::string& path, platform::Disk& disk) {
    auto saved = read_saved_game_on(disk, path);
    if (!saved) return saved.failure();
    return std::move(saved->game);
}

Result<SavedGame> read_saved_game(const std::string& path) {
    return read_saved_game_on(platform::real_disk(), path);
}

Result<SavedGame> read_saved_game_on(platform::Disk& disk, const std::string& path) {
    auto text = read_text_file(path, "save", disk);
    if (!text) return text.failure();
    auto saved = load_save(*text, path);
    if (!saved) return in_words(saved.failure());
    return saved;
}

}  // namespace coyel::cli
