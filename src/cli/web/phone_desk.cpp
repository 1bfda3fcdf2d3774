#include "phone_desk.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "card_links.hpp"
#include "coyel/phone_call.hpp"

namespace coyel::cli {

void PhoneDesk::follow(const Game& game, Clock::time_point now) {
    game_ = game;
    if (game.current_call() == call_ && game.log().size() == log_size_) return follow_ballots(game);
    open_call(game, now);
    follow_ballots(game);
}

// A ballot taken back (undo) asks its voter again, with a new nonce.
void PhoneDesk::follow_ballots(const Game& game) {
    std::vector<Seat> voted;
    for (const Ballot& ballot : game.state().ballots) voted.push_back(ballot.voter);
    for (Seat voter : voted_)
        if (std::find(voted.begin(), voted.end(), voter) == voted.end()) {
            Phone& phone = phones_[static_cast<std::size_t>(voter)];
            phone.done = false;
            phone.used.push_back(std::exchange(phone.nonce, renewed_nonce()));
        }
    if (voted.size() < voted_.size()) passed_.reset();
    voted_ = std::move(voted);
}

// A new call: every phone in the game gets a fresh nonce and no pick.
void PhoneDesk::open_call(const Game& game, Clock::time_point now) {
    call_ = game.current_call();
    log_size_ = game.log().size();
    answered_ = false;
    passed_.reset();
    voted_.clear();
    opened_ = now;
    phones_.assign(game.setup().players.size(), Phone{});
    for (Phone& phone : phones_) phone.nonce = renewed_nonce();
}

// A nonce nobody can guess; should the kernel refuse one, none (every post is stale).
std::string PhoneDesk::renewed_nonce() {
    auto token = fresh_token();
    return token ? *token : std::string{};
}

std::vector<std::string> PhoneDesk::choice_words() const {
    std::vector<std::string> words;
    for (const PhoneChoice& choice : phone_choices(*game_)) {
        if (choice.gesture)
            words.push_back(
                narrator_.line("gesture." + std::string(banker_choice_id(*choice.gesture))));
        else if (choice.player)
            words.push_back(game_->name(*choice.player));
        else
            words.push_back(narrator_.line("phone.nobody"));
    }
    return words;
}

// "Night 1 · the carbon emissions", as the laptop's heading says it.
std::string PhoneDesk::call_heading() const {
    const State& state = game_->state();
    return narrator_.line(
        "phone.call",
        narration::Args{}
            .set("phase", narrator_.phase_title(state.phase, state.round))
            .set("title", narrator_.line("call." + std::string(call_info(*call_).key) + ".title")));
}

std::string PhoneDesk::poll(Seat seat) const {
    nlohmann::json shown = nlohmann::json::object();
    const bool in_game = game_ && seat >= 0 && static_cast<std::size_t>(seat) < phones_.size() &&
                         game_->in_game(seat);
    if (!in_game) {
        shown["out"] = narrator_.line("phone.out");
    } else {
        const Phone& phone = phones_[static_cast<std::size_t>(seat)];
        const auto choices = choice_words();
        shown["call"] = choices.empty() ? "" : call_heading();
        shown["choices"] = choices;
        shown["nonce"] = phone.nonce;
        shown["pick"] = phone.pick ? nlohmann::json(*phone.pick) : nlohmann::json(nullptr);
        shown["done"] = phone.done;
        shown["note"] = phone.note;
        // The carbon emissions see each other's picks as they tap.
        nlohmann::json fellows = nlohmann::json::array();
        const SeatSet answerers = phone_answerers(*game_);
        if (call_ == CallId::carbon_target && answerers.contains(seat) && answerers.size() > 1)
            for (Seat fellow : answerers)
                if (fellow != seat) {
                    const auto& pick = phones_[static_cast<std::size_t>(fellow)].pick;
                    fellows.push_back(
                        {{"name", game_->name(fellow)},
                         {"pick", pick ? nlohmann::json(*pick) : nlohmann::json(nullptr)}});
                }
        shown["fellows"] = fellows;
    }
    std::string text = shown.dump();
    if (text.size() < phone_poll_bytes) text.append(phone_poll_bytes - text.size(), ' ');
    return text;
}

PhoneDesk::Posted PhoneDesk::post(Seat seat, std::string_view nonce, std::size_t index) {
    if (!game_ || seat < 0 || static_cast<std::size_t>(seat) >= phones_.size() ||
        !game_->in_game(seat) || answered_)
        return Posted::stale;
    Phone& phone = phones_[static_cast<std::size_t>(seat)];
    if (std::find(phone.used.begin(), phone.used.end(), nonce) != phone.used.end())
        return Posted::replayed;
    if (std::find(voted_.begin(), voted_.end(), seat) != voted_.end()) return Posted::stale;
    if (phone.nonce.empty() || nonce != phone.nonce) return Posted::stale;
    const auto action = phone_action(*game_, index);
    if (!action) return Posted::bad;
    phone.used.push_back(std::exchange(phone.nonce, renewed_nonce()));
    phone.pick = index;
    phone.done = allowed(seat, *action, phone.note);
    return Posted::taken;
}

// Whether the rules allow `seat`'s pick; if not, `why` says it, for that
// phone alone. A decoy's pick is never refused.
bool PhoneDesk::allowed(Seat seat, const Action& action, std::string& why) const {
    why.clear();
    if (is_ballot(*call_)) {
        if (game_->legal_ballots(seat).contains(action.player)) return true;
        why = narrator_.line("phone.ballot_refused");
        return false;
    }
    if (!phone_answerers(*game_).contains(seat)) return true;
    Game tried = *game_;
    const auto applied = tried.apply(action);
    if (!applied) why = narrator_.refusal(applied.failure());
    return applied.ok();
}

// The next voter's ballot, once their phone is done and the one before is in the save.
std::optional<PhoneAnswer> PhoneDesk::next_ballot() {
    const auto voter = game_->next_voter();
    const std::size_t cast = game_->state().ballots.size();
    if (!voter || passed_ == cast) return std::nullopt;
    const Phone& phone = phones_[static_cast<std::size_t>(*voter)];
    if (!phone.done || !phone.pick) return std::nullopt;
    auto action = phone_action(*game_, *phone.pick);
    if (!action) return std::nullopt;
    passed_ = cast;
    return PhoneAnswer{log_size_, *call_, cast, *action};
}

std::optional<PhoneAnswer> PhoneDesk::due(Clock::time_point now) {
    if (game_ && call_ && is_ballot(*call_)) return next_ballot();
    if (!game_ || !call_ || answered_ || now - opened_ < floor_) return std::nullopt;
    const SeatSet answerers = phone_answerers(*game_);
    if (answerers.empty()) return std::nullopt;
    for (Seat seat : game_->state().in_game)
        if (!phones_[static_cast<std::size_t>(seat)].done) return std::nullopt;
    std::vector<std::optional<std::size_t>> picks;
    for (Seat seat : answerers) picks.push_back(phones_[static_cast<std::size_t>(seat)].pick);
    const auto action = phone_answer(*game_, picks);
    if (!action) {
        // Every phone is done but the carbon emissions named different
        // players: they tap again, until one name.
        for (Seat seat : answerers) {
            Phone& phone = phones_[static_cast<std::size_t>(seat)];
            phone.done = false;
            phone.note = narrator_.line("phone.agree");
        }
        return std::nullopt;
    }
    answered_ = true;
    return PhoneAnswer{log_size_, *call_, 0, *action};  // no ballot is cast at night
}

}  // namespace coyel::cli
