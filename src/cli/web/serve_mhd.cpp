#include "serve_mhd.hpp"

#include <string>

#include "shared_library.hpp"

namespace coyel::cli {
namespace {

// The soname of Debian 12's libmicrohttpd12, whose ABI the header describes.
constexpr const char* mhd_soname = "libmicrohttpd.so.12";

Result<const MhdApi*> load() {
    static MhdApi api{};
    auto library = platform::SharedLibrary::open(mhd_soname);
    if (!library) return library.failure();
    library->find(api.start_daemon, "MHD_start_daemon");
    library->find(api.stop_daemon, "MHD_stop_daemon");
    library->find(api.response_from_buffer, "MHD_create_response_from_buffer");
    library->find(api.response_from_callback, "MHD_create_response_from_callback");
    library->find(api.add_header, "MHD_add_response_header");
    library->find(api.queue_response, "MHD_queue_response");
    library->find(api.destroy_response, "MHD_destroy_response");
    library->find(api.suspend, "MHD_suspend_connection");
    library->find(api.resume, "MHD_resume_connection");
    library->find(api.set_connection_option, "MHD_set_connection_option");
    library->find(api.connection_info, "MHD_get_connection_info");
    library->find(api.lookup_value, "MHD_lookup_connection_value");
    library->find(api.connection_values, "MHD_get_connection_values");
    if (auto missing = library->complete()) return *missing;
    return &api;  // the library stays loaded for the process's life
}

}  // namespace

Result<const MhdApi*> mhd_api() {
    static const Result<const MhdApi*> loaded = load();
    return loaded;
}

}  // namespace coyel::cli
