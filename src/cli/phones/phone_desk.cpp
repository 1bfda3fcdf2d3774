#include "phone_desk.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "coyel/observe.hpp"
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
    told_in_game_ = game.told_state().in_game;
    std::optional<CallId> call;
    if (!held && !phone_choices(game).empty()) call = game.current_call();
    const std::size_t answered = answers_logged(game);
    const bool first = phones_.empty();
    if (first || call != call_ || answered != answered_count_) open_call(call, answered, now);
    if (first || !unread()) in_game_ = told_in_game_;
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
    // The end, once the table is told it: the same words on every phone.
    if (game_ && game_->over())
        if (const TableView table = seen_by_table(*game_); table.winner)
            shown["over"] = narrator_.winner(table);
    const bool in_game = game_ && seat >= 0 && static_cast<std::size_t>(seat) < phones_.size() &&
                         in_game_.contains(seat);
    if (!in_game) {
        shown["out"] = narrator_.line("phone.out");
    } else {
        const Phone& phone = phones_[static_cast<std::size_t>(seat)];
        const Observation seen = observe(*game_, Observer::player(seat));
        const auto choices = held(now) ? std::vector<std::string>{} : choice_words();
        shown["call"] = choices.empty() ? "" : call_heading();
        shown["choices"] = choices;
        shown["open"] = choices.empty() ? "" : open_marks(seen);
        shown["nonce"] = phone.nonce;
        shown["pick"] = phone.pick ? nlohmann::json(*phone.pick) : nlohmann::json(nullptr);
        shown["done"] = phone.done;
        shown["note"] = phone.note;
        shown["not_open"] = narrator_.line("phone.not_open");  // said by the page on a closed tap
        // After Done: eyes closed at night; by day, the others' votes awaited.
        const bool by_day = call_ && (is_ballot(*call_) || is_election(*call_));
        shown["waiting"] = narrator_.line(by_day ? "phone.waiting_day" : "phone.waiting");
        shown["hint"] = by_day ? "" : narrator_.line("phone.night_hint");  // night calls only
        shown["fellows"] = fellows_picks(seen);
        shown["told"] = told_lines(seen, held(now));
    }
    std::string text = shown.dump();
    if (text.size() < phone_poll_bytes) text.append(phone_poll_bytes - text.size(), ' ');
    return text;
}

// The fellows this player answers with: the carbon emissions still in, each
// known to the others since the deal (an empty list for everyone else).
std::vector<Seat> PhoneDesk::answering_fellows(const Observation& seen) const {
    std::vector<Seat> fellows;
    if (call_ != CallId::carbon_target || !seen.phone.answers) return fellows;
    for (const PrivateFact& fact : seen.told)
        if (fact.kind == PrivateFact::Kind::fellow && in_game_.contains(fact.about))
            fellows.push_back(fact.about);
    return fellows;
}

// The carbon emissions see each other's picks, once sent (the others an empty list).
nlohmann::json PhoneDesk::fellows_picks(const Observation& seen) const {
    nlohmann::json fellows = nlohmann::json::array();
    for (Seat fellow : answering_fellows(seen)) {
        const auto& pick = phones_[static_cast<std::size_t>(fellow)].pick;
        fellows.push_back({{"name", seen.view.players[fellow].name},
                           {"pick", pick ? nlohmann::json(*pick) : nlohmann::json(nullptr)}});
    }
    return fellows;
}

// What the rules told this player privately, in words, a line on every
// phone ("nothing" on most), so that no phone stands out at a glance. The
// SLAPP-suit's saved player once its call shows (`held`: not yet).
std::vector<std::string> PhoneDesk::told_lines(const Observation& seen, bool held) const {
    std::vector<std::string> lines;
    for (const PrivateFact& fact : seen.told) {
        if (fact.kind == PrivateFact::Kind::fellow) continue;  // on the card itself
        if (fact.kind == PrivateFact::Kind::saved && held) continue;
        lines.push_back(narrator_.private_fact(fact, seen.view));
    }
    if (lines.empty()) lines.push_back(narrator_.line("phone.told_nothing"));
    return lines;
}

// "0110…": the entries this phone may tap. A carbon emission may tap only
// the player a fellow has sent Done on, once one has: the team agrees on
// their own phones, never in a round every phone would see.
std::string PhoneDesk::open_marks(const Observation& seen) const {
    std::string marks;
    std::optional<std::size_t> agreed;
    for (Seat fellow : answering_fellows(seen)) {
        const Phone& other = phones_[static_cast<std::size_t>(fellow)];
        if (other.done && other.pick) agreed = other.pick;
    }
    const std::vector<bool>& open = seen.phone.open;
    for (std::size_t index = 0; index < open.size(); ++index)
        marks += open[index] && (!agreed || *agreed == index) ? '1' : '0';
    return marks;
}

PhoneDesk::Posted PhoneDesk::post(Seat seat, std::string_view nonce, std::size_t index,
                                  Clock::time_point now) {
    if (!game_ || !call_ || seat < 0 || static_cast<std::size_t>(seat) >= phones_.size() ||
        !in_game_.contains(seat) || answered_ || held(now))
        return Posted::stale;
    Phone& phone = phones_[static_cast<std::size_t>(seat)];
    if (std::find(phone.used.begin(), phone.used.end(), nonce) != phone.used.end())
        return Posted::replayed;
    // Done is final: a phone done answers this call no more.
    if (phone.done || std::find(voted_.begin(), voted_.end(), seat) != voted_.end())
        return Posted::stale;
    if (phone.nonce.empty() || nonce != phone.nonce) return Posted::stale;
    if (!phone_action(*game_, index)) return Posted::bad;
    // An entry the page showed closed (a page left behind, a forged Done):
    // refused on that phone alone, which taps again.
    const std::string open = open_marks(observe(*game_, Observer::player(seat)));
    if (index >= open.size() || open[index] != '1') {
        phone.note = narrator_.line("phone.not_open");
        return Posted::bad;
    }
    renew(phone);
    phone.pick = index;
    phone.done = true;
    phone.note.clear();
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
    else if (!is_ballot(*call_) && !is_election(*call_) && !unread())
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
    // Public, like the election: every phone, every screen and the voice say it.
    table_note_ =
        narrator_.line("phone.tied", narration::Args{}.set("names", narrator_.list_or(tied)));
    ++notes_made_;
    ask_again(*table_note_, now);
    return std::nullopt;
}

std::optional<PhoneAnswer> PhoneDesk::night_answer(Clock::time_point now) {
    const SeatSet answerers = phone_answerers(*game_);
    if (answerers.empty() || now - opened_ < floor_) return std::nullopt;
    for (Seat seat : in_game_)
        if (!phones_[static_cast<std::size_t>(seat)].done) return std::nullopt;
    std::vector<std::optional<std::size_t>> picks;
    for (Seat seat : answerers) picks.push_back(phones_[static_cast<std::size_t>(seat)].pick);
    const auto action = phone_answer(*game_, picks);
    if (!action) return std::nullopt;  // never: a carbon emission taps only the team's pick
    answered_ = true;
    return PhoneAnswer{answered_count_, *call_, 0, *action};  // no ballot is cast at night
}

// A tied election: every phone taps again, with a new nonce and `note`
// (who tied), the table's new round. The picks stay as they were, for the
// pages to show. Like a new call, the round shows once the table has heard
// the tie (call_read again: the voice done with it, or the moderator's next
// prompt).
void PhoneDesk::ask_again(const std::string& note, Clock::time_point now) {
    for (Phone& phone : phones_) {
        phone.done = false;
        renew(phone);
        phone.note = note;
    }
    opened_ = now;
    read_for_.reset();
}

}  // namespace coyel::cli
