#include "tokens.hpp"

#include <fmt/format.h>
#include <sys/random.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "coyel/card_view.hpp"

namespace coyel::cli {

Result<std::string> fresh_token() {
    std::array<unsigned char, card_token_digits / 2> bytes{};
    std::size_t filled = 0;
    while (filled < bytes.size()) {
        const ssize_t got = ::getrandom(bytes.data() + filled, bytes.size() - filled, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0)
            return Error{fmt::format("cannot draw the card links: {}", std::strerror(errno))};
        filled += static_cast<std::size_t>(got);
    }
    std::string token;
    for (const unsigned char byte : bytes) token += fmt::format("{:02x}", byte);
    return token;
}

Result<std::vector<std::string>> fresh_card_tokens(int count) {
    std::vector<std::string> tokens;
    while (static_cast<int>(tokens.size()) < count) {
        auto token = fresh_token();
        if (!token) return token.failure();
        // Two alike in 2^128 draws is a broken source: draw again rather than share a link.
        if (std::find(tokens.begin(), tokens.end(), *token) == tokens.end())
            tokens.push_back(std::move(*token));
    }
    return tokens;
}

std::string card_link(const std::string& address, const std::string& token) {
    return address + "card/" + token;
}

}  // namespace coyel::cli
