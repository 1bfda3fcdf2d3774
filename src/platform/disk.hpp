// The one disk every part of coyel that keeps files goes through: the saves,
// their locks, the games folder, rescue copies, the players' screens that
// follow a save, the pages and saves the commands write and the voice's log. Its answers are the
// operating system's (errno numbers, which the store words), so that the tests can put an in-memory
// disk in its place (tests/fakes/memory_disk.hpp) that fills up, refuses a rename or holds a
// foreign file on demand, and the store's rules run without a file system.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace coyel::platform {

// What is at a path. Two readings of one file with equal stamps saw the same
// file (same identity, size and modification time): a follower that cannot
// be told of changes polls this.
struct FileInfo {
    enum class Kind { missing, file, folder, other };
    Kind kind = Kind::missing;
    int error = 0;  // why it could not be looked at, when missing (errno)
    std::uint64_t size = 0;
    std::int64_t modified_ns = 0;  // since the Unix epoch
    std::uint64_t identity = 0;    // the same file, renamed or not
    bool operator==(const FileInfo&) const = default;
};

// A whole file's text, or why it could not be read (errno).
struct FileText {
    std::optional<std::string> text;
    int error = 0;
};

// Why an atomic write failed: the step ("write", "sync", "close",
// "replace"), the file it failed on, and the system's reason (errno).
struct WriteFailure {
    std::string step;
    std::string file;
    int error = 0;
};

// A folder's entries (names only), or why it could not be read.
struct Listing {
    struct Entry {
        std::string name;
        bool folder = false;
    };
    std::vector<Entry> entries;
    int error = 0;
};

// An exclusive lock on a lock file, held while this lives. Released, the file
// is removed while still held, so that nobody locks a name already let go.
class FileLock {
  public:
    virtual ~FileLock() = default;
    // Still the file at its name: a lock file removed (with its folder, say)
    // guards nothing, and another process could take the name.
    virtual bool guards() const = 0;
};

// Trying a lock: the lock, or who holds it (the process id it wrote, "" if
// none), or neither when no lock file can be made there (a read-only folder).
struct LockAttempt {
    std::unique_ptr<FileLock> lock;
    std::optional<std::string> held_by;
};

// Watches a folder for some of its files being written, replaced, created
// or removed.
class FileWatch {
  public:
    virtual ~FileWatch() = default;
    // Starts watching; false when it cannot (the folder is missing).
    virtual bool arm() = 0;
    virtual bool armed() const = 0;
    // A descriptor that becomes readable at an event, or -1 (then poll).
    virtual int fd() const = 0;
    // Takes every pending event: true when one may concern a watched name,
    // or the watch was lost with its folder (then it is no longer armed).
    virtual bool take_changes() = 0;
};

// A file written a piece at a time as things happen (the voice's log, one
// line each), each piece handed to the system at once, none synced.
class AppendFile {
  public:
    virtual ~AppendFile() = default;
    // 0, or why `text` could not be written whole (errno).
    virtual int append(std::string_view text) = 0;
};

// Starting an appended file: the file, or why it could not be made (errno).
struct AppendStart {
    std::unique_ptr<AppendFile> file;
    int error = 0;
};

class Disk {
  public:
    virtual ~Disk() = default;
    virtual FileInfo info(const std::string& path) = 0;
    // The whole file (the caller checks its kind and size first).
    virtual FileText read(const std::string& path) = 0;
    // `text` in a temporary file beside `path`, synced, renamed over `path`,
    // the folder synced: a crash leaves the old file or the new one, and a
    // failure (a full disk) leaves the old one as it was.
    virtual std::optional<WriteFailure> write_atomically(const std::string& path,
                                                         std::string_view text) = 0;
    // Creates `folder` and its parents when missing: 0, or errno.
    virtual int make_folders(const std::string& folder) = 0;
    virtual Listing list(const std::string& folder) = 0;
    // Locks `lock_path` (created if missing) and writes this process's id in it.
    virtual LockAttempt lock(const std::string& lock_path) = 0;
    // Who holds the lock of `lock_path` now, without taking it ("" when the
    // holder wrote no id), or nullopt when nobody does.
    virtual std::optional<std::string> lock_holder(const std::string& lock_path) = 0;
    // A watch on `folder` for the files named `names`.
    virtual std::unique_ptr<FileWatch> watch(const std::string& folder,
                                             std::vector<std::string> names) = 0;

    // `path` from the root, the links of its folders resolved where they
    // exist: the same file, named so that another process, started in
    // another folder, finds it.
    virtual std::string full_path(const std::string& path) = 0;
    // `path` made empty (created if missing) to be appended to.
    virtual AppendStart start_appending(const std::string& path) = 0;
    // `path` appended to after what it holds (created if missing): a file
    // that goes on where an earlier run left it.
    virtual AppendStart keep_appending(const std::string& path) = 0;

    bool exists(const std::string& path) { return info(path).kind != FileInfo::Kind::missing; }
    // Whether `a` and `b` name one file or folder that is there (a link,
    // another spelling, the same folder).
    bool same(const std::string& a, const std::string& b) {
        const FileInfo first = info(a);
        const FileInfo second = info(b);
        return first.kind != FileInfo::Kind::missing && second.kind == first.kind &&
               second.identity == first.identity;
    }
};

// The folder `path` lies in ("." for a bare name, "/" at the root), and its
// last name ("" after a final slash).
std::string folder_of(const std::string& path);
std::string name_of(const std::string& path);

// The machine's file system (POSIX calls, flock, inotify).
Disk& real_disk();

}  // namespace coyel::platform
