// libFuzzer entry point for coyel::fuzz::session (see targets.hpp).
#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    coyel::fuzz::session(data, size);
    return 0;
}
