// The address phones type, and its QR code: what `serve` and `--serve` print.
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <qrencode.h>

#include <fmt/format.h>

#include <algorithm>

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

std::vector<std::string> serve_origins(const std::string& host, int port) {
    std::vector<std::string> origins;
    const auto add = [&](const std::string& address) {
        const bool v6 = address.find(':') != std::string::npos;
        std::string origin = v6 ? fmt::format("http://[{}]:{}", address, port)
                                : fmt::format("http://{}:{}", address, port);
        if (std::find(origins.begin(), origins.end(), origin) == origins.end())
            origins.push_back(std::move(origin));
    };
    const bool everywhere = host.empty() || host == "0.0.0.0" || host == "::";
    if (!everywhere) add(host);
    ifaddrs* all = nullptr;
    if (everywhere && ::getifaddrs(&all) == 0) {
        for (const ifaddrs* at = all; at; at = at->ifa_next) {
            if (!at->ifa_addr || !(at->ifa_flags & IFF_UP)) continue;
            const int family = at->ifa_addr->sa_family;
            if (family != AF_INET && family != AF_INET6) continue;
            char text[INET6_ADDRSTRLEN];
            const void* bytes =
                family == AF_INET
                    ? static_cast<const void*>(
                          &reinterpret_cast<const sockaddr_in*>(at->ifa_addr)->sin_addr)
                    : &reinterpret_cast<const sockaddr_in6*>(at->ifa_addr)->sin6_addr;
            if (::inet_ntop(family, bytes, text, sizeof text)) add(text);
        }
        ::freeifaddrs(all);
    }
    return origins;
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
