// The server's frame: the listening socket, the library started on it with
// its bounds, the answers made once, and PublicServer's own calls. What
// each request gets is serve_routes.cpp's; the streams, serve_streams.cpp's;
// the save followed, serve_follow.cpp's.
#include "serve_server.hpp"

#include <netdb.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "card_links.hpp"
#include "serve_impl.hpp"
#include "serve_state.hpp"
#include "store/save_file.hpp"

namespace coyel::cli {
namespace {

using namespace std::chrono_literals;

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
    const unsigned long long kept = serve_spare_descriptors + serve_closing_room;
    if (soft < kept + 2 * serve_max_per_address) return serve_max_per_address;
    return static_cast<unsigned>(std::min<unsigned long long>(serve_max_connections, soft - kept));
}

// A listening socket on host:port, never shared with another process.
Result<int> listening_socket(const std::string& host, int port, bool& ipv6) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    const std::string where = fmt::format("{}:{}", host, port);
    if (const int error =
            ::getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &found))
        return reasoned(fmt::format("cannot listen on {}: {}", where, ::gai_strerror(error)),
                        ErrorCode::invalid, "address_unknown",
                        {{"address", where}, {"why", ::gai_strerror(error)}});
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
        // The port another program's, for now; the address no longer this
        // machine's (another network): start_serving falls back, or says so.
        const char* reason = saved_errno == EADDRINUSE      ? "port_busy"
                             : saved_errno == EADDRNOTAVAIL ? "address_gone"
                                                            : "cannot_listen";
        return reasoned(fmt::format("cannot listen on {}: {}", where, std::strerror(saved_errno)),
                        saved_errno == EADDRINUSE ? ErrorCode::not_now : ErrorCode::invalid, reason,
                        {{"address", where}, {"why", std::strerror(saved_errno)}});
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

// The marker of a GET whose headers are read (its second call answers it).
char reading_marker;

// Percent-escapes stay as sent: no path of ours has one, so "/card%2F<token>"
// is an unknown path, as it reads, never a card link.
size_t keep_escapes(void*, MHD_Connection*, char* text) { return std::strlen(text); }

}  // namespace

std::string page_policy() {
    return fmt::format(
        "default-src 'none'; script-src '{}'; style-src 'unsafe-inline'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        page_script_hash());
}
std::string card_policy() {
    return fmt::format(
        "default-src 'none'; style-src 'unsafe-inline'; script-src '{}'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        card_script_hash());
}

PublicServer::Impl::Impl(const narration::Narrator& n, std::string p, const platform::Clock& c)
    : narrator(n),
      clock(c),
      game_id(game_fingerprint(p)),
      follower(std::move(p), platform::real_disk()) {
    follower.start();  // armed, then read: a save made as the server starts is seen
    publish();
}

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

namespace {

// A connection's first request is counted from its first call; a GET is
// answered at its second call, once its headers are all read, so that the
// connection may serve the phone's next request; a phone's answer once its
// body is read (receive_answer); anything else at once, which closes the
// connection.
MHD_Result on_request(void* self, MHD_Connection* connection, const char* url, const char* method,
                      const char*, const char* data, size_t* upload, void** request) {
    auto& impl = *static_cast<PublicServer::Impl*>(self);
    if (!*request) impl.admission->request_read(connection, impl.clock.now());
    const std::string_view verb(method);
    if (verb == "POST" && impl.inbox)
        return impl.receive_answer(connection, url, data, *upload, *request);
    if ((verb == "GET" || verb == "HEAD") && !*request && *upload == 0) {
        *request = &reading_marker;
        return MHD_YES;
    }
    return impl.answer(connection, url, method, nullptr);
}

// A request answered (or its connection gone before its answer's body was
// read, which leaves the body behind).
void on_completed(void* self, MHD_Connection* connection, void** request,
                  MHD_RequestTerminationCode) {
    auto& impl = *static_cast<PublicServer::Impl*>(self);
    impl.admission->request_done(connection, impl.clock.now());
    if (*request != &reading_marker) delete static_cast<PostBody*>(*request);
    *request = nullptr;
}

// A connection at the door, refused at once (closed before the library
// makes anything of it) if its address holds its bound or its fair share.
MHD_Result on_knock(void* self, const sockaddr* address, socklen_t) {
    return static_cast<PublicServer::Impl*>(self)->admission->admits(address_key(address)) ? MHD_YES
                                                                                           : MHD_NO;
}

// A connection opened or closed: what the admission counts.
void on_connection(void* self, MHD_Connection* connection, void**,
                   MHD_ConnectionNotificationCode code) {
    auto& impl = *static_cast<PublicServer::Impl*>(self);
    if (code == MHD_CONNECTION_NOTIFY_CLOSED) return impl.admission->closed(connection);
    const auto* fd = impl.api->connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    const auto* from = impl.api->connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    impl.admission->opened(connection, address_key(from ? from->client_addr : nullptr),
                           fd ? fd->connect_fd : -1, impl.clock.now());
}

// Ends a connection the admission gives up: its socket shut down, the
// library sees it closed at its next turn (a parked stream, at the next
// wake_streams()).
struct SocketCloser final : ConnectionCloser {
    void close(int fd) override {
        if (fd >= 0) ::shutdown(fd, SHUT_RDWR);
    }
};

}  // namespace

bool PublicServer::Impl::start_daemon() {
    if (!make_responses()) return false;
    closer = std::make_unique<SocketCloser>();
    admission = std::make_unique<Admission>(
        AdmissionLimits{max_connections, serve_max_per_address,
                        std::min<std::size_t>(serve_max_listeners, max_connections / 4),
                        serve_max_listeners_per_address,
                        std::chrono::seconds(serve_header_deadline_s)},
        *closer);
    // One thread serves every connection (epoll: no FD_SETSIZE ceiling);
    // suspend/resume parks each /events stream until there is news.
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    if (ipv6) flags |= MHD_USE_IPv6;
    daemon =
        api->start_daemon(flags, 0, &on_knock, this, &on_request, this,                       //
                          MHD_OPTION_LISTEN_SOCKET, listen_fd,                                //
                          MHD_OPTION_CONNECTION_LIMIT, max_connections + serve_closing_room,  //
                          MHD_OPTION_CONNECTION_MEMORY_LIMIT, serve_connection_memory,        //
                          MHD_OPTION_CONNECTION_TIMEOUT, serve_idle_timeout_s,                //
                          MHD_OPTION_UNESCAPE_CALLBACK, &keep_escapes, nullptr,               //
                          MHD_OPTION_NOTIFY_COMPLETED, &on_completed, this,                   //
                          MHD_OPTION_NOTIFY_CONNECTION, &on_connection, this, MHD_OPTION_END);
    if (daemon) listen_fd = -1;  // the library's now: it closes it when stopped
    return daemon != nullptr;
}

PublicServer::PublicServer(const narration::Narrator& narrator, std::string save_path,
                           const platform::Clock& clock)
    : impl_(std::make_unique<Impl>(narrator, std::move(save_path), clock)) {}

PublicServer::~PublicServer() { stop(); }

void PublicServer::answer_into(PhoneInbox& inbox) {
    std::lock_guard lock(impl_->mutex);
    impl_->inbox = &inbox;
    impl_->relay.emplace(impl_->narrator, inbox, impl_->clock);
    if (impl_->saved) impl_->relay->follow(impl_->saved->game, impl_->saved->live);
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
    const int bound = port_of(*fd);
    impl_->origins = serve_origins(host, bound);
    return bound;
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
