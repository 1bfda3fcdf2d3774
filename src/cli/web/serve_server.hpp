// The players' screen over HTTP (`coyel serve`, `--serve`): `/` the embedded
// page, `/state.json` the public state, `/events` the same pushed as
// Server-Sent Events at each change of the save, `/card/<token>` one
// player's card (card_links.hpp). GET and HEAD only; any other path, and any
// token not of this game, is 404; any other method 405. A server that takes
// the phones' answers (answer_into) also has, per card, `/card/<token>/call`
// (the night's call as that phone shows it, phone_desk.hpp) and
// `POST /card/<token>/answer` (its Done). The save is read,
// never written. The server is GNU libmicrohttpd's event loop (serve_mhd.hpp),
// one thread for every connection, with the bounds below on what a stranger
// on the Wi-Fi can make it hold.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "clock.hpp"
#include "coyel/result.hpp"
#include "coyel/setup.hpp"
#include "disk.hpp"
#include "narrator.hpp"
#include "phones/phone_inbox.hpp"

namespace coyel::cli {

// Limits that keep 50 phones and a hostile guest with many addresses from
// starving the game (README, "Security model"): each bounds what one
// connection or one address can hold, and a newcomer who finds the places
// full takes the oldest of the address holding the most (serve_admission.hpp),
// so that the total stays small and a new phone gets in whatever is sent.
inline constexpr unsigned serve_max_connections = 256;  // open at once, idle ones included
inline constexpr unsigned serve_max_per_address = 16;   // from one IP address (IPv6: one /64)
inline constexpr unsigned serve_max_listeners = 64;     // /events streams at once
inline constexpr unsigned serve_max_listeners_per_address = 4;
inline constexpr unsigned serve_header_deadline_s = 10;  // for a request's line and headers
inline constexpr std::size_t serve_connection_memory = 16 * 1024;  // request line and headers too
inline constexpr unsigned serve_idle_timeout_s = 10;    // silence before a connection is closed
inline constexpr unsigned serve_stream_timeout_s = 30;  // an /events stream pings every 5 s
// Connections given up to make room but not closed yet: the library's
// bound is this much above serve_max_connections, so it never refuses one.
inline constexpr unsigned serve_closing_room = 32;
// Descriptors kept free for the game itself (saves, the terminal, the lock).
inline constexpr unsigned serve_spare_descriptors = 128;
// A phone's answer: its body's bytes at most, and its card's requests a second.
inline constexpr std::size_t serve_answer_bytes = 256;
inline constexpr int serve_card_requests_per_second = 10;

class PublicServer {
  public:
    // Follows `save_path`, whose first reading must have loaded (the caller's
    // check), reading time from `clock` (which outlives the server).
    PublicServer(const narration::Narrator& narrator, std::string save_path,
                 const platform::Clock& clock);
    PublicServer(const PublicServer&) = delete;
    PublicServer& operator=(const PublicServer&) = delete;
    ~PublicServer();

    // The phones answer the night's calls, into `inbox` (before run()).
    void answer_into(PhoneInbox& inbox);

    // Binds `host`:`port` (0: any free port) without sharing it (no
    // SO_REUSEPORT: a port in use is refused): the port bound, or why not.
    Result<int> bind(const std::string& host, int port);
    // Serves (on the library's thread) and follows the save (on the caller's)
    // until stop(), which may come from any thread. Requires a bind() that succeeded.
    void run();
    // Waits (2 s at most) until run() listens, so that a stop() soon after
    // cannot come before it and be missed.
    void wait_until_listening() const;
    void stop();

    struct Impl;  // serve_impl.hpp, for the server's own files

  private:
    std::unique_ptr<Impl> impl_;
};

// Where to serve a game: --bind and --port when given, else where it served
// last (Setup::served: the port kept whatever the address, so that the
// card links phones hold open again where they can), else 0.0.0.0:8080
// (every interface: the phones are on the LAN).
struct ServeAt {
    std::string bind = "0.0.0.0";
    int port = 8080;
    bool bind_given = false;              // --bind: an address gone is an error, not a fallback
    bool port_given = false;              // --port: a port taken is an error, not a fallback
    std::optional<Setup::Served> before;  // where the game served last
    bool phone_cards = false;             // the game's links are card links too
};
ServeAt serve_at(const std::optional<std::string>& bind, const std::optional<int>& port,
                 const Setup& setup);

// Who serves: the playing coyel itself (`new`/`resume --serve`), or `coyel
// serve` beside it.
enum class Serving { in_game, beside };

// Binds `server` where `at` says and prints the address with its QR code,
// each line wrapped to the terminal. A port not given that is taken: any
// free one; an address not given that is no longer the machine's: every
// interface; each said in one line. Then, if the links now differ from
// where the game served last, which changed and how to show them again.
// Where it serves, or nullopt once the reason (with a hint) is printed in
// one line. Defined in cmd_serve.cpp.
std::optional<Setup::Served> start_serving(PublicServer& server,
                                           const narration::Narrator& narrator, const ServeAt& at,
                                           Serving serving, const std::string& save_path);

// The server of `coyel new --serve` and `coyel resume --serve`: a thread of
// the playing coyel, following the save it writes, until destroyed. Defined
// in cmd_serve.cpp.
class ServerThread {
  public:
    // Serving `save_path` (which may not exist yet), the address printed; or
    // nullptr once the reason is printed. `narrator` must outlive the result.
    static std::unique_ptr<ServerThread> start(const narration::Narrator& narrator,
                                               const std::string& save_path, const ServeAt& at);
    ServerThread(const ServerThread&) = delete;
    ServerThread& operator=(const ServerThread&) = delete;
    ~ServerThread();
    // "http://192.168.1.20:8080/": what the card links start with.
    const std::string& address() const { return served_.address; }
    // Where it serves, as Setup::served keeps it.
    const Setup::Served& served() const { return served_; }
    // The answers the players' phones make.
    PhoneInbox& inbox() { return inbox_; }

  private:
    ServerThread(const narration::Narrator& narrator, const std::string& save_path);
    PhoneInbox inbox_;  // before the server, which posts into it
    PublicServer server_;
    Setup::Served served_;
    std::thread thread_;
};

// The game a server serves, as its page tells it from another game served
// later at the same address: a fingerprint of its save's path, the same in
// every coyel serving that save ("" for none).
std::string game_fingerprint(const std::string& save_path,
                             platform::Disk& disk = platform::real_disk());

// Whether a coyel answering at `host`:`port` serves the game `fingerprint`
// (asked within a second; false when nothing answers so).
bool serves_game(const std::string& host, int port, const std::string& fingerprint);

// Whether `host` is this machine alone (127.0.0.1, ::1, localhost).
bool is_loopback(const std::string& host);

// "http://192.168.1.20:8080/": the address phones type; for 0.0.0.0 the
// machine's first LAN address (127.0.0.1 when it has none).
std::string address_for_phones(const std::string& host, int port);

// The origins of the pages served at `host`:`port` ("http://192.168.1.20:8080"),
// as numbers: `host` itself, or for the wildcard (0.0.0.0) each address of
// the machine's interfaces; an IPv6 address in brackets. A phone's Done
// must come from one of them.
std::vector<std::string> serve_origins(const std::string& host, int port);

}  // namespace coyel::cli
