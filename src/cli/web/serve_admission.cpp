#include "serve_admission.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstring>
#include <string_view>

namespace coyel::cli {

bool Admission::admits(const std::string& address) const {
    std::lock_guard lock(mutex_);
    return may_come(address, Among::connections);
}

void Admission::opened(Key key, std::string address, int fd, Clock::time_point now) {
    std::lock_guard lock(mutex_);
    const Held& held = held_[key] = Held{std::move(address), fd, now};
    count(held, +1);
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
    auto found = held_.find(key);
    if (found == held_.end()) return;
    Held& held = found->second;
    if (held.stream && !held.closing) --by_address_[held.address].streams, --total_.streams;
    held.stream = false;
    held.waiting = true;
    held.since = now;
}

bool Admission::stream_opened(Key key, Clock::time_point now) {
    std::lock_guard lock(mutex_);
    auto found = held_.find(key);
    if (found == held_.end() || found->second.closing || found->second.stream) return false;
    Held& held = found->second;
    if (!may_come(held.address, Among::streams)) return false;
    held.stream = true;
    held.waiting = false;
    held.since = now;
    ++by_address_[held.address].streams;
    ++total_.streams;
    make_room(key, Among::streams);
    return true;
}

void Admission::closed(Key key) {
    std::lock_guard lock(mutex_);
    auto found = held_.find(key);
    if (found == held_.end()) return;
    if (!found->second.closing) count(found->second, -1);
    held_.erase(found);
}

void Admission::sweep(Clock::time_point now) {
    std::lock_guard lock(mutex_);
    for (auto& [key, held] : held_)
        if (held.waiting && !held.closing && now - held.since > limits_.header_deadline)
            close(held);
}

Admission::Counts Admission::counts() const {
    std::lock_guard lock(mutex_);
    return Counts{total_.connections, total_.streams, by_address_.size()};
}

// Under its bound, and while places are free or it holds less than its
// fair share: the places over the addresses holding some, its own counted.
bool Admission::may_come(const std::string& address, Among among) const {
    const auto found = by_address_.find(address);
    const Holding holding = found == by_address_.end() ? Holding{} : found->second;
    const bool streams = among == Among::streams;
    const std::size_t holds = streams ? holding.streams : holding.connections;
    const std::size_t places = streams ? limits_.streams : limits_.connections;
    if (holds >= (streams ? limits_.streams_per_address : limits_.connections_per_address))
        return false;
    if (held(among) < places) return true;
    std::size_t holders = found == by_address_.end() || holds == 0 ? 1 : 0;
    for (const auto& [other, what] : by_address_)
        holders += (streams ? what.streams : what.connections) > 0 ? 1 : 0;
    return holds < std::max<std::size_t>(1, places / holders);
}

// Past the whole bound, the newcomer in, one place is given up: the
// oldest of the address holding the most, or the newcomer's own if nobody
// else's can be.
void Admission::make_room(Key newcomer, Among among) {
    const bool streams = among == Among::streams;
    if (held(among) <= (streams ? limits_.streams : limits_.connections)) return;
    Held* other = victim(newcomer, among);
    close(other ? *other : held_.at(newcomer));
}

std::size_t Admission::held(Among among) const {
    return among == Among::streams ? total_.streams : total_.connections;
}

// Of the places `among`, the oldest of the address holding the most; never
// the newcomer, never a stream for a connection's room (a page would lose
// its game for a stranger's request).
Admission::Held* Admission::victim(Key newcomer, Among among) {
    const bool streams = among == Among::streams;
    const auto holds = [&](const Held& held) {
        const Holding& holding = by_address_[held.address];
        return streams ? holding.streams : holding.connections;
    };
    Held* chosen = nullptr;
    std::size_t chosen_holds = 0;
    for (auto& [key, held] : held_) {
        if (key == newcomer || held.closing || held.stream != streams) continue;
        const std::size_t count = holds(held);
        if (!chosen || count > chosen_holds ||
            (count == chosen_holds && held.since < chosen->since)) {
            chosen = &held;
            chosen_holds = count;
        }
    }
    return chosen;
}

// Under the lock, so that the library cannot have closed the socket (and
// the system given its number to another) in between: it says closed()
// before it closes a socket.
void Admission::close(Held& held) {
    count(held, -1);
    held.closing = true;
    closer_.close(held.fd);
}

// `held` counted in (+1) or out (-1) of its address's holding and the total.
void Admission::count(const Held& held, int change) {
    Holding& holding = by_address_[held.address];
    const auto apply = [change](std::size_t& n) { n = change > 0 ? n + 1 : n - 1; };
    apply(holding.connections);
    apply(total_.connections);
    if (held.stream) apply(holding.streams), apply(total_.streams);
    if (holding.connections == 0) by_address_.erase(held.address);
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
