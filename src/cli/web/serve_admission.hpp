// Who may hold the server's places (issue 49). A stranger on the Wi-Fi may
// have dozens of addresses, so a bound per address alone lets a crowd of
// them fill every place. Here every connection and every /events stream is
// counted by address. While places are free, an address may hold up to its
// bound; once they are all taken, an address already holding its fair share
// (the places over the addresses holding them) is refused at once, and any
// other newcomer (a phone holding nothing yet) takes the place of the oldest
// of the address holding the most. A connection that has not sent a whole
// request within the header deadline is closed.
// Bookkeeping only: a connection is known by an opaque key, and ending one
// is a ConnectionCloser's (shutdown(2) of its socket in the server, a fake
// in the tests), so that every choice of whom to close is a unit test.
#pragma once

#include <sys/socket.h>

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace coyel::cli {

// Ends a connection from outside the library: after close(fd) its socket
// reads as closed, and the library closes the connection at its next turn.
class ConnectionCloser {
  public:
    virtual ~ConnectionCloser() = default;
    virtual void close(int fd) = 0;
};

struct AdmissionLimits {
    std::size_t connections;                    // open at once, idle ones included
    std::size_t connections_per_address;        // from one address
    std::size_t streams;                        // /events streams at once
    std::size_t streams_per_address;            // from one address
    std::chrono::milliseconds header_deadline;  // for a request's line and headers
};

class Admission {
  public:
    using Clock = std::chrono::steady_clock;
    using Key = const void*;  // the library's connection

    Admission(AdmissionLimits limits, ConnectionCloser& closer)
        : limits_(limits), closer_(closer) {}

    // Whether a new connection from `address` (address_key()) may come in:
    // not past the address's bound, nor past its fair share once every
    // place is taken. Cheap, so that a crowd's knocking costs little.
    bool admits(const std::string& address) const;
    // A new connection from `address` on socket `fd`, which now waits for
    // its first request. With every place taken, the oldest connection of
    // the address holding the most gives way (never a stream, never the newcomer).
    void opened(Key key, std::string address, int fd, Clock::time_point now);
    // Its request's headers are all in: no deadline while it is answered.
    void request_read(Key key, Clock::time_point now);
    // Its answer is sent: it waits for the next request, against the deadline.
    void request_done(Key key, Clock::time_point now);
    // It asks to become an /events stream: refused (false) as admits()
    // refuses a connection; else it is one, and with every stream place
    // taken the oldest stream of the address holding the most gives way.
    bool stream_opened(Key key, Clock::time_point now);
    // The library closed it (whoever asked).
    void closed(Key key);
    // Closes each connection that has waited for a whole request longer
    // than the header deadline.
    void sweep(Clock::time_point now);

    struct Counts {
        std::size_t connections = 0;  // held, those being closed left out
        std::size_t streams = 0;
        std::size_t addresses = 0;
    };
    Counts counts() const;

  private:
    struct Held {
        std::string address;
        int fd = -1;
        Clock::time_point since;  // when it began waiting, or began its request
        bool waiting = true;      // for a request's line and headers
        bool stream = false;
        bool closing = false;  // closed here, not yet by the library
    };
    // What one address holds, those being closed left out.
    struct Holding {
        std::size_t connections = 0;
        std::size_t streams = 0;
    };
    enum class Among { connections, streams };

    bool may_come(const std::string& address, Among among) const;
    void make_room(Key newcomer, Among among);
    Held* victim(Key newcomer, Among among);
    void close(Held& held);
    void count(const Held& held, int change);
    std::size_t held(Among among) const;

    AdmissionLimits limits_;
    ConnectionCloser& closer_;
    mutable std::mutex mutex_;  // the library's thread and the follower's sweep
    std::unordered_map<Key, Held> held_;
    std::unordered_map<std::string, Holding> by_address_;
    Holding total_;
};

// The address a connection is counted by: an IPv4 address (an IPv4-mapped
// IPv6 one included), or an IPv6 address's /64 network, which one host
// may hold whole.
std::string address_key(const sockaddr* address);

}  // namespace coyel::cli
