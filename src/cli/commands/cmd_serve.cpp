// `coyel serve [FILE]`: the players' screen as a web page on the local
// network, following the save as `display` does; the address and its QR code
// on the terminal. Here too where a game serves (`serve_at`, `start_serving`)
// for `new` and `resume --serve`. The server itself is serve_server.cpp's.
#include <fmt/format.h>
#include <unistd.h>

#include <thread>

#include "commands.hpp"
#include "followed_save.hpp"
#include "language.hpp"
#include "store/save_file.hpp"
#include "store/save_lock.hpp"
#include "store/saved_games.hpp"
#include "terminal/qr_code.hpp"
#include "terminal/signals.hpp"
#include "terminal/terminal.hpp"
#include "web/serve_server.hpp"

namespace coyel::cli {
namespace {

using narration::Args;

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

bool everywhere(const std::string& bind) { return bind == "0.0.0.0" || bind == "::"; }

// Where the server listens, and what it had to give up on the way.
struct Bound {
    std::string bind;
    int port = 0;
    bool port_taken = false;    // the port asked was another program's
    bool address_gone = false;  // the address asked is no longer this machine's
};

// `at`, else what is left when the save's address or port is not to be had.
Result<Bound> bind_where_asked(PublicServer& server, const ServeAt& at) {
    Bound bound{at.bind, at.port};
    auto port = server.bind(bound.bind, bound.port);
    if (!port && port.failure().reason == "address_gone" && !at.bind_given &&
        !everywhere(at.bind)) {
        bound.address_gone = true;
        bound.bind = "0.0.0.0";
        port = server.bind(bound.bind, bound.port);
    }
    if (!port && port.failure().reason == "port_busy" && !at.port_given) {
        bound.port_taken = true;
        port = server.bind(bound.bind, 0);
    }
    if (!port) return port.failure();
    bound.port = *port;
    return bound;
}

// What the moderator is told of links that changed since the game served last.
void tell_what_moved(const narration::Narrator& narrator, const ServeAt& at, const Bound& bound,
                     const std::string& url, Serving serving, const std::string& save_path) {
    if (!at.before) return;
    const std::string before = at.before->address.empty()
                                   ? address_for_phones(at.before->bind, at.before->port)
                                   : at.before->address;
    if (before == url) return;
    Args args;
    args.set("before", before).set("url", url).set("cards", at.phone_cards ? "yes" : "no");
    std::string key = serving == Serving::in_game ? "serve.moved_in_game" : "serve.moved_beside";
    // A second server beside the game's own, which holds the game's port: the links still open.
    if (serving == Serving::beside && bound.port_taken && in_play(save_path) &&
        serves_game(at.before->bind, at.before->port, game_fingerprint(save_path)))
        key = "serve.beside_game";
    print_wrapped(stdout, narrator.line(key, args));
}

}  // namespace

ServeAt serve_at(const std::optional<std::string>& bind, const std::optional<int>& port,
                 const Setup& setup) {
    ServeAt at;
    at.before = setup.served;
    at.phone_cards = !setup.card_tokens.empty();
    at.bind_given = bind.has_value();
    at.port_given = port.has_value();
    if (setup.served) {
        at.bind = setup.served->bind;
        at.port = setup.served->port;  // whatever the address: the links keep their port
    }
    if (bind) at.bind = *bind;
    if (port) at.port = *port;
    return at;
}

std::optional<Setup::Served> start_serving(PublicServer& server,
                                           const narration::Narrator& narrator, const ServeAt& at,
                                           Serving serving, const std::string& save_path) {
    const auto bound = bind_where_asked(server, at);
    if (!bound) {
        const Error& error = bound.failure();
        fmt::print(stderr, "{}\n",
                   error.reason.empty() ? error.message
                                        : narrator.line("serve.cannot_listen",
                                                        Args{}
                                                            .set("address", error.args.at(0).second)
                                                            .set("why", error.args.at(1).second)
                                                            .set("hint", error.reason)));
        return std::nullopt;
    }
    const std::string url = address_for_phones(bound->bind, bound->port);
    const auto key = serving == Serving::in_game ? "serve.address_in_game" : "serve.address";
    print_wrapped(
        stdout,
        narrator.line(key, Args{}
                               .set("url", url)
                               .set("where", is_loopback(bound->bind) ? "computer" : "network")));
    fmt::print("{}", qr_code_text(url));
    if (bound->address_gone)
        print_wrapped(stdout, narrator.line("serve.address_gone", Args{}.set("bind", at.bind)));
    if (bound->port_taken)
        print_wrapped(
            stdout, narrator.line("serve.port_taken", Args{}.set("port", std::to_string(at.port))));
    tell_what_moved(narrator, at, *bound, url, serving, save_path);
    std::fflush(stdout);
    return Setup::Served{bound->bind, bound->port, url};
}

// The server of `new --serve` and `resume --serve` reads the machine's
// clock, as `coyel serve`'s does.
ServerThread::ServerThread(const narration::Narrator& narrator, const std::string& save_path)
    : server_(narrator, save_path, platform::system_clock()) {}

std::unique_ptr<ServerThread> ServerThread::start(const narration::Narrator& narrator,
                                                  const std::string& save_path, const ServeAt& at) {
    std::unique_ptr<ServerThread> serving(new ServerThread(narrator, save_path));
    serving->server_.answer_into(serving->inbox_);
    const auto served = start_serving(serving->server_, narrator, at, Serving::in_game, save_path);
    if (!served) return nullptr;
    serving->served_ = *served;
    serving->thread_ = std::thread([&server = serving->server_] { server.run(); });
    serving->server_.wait_until_listening();
    return serving;
}

ServerThread::~ServerThread() {
    server_.stop();
    if (thread_.joinable()) thread_.join();
}

int run_serve(const ServeOptions& given, const platform::Clock& clock) {
    const auto followed_save = open_followed_save(given.path, given.language, "serve");
    if (const int* code = std::get_if<int>(&followed_save)) return *code;
    const auto* opened = &std::get<FollowedSave>(followed_save);
    const narration::Narrator narrator(opened->script.script());
    PublicServer server(narrator, opened->path, clock);
    if (!start_serving(server, narrator,
                       serve_at(given.bind, given.port, opened->first.game.setup()),
                       Serving::beside, opened->path))
        return 1;
    std::thread serving([&server] { server.run(); });
    wait_to_leave();
    server.stop();
    serving.join();
    return 0;
}

}  // namespace coyel::cli
