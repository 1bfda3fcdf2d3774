// `coyel serve [FILE]`: the players' screen as a web page on the local
// network, following the save as `display` does; the address and its QR code
// on the terminal. The server itself is serve_server.cpp's.
#include <fmt/format.h>
#include <unistd.h>

#include <thread>

#include "commands.hpp"
#include "followed_save.hpp"
#include "language.hpp"
#include "store/save_file.hpp"
#include "store/saved_games.hpp"
#include "terminal/signals.hpp"
#include "terminal/terminal.hpp"
#include "web/serve_server.hpp"

namespace coyel::cli {
namespace {

// Waits for q, Ctrl-C or a signal to leave.
void wait_to_leave() {
    signals::watch();
    bool keys_open = ::isatty(STDIN_FILENO) != 0;
    for (;;) {
        std::vector<int> fds;
        if (keys_open) fds.push_back(STDIN_FILENO);
        const auto ready = signals::wait_for_any(fds, std::nullopt);
        if (ready.signal && (signals::take_interrupt() || signals::leaving())) return;
        if (!keys_open || !ready.readable[0]) continue;
        char typed[64];
        const ssize_t n = ::read(STDIN_FILENO, typed, sizeof typed);
        if (n <= 0) keys_open = false;  // stdin closed: wait for a signal
        for (ssize_t i = 0; i < n; ++i)
            if (typed[i] == 'q' || typed[i] == 'Q') return;
    }
}

}  // namespace

ServeAt serve_at(const std::optional<std::string>& bind, const std::optional<int>& port,
                 const Setup& setup) {
    ServeAt at;
    if (setup.served && !port && (!bind || *bind == setup.served->bind)) {
        at.bind = setup.served->bind;
        at.port = setup.served->port;
        at.from_save = true;
    }
    if (bind) at.bind = *bind;
    if (port) at.port = *port;
    return at;
}

std::optional<int> start_serving(PublicServer& server, const narration::Narrator& narrator,
                                 const ServeAt& at, const std::string& address_key) {
    auto bound = server.bind(at.bind, at.port);
    if (!bound && at.from_save && bound.code() == ErrorCode::not_now) {
        bound = server.bind(at.bind, 0);
        if (bound)
            print_wrapped(stderr,
                          narrator.line("serve.port_moved",
                                        narration::Args{}
                                            .set("port", std::to_string(at.port))
                                            .set("url", address_for_phones(at.bind, *bound))));
    }
    if (!bound) {
        fmt::print(stderr, "{}\n", bound.error());
        return std::nullopt;
    }
    const std::string url = address_for_phones(at.bind, *bound);
    fmt::print("{}\n{}", narrator.line(address_key, narration::Args{}.set("url", url)),
               qr_code_text(url));
    std::fflush(stdout);
    return *bound;
}

ServerThread::ServerThread(const narration::Narrator& narrator, const std::string& save_path)
    : server_(narrator, save_path) {}

std::unique_ptr<ServerThread> ServerThread::start(const narration::Narrator& narrator,
                                                  const std::string& save_path, const ServeAt& at) {
    std::unique_ptr<ServerThread> serving(new ServerThread(narrator, save_path));
    serving->server_.answer_into(serving->inbox_);
    const auto bound = start_serving(serving->server_, narrator, at, "serve.address_in_game");
    if (!bound) return nullptr;
    serving->address_ = address_for_phones(at.bind, *bound);
    serving->served_ = Setup::Served{at.bind, *bound};
    serving->thread_ = std::thread([&server = serving->server_] { server.run(); });
    serving->server_.wait_until_listening();
    return serving;
}

ServerThread::~ServerThread() {
    server_.stop();
    if (thread_.joinable()) thread_.join();
}

int run_serve(const ServeOptions& given) {
    const auto followed_save = open_followed_save(given.path, given.language, "serve");
    if (const int* code = std::get_if<int>(&followed_save)) return *code;
    const auto* opened = &std::get<FollowedSave>(followed_save);
    const narration::Narrator narrator(opened->script.script());
    PublicServer server(narrator, opened->path);
    if (!start_serving(server, narrator,
                       serve_at(given.bind, given.port, opened->first.game.setup())))
        return 1;
    std::thread serving([&server] { server.run(); });
    wait_to_leave();
    server.stop();
    serving.join();
    return 0;
}

}  // namespace coyel::cli
