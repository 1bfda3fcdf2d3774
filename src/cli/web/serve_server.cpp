#include "serve_server.hpp"

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "card_links.hpp"
#include "coyel/card_view.hpp"
#include "phones/phone_desk.hpp"
#include "serve_mhd.hpp"
#include "serve_state.hpp"
#include "store/save_file.hpp"
#include "store/save_follower.hpp"
#include "store/save_lock.hpp"

namespace coyel::cli {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

constexpr auto stream_ping_every = 5s;  // a comment on a quiet stream finds a phone gone

std::int64_t unix_ms_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// The soft limit on open descriptors raised to the hard one, then how many
// connections fit under it with serve_spare_descriptors left for the game.
unsigned connection_limit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);  // if refused, the limit below shrinks to fit
        ::getrlimit(RLIMIT_NOFILE, &limit);
    }
    const auto soft = static_cast<unsigned long long>(limit.rlim_cur);
    if (soft < serve_spare_descriptors + 2 * serve_max_per_address) return serve_max_per_address;
    return static_cast<unsigned>(
        std::min<unsigned long long>(serve_max_connections, soft - serve_spare_descriptors));
}

// A listening socket on host:port, never shared with another process.
Result<int> listening_socket(const std::string& host, int port, bool& ipv6) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    if (const int error =
            ::getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &found))
        return Error{fmt::format("cannot listen on {}:{}: {}", host, port, ::gai_strerror(error))};
    const addrinfo& first = *found;
    ipv6 = first.ai_family == AF_INET6;
    const int fd = ::socket(first.ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    // SO_REUSEADDR only lets a restart bind past its old connections'
    // TIME_WAIT; on Linux two listeners still cannot share the port.
    const int on = 1;
    const bool listening =
        fd >= 0 && ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) == 0 &&
        ::bind(fd, first.ai_addr, first.ai_addrlen) == 0 && ::listen(fd, SOMAXCONN) == 0;
    const int saved_errno = errno;
    ::freeaddrinfo(found);
    if (!listening) {
        if (fd >= 0) ::close(fd);
        // not_now: the port is another program's, for now (start_serving's fallback).
        return Error{
            fmt::format("cannot listen on {}:{}: {}", host, port, std::strerror(saved_errno)),
            saved_errno == EADDRINUSE ? ErrorCode::not_now : ErrorCode::invalid};
    }
    return fd;
}

int port_of(int fd) {
    sockaddr_storage address{};
    socklen_t size = sizeof address;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) return -1;
    if (address.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port);
    return ntohs(reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
}

// The page's policy: its own script by hash (no other inline script runs),
// which may ask this server only; never inside another site's frame.
std::string page_policy() {
    return fmt::format(
        "default-src 'none'; script-src '{}'; style-src 'unsafe-inline'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        page_script_hash());
}
// A card's: no script at all, nothing fetched; with the night's console,
// its one script, which may ask this server only.
std::string card_policy(bool answers) {
    return fmt::format(
        "default-src 'none'; style-src 'unsafe-inline'; {}base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'",
        answers ? fmt::format("script-src '{}'; connect-src 'self'; ", card_script_hash()) : "");
}

// A POST's body as it arrives (answers only): kept to serve_answer_bytes.
struct PostBody {
    std::string text;
    bool too_long = false;
};
// The marker of a GET whose headers are read (its second call answers it).
char reading_marker;

// A call's floor, shortened by COYEL_CALL_FLOOR_MS for the tests.
// A length in milliseconds from the environment (the tests' aids), else `otherwise`.
std::chrono::milliseconds ms_from_environment(const char* name, std::chrono::milliseconds otherwise,
                                              long long least = 0) {
    const char* given = std::getenv(name);
    if (!given || !*given) return otherwise;
    char* end = nullptr;
    const long long ms = std::strtoll(given, &end, 10);
    return *end || ms < least ? otherwise : std::chrono::milliseconds{ms};
}

// "nonce=<32 hex digits>&choice=<index>", the page's whole body, or nullopt.
struct PostedAnswer {
    std::string nonce;
    std::size_t choice = 0;
};
std::optional<PostedAnswer> parse_answer(std::string_view body) {
    constexpr std::string_view nonce_key = "nonce=", choice_key = "&choice=";
    if (!body.starts_with(nonce_key)) return std::nullopt;
    body.remove_prefix(nonce_key.size());
    const std::size_t amp = body.find('&');
    if (amp != card_token_digits || body.substr(amp, choice_key.size()) != choice_key)
        return std::nullopt;
    PostedAnswer answer{std::string(body.substr(0, amp)), 0};
    const std::string_view digits = body.substr(amp + choice_key.size());
    if (digits.empty() || digits.size() > 2) return std::nullopt;
    for (char digit : digits) {
        if (digit < '0' || digit > '9') return std::nullopt;
        answer.choice = answer.choice * 10 + static_cast<std::size_t>(digit - '0');
    }
    return answer;
}

// Percent-escapes stay as sent: no path of ours has one, so "/card%2F<token>"
// is an unknown path, as it reads, never a card link.
size_t keep_escapes(void*, MHD_Connection*, char* text) { return std::strlen(text); }

}  // namespace

struct PublicServer::Impl {
    // One /events stream: what it has been sent, and whether it waits, suspended.
    struct Listener {
        Impl* impl = nullptr;
        MHD_Connection* connection = nullptr;
        int fd = -1;             // its socket, watched while parked
        std::uint64_t seen = 0;  // 0: the state at once
        bool suspended = false;
        bool gone = false;  // the phone hung up while parked: end the stream
        Clock::time_point last_sent = Clock::now();
        std::string pending = {};  // a message not yet all written
        std::size_t written = 0;
    };

    const narration::Narrator& narrator;
    SaveFollower follower;  // the follow_save thread's alone
    const MhdApi* api = nullptr;
    int listen_fd = -1;
    bool ipv6 = false;
    unsigned max_connections = serve_max_connections;
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
    std::uint64_t state_version = 0;
    std::string state_cache;  // state_now() at state_version, for every stream
    bool stopping = false;
    bool listening = false;
    std::vector<Listener*> listeners;
    // The phones' answers (answer_into): none unless the playing coyel serves.
    PhoneInbox* inbox = nullptr;
    std::optional<PhoneDesk> desk;
    // Per seat: the second its card's requests are counted in, and how many.
    std::vector<std::pair<Clock::time_point, int>> card_requests;

    Impl(const narration::Narrator& n, std::string p)
        : narrator(n), follower(std::move(p), folder_watch, read_saved_game) {
        follower.start();  // armed, then read: a save made as the server starts is seen
        publish();
    }
    ~Impl();

    // The follower's reading, for the phones (the game moved by `save AS`
    // is followed to its new file).
    void publish() {
        std::lock_guard lock(mutex);
        path = follower.path();
        missing = follower.missing();
        if (follower.saved()) saved = follower.saved();
        if (desk && saved) desk->follow(saved->game, Clock::now(), talk_left());
        ++version;
        changed.notify_all();
    }

    // How long the save's talk timer still runs, if one does (mutex held).
    std::optional<std::chrono::milliseconds> talk_left() const {
        if (!saved || !saved->live || !saved->live->timer_ends_ms) return std::nullopt;
        return std::chrono::milliseconds(*saved->live->timer_ends_ms - unix_ms_now());
    }

    // The public state now (mutex held). The clock ticks on only in a game
    // some coyel is playing, as on `display`.
    std::string state_now() const {
        if (!saved) return "{}";
        std::optional<LiveClock> live = saved->live;
        if (live && live->running && !in_play(path)) live->running = false;
        const std::string note = missing ? narrator.line("display.missing") : "";
        return public_state_json(narrator, saved->game, live, unix_ms_now(), note);
    }

    MHD_Response* text_response(const std::string& text, const char* type,
                                const std::string& policy, MHD_ResponseMemoryMode mode);
    bool make_responses();
    bool start_daemon();
    MHD_Result answer(MHD_Connection* connection, std::string_view url, std::string_view method,
                      const PostBody* body);
    MHD_Result receive_answer(MHD_Connection* connection, std::string_view url, const char* data,
                              size_t& upload, void*& request);
    MHD_Result answer_card(MHD_Connection* connection, std::string_view token);
    MHD_Result answer_card_path(MHD_Connection* connection, std::string_view path,
                                std::string_view method, const PostBody* body);
    MHD_Result answer_phone(MHD_Connection* connection, Seat seat, std::string_view what,
                            std::string_view method, const PostBody* body);
    MHD_Result queue_text(MHD_Connection* connection, unsigned status, const std::string& text,
                          const char* type);
    bool counted_in(Seat seat);
    // The seat whose card `token` is, while the phones answer.
    std::optional<Seat> card_seat(std::string_view token) {
        std::lock_guard lock(mutex);
        if (!desk || !saved) return std::nullopt;
        return seat_of_card_token(saved->game.setup(), std::string(token));
    }
    bool same_origin(MHD_Connection* connection) const;
    MHD_Result open_stream(MHD_Connection* connection);
    ssize_t read_stream(Listener& listener, char* buffer, std::size_t room);
    void close_stream(Listener* listener);
    void wake_streams();
    void follow_save();
    // The phones' answer to the call, once due, to the session.
    void pass_phone_answer() {
        std::optional<PhoneAnswer> due;
        {
            std::lock_guard lock(mutex);
            if (const auto undone = desk ? inbox->take_undone() : std::nullopt)
                desk->undone_to(*undone, Clock::now());
            if (const auto read = desk ? inbox->take_slapp_read() : std::nullopt)
                desk->slapp_read(*read, Clock::now());
            if (desk) due = desk->due(Clock::now());
        }
        if (due) inbox->post(std::move(*due));
    }
};

PublicServer::Impl::~Impl() {
    for (MHD_Response* response : {page, not_found, not_allowed, busy, stream_head})
        if (response) api->destroy_response(response);
    if (listen_fd >= 0) ::close(listen_fd);
}

// `text` with the safety headers every answer carries. PERSISTENT: `text`
// outlives the response; MUST_COPY: it is copied.
MHD_Response* PublicServer::Impl::text_response(const std::string& text, const char* type,
                                                const std::string& policy,
                                                MHD_ResponseMemoryMode mode) {
    MHD_Response* response =
        api->response_from_buffer(text.size(), const_cast<char*>(text.data()), mode);
    if (!response) return nullptr;
    api->add_header(response, "Content-Type", type);
    api->add_header(response, "Cache-Control", "no-store");
    api->add_header(response, "X-Content-Type-Options", "nosniff");
    api->add_header(response, "Referrer-Policy", "no-referrer");
    api->add_header(response, "Content-Security-Policy", policy.c_str());
    return response;
}

bool PublicServer::Impl::make_responses() {
    static const std::string not_found_text = "404 Not Found\n",
                             not_allowed_text = "405 Method Not Allowed\n",
                             busy_text = "503 Service Unavailable\n", no_text;
    const std::string policy = page_policy();
    constexpr const char* plain = "text/plain; charset=utf-8";
    page = text_response(page_text = public_page(narrator), "text/html; charset=utf-8", policy,
                         MHD_RESPMEM_PERSISTENT);
    not_found = text_response(not_found_text, plain, policy, MHD_RESPMEM_PERSISTENT);
    not_allowed = text_response(not_allowed_text, plain, policy, MHD_RESPMEM_PERSISTENT);
    busy = text_response(busy_text, plain, policy, MHD_RESPMEM_PERSISTENT);
    stream_head = text_response(no_text, "text/event-stream", policy, MHD_RESPMEM_PERSISTENT);
    if (!page || !not_found || !not_allowed || !busy || !stream_head) return false;
    api->add_header(not_allowed, "Allow", "GET, HEAD");
    api->add_header(busy, "Retry-After", "5");
    return true;
}

bool PublicServer::Impl::start_daemon() {
    if (!make_responses()) return false;
    // A GET is answered at its second call, once its headers are all read,
    // so that the connection may serve the phone's next request; a phone's
    // answer once its body is read (receive_answer); anything else at once,
    // which closes the connection.
    const auto on_request = [](void* self, MHD_Connection* connection, const char* url,
                               const char* method, const char*, const char* data, size_t* upload,
                               void** request) -> MHD_Result {
        Impl& impl = *static_cast<Impl*>(self);
        const std::string_view verb(method);
        if (verb == "POST" && impl.inbox)
            return impl.receive_answer(connection, url, data, *upload, *request);
        if ((verb == "GET" || verb == "HEAD") && !*request && *upload == 0) {
            *request = &reading_marker;
            return MHD_YES;
        }
        return impl.answer(connection, url, method, nullptr);
    };
    // A connection gone before its answer's body was read leaves it behind.
    const auto on_completed = [](void*, MHD_Connection*, void** request,
                                 MHD_RequestTerminationCode) {
        if (*request != &reading_marker) delete static_cast<PostBody*>(*request);
        *request = nullptr;
    };
    // One thread serves every connection (epoll: no FD_SETSIZE ceiling);
    // suspend/resume parks each /events stream until there is news.
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    if (ipv6) flags |= MHD_USE_IPv6;
    daemon = api->start_daemon(flags, 0, nullptr, nullptr, +on_request, this,  //
                               MHD_OPTION_LISTEN_SOCKET, listen_fd,            //
                               MHD_OPTION_CONNECTION_LIMIT, max_connections,   //
                               MHD_OPTION_PER_IP_CONNECTION_LIMIT, serve_max_per_address,
                               MHD_OPTION_CONNECTION_MEMORY_LIMIT, serve_connection_memory,
                               MHD_OPTION_CONNECTION_TIMEOUT, serve_idle_timeout_s,
                               MHD_OPTION_UNESCAPE_CALLBACK, &keep_escapes, nullptr,  //
                               MHD_OPTION_NOTIFY_COMPLETED, +on_completed, nullptr,   //
                               MHD_OPTION_END);
    if (daemon) listen_fd = -1;  // the library's now: it closes it when stopped
    return daemon != nullptr;
}

MHD_Result PublicServer::Impl::answer(MHD_Connection* connection, std::string_view url,
                                      std::string_view method, const PostBody* body) {
    static_assert(card_token_digits == 32, "the card path's length spells the token's");
    constexpr std::string_view card = "/card/";
    // A card's own paths: a token not of this game is an unknown path, 404.
    if (url.size() > card.size() + card_token_digits && url.starts_with(card) &&
        url[card.size() + card_token_digits] == '/')
        return answer_card_path(connection, url.substr(card.size()), method, body);
    if (method != "GET" && method != "HEAD")
        return api->queue_response(connection, MHD_HTTP_METHOD_NOT_ALLOWED, not_allowed);
    if (url == "/") return api->queue_response(connection, MHD_HTTP_OK, page);
    if (url == "/state.json") {
        std::string state;
        {
            std::lock_guard lock(mutex);
            state = state_now();
        }
        MHD_Response* response = text_response(state, "application/json; charset=utf-8",
                                               page_policy(), MHD_RESPMEM_MUST_COPY);
        if (!response) return MHD_NO;
        const MHD_Result queued = api->queue_response(connection, MHD_HTTP_OK, response);
        api->destroy_response(response);
        return queued;
    }
    if (url == "/events")
        return method == "HEAD" ? api->queue_response(connection, MHD_HTTP_OK, stream_head)
                                : open_stream(connection);
    if (url.size() == card.size() + card_token_digits && url.starts_with(card))
        return answer_card(connection, url.substr(card.size()));
    return api->queue_response(connection, MHD_HTTP_NOT_FOUND, not_found);
}

// A card link: the card of the player whose token it is. Any other token
// gets the 404 of an unknown path, word and header alike.
MHD_Result PublicServer::Impl::answer_card(MHD_Connection* connection, std::string_view token) {
    std::string card;
    {
        std::lock_guard lock(mutex);
        const auto seat =
            saved ? seat_of_card_token(saved->game.setup(), std::string(token)) : std::nullopt;
        if (seat) card = card_page(narrator, saved->game, *seat, desk.has_value());
    }
    if (card.empty()) return api->queue_response(connection, MHD_HTTP_NOT_FOUND, not_found);
    MHD_Response* response = text_response(card, "text/html; charset=utf-8",
                                           card_policy(desk.has_value()), MHD_RESPMEM_MUST_COPY);
    if (!response) return MHD_NO;
    const MHD_Result queued = api->queue_response(connection, MHD_HTTP_OK, response);
    api->destroy_response(response);
    return queued;
}

// A phone's answer (POST /card/<token>/answer). Refused at once when it
// cannot be one: another path or a token not of this game (as answer()
// says, the same 404 for both), no length, or a body longer than an answer's. Else its body is
// read, serve_answer_bytes at most, and answered at the library's last call.
MHD_Result PublicServer::Impl::receive_answer(MHD_Connection* connection, std::string_view url,
                                              const char* data, size_t& upload, void*& request) {
    auto* body = static_cast<PostBody*>(request);
    if (!body) {
        constexpr std::string_view card = "/card/", answer_path = "/answer";
        if (url.size() != card.size() + card_token_digits + answer_path.size() ||
            !url.starts_with(card) || !url.ends_with(answer_path) ||
            !card_seat(url.substr(card.size(), card_token_digits)))
            return answer(connection, url, "POST", nullptr);
        const char* length = api->lookup_value(connection, MHD_HEADER_KIND, "Content-Length");
        if (!length || std::strlen(length) > 3 ||
            std::strtoul(length, nullptr, 10) > serve_answer_bytes)
            return queue_text(connection, MHD_HTTP_CONTENT_TOO_LARGE, "413 Content Too Large\n",
                              "text/plain; charset=utf-8");
        request = body = new PostBody{};
        return MHD_YES;
    }
    if (upload > 0) {
        if (body->text.size() + upload > serve_answer_bytes)
            body->too_long = true;
        else
            body->text.append(data, upload);
        upload = 0;
        return MHD_YES;
    }
    return answer(connection, url, "POST", body);
}

// `/card/<token>/call` and `/card/<token>/answer`, for the card's own
// phone; a token not of this game, or a server that takes no answers, 404.
MHD_Result PublicServer::Impl::answer_card_path(MHD_Connection* connection, std::string_view path,
                                                std::string_view method, const PostBody* body) {
    const std::string_view token = path.substr(0, card_token_digits);
    const std::string_view what = path.substr(card_token_digits + 1);
    const std::optional<Seat> seat = card_seat(token);
    if (!seat || (what != "call" && what != "answer"))
        return api->queue_response(connection, MHD_HTTP_NOT_FOUND, not_found);
    return answer_phone(connection, *seat, what, method, body);
}

// A phone's poll, or its Done: counted against its card's rate, and a
// Done only from the page's own origin. Every Done taken gets the same 204,
// whoever sent it; what came of it shows in the phone's next poll.
MHD_Result PublicServer::Impl::answer_phone(MHD_Connection* connection, Seat seat,
                                            std::string_view what, std::string_view method,
                                            const PostBody* body) {
    constexpr const char* plain = "text/plain; charset=utf-8";
    const bool posting = what == "answer";
    if (posting ? method != "POST" : method != "GET" && method != "HEAD")
        return api->queue_response(connection, MHD_HTTP_METHOD_NOT_ALLOWED, not_allowed);
    if (!counted_in(seat))
        return queue_text(connection, MHD_HTTP_TOO_MANY_REQUESTS, "429 Too Many Requests\n", plain);
    if (!posting) {
        std::string shown;
        {
            std::lock_guard lock(mutex);
            shown = desk->poll(seat, Clock::now());
        }
        return queue_text(connection, MHD_HTTP_OK, shown, "application/json; charset=utf-8");
    }
    if (!same_origin(connection))
        return queue_text(connection, MHD_HTTP_FORBIDDEN, "403 Forbidden\n", plain);
    if (!body || body->too_long)
        return queue_text(connection, MHD_HTTP_CONTENT_TOO_LARGE, "413 Content Too Large\n", plain);
    const auto posted = parse_answer(body->text);
    if (!posted) return queue_text(connection, MHD_HTTP_BAD_REQUEST, "400 Bad Request\n", plain);
    PhoneDesk::Posted result;
    {
        std::lock_guard lock(mutex);
        result = desk->post(seat, posted->nonce, posted->choice, Clock::now());
    }
    switch (result) {
        case PhoneDesk::Posted::taken:
            return queue_text(connection, MHD_HTTP_NO_CONTENT, "", plain);
        case PhoneDesk::Posted::bad:
            return queue_text(connection, MHD_HTTP_BAD_REQUEST, "400 Bad Request\n", plain);
        case PhoneDesk::Posted::stale:
        case PhoneDesk::Posted::replayed: break;
    }
    return queue_text(connection, MHD_HTTP_CONFLICT, "409 Conflict\n", plain);
}

MHD_Result PublicServer::Impl::queue_text(MHD_Connection* connection, unsigned status,
                                          const std::string& text, const char* type) {
    MHD_Response* response = text_response(text, type, page_policy(), MHD_RESPMEM_MUST_COPY);
    if (!response) return MHD_NO;
    const MHD_Result queued = api->queue_response(connection, status, response);
    api->destroy_response(response);
    return queued;
}

// At most serve_card_requests_per_second of a card's requests in a second.
bool PublicServer::Impl::counted_in(Seat seat) {
    std::lock_guard lock(mutex);
    const auto at = static_cast<std::size_t>(seat);
    if (card_requests.size() <= at) card_requests.resize(at + 1);
    auto& [since, count] = card_requests[at];
    const auto now = Clock::now();
    if (now - since >= 1s) {
        since = now;
        count = 0;
    }
    return ++count <= serve_card_requests_per_second;
}

// The request comes from a page this server gave: its Origin is the Host it asked.
bool PublicServer::Impl::same_origin(MHD_Connection* connection) const {
    const char* origin = api->lookup_value(connection, MHD_HEADER_KIND, "Origin");
    const char* host = api->lookup_value(connection, MHD_HEADER_KIND, "Host");
    return origin && host && std::string_view(origin) == "http://" + std::string(host);
}

MHD_Result PublicServer::Impl::open_stream(MHD_Connection* connection) {
    const MHD_ConnectionInfo* info =
        api->connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    auto* listener = new Listener{this, connection, info ? info->connect_fd : -1};
    {
        std::lock_guard lock(mutex);
        if (stopping || listeners.size() >= static_cast<std::size_t>(serve_max_listeners)) {
            delete listener;
            return api->queue_response(connection, MHD_HTTP_SERVICE_UNAVAILABLE, busy);
        }
        listeners.push_back(listener);
    }
    const auto read = [](void* cls, uint64_t, char* buffer, size_t room) -> ssize_t {
        auto* self = static_cast<Listener*>(cls);
        return self->impl->read_stream(*self, buffer, room);
    };
    const auto done = [](void* cls) {
        auto* self = static_cast<Listener*>(cls);
        self->impl->close_stream(self);
    };
    MHD_Response* response =
        api->response_from_callback(MHD_SIZE_UNKNOWN, 4096, +read, listener, +done);
    if (!response) {
        close_stream(listener);
        return MHD_NO;
    }
    api->add_header(response, "Content-Type", "text/event-stream");
    api->add_header(response, "Cache-Control", "no-store");
    api->add_header(response, "X-Content-Type-Options", "nosniff");
    // Quiet between pings: the idle bound of other requests would cut it.
    api->set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, serve_stream_timeout_s);
    const MHD_Result queued = api->queue_response(connection, MHD_HTTP_OK, response);
    api->destroy_response(response);  // freed, and the stream closed, when the connection ends
    return queued;
}

// The next bytes of a stream: the state when it changed, a comment after
// stream_ping_every of quiet; else the connection is parked until
// wake_streams(). On the library's thread only, as close_stream().
ssize_t PublicServer::Impl::read_stream(Listener& listener, char* buffer, std::size_t room) {
    std::lock_guard lock(mutex);
    if (stopping) return MHD_CONTENT_READER_END_OF_STREAM;
    if (listener.gone) return MHD_CONTENT_READER_END_WITH_ERROR;  // closes it at once
    if (listener.written == listener.pending.size()) {
        listener.pending.clear();
        listener.written = 0;
        const auto now = Clock::now();
        if (listener.seen != version) {
            if (state_version != version) {
                state_cache = "data: " + state_now() + "\n\n";
                state_version = version;
            }
            listener.seen = version;
            listener.pending = state_cache;
        } else if (now - listener.last_sent >= stream_ping_every) {
            listener.pending = ": still here\n\n";
        } else {
            listener.suspended = true;
            api->suspend(listener.connection);
            return 0;
        }
        listener.last_sent = now;
    }
    const std::size_t count = std::min(room, listener.pending.size() - listener.written);
    std::memcpy(buffer, listener.pending.data() + listener.written, count);
    listener.written += count;
    return static_cast<ssize_t>(count);
}

void PublicServer::Impl::close_stream(Listener* listener) {
    {
        std::lock_guard lock(mutex);
        std::erase(listeners, listener);
    }
    delete listener;
}

// Resumes each parked stream that has news (or a ping due, or the server
// stopping), and each whose phone hung up: the library watches no parked
// socket, so a phone gone would keep its place until the next ping. A parked
// connection cannot close, and only this resumes it, so its socket is safe
// to poll and the library is called outside the mutex, in its lock order.
void PublicServer::Impl::wake_streams() {
    std::vector<MHD_Connection*> waking;
    std::unique_lock lock(mutex);
    std::vector<pollfd> sockets;
    for (const Listener* listener : listeners)
        if (listener->suspended) sockets.push_back({listener->fd, POLLIN | POLLRDHUP, 0});
    if (!sockets.empty()) ::poll(sockets.data(), sockets.size(), 0);
    const auto now = Clock::now();
    std::size_t at = 0;
    for (Listener* listener : listeners) {
        if (!listener->suspended) continue;
        // An /events request sends nothing after its headers: any byte or end is a hang-up.
        listener->gone = sockets[at++].revents != 0;
        if (stopping || listener->gone || listener->seen != version ||
            now - listener->last_sent >= stream_ping_every) {
            listener->suspended = false;
            waking.push_back(listener->connection);
        }
    }
    lock.unlock();
    for (MHD_Connection* connection : waking) api->resume(connection);
}

// Follows the save (save_follower.hpp: inotify, armed before each read),
// and every 50 ms at most wakes the parked streams that are due a message
// (a change, a ping, a phone gone).
void PublicServer::Impl::follow_save() {
    for (;;) {
        {
            std::lock_guard lock(mutex);
            if (stopping) return;
        }
        pollfd watched{follower.fd(), POLLIN, 0};
        const int wait_ms =
            static_cast<int>(std::min<std::int64_t>(50, follower.wait().value_or(50ms).count()));
        (void)::poll(&watched, follower.fd() >= 0 ? 1 : 0, wait_ms);
        if (follower.update()) publish();
        wake_streams();
        pass_phone_answer();
    }
}

PublicServer::PublicServer(const narration::Narrator& narrator, std::string save_path)
    : impl_(std::make_unique<Impl>(narrator, std::move(save_path))) {}

PublicServer::~PublicServer() { stop(); }

void PublicServer::answer_into(PhoneInbox& inbox) {
    std::lock_guard lock(impl_->mutex);
    impl_->inbox = &inbox;
    // COYEL_CALL_FLOOR_MS and COYEL_PHONE_POLL_MS shorten the floor and the
    // pages' poll for the tests; the poll stays within the rate limit.
    impl_->desk.emplace(impl_->narrator,
                        ms_from_environment("COYEL_CALL_FLOOR_MS", phone_call_floor),
                        ms_from_environment("COYEL_PHONE_POLL_MS", phone_poll_every, 150));
    if (impl_->saved) impl_->desk->follow(impl_->saved->game, Clock::now(), impl_->talk_left());
}

Result<int> PublicServer::bind(const std::string& host, int port) {
    const auto api = mhd_api();
    if (!api) return Error{fmt::format("cannot serve: {}", api.error())};
    impl_->api = *api;
    impl_->max_connections = connection_limit();
    auto fd = listening_socket(host, port, impl_->ipv6);
    if (!fd) return fd.failure();
    if (impl_->listen_fd >= 0) ::close(impl_->listen_fd);
    impl_->listen_fd = *fd;
    return port_of(*fd);
}

void PublicServer::run() {
    const bool started = impl_->start_daemon();
    {
        std::lock_guard lock(impl_->mutex);
        impl_->listening = started;
        impl_->changed.notify_all();
    }
    if (!started) {
        fmt::print(stderr, "coyel: the server could not start\n");
        return;
    }
    impl_->follow_save();
    impl_->wake_streams();  // every stream ends (stopping), so none is left parked
    impl_->api->stop_daemon(impl_->daemon);
    impl_->daemon = nullptr;
}

void PublicServer::wait_until_listening() const {
    std::unique_lock lock(impl_->mutex);
    impl_->changed.wait_for(lock, 2s, [&] { return impl_->listening || impl_->stopping; });
}

void PublicServer::stop() {
    std::lock_guard lock(impl_->mutex);
    impl_->stopping = true;
    impl_->changed.notify_all();
}

}  // namespace coyel::cli
