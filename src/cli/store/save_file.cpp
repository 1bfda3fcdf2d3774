#include "save_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "coyel/save.hpp"
#include "languages.hpp"
#include "narrator.hpp"

namespace coyel::cli {
namespace {

std::string folder_of(const std::string& path) {
    auto slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string errno_text() { return std::strerror(errno); }

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

// Why `step` ("write", "sync", "close", "replace") of `file` failed, from errno.
Error write_failure(std::string_view step, const std::string& file) {
    const int number = errno;
    const std::string text = std::strerror(number);
    return reasoned(fmt::format("cannot {} {}: {}", step, file, text), ErrorCode::invalid,
                    "write_failed",
                    {{"step", std::string{step}},
                     {"file", file},
                     {"system", system_reason(number)},
                     {"system_text", text}});
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

Refusal write_atomically(const std::string& path, std::string_view text) {
    // One fixed name: a temporary file left by a kill is replaced next time.
    const std::string temporary = path + ".tmp";
    int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return write_failure("write", temporary);
    auto fail = [&](std::string_view step) {
        Error why = write_failure(step, temporary);
        ::close(fd);
        ::unlink(temporary.c_str());
        return Refusal{std::move(why)};
    };
    for (std::size_t written = 0; written < text.size();) {
        ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail("write");
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) return fail("sync");
    if (::close(fd) != 0) {
        Error why = write_failure("close", temporary);
        ::unlink(temporary.c_str());
        return why;
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        Error why = write_failure("replace", path);
        ::unlink(temporary.c_str());
        return why;
    }
    // The rename is durable only once the folder itself is on disk.
    int folder = ::open(folder_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder >= 0) {
        ::fsync(folder);
        ::close(folder);
    }
    return std::nullopt;
}

Result<std::string> read_text_file(const std::string& path, std::string_view noun) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0)
        return Error{fmt::format("{}: cannot open: {}", path, errno_text())};
    if (S_ISDIR(info.st_mode))
        return Error{fmt::format("{}: is a folder, not a {} file", path, noun)};
    if (!S_ISREG(info.st_mode))
        return Error{fmt::format("{}: is not a regular file, so not a {}", path, noun)};
    if (static_cast<std::size_t>(info.st_size) > max_save_bytes)
        return Error{fmt::format("{}: is too large to be a {} ({} bytes; the limit is {})", path,
                                 noun, info.st_size, max_save_bytes)};
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{fmt::format("{}: cannot open: {}", path, errno_text())};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

Result<Game> read_save_file(const std::string& path) {
    auto saved = read_saved_game(path);
    if (!saved) return saved.failure();
    return std::move(saved->game);
}

Result<SavedGame> read_saved_game(const std::string& path) {
    auto text = read_text_file(path, "save");
    if (!text) return text.failure();
    auto saved = load_save(*text, path);
    if (!saved) return in_words(saved.failure());
    return saved;
}

}  // namespace coyel::cli
