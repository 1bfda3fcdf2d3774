// Inside PublicServer (serve_server.hpp): what its pieces share. The
// library's one thread answers each request (serve_routes.cpp) and feeds the
// /events streams (serve_streams.cpp); the caller's thread follows the save
// and wakes the streams (serve_follow.cpp); serve_server.cpp binds, starts
// and stops the library. Not a public header: web/ alone includes it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chronicle.hpp"
#include "clock.hpp"
#include "phones/phone_relay.hpp"
#include "serve_admission.hpp"
#include "serve_mhd.hpp"
#include "serve_server.hpp"
#include "serve_state.hpp"
#include "store/save_follower.hpp"

namespace coyel::cli {

// A POST's body as it arrives (answers only): kept to serve_answer_bytes.
struct PostBody {
    std::string text;
    bool too_long = false;
};

// The page's policy: its own script by hash (no other inline script runs),
// which may ask this server only; never inside another site's frame.
std::string page_policy();
// A card's: its one script (the night's console, and whether its game is
// still served), which may ask this server only.
std::string card_policy();

struct PublicServer::Impl {
    // One /events stream: what it has been sent, and whether it waits, suspended.
    struct Listener {
        Impl* impl = nullptr;
        MHD_Connection* connection = nullptr;
        int fd = -1;             // its socket, watched while parked
        std::uint64_t seen = 0;  // 0: the state at once
        bool suspended = false;
        bool gone = false;                    // the phone hung up while parked: end the stream
        platform::Clock::Steady last_sent{};  // or when it opened
        std::string pending = {};             // a message not yet all written
        std::size_t written = 0;
    };

    const narration::Narrator& narrator;
    // What the server reads time from: its streams' pings, its crowd's
    // deadlines, the phones' relay, and the live clock's reading it serves.
    const platform::Clock& clock;
    const std::string game_id;              // game_fingerprint() of the save first followed
    SaveFollower follower;                  // the follow_save thread's alone
    narration::TableStory story{narrator};  // the table's, fed each reading (that thread's too)
    const MhdApi* api = nullptr;
    int listen_fd = -1;
    bool ipv6 = false;
    // "http://192.168.1.20:8080", …: the origins of the pages this server
    // gives, as numbers (serve_origins()), which a phone's Done must come from.
    std::vector<std::string> origins;
    unsigned max_connections = serve_max_connections;
    // Who holds the places (made once the bounds are known, before the library starts).
    std::unique_ptr<ConnectionCloser> closer;
    std::unique_ptr<Admission> admission;
    MHD_Daemon* daemon = nullptr;
    std::string page_text;  // the page at `/`, in the narrator's language
    // Answers made once, queued as often as asked (the library counts their uses).
    MHD_Response* page = nullptr;
    MHD_Response* not_found = nullptr;
    MHD_Response* not_allowed = nullptr;
    MHD_Response* busy = nullptr;
    MHD_Response* stream_head = nullptr;

    std::mutex mutex;  // guards all below
    std::condition_variable changed;
    std::optional<SavedGame> saved;  // the last good reading
    std::string path;                // of the save it came from
    bool missing = false;
    std::uint64_t version = 1;  // bumped at each change of the save
    // The public state, built once per reading on the follower's thread:
    // requests and streams only add the ticking figures (PublicState::at).
    std::shared_ptr<const PublicState> state;
    bool stopping = false;
    bool listening = false;
    std::vector<Listener*> listeners;
    // The phones' answers (answer_into): none unless the playing coyel serves.
    // The relay (phone_relay.hpp) is the tests' table's own: what the phones
    // show, what they post, and what passes to the session.
    PhoneInbox* inbox = nullptr;
    std::optional<PhoneRelay> relay;
    // Per seat: the second its card's requests are counted in, and how many.
    std::vector<std::pair<platform::Clock::Steady, int>> card_requests;

    Impl(const narration::Narrator& narrator, std::string save_path, const platform::Clock& clock);
    ~Impl();

    // --- Following the save (serve_follow.cpp), on the caller's thread.
    // The follower's reading, for the routes, the streams and the phones
    // (the game moved by `save AS` is followed to its new file).
    void publish();
    // The public state of the follower's reading, on its thread. The clock
    // ticks on only in a game some coyel is playing, as on `display`.
    PublicState state_of_reading();
    bool shows_clock_running = false;  // the follower's thread's: the state built last does
    // The public state now, as a request or a stream sends it.
    std::string state_now();
    // Follows the save until stop(), waking the streams due a message.
    void follow_save();
    // The phones' answer to the call, once due, to the session.
    void pass_phone_answer();

    // --- The library (serve_server.cpp).
    MHD_Response* text_response(const std::string& text, const char* type,
                                const std::string& policy, MHD_ResponseMemoryMode mode);
    bool make_responses();
    bool start_daemon();

    // --- Each request (serve_routes.cpp), on the library's thread.
    MHD_Result answer(MHD_Connection* connection, std::string_view url, std::string_view method,
                      const PostBody* body);
    MHD_Result receive_answer(MHD_Connection* connection, std::string_view url, const char* data,
                              size_t& upload, void*& request);
    MHD_Result answer_state(MHD_Connection* connection);
    MHD_Result answer_card(MHD_Connection* connection, std::string_view token);
    MHD_Result answer_card_path(MHD_Connection* connection, std::string_view path,
                                std::string_view method, const PostBody* body);
    MHD_Result answer_phone(MHD_Connection* connection, Seat seat, std::string_view what,
                            std::string_view method, const PostBody* body);
    MHD_Result queue_text(MHD_Connection* connection, unsigned status, const std::string& text,
                          const char* type);
    MHD_Result queue_made(MHD_Connection* connection, unsigned status, const std::string& text,
                          const char* type, const std::string& policy);
    bool counted_in(Seat seat);
    // The seat whose card `token` is, while the phones answer.
    std::optional<Seat> card_seat(std::string_view token);
    bool same_origin(MHD_Connection* connection) const;
    // A body's length as its headers give it: none (nullopt), or two that differ.
    struct DeclaredLength {
        std::optional<std::size_t> bytes;
        bool conflicting = false;
    };
    DeclaredLength declared_length(MHD_Connection* connection) const;

    // --- The /events streams (serve_streams.cpp).
    MHD_Result open_stream(MHD_Connection* connection);
    ssize_t read_stream(Listener& listener, char* buffer, std::size_t room);
    void close_stream(Listener* listener);
    // On the caller's thread: resumes each parked stream that is due a message.
    void wake_streams();
};

}  // namespace coyel::cli
