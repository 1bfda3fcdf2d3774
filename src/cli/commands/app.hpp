// The coyel command line: every subcommand and option, wired in app.cpp.
#pragma once

namespace coyel::cli {

int run(int argc, char** argv);

}  // namespace coyel::cli
