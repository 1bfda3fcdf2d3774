// Every row of the engine's tables has its lines in English: a new role,
// call or action is caught here, not by a "[key]" shown at a table. (The
// other languages are held to English's keys by languages_test.cpp.)
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "coyel/calls.hpp"
#include "coyel/roles.hpp"
#include "languages.hpp"

using namespace coyel;
using namespace coyel::narration;

TEST_CASE("each role of the role table has its names, its card and its deck word in English") {
    for (Role role : all_roles) {
        const std::string id{role_id(role)};
        for (const auto& key : {"role." + id, "role." + id + ".a", "view.role." + id, "deck." + id,
                                "phone.does." + id}) {
            INFO(key);
            CHECK(english_script().has(key));
        }
    }
}

TEST_CASE("each call of the call table has its lines in English") {
    for (const CallInfo& call : call_table) {
        std::vector<std::string> suffixes = {"title", "aloud", "hint", "prompt", "next"};
        if (call.wakes) suffixes.push_back("sleep");
        if (action_info(call.action).own_record) suffixes.push_back("record");
        for (const auto& suffix : suffixes) {
            const std::string key = fmt::format("call.{}.{}", call.key, suffix);
            INFO(key);
            CHECK(english_script().has(key));
        }
    }
}

TEST_CASE("each action but the telling has its undo line in English") {
    for (const ActionInfo& action : action_table) {
        if (action.kind == ActionKind::tell) continue;  // undone with what it told
        const std::string key = fmt::format("undo.{}", action.id);
        INFO(key);
        CHECK(english_script().has(key));
    }
}
