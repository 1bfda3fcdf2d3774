// Each request, on the library's thread: `/`, `/state.json`, `/events`,
// `/card/<token>` and, while the phones answer, `/card/<token>/call` and
// `POST /card/<token>/answer`. Anything else is the one 404 (or 405).
#include <strings.h>

#include <algorithm>
#include <cstring>

#include "card_links.hpp"
#include "coyel/card_view.hpp"
#include "serve_impl.hpp"

namespace coyel::cli {
namespace {

using namespace std::chrono_literals;

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

}  // namespace

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
    if (url == "/state.json") return answer_state(connection);
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
        if (seat) card = card_page(narrator, saved->game, *seat, relay.has_value());
    }
    if (card.empty()) return api->queue_response(connection, MHD_HTTP_NOT_FOUND, not_found);
    return queue_made(connection, MHD_HTTP_OK, card, "text/html; charset=utf-8", card_policy());
}

MHD_Result PublicServer::Impl::answer_state(MHD_Connection* connection) {
    return queue_text(connection, MHD_HTTP_OK, state_now(), "application/json; charset=utf-8");
}

// A phone's answer (POST /card/<token>/answer). Refused at once when it
// cannot be one: another path or a token not of this game (as answer()
// says, the same 404 for both), two lengths that differ (which a proxy on
// the way might read otherwise), no length, or a body longer than an
// answer's. Else its body is
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
        const DeclaredLength length = declared_length(connection);
        if (length.conflicting)
            return queue_text(connection, MHD_HTTP_BAD_REQUEST, "400 Bad Request\n",
                              "text/plain; charset=utf-8");
        if (!length.bytes || *length.bytes > serve_answer_bytes)
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
// phone; a token not of this game, 404, and so is `answer` on a server that
// takes no answers (its `call` says there is none, so that the card page
// knows its game is still served).
MHD_Result PublicServer::Impl::answer_card_path(MHD_Connection* connection, std::string_view path,
                                                std::string_view method, const PostBody* body) {
    const std::string_view token = path.substr(0, card_token_digits);
    const std::string_view what = path.substr(card_token_digits + 1);
    const std::optional<Seat> seat = card_seat(token);
    if (!seat || (what != "call" && (what != "answer" || !relay)))
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
        std::string shown = R"({"again_ms":2000})";  // no call without the playing coyel
        if (relay) {
            std::lock_guard lock(mutex);
            shown = relay->poll(seat);
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
        result = relay->post(seat, posted->nonce, posted->choice);
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
    return queue_made(connection, status, text, type, page_policy());
}

// `text` (copied) with the safety headers and `policy`, queued once.
MHD_Result PublicServer::Impl::queue_made(MHD_Connection* connection, unsigned status,
                                          const std::string& text, const char* type,
                                          const std::string& policy) {
    MHD_Response* response = text_response(text, type, policy, MHD_RESPMEM_MUST_COPY);
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
    const auto now = clock.now();
    if (now - since >= 1s) {
        since = now;
        count = 0;
    }
    return ++count <= serve_card_requests_per_second;
}

std::optional<Seat> PublicServer::Impl::card_seat(std::string_view token) {
    std::lock_guard lock(mutex);
    if (!saved) return std::nullopt;
    return seat_of_card_token(saved->game.setup(), std::string(token));
}

// The request comes from a page this server gave: its Origin is one of the
// addresses the server is reached at, as numbers (its printed address, or
// any of the machine's when it listens on all), never the request's own
// Host, which a page of another site can set by DNS (rebinding).
bool PublicServer::Impl::same_origin(MHD_Connection* connection) const {
    const char* origin = api->lookup_value(connection, MHD_HEADER_KIND, "Origin");
    return origin && std::find(origins.begin(), origins.end(), origin) != origins.end();
}

namespace {

// Every Content-Length given, as text.
MHD_Result collect_length(void* lengths, MHD_ValueKind, const char* key, const char* value) {
    if (strcasecmp(key, "Content-Length") == 0 && value)
        static_cast<std::vector<std::string>*>(lengths)->emplace_back(value);
    return MHD_YES;
}

// "0048" is 48; nullopt for anything but digits, or past a million.
std::optional<std::size_t> length_value(std::string_view text) {
    while (text.size() > 1 && text.front() == '0') text.remove_prefix(1);
    if (text.empty() || text.size() > 6) return std::nullopt;
    std::size_t value = 0;
    for (const char digit : text) {
        if (digit < '0' || digit > '9') return std::nullopt;
        value = value * 10 + static_cast<std::size_t>(digit - '0');
    }
    return value;
}

}  // namespace

PublicServer::Impl::DeclaredLength PublicServer::Impl::declared_length(
    MHD_Connection* connection) const {
    std::vector<std::string> given;
    api->connection_values(connection, MHD_HEADER_KIND, &collect_length, &given);
    DeclaredLength length;
    for (const std::string& text : given) {
        const auto value = length_value(text);
        if (length.bytes && value != length.bytes) length.conflicting = true;
        if (!length.bytes) length.bytes = value;
    }
    return length;
}

}  // namespace coyel::cli
