#include "chronicle.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "coyel/text.hpp"
#include "narrate.hpp"
#include "terminal.hpp"
#include "view.hpp"

namespace coyel::cli {
namespace {

class Chronicler {
  public:
    explicit Chronicler(const Setup& setup) : game_(setup) { sample(0); }

    void record(const Action& action, std::size_t entry);
    Chronicle finish();

  private:
    std::string name(std::optional<Seat> seat) const {
        return seat ? game_.name(*seat) : std::string{"nobody"};
    }
    Moment& add(Moment::Kind kind, std::string text, std::string table_text) {
        Moment& moment = chronicle_moments_.emplace_back();
        moment.kind = kind;
        moment.entry = entry_;
        moment.round = round_;
        moment.at = game_.state().clock_s;
        moment.text = std::move(text);
        moment.table_text = std::move(table_text);
        return moment;
    }
    void heading(const std::string& title) { add(Moment::Kind::heading, title, title); }
    void secret(std::string text) { add(Moment::Kind::call, std::move(text), ""); }
    Moment& announce(std::string text) { return add(Moment::Kind::announcement, text, text); }
    void sample(std::size_t entry) {
        const State& state = game_.state();
        Sample point{state.clock_s, entry, state.temperature, 0, 0};
        for (Seat seat : game_.seats_in_game())
            ++(team_of(game_.role(seat)) == Team::ecosystems ? point.ecosystems_in
                                                             : point.carbon_in);
        samples_.push_back(point);
    }
    void headings_for_new_phase(Phase before, int round_before);
    void tell(const Action& action, const std::vector<Event>& events);
    void tell_vote(const Action& action, const Event& result);
    void tell_rise(const Event& event);

    Game game_;
    std::size_t entry_ = 0;
    int round_ = 0;  // the round an input belongs to: the one it was given in
    std::vector<Moment> chronicle_moments_;
    std::vector<Sample> samples_;
    Statistics statistics_;
    std::map<std::string, int> carbon_votes_;
};

void Chronicler::headings_for_new_phase(Phase before, int round_before) {
    const State& state = game_.state();
    if (state.phase == Phase::night && (before != Phase::night || state.round != round_before))
        heading(fmt::format("Night {}", state.round));
    if (state.phase == Phase::day && before != Phase::day)
        heading(fmt::format("Day {}", state.round));
}

void Chronicler::record(const Action& action, std::size_t entry) {
    entry_ = entry;
    if (entry == 1) heading("Before the game");
    const Phase before = game_.state().phase;
    const int round_before = game_.state().round;
    round_ = std::max(1, round_before);
    auto events = game_.apply(action);
    if (!events) return;  // cannot happen: the log was loaded through the engine
    // Moments carry the clock after the input: the clock moves first.
    tell(action, *events);
    round_ = game_.state().round;
    headings_for_new_phase(before, round_before);
    sample(entry);
}

void Chronicler::tell(const Action& action, const std::vector<Event>& all_events) {
    // Rises of the clock happened before the input (the clock moves first):
    // they are told first, at the moment each degree was reached.
    std::size_t first = 0;
    while (first < all_events.size() && all_events[first].kind == Event::Kind::temperature_rose)
        tell_rise(all_events[first++]);
    const std::vector<Event> events(all_events.begin() + static_cast<std::ptrdiff_t>(first),
                                    all_events.end());
    switch (action.kind) {
        case ActionKind::carbon_target:
            secret(fmt::format("The carbon emissions target {}.", name(action.player)));
            break;
        case ActionKind::ngo_protect:
            secret(fmt::format("The NGO protects {}.", name(action.player)));
            break;
        case ActionKind::banker:
            secret(action.choice == BankerChoice::social
                       ? "The banker gives a thumb up: social responsibility."
                   : action.choice == BankerChoice::speculation
                       ? "The banker gives a thumb down: speculation."
                       : "The banker shakes their head.");
            break;
        case ActionKind::note: add(Moment::Kind::note, "Note: " + action.text, ""); break;
        case ActionKind::heat: break;  // told by its temperature event
        default: break;
    }
    for (const auto& event : events) {
        switch (event.kind) {
            case Event::Kind::mayor_elected:
                announce(event.player ? fmt::format("{} is elected mayor.", name(event.player))
                                      : std::string{"No mayor is elected."});
                break;
            case Event::Kind::mayor_lost:
                announce(fmt::format("{} was the mayor: Coyel Heaven has no mayor now.",
                                     name(event.player)));
                break;
            case Event::Kind::temperature_rose: tell_rise(event); break;
            case Event::Kind::lobby: {
                ++statistics_.lobbies_tried;
                std::string outcome;
                switch (event.lobby) {
                    case LobbyOutcome::corrupted:
                        ++statistics_.lobbies_landed;
                        outcome =
                            event.extra
                                ? "corrupted, and the CEO, colluding with the bank, lobbies again"
                                : "corrupted";
                        break;
                    case LobbyOutcome::already_corrupted:
                        outcome = "already corrupted: nothing happens";
                        break;
                    case LobbyOutcome::refused_ngo:
                        ++statistics_.lobbies_refused;
                        outcome = "refused: the NGO cannot be corrupted";
                        break;
                    case LobbyOutcome::refused_mayor:
                        ++statistics_.lobbies_refused;
                        outcome = "refused: the mayor, while the banker is clean";
                        break;
                    case LobbyOutcome::nobody: break;
                }
                if (!event.player) {
                    --statistics_.lobbies_tried;
                    secret("The CEO lobbies nobody.");
                } else {
                    secret(fmt::format("The CEO lobbies {}: {}.", name(event.player), outcome));
                }
                break;
            }
            case Event::Kind::dawn: heading(fmt::format("Dawn {}", game_.state().round)); break;
            case Event::Kind::player_out: {
                const std::string role = role_with_article(event.role);
                switch (event.cause) {
                    case OutCause::damage:
                        announce(fmt::format("{} is out, damaged by the carbon emissions: {}.",
                                             name(event.player), role));
                        break;
                    case OutCause::speculation:
                        announce(fmt::format("{} is out, destroyed by speculation: {}.",
                                             name(event.player), role));
                        break;
                    case OutCause::slapp:
                        announce(fmt::format(
                            "{}, the Fossil Fuel CEO, files a SLAPP-suit: {} is out after all: {}.",
                            game_.name(*game_.seat_of(Role::ceo)), name(event.player), role));
                        break;
                    case OutCause::vote:
                        announce(fmt::format("{} is voted out: {}.", name(event.player), role));
                        break;
                }
                break;
            }
            case Event::Kind::saved:
                ++statistics_.protest_saves;
                add(Moment::Kind::outcome, fmt::format("A protest saves {}.", name(event.player)),
                    "A protest saves an ecosystem.");
                break;
            case Event::Kind::fragile_revived:
                announce(fmt::format(
                    "Social responsibility brings {}, the Fragile Ecosystem, back into the game.",
                    name(event.player)));
                break;
            case Event::Kind::slapp:
                if (!event.extra) secret("The CEO files no SLAPP-suit.");
                break;
            case Event::Kind::vote_result: tell_vote(action, event); break;
            case Event::Kind::revote: {
                std::vector<std::string> names;
                for (Seat seat : event.seats) names.push_back(game_.name(seat));
                const std::string last = names.back();
                names.pop_back();
                announce(
                    fmt::format("A tie between {} and {}: a revote.", join(names, ", "), last));
                break;
            }
            case Event::Kind::game_over: {
                std::string text = fmt::format("The {} team wins: {}.", team_id(event.winner),
                                               win_reason_text(event.reason));
                add(Moment::Kind::end, text, text);
                break;
            }
        }
    }
}

void Chronicler::tell_rise(const Event& event) {
    const Options& options = game_.setup().options;
    if (options.temperature_mode != TemperatureMode::clock) {
        announce(fmt::format("The temperature rises to {}.", degrees(event.value)));
        return;
    }
    const long long moment = clock_rise_at(options, event.value);
    announce(fmt::format("The temperature rises to {}.", degrees(event.value))).at = moment;
}

void Chronicler::tell_vote(const Action& action, const Event& result) {
    std::string outcome;
    if (result.player)
        outcome = fmt::format("{} has the most votes.", name(result.player));
    else if (result.seats.empty())
        outcome = "No votes: nobody is out.";
    else
        outcome = "A tie at the top.";
    Moment& moment = add(Moment::Kind::vote, outcome, outcome);
    for (const auto& ballot : action.votes) {
        moment.rows.push_back({game_.name(ballot.voter),
                               ballot.choice ? game_.name(*ballot.choice) : "",
                               result.double_vote == ballot.voter ? 2 : 1});
        if (ballot.choice && game_.role(*ballot.choice) == Role::carbon)
            ++carbon_votes_[game_.name(ballot.voter)];
    }
    std::vector<Seat> order;
    for (Seat seat = 0; seat < game_.player_count(); ++seat)
        if (result.tally[seat] > 0) order.push_back(seat);
    std::stable_sort(order.begin(), order.end(),
                     [&](Seat a, Seat b) { return result.tally[a] > result.tally[b]; });
    for (Seat seat : order) moment.tally.emplace_back(game_.name(seat), result.tally[seat]);
    // Decided by the mayor's double vote: counted once, the top would differ.
    if (result.double_vote) {
        std::vector<int> single = result.tally;
        for (const auto& ballot : action.votes)
            if (ballot.voter == *result.double_vote && ballot.choice) --single[*ballot.choice];
        const int top = *std::max_element(single.begin(), single.end());
        std::vector<Seat> leaders;
        for (Seat seat = 0; seat < game_.player_count(); ++seat)
            if (top > 0 && single[seat] == top) leaders.push_back(seat);
        if (leaders != result.seats) ++statistics_.votes_decided_by_mayor;
    }
}

Chronicle Chronicler::finish() {
    statistics_.rounds = game_.state().round;
    statistics_.seconds = game_.state().clock_s;
    for (const auto& [voter, count] : carbon_votes_)
        statistics_.carbon_voters.emplace_back(voter, count);
    std::stable_sort(statistics_.carbon_voters.begin(), statistics_.carbon_voters.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    if (game_.over()) {
        Moment& roles = add(Moment::Kind::end, "Every role:", "Every role:");
        for (Seat seat = 0; seat < game_.player_count(); ++seat) {
            const bool corrupted = game_.state().players[seat].corrupted;
            roles.rows.push_back(
                {game_.name(seat),
                 std::string{role_title(game_.role(seat))} + (corrupted ? ", corrupted" : ""), 1});
        }
    }
    return Chronicle{std::move(chronicle_moments_), std::move(samples_), statistics_,
                     std::move(game_)};
}

}  // namespace

Chronicle make_chronicle(const Game& game, std::optional<std::size_t> upto) {
    Chronicler chronicler(game.setup());
    const auto& log = game.log();
    const std::size_t entries = std::min(log.size(), upto.value_or(log.size()));
    for (std::size_t i = 0; i < entries; ++i) chronicler.record(log[i], i + 1);
    return chronicler.finish();
}

}  // namespace coyel::cli
