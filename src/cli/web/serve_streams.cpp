// The /events streams: each parked (suspended) until the save changes, a
// ping is due or its phone hangs up, so that a quiet stream costs no work.
#include <poll.h>

#include <algorithm>
#include <cstring>

#include "serve_impl.hpp"

namespace coyel::cli {
namespace {

using namespace std::chrono_literals;

constexpr auto stream_ping_every = 5s;  // a comment on a quiet stream finds a phone gone

}  // namespace

MHD_Result PublicServer::Impl::open_stream(MHD_Connection* connection) {
    const MHD_ConnectionInfo* info =
        api->connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    auto* listener = new Listener{this, connection, info ? info->connect_fd : -1};
    {
        std::lock_guard lock(mutex);
        listener->last_sent = clock.now();
        // Past the address's share of streams, 503: the page tries again by
        // itself. Else the oldest stream of the greediest gives way if need be.
        if (stopping || !admission->stream_opened(connection, listener->last_sent)) {
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
        const auto now = clock.now();
        if (listener.seen != version) {
            listener.seen = version;
            listener.pending = "data: " + (state ? state->at(clock.unix_ms()) : "{}") + "\n\n";
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
    const auto now = clock.now();
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

}  // namespace coyel::cli
