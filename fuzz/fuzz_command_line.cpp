// libFuzzer entry point for coyel::fuzz::command_line (see targets.hpp).
#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    coyel::fuzz::command_line(data, size);
    return 0;
}
