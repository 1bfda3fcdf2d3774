// Output captured in memory, through a FILE* the session writes to.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace coyel::test {

struct Capture {
    char* data = nullptr;
    std::size_t size = 0;
    std::FILE* file = open_memstream(&data, &size);
    Capture() = default;
    Capture(const Capture&) = delete;
    Capture& operator=(const Capture&) = delete;
    ~Capture() {
        std::fclose(file);
        std::free(data);
    }
    std::string text() {
        std::fflush(file);
        return std::string(data, size);
    }
};

}  // namespace coyel::test
