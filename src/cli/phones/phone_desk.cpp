#include "phone_desk.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "coyel/phone_call.hpp"
#include "tokens.hpp"

namespace coyel::cli {

void PhoneDesk::follow(const Game& game, Clock::time_point now,
                       std::optional<std::chrono::milliseconds> talk_left) {
    game_ = game;
    const bool was_talking = talk_until_.has_value();
    talk_until_.reset();
    if (talk_left && talk_left->count() > 0) talk_until_ = now + *talk_left;
    const bool held = game.news_held();
    in_game_ = held ? game.told_game().state().in_game : game.state().in_game;
    std::optional<CallId> call;
    if (!held && !phone_choices(game).empty()) call = game.current_call();
    const std::size_t answered = answers_logged(game);
    if (phones_.empty() || call != call_ || answered != answered_count_)
        open_call(call, answered, now);
    follow_ballots(game);
    // A talk timer begun once the vote was open: a Done sent before it is void.
    if (talk_until_ && !was_talking && talking(now))
        for (Phone& phone : phones_) {
            phone.done = false;
            phone.pick.reset();
            renew(phone);
        }
}

// A ballot taken back (undo) asks its voter again, with a new nonce.
void PhoneDesk::follow_ballots(const Game& game) {
    std::vector<Seat> voted;
    for (const Ballot& ballot : game.state().ballots) voted.push_back(ballot.voter);
    for (Seat voter : voted_)
        if (std::find(voted.begin(), voted.end(), voter) == voted.end()) {
            Phone& phone = phones_[static_cast<std::size_t>(voter)];
            phone.done = false;
            renew(phone);
        }
    if (voted.size() < voted_.size()) passed_.reset();
    voted_ = std::move(voted);
}

// A new call: every phone gets a fresh nonce and no pick.
void PhoneDesk::open_call(std::optional<CallId> call, std::size_t answered, Clock::time_point now) {
    call_ = call;
    answered_count_ = answered;
    answered_ = false;
    passed_.reset();
    voted_.clear();
    opened_ = now;
    phones_.assign(game_->setup().players.size(), Phone{});
    for (Phone& phone : phones_) phone.nonce = renewed_nonce();
}

std::vector<PhoneChoice> PhoneDesk::choices() const {
    return call_ ? phone_choices(*game_) : std::vector<PhoneChoice>{};
}

// A nonce nobody can guess; should the kernel refuse one, none (every post is stale).
std::string PhoneDesk::renewed_nonce() {
    auto token = fresh_token();
    return token ? *token : std::string{};
}

// The phone's nonce used up: a new one. The last few are kept, to tell a
// replay from a stale nonce (both refused); a flood keeps no more.
void PhoneDesk::renew(Phone& phone) {
    phone.used.push_back(std::exchange(phone.nonce, renewed_nonce()));
    constexpr std::size_t kept = 16;
    if (phone.used.size() > kept) phone.used.erase(phone.used.begin());
}

std::vector<std::string> PhoneDesk::choice_words() const {
    std::vector<std::string> words;
    for (const PhoneChoice& choice : choices()) {
        if (choice.gesture)
            words.push_back(
                narrator_.line("gesture." + std::string(banker_choice_id(*choice.gesture))));
        else if (choice.file)
            words.push_back(narrator_.line(*choice.file ? "phone.slapp_file" : "phone.slapp_no"));
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

std::string PhoneDesk::poll(Seat seat, Clock::time_point now) const {
    nlohmann::json shown = {{"again_ms", poll_every_.count()}};  // when to ask next
    const bool in_game = game_ && seat >= 0 && static_cast<std::size_t>(seat) < phones_.size() &&
                         in_game_.contains(seat);
    if (!in_game) {
        shown["out"] = narrator_.line("phone.out");
    } else {
        const Phone& phone = phones_[static_cast<std::size_t>(seat)];
        const auto choices = held(now) ? std::vector<std::string>{} : choice_words();
        shown["call"] = choices.empty() ? "" : call_heading();
        shown["choices"] = choices;
        shown["nonce"] = phone.nonce;
        shown["pick"] = phone.pick ? nlohmann::json(*phone.pick) : nlohmann::json(nullptr);
        shown["done"] = phone.done;
        shown["note"] = phone.note;
        // After Done: eyes closed at night; by day, the others' votes awaited.
        const bool by_day = call_ && (is_ballot(*call_) || is_election(*call_));
        shown["waiting"] = narrator_.line(by_day ? "phone.waiting_day" : "phone.waiting");
        // The carbon emissions see each other's picks, once sent.
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
        // Whom the moderator would point at, on the CEO's phone alone, once
        // the call has been read, eyes closed (as the choices show on every phone).
        const auto pointed =
            call_ == CallId::slapp && !held(now) ? phone_pointed_at(*game_, seat) : std::nullopt;
        shown["pointed"] =
            pointed ? narrator_.line("phone.pointed",
                                     narration::Args{}.set("name", game_->name(*pointed)))
                    : "";
    }
    std::string text = shown.dump();
    if (text.size() < phone_poll_bytes) text.append(phone_poll_bytes - text.size(), ' ');
    return text;
}

PhoneDesk::Posted PhoneDesk::post(Seat seat, std::string_view nonce, std::size_t index,
                                  Clock::time_point now) {
    if (!game_ || !call_ || seat < 0 || static_cast<std::size_t>(seat) >= phones_.size() ||
        !in_game_.contains(seat) || answered_ || held(now))
        return Posted::stale;
    Phone& phone = phones_[static_cast<std::size_t>(seat)];
    if (std::find(phone.used.begin(), phone.used.end(), nonce) != phone.used.end())
        return Posted::replayed;
    if (std::find(voted_.begin(), voted_.end(), seat) != voted_.end()) return Posted::stale;
    if (phone.nonce.empty() || nonce != phone.nonce) return Posted::stale;
    const auto action = phone_action(*game_, index);
    if (!action) return Posted::bad;
    renew(phone);
    phone.pick = index;
    phone.done = true;
    phone.note.clear();
    if (is_ballot(*call_) && !game_->legal_ballots(seat).contains(action->player)) {
        phone.done = false;
        phone.note = narrator_.line("phone.ballot_refused");
    }
    return Posted::taken;
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
    return PhoneAnswer{answered_count_, *call_, cast, *action};
}

std::optional<PhoneDesk::Clock::time_point> PhoneDesk::next_change(Clock::time_point now) const {
    if (!game_ || !call_ || answered_) return std::nullopt;
    std::optional<Clock::time_point> moment;
    if (talking(now))
        moment = *talk_until_;
    else if (!is_ballot(*call_) && !is_election(*call_) && !slapp_unread())
        moment = opened_ + floor_;
    if (moment && *moment <= now) return std::nullopt;
    return moment;
}

std::optional<PhoneAnswer> PhoneDesk::due(Clock::time_point now) {
    if (!game_ || !call_ || answered_ || held(now)) return std::nullopt;
    if (is_ballot(*call_)) return next_ballot();
    return is_election(*call_) ? election_answer(now) : night_answer(now);
}

// The mayor's election, public: counted once every phone is done, with no
// floor. A tie at the top asks every phone again, naming the tied entries.
std::optional<PhoneAnswer> PhoneDesk::election_answer(Clock::time_point now) {
    std::vector<std::optional<std::size_t>> picks;
    for (Seat seat : in_game_) {
        const Phone& phone = phones_[static_cast<std::size_t>(seat)];
        if (!phone.done) return std::nullopt;
        picks.push_back(phone.pick);
    }
    const PhoneElection count = phone_election(*game_, picks);
    if (count.elected) {
        answered_ = true;
        return PhoneAnswer{answered_count_, *call_, 0, *count.elected};
    }
    const auto words = choice_words();
    std::vector<std::string> tied;
    for (std::size_t index : count.tied) tied.push_back(words.at(index));
    const std::string note =
        narrator_.line("phone.tied", narration::Args{}.set("names", narrator_.list_or(tied)));
    ask_again(std::vector<std::string>(phones_.size(), note), now);
    return std::nullopt;
}

std::optional<PhoneAnswer> PhoneDesk::night_answer(Clock::time_point now) {
    const SeatSet answerers = phone_answerers(*game_);
    if (answerers.empty() || now - opened_ < floor_) return std::nullopt;
    for (Seat seat : in_game_)
        if (!phones_[static_cast<std::size_t>(seat)].done) return std::nullopt;
    // Every phone is done: the answerers' picks judged, each by the rules.
    std::vector<std::string> notes(phones_.size());
    std::vector<std::optional<std::size_t>> picks;
    bool refused = false;
    for (Seat seat : answerers) {
        const auto pick = phones_[static_cast<std::size_t>(seat)].pick;
        picks.push_back(pick);
        const auto action = pick ? phone_action(*game_, *pick) : std::nullopt;
        if (!action) continue;  // every phone done has a pick
        Game tried = *game_;
        if (const auto applied = tried.apply(*action); !applied) {
            notes[static_cast<std::size_t>(seat)] = narrator_.refusal(applied.failure());
            refused = true;
        }
    }
    const auto action = refused ? std::nullopt : phone_answer(*game_, picks);
    if (action) {
        answered_ = true;
        return PhoneAnswer{answered_count_, *call_, 0, *action};  // no ballot is cast at night
    }
    // A pick refused, or the carbon emissions named different players.
    for (Seat seat : answerers) {
        std::string& note = notes[static_cast<std::size_t>(seat)];
        if (note.empty()) note = narrator_.line(refused ? "phone.again" : "phone.agree");
    }
    ask_again(notes, now);
    return std::nullopt;
}

// Every phone taps again, with a new nonce, so that every one sends one
// more Done: the traffic says nothing of whose pick fell short. The picks
// stay as they were, for the pages to show; the floor starts over.
void PhoneDesk::ask_again(const std::vector<std::string>& notes, Clock::time_point now) {
    for (std::size_t seat = 0; seat < phones_.size(); ++seat) {
        Phone& phone = phones_[seat];
        phone.done = false;
        renew(phone);
        phone.note = notes[seat].empty() ? narrator_.line("phone.again") : notes[seat];
    }
    opened_ = now;
}

}  // namespace coyel::cli
