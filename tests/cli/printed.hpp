// What a command prints, held in memory: standard output and error taken
// from the process while it runs in the test (a memfd, no file).
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <string>

namespace coyel::test {

// What the process prints on standard output and error, held in memory (a
// memfd, no file) from its construction until `take`.
class Printed {
  public:
    Printed() {
        std::fflush(stdout);
        std::fflush(stderr);
        ::dup2(out_, STDOUT_FILENO);
        ::dup2(err_, STDERR_FILENO);
    }
    Printed(const Printed&) = delete;
    Printed& operator=(const Printed&) = delete;
    ~Printed() {
        restore();
        for (int fd : {out_, err_, saved_out_, saved_err_}) ::close(fd);
    }
    struct Text {
        std::string out, err;
    };
    Text take() {
        restore();
        return {read_all(out_), read_all(err_)};
    }

  private:
    void restore() {
        std::fflush(stdout);
        std::fflush(stderr);
        ::dup2(saved_out_, STDOUT_FILENO);
        ::dup2(saved_err_, STDERR_FILENO);
    }
    static std::string read_all(int fd) {
        std::string text;
        char buffer[4096];
        for (off_t at = 0;;) {
            const ssize_t n = ::pread(fd, buffer, sizeof buffer, at);
            if (n <= 0) return text;
            text.append(buffer, static_cast<std::size_t>(n));
            at += n;
        }
    }
    int saved_out_ = ::dup(STDOUT_FILENO);
    int saved_err_ = ::dup(STDERR_FILENO);
    int out_ = ::memfd_create("out", 0);
    int err_ = ::memfd_create("err", 0);
};

// A command's exit code and what it printed.
struct Ran {
    int code;
    std::string out, err;
};
inline Ran ran(const std::function<int()>& command) {
    Printed printed;
    const int code = command();
    auto said = printed.take();
    return {code, std::move(said.out), std::move(said.err)};
}

}  // namespace coyel::test
