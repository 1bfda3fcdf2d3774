// The address phones type, and its QR code: what `serve` and `--serve` print.
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <qrencode.h>

#include <fmt/format.h>

#include "serve_server.hpp"

namespace coyel::cli {

std::string address_for_phones(const std::string& host, int port) {
    std::string shown = host;
    if (host == "0.0.0.0" || host.empty()) {
        shown = "127.0.0.1";
        ifaddrs* all = nullptr;
        if (::getifaddrs(&all) == 0) {
            for (const ifaddrs* at = all; at; at = at->ifa_next) {
                if (!at->ifa_addr || at->ifa_addr->sa_family != AF_INET) continue;
                if (!(at->ifa_flags & IFF_UP) || (at->ifa_flags & IFF_LOOPBACK)) continue;
                char text[INET_ADDRSTRLEN];
                const auto* address = reinterpret_cast<const sockaddr_in*>(at->ifa_addr);
                if (::inet_ntop(AF_INET, &address->sin_addr, text, sizeof text)) {
                    shown = text;
                    break;
                }
            }
            ::freeifaddrs(all);
        }
    }
    return fmt::format("http://{}:{}/", shown, port);
}

std::string qr_code_text(const std::string& text) {
    QRcode* code = QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_L, QR_MODE_8, 1);
    if (!code) return "";
    const int width = code->width, margin = 2;
    const auto light = [&](int x, int y) {
        return x < 0 || y < 0 || x >= width || y >= width || !(code->data[y * width + x] & 1);
    };
    std::string out;
    for (int y = -margin; y < width + margin; y += 2) {
        for (int x = -margin; x < width + margin; ++x) {
            const bool top = light(x, y), bottom = light(x, y + 1);
            out += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ";
        }
        out += '\n';
    }
    QRcode_free(code);
    return out;
}

}  // namespace coyel::cli
