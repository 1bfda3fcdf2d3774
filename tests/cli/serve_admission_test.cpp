// Who holds the server's places under a crowd of addresses (issue 49): the
// admission's choices, against a fake closer and a clock of our own. The
// same attack on the real server is tests/serve/attack_test.py.
#include <catch2/catch.hpp>

#include <netinet/in.h>

#include <arpa/inet.h>

#include <set>
#include <string>
#include <vector>

#include "web/serve_admission.hpp"

using namespace coyel::cli;
using namespace std::chrono_literals;

namespace {

// Remembers what was closed; each connection's key is its descriptor's address.
struct FakeCloser final : ConnectionCloser {
    std::vector<int> closed;
    void close(int fd) override { closed.push_back(fd); }
};

// Connections numbered from 0, each with its descriptor, keys stable.
struct Crowd {
    FakeCloser closer;
    Admission admission;
    std::vector<int> fds = std::vector<int>(4096);
    int next = 0;
    Admission::Clock::time_point now{};

    explicit Crowd(AdmissionLimits limits) : admission(limits, closer) {
        for (int i = 0; i < static_cast<int>(fds.size()); ++i) fds[i] = i;
    }
    const void* key(int connection) const { return &fds[connection]; }
    int open(const std::string& address) {
        now += 1ms;
        admission.opened(key(next), address, next, now);
        return next++;
    }
    int stream(const std::string& address) {
        const int connection = open(address);
        admission.request_read(key(connection), now);
        admission.stream_opened(key(connection), now);
        return connection;
    }
    // The library closes what was shut down, as it would at its next turn.
    void library_turn() {
        for (int fd : closer.closed) admission.closed(key(fd));
        closer.closed.clear();
    }
    bool was_closed(int connection) const {
        return std::find(closer.closed.begin(), closer.closed.end(), connection) !=
               closer.closed.end();
    }
};

constexpr AdmissionLimits limits{256, 16, 64, 4, 10s};

std::string attacker(int i) {
    return "10.0." + std::to_string(i / 250) + "." + std::to_string(i % 250);
}

}  // namespace

TEST_CASE("a crowd of 48 addresses fills every place, and a new phone still gets one at once") {
    Crowd crowd(limits);
    for (int round = 0; round < 16; ++round)
        for (int address = 0; address < 48; ++address) {
            crowd.open(attacker(address));
            crowd.library_turn();
        }
    auto counts = crowd.admission.counts();
    CHECK(counts.connections == 256);
    // A fair share: 48 addresses in 256 places hold 5 or 6 each.
    CHECK(counts.addresses == 48);
    const int phone = crowd.open("192.168.1.31");
    REQUIRE(crowd.closer.closed.size() == 1);
    CHECK(crowd.closer.closed[0] != phone);
    crowd.library_turn();
    // The crowd goes on knocking: the phone keeps its place while its answer is made.
    crowd.admission.request_read(crowd.key(phone), crowd.now);
    for (int round = 0; round < 4; ++round)
        for (int address = 0; address < 48; ++address) {
            crowd.open(attacker(address));
            CHECK_FALSE(crowd.was_closed(phone));
            crowd.library_turn();
        }
    CHECK(crowd.admission.counts().connections == 256);
}

TEST_CASE("room is made from the address holding the most, its oldest first") {
    Crowd crowd(limits);
    std::vector<int> greedy;
    for (int i = 0; i < 16; ++i) greedy.push_back(crowd.open("10.0.0.1"));
    for (int i = 0; i < 240; ++i) crowd.open(attacker(2 + i % 120));  // two each
    REQUIRE(crowd.closer.closed.empty());
    crowd.open("10.9.9.9");
    CHECK(crowd.closer.closed == std::vector<int>{greedy[0]});
    crowd.library_turn();
    crowd.open("10.9.9.8");
    CHECK(crowd.closer.closed == std::vector<int>{greedy[1]});
}

TEST_CASE("past its bound an address gives up its own oldest, not another's") {
    Crowd crowd(limits);
    const int other = crowd.open("10.0.0.2");
    std::vector<int> own;
    for (int i = 0; i < 16; ++i) own.push_back(crowd.open("10.0.0.1"));
    REQUIRE(crowd.closer.closed.empty());
    crowd.admission.request_read(crowd.key(own[0]), crowd.now);  // its first is answered now
    crowd.open("10.0.0.1");
    CHECK(crowd.closer.closed == std::vector<int>{own[1]});
    CHECK_FALSE(crowd.was_closed(other));
}

TEST_CASE("streams are counted apart: a new page's stream takes the oldest of the greediest") {
    Crowd crowd(limits);
    // 64 stream places held from 48 addresses (1 or 2 each), and every other place with idle ones.
    std::vector<int> streams;
    for (int i = 0; i < 64; ++i) streams.push_back(crowd.stream(attacker(i % 48)));
    for (int i = 0; i < 300; ++i) {
        crowd.open(attacker(i % 48));
        crowd.library_turn();
    }
    // A connection's room is never a stream's: every stream still holds.
    CHECK(crowd.admission.counts().streams == 64);
    const int page = crowd.stream("192.168.1.40");
    CHECK_FALSE(crowd.was_closed(page));
    // The oldest stream of an address holding two (the first 16 addresses do).
    CHECK(crowd.was_closed(streams[0]));
    crowd.library_turn();
    CHECK(crowd.admission.counts().streams == 64);
}

TEST_CASE("a fifth stream from one address closes its own oldest") {
    Crowd crowd(limits);
    const int other = crowd.stream("192.168.1.40");
    std::vector<int> tabs;
    for (int i = 0; i < 4; ++i) tabs.push_back(crowd.stream("192.168.1.41"));
    REQUIRE(crowd.closer.closed.empty());
    crowd.stream("192.168.1.41");
    CHECK(crowd.closer.closed == std::vector<int>{tabs[0]});
    CHECK_FALSE(crowd.was_closed(other));
}

TEST_CASE("a request's headers have a deadline, counted again after each answer") {
    Crowd crowd(limits);
    const int slow = crowd.open("10.0.0.1");
    const auto opened = crowd.now;
    const int quick = crowd.open("10.0.0.2");
    crowd.admission.request_read(crowd.key(quick), crowd.now);
    crowd.now = opened + 10s;
    crowd.admission.sweep(crowd.now);
    CHECK(crowd.closer.closed.empty());  // exactly at the deadline: still in time
    crowd.now += 5ms;
    crowd.admission.sweep(crowd.now);
    CHECK(crowd.closer.closed == std::vector<int>{slow});
    // An answered request's connection waits for the next, against the deadline again.
    crowd.admission.request_done(crowd.key(quick), crowd.now);
    crowd.now += 10s + 1ms;
    crowd.admission.sweep(crowd.now);
    CHECK(crowd.was_closed(quick));
    // Closed once only, and what the library closed is forgotten.
    crowd.admission.sweep(crowd.now + 1s);
    CHECK(crowd.closer.closed.size() == 2);
    crowd.library_turn();
    CHECK(crowd.admission.counts().connections == 0);
}

TEST_CASE("an address is counted as the network sees it: IPv4, mapped IPv4, an IPv6 /64") {
    sockaddr_in v4{};
    v4.sin_family = AF_INET;
    ::inet_pton(AF_INET, "192.168.1.20", &v4.sin_addr);
    CHECK(address_key(reinterpret_cast<sockaddr*>(&v4)) == "192.168.1.20");
    sockaddr_in6 v6{};
    v6.sin6_family = AF_INET6;
    ::inet_pton(AF_INET6, "::ffff:192.168.1.20", &v6.sin6_addr);
    CHECK(address_key(reinterpret_cast<sockaddr*>(&v6)) == "192.168.1.20");
    ::inet_pton(AF_INET6, "2001:db8:1:2:aaaa:bbbb:cccc:dddd", &v6.sin6_addr);
    const std::string one = address_key(reinterpret_cast<sockaddr*>(&v6));
    ::inet_pton(AF_INET6, "2001:db8:1:2::7", &v6.sin6_addr);
    CHECK(address_key(reinterpret_cast<sockaddr*>(&v6)) == one);
    CHECK(one == "2001:db8:1:2::/64");
}
