#include "phone_inbox.hpp"

#include <sys/eventfd.h>
#include <unistd.h>

#include <cstdint>

namespace coyel::cli {

PhoneInbox::PhoneInbox() : fd_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {}

PhoneInbox::~PhoneInbox() {
    if (fd_ >= 0) ::close(fd_);
}

void PhoneInbox::post(PhoneAnswer answer) {
    {
        std::lock_guard lock(mutex_);
        waiting_.push_back(std::move(answer));
    }
    wake();
}

void PhoneInbox::wake() {
    const std::uint64_t one = 1;
    // An eventfd's write fails only when its counter is full: readable anyway.
    if (fd_ >= 0 && ::write(fd_, &one, sizeof one) < 0) return;
}

std::vector<PhoneAnswer> PhoneInbox::take() {
    std::uint64_t count = 0;
    // Quiet until the next post; nothing posted since (EAGAIN) is no error.
    if (fd_ >= 0 && ::read(fd_, &count, sizeof count) < 0) count = 0;
    std::lock_guard lock(mutex_);
    return std::exchange(waiting_, {});
}

}  // namespace coyel::cli
