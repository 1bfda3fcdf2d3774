// The address phones type: what `serve` and `--serve` print; the
// addresses a page may come from; what another server on a port serves.
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>

#include "serve_server.hpp"
#include "serve_state.hpp"

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

std::string game_fingerprint(const std::string& save_path, platform::Disk& disk) {
    if (save_path.empty()) return "";
    // 72 bits: enough to tell an evening's games apart; the path itself stays on the laptop.
    return sha256_base64("coyel game\n" + disk.full_path(save_path)).substr(0, 12);
}

bool is_loopback(const std::string& host) {
    return host.starts_with("127.") || host == "::1" || host == "localhost";
}

bool serves_game(const std::string& host, int port, const std::string& fingerprint) {
    const bool everywhere = host.empty() || host == "0.0.0.0" || host == "::";
    const std::string target = everywhere ? "127.0.0.1" : host;
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo* found = nullptr;
    if (::getaddrinfo(target.c_str(), std::to_string(port).c_str(), &hints, &found) != 0)
        return false;
    const int fd = ::socket(found->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const timeval second{1, 0};
    bool connected = fd >= 0 &&
                     ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &second, sizeof second) == 0 &&
                     ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &second, sizeof second) == 0 &&
                     ::connect(fd, found->ai_addr, found->ai_addrlen) == 0;
    ::freeaddrinfo(found);
    std::string reply;
    const std::string request =
        fmt::format("{} /state.json HTTP/1.0\r\nHost: {}\r\n\r\n", "GET", target);
    if (connected && ::send(fd, request.data(), request.size(), MSG_NOSIGNAL) > 0) {
        char chunk[4096];
        for (ssize_t got;
             reply.size() < 256 * 1024 && (got = ::recv(fd, chunk, sizeof chunk, 0)) > 0;)
            reply.append(chunk, static_cast<std::size_t>(got));
    }
    if (fd >= 0) ::close(fd);
    return !fingerprint.empty() &&
           reply.find("\"game\":\"" + fingerprint + "\"") != std::string::npos;
}

}  // namespace coyel::cli
