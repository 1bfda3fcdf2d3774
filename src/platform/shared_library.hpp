// A shared library that coyel loads only when a game asks for it (dlopen):
// the web server's (libmicrohttpd) and the voice's (libespeak-ng), so that
// the commands that never serve nor speak start without them. Its functions
// are found by name; once loaded, it stays for the process's life.
#pragma once

#include <dlfcn.h>

#include <string>

#include "coyel/result.hpp"

namespace coyel::platform {

class SharedLibrary {
  public:
    // The library by its soname ("libespeak-ng.so.1"), or dlopen's reason.
    static Result<SharedLibrary> open(const char* soname) {
        void* handle = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) return Error{std::string(::dlerror())};
        return SharedLibrary(handle, soname);
    }

    // Points `function` at the library's function `name`; the first one
    // missing is remembered for complete().
    template <typename Function>
    void find(Function*& function, const char* name) {
        function = reinterpret_cast<Function*>(::dlsym(handle_, name));
        if (!function && missing_.empty()) missing_ = name;
    }
    // Every function asked for was found, or which was not.
    Refusal complete() const {
        if (missing_.empty()) return std::nullopt;
        return Error{soname_ + " has no " + missing_};
    }

  private:
    SharedLibrary(void* handle, std::string soname) : handle_(handle), soname_(std::move(soname)) {}
    void* handle_;
    std::string soname_;
    std::string missing_;
};

}  // namespace coyel::platform
