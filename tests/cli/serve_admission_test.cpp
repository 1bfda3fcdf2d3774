// Who holds the server's places under a crowd of addresses (issue 49): the
// admission's choices, against a fake closer and a clock of our own. The
// same attack on the real server is tests/serve/attack_test.py. Then the
// real server on a fake clock: its streams' pings and its deadlines come at
// the clock's seconds, not the machine's.
#include <catch2/catch.hpp>

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <arpa/inet.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "../fakes/fake_clock.hpp"
#include "coyel/save.hpp"
#include "helpers.hpp"
#include "process.hpp"
#include "web/serve_admission.hpp"
#include "web/serve_server.hpp"

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
    // A new connection, as the server takes it: -1 if refused at the door.
    int open(const std::string& address) {
        now += 1ms;
        if (!admission.admits(address)) return -1;
        admission.opened(key(next), address, next, now);
        return next++;
    }
    // A new page's stream: -1 if refused, its connection or its stream.
    int stream(const std::string& address) {
        const int connection = open(address);
        if (connection < 0) return -1;
        admission.request_read(key(connection), now);
        return admission.stream_opened(key(connection), now) ? connection : -1;
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
    int refused = 0;
    for (int round = 0; round < 16; ++round)
        for (int address = 0; address < 48; ++address) refused += crowd.open(attacker(address)) < 0;
    // A fair share: 48 addresses in 256 places hold 5 or 6 each, the rest refused at once.
    CHECK(crowd.admission.counts().connections == 256);
    CHECK(crowd.admission.counts().addresses == 48);
    CHECK(refused == 48 * 16 - 256);
    CHECK(crowd.closer.closed.empty());
    const int phone = crowd.open("192.168.1.31");
    REQUIRE(phone >= 0);
    REQUIRE(crowd.closer.closed.size() == 1);  // one of the first 16 addresses' oldest
    CHECK(crowd.closer.closed[0] < 48);
    crowd.library_turn();
    // The crowd goes on knocking: refused, and the phone keeps its place.
    for (int round = 0; round < 4; ++round)
        for (int address = 0; address < 48; ++address) CHECK(crowd.open(attacker(address)) < 0);
    CHECK(crowd.closer.closed.empty());
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

TEST_CASE("an address at its bound is refused, while the places are free for others") {
    Crowd crowd(limits);
    for (int i = 0; i < 16; ++i) REQUIRE(crowd.open("10.0.0.1") >= 0);
    CHECK(crowd.open("10.0.0.1") < 0);
    CHECK(crowd.open("10.0.0.2") >= 0);
    CHECK(crowd.closer.closed.empty());
}

TEST_CASE("streams are counted apart: a new page's stream takes the oldest of the greediest") {
    Crowd crowd(limits);
    // 64 stream places held from 48 addresses (1 or 2 each), and every other place with idle ones.
    std::vector<int> streams;
    for (int i = 0; i < 64; ++i) streams.push_back(crowd.stream(attacker(i % 48)));
    REQUIRE(std::count(streams.begin(), streams.end(), -1) == 0);
    // A stranger holding its share of streams is refused another, on a connection it may hold.
    CHECK(crowd.stream(attacker(47)) < 0);
    CHECK(crowd.closer.closed.empty());
    for (int i = 0; i < 300; ++i) {
        crowd.open(attacker(i % 48));
        crowd.library_turn();
    }
    // A connection's room is never a stream's: every stream still holds.
    CHECK(crowd.admission.counts().streams == 64);
    const int page = crowd.stream("192.168.1.40");
    REQUIRE(page >= 0);
    CHECK_FALSE(crowd.was_closed(page));
    // The oldest stream of an address holding two (the first 16 addresses do).
    CHECK(crowd.was_closed(streams[0]));
    crowd.library_turn();
    CHECK(crowd.admission.counts().streams == 64);
}

TEST_CASE("a fifth stream from one address is refused") {
    Crowd crowd(limits);
    for (int i = 0; i < 4; ++i) REQUIRE(crowd.stream("192.168.1.41") >= 0);
    CHECK(crowd.stream("192.168.1.41") < 0);
    CHECK(crowd.closer.closed.empty());
    CHECK(crowd.admission.counts().streams == 4);
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

namespace {

// A connection to the server on loopback, read as a phone would.
struct Phone {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    std::string received;
    bool closed = false;

    explicit Phone(int port) {
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(static_cast<std::uint16_t>(port));
        ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
        REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0);
    }
    ~Phone() { ::close(fd); }
    void send(const std::string& text) const {
        REQUIRE(::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
    }
    // Reads until `done()` or the server closes, within `bound` of real time
    // (a bound, not a wait: the server answers within a turn of its loop).
    bool read_until(const std::function<bool()>& done, std::chrono::milliseconds bound) {
        const auto until = std::chrono::steady_clock::now() + bound;
        while (!done() && !closed) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                until - std::chrono::steady_clock::now());
            pollfd watched{fd, POLLIN, 0};
            if (left.count() <= 0 || ::poll(&watched, 1, static_cast<int>(left.count())) <= 0)
                break;
            char bytes[4096];
            const ssize_t n = ::read(fd, bytes, sizeof bytes);
            if (n <= 0) closed = true;
            if (n > 0) received.append(bytes, static_cast<std::size_t>(n));
        }
        return done();
    }
};

}  // namespace

TEST_CASE("the server's stream pings and its header deadline run on the clock it is given") {
    const std::string folder = coyel::test::temporary_folder();
    const std::string path = folder + "/game.json";
    std::ofstream(path) << coyel::save_game(coyel::test::make_game(), std::nullopt);
    coyel::test::FakeClock clock;
    const coyel::narration::Narrator narrator(coyel::narration::english_script());
    {
        PublicServer server(narrator, path, clock);
        const auto port = server.bind("127.0.0.1", 0);
        REQUIRE(port.ok());
        std::thread serving([&] { server.run(); });
        server.wait_until_listening();
        // The machine's clock would take 5 s to ping and 10 s to close the
        // silent one: each is awaited 4 s at most.
        constexpr auto bound = 4s;
        Phone silent(*port);  // connected first: the server takes it first, at 0 s
        Phone page(*port);
        page.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        const auto has = [&](const char* text) {
            return [&page, text] { return page.received.find(text) != std::string::npos; };
        };
        CHECK(page.read_until(has("data: {"), bound));
        CHECK_FALSE(page.received.find(": still here") != std::string::npos);
        clock.advance(5s);  // a quiet stream's ping is due
        CHECK(page.read_until(has(": still here"), bound));
        clock.advance(5s + 1ms);  // past the 10 s a request's headers may take
        (void)silent.read_until([] { return false; }, bound);
        CHECK(silent.closed);
        server.stop();
        serving.join();
    }
    std::filesystem::remove_all(folder);
}
