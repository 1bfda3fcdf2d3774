#include "serve_server.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <qrencode.h>
#include <sys/stat.h>

#include <httplib.h>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <cstring>
#include <filesystem>

#include "card_links.hpp"
#include "coyel/card_view.hpp"
#include "save_file.hpp"
#include "save_lock.hpp"
#include "serve_state.hpp"

namespace coyel::cli {
namespace {

using namespace std::chrono_literals;

std::int64_t unix_ms_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// What changes when the save or its lock is replaced, written or removed.
struct FileMark {
    bool exists = false;
    std::int64_t mtime_ns = 0, size = 0, inode = 0;
    bool operator==(const FileMark&) const = default;
};

FileMark mark_of(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return {};
    return {true, info.st_mtim.tv_sec * 1000000000LL + info.st_mtim.tv_nsec,
            static_cast<std::int64_t>(info.st_size), static_cast<std::int64_t>(info.st_ino)};
}

// The page's policy: its own inline script, which may ask this server only.
constexpr const char* page_policy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'";
// A card's: no script at all, nothing fetched.
constexpr const char* card_policy =
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

void set_safety_headers(httplib::Response& res, const char* policy = page_policy) {
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Referrer-Policy", "no-referrer");
    res.set_header("Content-Security-Policy", policy);
}

}  // namespace

struct PublicServer::Impl {
    const narration::Narrator& narrator;
    std::string path;
    std::string page;
    httplib::Server server;
    std::mutex mutex;
    std::condition_variable changed;
    std::optional<SavedGame> saved;  // the last good reading
    bool missing = false;
    std::uint64_t version = 1;  // bumped at each change of the save
    bool stopping = false;
    std::atomic<int> listeners{0};
    std::thread watcher;

    Impl(const narration::Narrator& n, std::string p)
        : narrator(n), path(std::move(p)), page(public_page(n)) {
        reload();
        routes();
        limits();
    }

    void reload() {
        auto read = read_saved_game(path);
        std::error_code error;
        std::lock_guard lock(mutex);
        missing = !read && !std::filesystem::exists(path, error);
        if (read) saved.emplace(std::move(*read));
        ++version;
        changed.notify_all();
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

    void routes();
    void limits();
    void follow_save();
    bool stream(std::uint64_t& seen, httplib::DataSink& sink);
};

void PublicServer::Impl::routes() {
    server.Get("/", [this](const httplib::Request&, httplib::Response& res) {
        set_safety_headers(res);
        res.set_content(page, "text/html; charset=utf-8");
    });
    server.Get("/state.json", [this](const httplib::Request&, httplib::Response& res) {
        set_safety_headers(res);
        std::lock_guard lock(mutex);
        res.set_content(state_now(), "application/json; charset=utf-8");
    });
    // A card link: the card of the player whose token it is. Any other token
    // gets the 404 of an unknown path, word and header alike (the error handler's).
    static_assert(card_token_digits == 32, "the route's pattern spells the token's length");
    server.Get(
        R"(/card/([0-9a-f]{32}))", [this](const httplib::Request& req, httplib::Response& res) {
            std::lock_guard lock(mutex);
            const auto seat = saved ? seat_of_card_token(saved->game.setup(), req.matches[1].str())
                                    : std::nullopt;
            if (!seat) {
                res.status = 404;
                return;
            }
            set_safety_headers(res, card_policy);
            res.set_content(card_page(narrator, saved->game, *seat), "text/html; charset=utf-8");
        });
    server.Get("/events", [this](const httplib::Request&, httplib::Response& res) {
        set_safety_headers(res);
        if (listeners.fetch_add(1) >= serve_max_listeners) {
            listeners.fetch_sub(1);
            res.status = 503;
            res.set_header("Retry-After", "10");
            return;
        }
        auto seen = std::make_shared<std::uint64_t>(0);  // 0: the state at once
        res.set_chunked_content_provider(
            "text/event-stream",
            [this, seen](std::size_t, httplib::DataSink& sink) { return stream(*seen, sink); },
            [this](bool) { listeners.fetch_sub(1); });
    });
}

// One message of an /events stream: the state when it changed, else after
// 15 s a comment, which finds a phone gone.
bool PublicServer::Impl::stream(std::uint64_t& seen, httplib::DataSink& sink) {
    std::unique_lock lock(mutex);
    changed.wait_for(lock, 15s, [&] { return stopping || version != seen; });
    if (stopping) return false;
    std::string message = ": still here\n\n";
    if (version != seen) {
        seen = version;
        message = "data: " + state_now() + "\n\n";
    }
    lock.unlock();
    return sink.write(message.data(), message.size());
}

void PublicServer::Impl::limits() {
    server.new_task_queue = [] { return new httplib::ThreadPool(serve_threads); };
    server.set_tcp_nodelay(true);  // small answers, at once
    server.set_payload_max_length(1024);
    server.set_keep_alive_max_count(20);
    server.set_keep_alive_timeout(5);
    server.set_read_timeout(5, 0);
    server.set_write_timeout(5, 0);
    server.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET") {
            res.status = 405;
            res.set_header("Allow", "GET");
            return httplib::Server::HandlerResponse::Handled;
        }
        // No path of ours is percent-encoded: "/card%2F<token>" would be
        // decoded into a card link, so an encoded path is unknown, as it reads.
        const std::string_view path = std::string_view(req.target).substr(0, req.target.find('?'));
        if (path.find('%') == std::string_view::npos)
            return httplib::Server::HandlerResponse::Unhandled;
        res.status = 404;
        return httplib::Server::HandlerResponse::Handled;
    });
    // The same short text for every refusal: an unknown path says nothing of why.
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        set_safety_headers(res);
        const char* text = res.status == 404   ? "404 Not Found\n"
                           : res.status == 405 ? "405 Method Not Allowed\n"
                                               : "Refused\n";
        res.set_content(text, "text/plain; charset=utf-8");
    });
}

// Polls the save and its lock every 50 ms: well within the 250 ms a phone
// may wait, and cheap (two stat calls).
void PublicServer::Impl::follow_save() {
    FileMark save = mark_of(path), lock_file = mark_of(lock_path_of(path));
    for (;;) {
        {
            std::unique_lock lock(mutex);
            if (changed.wait_for(lock, 50ms, [&] { return stopping; })) return;
        }
        const FileMark save_now = mark_of(path), lock_now = mark_of(lock_path_of(path));
        if (save_now == save && lock_now == lock_file) continue;
        save = save_now;
        lock_file = lock_now;
        reload();
    }
}

PublicServer::PublicServer(const narration::Narrator& narrator, std::string save_path)
    : impl_(std::make_unique<Impl>(narrator, std::move(save_path))) {}

PublicServer::~PublicServer() { stop(); }

Result<int> PublicServer::bind(const std::string& host, int port) {
    int bound = port;
    if (port == 0)
        bound = impl_->server.bind_to_any_port(host);
    else if (!impl_->server.bind_to_port(host, port))
        bound = -1;
    if (bound <= 0)
        return Error{fmt::format("cannot listen on {}:{}: {}", host, port, std::strerror(errno))};
    return bound;
}

void PublicServer::run() {
    impl_->watcher = std::thread([this] { impl_->follow_save(); });
    impl_->server.listen_after_bind();
}

void PublicServer::wait_until_listening() const {
    for (int waited_ms = 0; !impl_->server.is_running() && waited_ms < 2000; ++waited_ms)
        std::this_thread::sleep_for(1ms);
}

void PublicServer::stop() {
    {
        std::lock_guard lock(impl_->mutex);
        impl_->stopping = true;
        impl_->changed.notify_all();
    }
    impl_->server.stop();
    if (impl_->watcher.joinable()) impl_->watcher.join();
}

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

std::string qr_code_text(const std::string& text) {
    QRcode* code = QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_L, QR_MODE_8, 1);
    if (!code) return "";
    const int width = code->width, margin = 2;
    const auto light = [&](int x, int y) {
        return x < 0 || y < 0 || x >= width || y >= width || !(code->data[y * width + x] & 1);
    };
    std::string out;
    for (int y = -margin; y < width + margin; y += 2) {
        for (int x = -margin; x < width + margin; ++x) {
            const bool top = light(x, y), bottom = light(x, y + 1);
            out += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ";
        }
        out += '\n';
    }
    QRcode_free(code);
    return out;
}

}  // namespace coyel::cli
