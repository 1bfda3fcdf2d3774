// The answers the players' phones make (`--cards phone`), on their way from
// the server's thread to the session: a queue, and a descriptor that becomes
// readable when it holds one, so that the prompt's wait wakes for it as for
// a key (LivePrompt::wake_fd).
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "coyel/action.hpp"
#include "coyel/calls.hpp"

namespace coyel::cli {

// An answer the phones made: the call it answers (the answers logged, the
// call and the ballots cast, as when it was asked, so that one overtaken by
// a typed answer or an undo is dropped) and the action: at a vote, the next
// voter's ballot (its `player`).
struct PhoneAnswer {
    std::size_t answered = 0;  // answers_logged() when it was asked
    CallId call = CallId::carbon_target;
    std::size_t ballots = 0;
    Action action;
};

class PhoneInbox {
  public:
    PhoneInbox();
    PhoneInbox(const PhoneInbox&) = delete;
    PhoneInbox& operator=(const PhoneInbox&) = delete;
    ~PhoneInbox();

    // From any thread.
    void post(PhoneAnswer answer);
    // The answers posted since the last take, oldest first; the descriptor is quiet again.
    std::vector<PhoneAnswer> take();
    // Whether answers wait to be taken.
    bool waiting() const {
        std::lock_guard lock(mutex_);
        return !waiting_.empty() || table_note_;
    }
    // Readable while answers wait (an eventfd); -1 if none could be made.
    int fd() const { return fd_; }
    // Readable with no answer, until the next take: the session looks again
    // at the answers it holds (with no moderator, the voice fell quiet).
    void wake();

    // The other way, from the session to the server: an `undo` left the
    // game at `answered` answers logged (answers_logged), whose call the
    // phones must be asked again. The last one given, once.
    void undone_to(std::size_t answered) { undone_to_ = static_cast<long long>(answered); }
    std::optional<std::size_t> take_undone() {
        const long long answered = undone_to_.exchange(-1);
        if (answered < 0) return std::nullopt;
        return static_cast<std::size_t>(answered);
    }

    // The call at `answered` answers logged has been heard (the moderator's
    // Enter, or the voice done with what came before): the phones may show
    // it (PhoneDesk::call_read). The last one given, once, with how many of
    // the table's notes the session had taken when it was heard, so that a
    // call heard before a tie's note is not taken for the tie's round.
    struct CallRead {
        std::size_t answered = 0;
        std::size_t notes_heard = 0;
    };
    void call_read(std::size_t answered) {
        std::lock_guard lock(mutex_);
        call_read_ = CallRead{answered, notes_taken_};
    }
    std::optional<CallRead> take_call_read() {
        std::lock_guard lock(mutex_);
        return std::exchange(call_read_, std::nullopt);
    }

    // A public moment of the phones for every screen and the voice (an
    // election tied): the last one given, once; from the server's thread.
    void tell_table(std::string note) {
        std::lock_guard lock(mutex_);
        table_note_ = std::move(note);
        ++notes_told_;
        wake();
    }
    std::optional<std::string> take_table_note() {
        std::lock_guard lock(mutex_);
        if (table_note_) notes_taken_ = notes_told_;  // the last note covers those before it
        return std::exchange(table_note_, std::nullopt);
    }

  private:
    std::optional<std::string> table_note_;
    std::size_t notes_told_ = 0;
    std::size_t notes_taken_ = 0;
    std::optional<CallRead> call_read_;
    int fd_ = -1;
    std::atomic<long long> undone_to_ = -1;
    mutable std::mutex mutex_;
    std::vector<PhoneAnswer> waiting_;
};

}  // namespace coyel::cli
