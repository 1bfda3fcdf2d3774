// The English narrator, shared by the tests that render what coyel says.
#pragma once

#include "narrator.hpp"

namespace coyel::test {

inline const narration::Narrator& english_narrator() {
    static const narration::Narrator english(narration::english_script());
    return english;
}

}  // namespace coyel::test
