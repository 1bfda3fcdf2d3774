// GNU libmicrohttpd, loaded only by the commands that serve (`serve`,
// `--serve`): commands that never serve (`status`, `check`, the REPL alone)
// start without it and the TLS library it brings (issue 35: startup within
// 3x `cat`). The declarations are microhttpd.h's; the functions are looked up
// at the first call, once.
#pragma once

#include <sys/socket.h>
#include <sys/types.h>

#include <cstdarg>
#include <cstdint>

#include <microhttpd.h>

#include "coyel/result.hpp"

namespace coyel::cli {

// The calls coyel makes, as pointers into the loaded library.
struct MhdApi {
    decltype(&::MHD_start_daemon) start_daemon;
    decltype(&::MHD_stop_daemon) stop_daemon;
    decltype(&::MHD_create_response_from_buffer) response_from_buffer;
    decltype(&::MHD_create_response_from_callback) response_from_callback;
    decltype(&::MHD_add_response_header) add_header;
    decltype(&::MHD_queue_response) queue_response;
    decltype(&::MHD_destroy_response) destroy_response;
    decltype(&::MHD_suspend_connection) suspend;
    decltype(&::MHD_resume_connection) resume;
    decltype(&::MHD_set_connection_option) set_connection_option;
    decltype(&::MHD_get_connection_info) connection_info;
    decltype(&::MHD_lookup_connection_value) lookup_value;
    decltype(&::MHD_get_connection_values) connection_values;
};

// The library's calls (loaded at the first call, once, from any thread), or
// why it cannot be loaded ("libmicrohttpd.so.12: cannot open shared object file").
Result<const MhdApi*> mhd_api();

}  // namespace coyel::cli
