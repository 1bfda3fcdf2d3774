#include "serve_admission.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstring>
#include <string_view>

namespace coyel::cli {

void Admission::opened(Key key, std::string address, int fd, Clock::time_point now) {
    std::lock_guard lock(mutex_);
    held_[key] = Held{std::move(address), fd, now};
    make_room(key, Among::connections);
}

void Admission::request_read(Key key, Clock::time_point now) {
    std::lock_guard lock(mutex_);
    if (auto found = held_.find(key); found != held_.end()) {
        found->second.waiting = false;
        found->second.since = now;
    }
}

void Admission::request_done(Key key, Clock::time_point now) {
    std::lock_guard lock(mutex_);
    if (auto found = held_.find(key); found != held_.end()) {
        found->second.waiting = true;
        found->second.stream = false;
        found->second.since = now;
    }
}

void Admission::stream_opened(Key key, Clock::time_point now) {
    std::lock_guard lock(mutex_);
    auto found = held_.find(key);
    if (found == held_.end()) return;
    found->second.stream = true;
    found->second.waiting = false;
    found->second.since = now;
    make_room(key, Among::streams);
}

void Admission::closed(Key key) {
    std::lock_guard lock(mutex_);
    held_.erase(key);
}

void Admission::sweep(Clock::time_point now) {
    std::lock_guard lock(mutex_);
    for (auto& [key, held] : held_)
        if (held.waiting && !held.closing && now - held.since > limits_.header_deadline) {
            close(held);
            ++past_deadline_;
        }
}

Admission::Counts Admission::counts() const {
    std::lock_guard lock(mutex_);
    Counts counts;
    std::unordered_map<std::string_view, bool> addresses;
    for (const auto& [key, held] : held_) {
        if (held.closing) continue;
        ++counts.connections;
        counts.streams += held.stream ? 1 : 0;
        addresses[held.address] = true;
    }
    counts.addresses = addresses.size();
    counts.closed_to_make_room = made_room_;
    counts.closed_past_deadline = past_deadline_;
    return counts;
}

// The newcomer is in; past the address's bound, then past the whole bound,
// one place is given up each (the newcomer's own, if nobody else's can be).
void Admission::make_room(Key newcomer, Among among) {
    Held& came = held_.at(newcomer);
    const bool streams = among == Among::streams;
    std::size_t all = 0, from_address = 0;
    for (const auto& [key, held] : held_) {
        if (held.closing || (streams && !held.stream)) continue;
        ++all;
        from_address += held.address == came.address ? 1 : 0;
    }
    const std::size_t address_bound =
        streams ? limits_.streams_per_address : limits_.connections_per_address;
    if (from_address > address_bound) {
        Held* own = victim(newcomer, among, &came.address);
        close(own ? *own : came);
        ++made_room_;
        if (!own) return;
        --all;
    }
    if (all > (streams ? limits_.streams : limits_.connections)) {
        Held* other = victim(newcomer, among, nullptr);
        close(other ? *other : came);
        ++made_room_;
    }
}

// Of the places `among` (of `of_address` alone, if given), the oldest of
// the address holding the most; never the newcomer, never a stream for a
// connection's room (a stream's page would lose its game for a stranger's
// request).
Admission::Held* Admission::victim(Key newcomer, Among among, const std::string* of_address) {
    const bool streams = among == Among::streams;
    std::unordered_map<std::string_view, std::size_t> holding;
    for (const auto& [key, held] : held_)
        if (!held.closing && (!streams || held.stream)) ++holding[held.address];
    Held* chosen = nullptr;
    std::size_t chosen_holds = 0;
    for (auto& [key, held] : held_) {
        if (key == newcomer || held.closing || held.stream != streams) continue;
        if (of_address && held.address != *of_address) continue;
        const std::size_t holds = holding[held.address];
        if (!chosen || holds > chosen_holds ||
            (holds == chosen_holds && held.since < chosen->since)) {
            chosen = &held;
            chosen_holds = holds;
        }
    }
    return chosen;
}

// Under the lock, so that the library cannot have closed the socket (and
// the system given its number to another) in between: it says closed()
// before it closes a socket.
void Admission::close(Held& held) {
    held.closing = true;
    closer_.close(held.fd);
}

std::string address_key(const sockaddr* address) {
    char text[INET6_ADDRSTRLEN] = "";
    if (!address) return text;
    if (address->sa_family == AF_INET) {
        const auto* v4 = reinterpret_cast<const sockaddr_in*>(address);
        ::inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
        return text;
    }
    if (address->sa_family != AF_INET6) return text;
    in6_addr v6 = reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr;
    if (IN6_IS_ADDR_V4MAPPED(&v6)) {
        ::inet_ntop(AF_INET, &v6.s6_addr[12], text, sizeof text);
        return text;
    }
    std::memset(&v6.s6_addr[8], 0, 8);  // its /64: the interface part is the host's to choose
    ::inet_ntop(AF_INET6, &v6, text, sizeof text);
    return std::string(text) + "/64";
}

}  // namespace coyel::cli
