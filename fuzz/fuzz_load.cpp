// libFuzzer entry point for coyel::fuzz::load (see targets.hpp).
#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    coyel::fuzz::load(data, size);
    return 0;
}
