// Runs coyel (or any shell command) as a user would, for the CLI tests.
#pragma once

#include "../helpers.hpp"

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

namespace coyel::test {

struct Run {
    int exit_code;
    std::string out;
};

// Runs `command` with /bin/sh; returns its exit code and standard output.
inline Run run_shell(const std::string& command) {
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::string out;
    std::array<char, 4096> buffer{};
    while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
        out.append(buffer.data(), n);
    int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// coyel with `arguments`; standard error joins the output unless told not to.
inline Run run_coyel(const std::string& arguments, bool with_stderr = true) {
    // Appended piece by piece: GCC 12 warns falsely (-Warray-bounds) on one
    // expression that starts from a literal.
    std::string command = COYEL_BINARY;
    command += ' ';
    command += arguments;
    command += with_stderr ? " 2>&1" : " 2>/dev/null";
    return run_shell(command);
}

// A fresh folder under the build tree's temporary space.
inline std::string temporary_folder() {
    char pattern[] = "/tmp/coyel-test-XXXXXX";
    REQUIRE(mkdtemp(pattern));
    return pattern;
}

}  // namespace coyel::test
