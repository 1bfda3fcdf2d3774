#include "serve_mhd.hpp"

#include <dlfcn.h>

#include <string>
#include <type_traits>

namespace coyel::cli {
namespace {

// The soname of Debian 12's libmicrohttpd12, whose ABI the header describes.
constexpr const char* mhd_soname = "libmicrohttpd.so.12";

Result<const MhdApi*> load() {
    static MhdApi api{};
    void* library = ::dlopen(mhd_soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) return Error{std::string(::dlerror())};
    std::string missing;
    const auto find = [&](auto& pointer, const char* name) {
        pointer =
            reinterpret_cast<std::remove_reference_t<decltype(pointer)>>(::dlsym(library, name));
        if (!pointer) missing = name;
    };
    find(api.start_daemon, "MHD_start_daemon");
    find(api.stop_daemon, "MHD_stop_daemon");
    find(api.response_from_buffer, "MHD_create_response_from_buffer");
    find(api.response_from_callback, "MHD_create_response_from_callback");
    find(api.add_header, "MHD_add_response_header");
    find(api.queue_response, "MHD_queue_response");
    find(api.destroy_response, "MHD_destroy_response");
    find(api.suspend, "MHD_suspend_connection");
    find(api.resume, "MHD_resume_connection");
    find(api.set_connection_option, "MHD_set_connection_option");
    find(api.connection_info, "MHD_get_connection_info");
    if (!missing.empty()) return Error{std::string(mhd_soname) + " has no " + missing};
    return &api;  // the library stays loaded for the process's life
}

}  // namespace

Result<const MhdApi*> mhd_api() {
    static const Result<const MhdApi*> loaded = load();
    return loaded;
}

}  // namespace coyel::cli
