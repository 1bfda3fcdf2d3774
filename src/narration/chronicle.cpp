#include "chronicle.hpp"

#include <algorithm>
#include <cassert>
#include <map>

#include "coyel/legal.hpp"
#include "coyel/observe.hpp"

namespace coyel::narration {
namespace {

// The replay tells what was answered and what happened; the calls read to
// wake and put to sleep, and the moderator's instructions, are the REPL's.
bool told_in_replay(Line::Kind kind) {
    return kind == Line::Kind::record || kind == Line::Kind::aloud || kind == Line::Kind::alert;
}

bool same_texts(const std::vector<Line>& a, const std::vector<Line>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const Line& x, const Line& y) { return x.text == y.text; });
}

// SPEC section 6: in clock mode a degree is reached at a second of its own,
// which may fall anywhere between two entries. (Night and manual rises happen
// at the entry itself: at dawn, or at `heat`.)
bool clock_rise(const Options& options, const Event& event) {
    return event.kind == Event::Kind::temperature_rose &&
           options.temperature_mode == TemperatureMode::clock;
}

// The game as `observer` was told it: the story's order, held news not in it.
TableView told_view(const Game& game, Observer observer) {
    return observe(Moment{game, std::nullopt, true}, observer).view;
}

TableView told_to_table(const Game& game) { return told_view(game, Observer::table()); }

}  // namespace

// Tells the story entry by entry, as the log is fed to it.
class Chronicler {
  public:
    Chronicler(const Narrator& narrator, const Setup& setup, News news, View view);

    void record(const Action& action, std::size_t entry);
    Chronicle finish();
    // The game as far as the story went, and its moments so far.
    const Game& game() const { return game_; }
    const std::vector<StoryMoment>& moments() const { return moments_; }

  private:
    bool moderator() const { return view_ == View::moderator; }
    // The game as this story's observer knows it now.
    TableView known() const {
        return told_view(game_, moderator() ? Observer::moderator() : Observer::table());
    }
    StoryMoment& add(StoryMoment::Kind kind, std::string text, bool secret = false);
    void heading(Phase phase, int round) {
        add(StoryMoment::Kind::heading, narrator_.phase_title(phase, round));
    }
    void headings_for_new_phase(Phase before, int round_before, const TableView& now);
    void sample(const TableView& view, std::size_t entry);
    void sample_clock_rises(const std::vector<Event>& events, std::size_t entry);

    void tell(const TableView& view, const Action& action, const std::vector<Event>& events);
    void tell_answer(const Action& action, const std::vector<Line>& lines);
    void tell_event(const TableView& view, const Action& action, const Event& event);
    std::vector<Line> event_lines(const TableView& view, const Action& action, const Event& event,
                                  int& announced) const;
    void tell_vote(const TableView& view, const Action& action, const Event& result);
    void count(const Action& action, const Event& event);
    void count_lobby(const Event& event);
    std::vector<std::pair<std::string, int>> carbon_voters() const;
    std::vector<StoryMoment::Row> players() const;
    void tell_roles(const std::vector<StoryMoment::Row>& players);

    const Narrator& narrator_;
    View view_;
    Game game_;
    std::size_t entry_ = 0;
    int round_ = 0;  // the round an input belongs to: the one it was given in
    int announced_ = 0;
    bool revote_ = false;           // the input is the revote's ballots
    std::size_t answer_lines_ = 0;  // how many lines the narrator gives the answer alone
    std::vector<StoryMoment> moments_;
    std::vector<Sample> samples_;
    Statistics statistics_;
    std::vector<Ballot> ballots_;  // every ballot of every vote, said aloud
};

Chronicler::Chronicler(const Narrator& narrator, const Setup& setup, News news, View view)
    : narrator_(narrator), view_(view), game_(setup, Log::kept, news) {
    if (moderator()) statistics_.lobbies.emplace();
    sample(told_to_table(game_), 0);
}

StoryMoment& Chronicler::add(StoryMoment::Kind kind, std::string text, bool secret) {
    StoryMoment& moment = moments_.emplace_back();
    moment.kind = kind;
    moment.secret = secret;
    moment.entry = entry_;
    moment.round = round_;
    moment.at = game_.state().clock_s;
    moment.text = std::move(text);
    return moment;
}

// The phases as the table was told them: a day starts when its dawn is told.
void Chronicler::headings_for_new_phase(Phase before, int round_before, const TableView& now) {
    if (now.phase == Phase::night && (before != Phase::night || now.round != round_before))
        heading(Phase::night, now.round);
    if (now.phase == Phase::day && before != Phase::day) heading(Phase::day, now.round);
}

// The table's chart counts the players in; only the moderator's, per team.
void Chronicler::sample(const TableView& view, std::size_t entry) {
    Sample& point = samples_.emplace_back();
    point.at = view.clock_s;
    point.entry = entry;
    point.temperature = view.temperature;
    for (const auto& player : view.players) point.players_in += player.in_game ? 1 : 0;
    if (!moderator()) return;
    // The moderator's chart counts the teams as they stand, held news included.
    for (const TablePlayer& player : observe(game_, Observer::moderator()).view.players)
        if (player.in_game)
            ++(team_of(*player.role) == Team::ecosystems ? point.ecosystems_in : point.carbon_in);
}

// The chart steps up at each degree's own second, not at the entry that
// carried it. The clock moves first, so the players are those before the entry.
void Chronicler::sample_clock_rises(const std::vector<Event>& events, std::size_t entry) {
    const Options& options = game_.setup().options;
    for (const Event& event : events) {
        if (!clock_rise(options, event)) continue;
        Sample point = samples_.back();
        // A degree held with the night's news is charted when it was told.
        point.at = std::max<std::int64_t>(clock_rise_at(options, event.value), samples_.back().at);
        point.entry = entry;
        point.temperature = event.value;
        samples_.push_back(point);
    }
}

void Chronicler::record(const Action& action, std::size_t entry) {
    entry_ = entry;
    if (entry == 1) heading(Phase::setup, 0);
    const TableView told_before = told_to_table(game_);
    const Phase before = told_before.phase;
    const int round_before = told_before.round;
    round_ = std::max(1, round_before);
    announced_ = game_.state().temperature;  // each rise is told once, when it comes
    revote_ = !game_.state().revote_candidates.empty();
    auto events = game_.apply(action);
    if (!events) return;  // cannot happen: the log was loaded through the engine
    // Moments carry the clock after the input: the clock moves first.
    const TableView view = told_to_table(game_);
    tell(view, action, *events);
    round_ = game_.state().round;
    headings_for_new_phase(before, round_before, view);
    sample_clock_rises(*events, entry);
    sample(view, entry);
}

void Chronicler::tell(const TableView& view, const Action& action,
                      const std::vector<Event>& events) {
    int unchanged = announced_;
    const std::vector<Line> answer = narrator_.input(view, action, {}, std::nullopt, unchanged);
    answer_lines_ = answer.size();
    // Rises of the clock happened before the input (the clock moves first):
    // they are told first, at the moment each degree was reached.
    std::size_t first = 0;
    while (first < events.size() && events[first].kind == Event::Kind::temperature_rose)
        tell_event(view, action, events[first++]);
    tell_answer(action, answer);
    for (; first < events.size(); ++first) tell_event(view, action, events[first]);
}

// The record of the answer: the table's story has only the answers given aloud.
void Chronicler::tell_answer(const Action& action, const std::vector<Line>& lines) {
    const bool aloud = answer_is_public(action);
    if (!moderator() && !aloud) return;
    const auto kind =
        action.kind == ActionKind::note ? StoryMoment::Kind::note : StoryMoment::Kind::line;
    for (const auto& line : lines)
        if (told_in_replay(line.kind)) add(kind, line.text, !aloud);
}

// The narrator's lines for one event of the input (without the answer's).
std::vector<Line> Chronicler::event_lines(const TableView& view, const Action& action,
                                          const Event& event, int& announced) const {
    std::vector<Line> lines = narrator_.input(view, action, {event}, std::nullopt, announced);
    lines.erase(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(answer_lines_));
    std::erase_if(lines, [](const Line& line) { return !told_in_replay(line.kind); });
    return lines;
}

// The moderator is told the whole event, the table its public part only. A
// moderator's line the table did not hear the same is a secret.
void Chronicler::tell_event(const TableView& view, const Action& action, const Event& event) {
    const std::optional<Event> shown = public_part(event);
    if (!moderator() && !shown) return;
    const Event& told = moderator() ? event : *shown;
    count(action, told);
    int before = announced_;
    std::vector<Line> lines = event_lines(view, action, told, announced_);
    const bool secret =
        moderator() && (!shown || !same_texts(lines, event_lines(view, action, *shown, before)));
    if (told.kind == Event::Kind::dawn) heading(Phase::dawn, game_.state().round);
    if (told.kind == Event::Kind::vote_result) tell_vote(view, action, told);
    const Options& options = game_.setup().options;
    const auto kind =
        told.kind == Event::Kind::game_over ? StoryMoment::Kind::end : StoryMoment::Kind::line;
    for (const auto& line : lines) {
        StoryMoment& moment = add(kind, line.text, secret);
        if (clock_rise(options, told)) moment.at = clock_rise_at(options, told.value);
    }
}

// The ballots, said aloud one by one, before the tally.
void Chronicler::tell_vote(const TableView& view, const Action& action, const Event& result) {
    StoryMoment& moment =
        add(StoryMoment::Kind::vote, narrator_.line(revote_ ? "replay.revote" : "replay.vote"));
    for (const auto& ballot : action.votes) {
        const int weight = rules::ballot_weight(result.double_vote == ballot.voter);
        moment.rows.push_back(
            {view.players[ballot.voter].name, narrator_.ballot(view, ballot, weight)});
    }
}

// Statistics, from the events as this story knows them.
void Chronicler::count(const Action& action, const Event& event) {
    switch (event.kind) {
        case Event::Kind::saved: ++statistics_.protest_saves; break;
        case Event::Kind::lobby: count_lobby(event); break;
        case Event::Kind::vote_result:
            if (event.mayor_decided) ++statistics_.votes_decided_by_mayor;
            ballots_.insert(ballots_.end(), action.votes.begin(), action.votes.end());
            break;
        case Event::Kind::mayor_elected:
        case Event::Kind::mayor_lost:
        case Event::Kind::temperature_rose:
        case Event::Kind::dawn:
        case Event::Kind::player_out:
        case Event::Kind::fragile_revived:
        case Event::Kind::slapp:
        case Event::Kind::revote:
        case Event::Kind::game_over: break;
    }
}

void Chronicler::count_lobby(const Event& event) {
    if (!statistics_.lobbies || !event.player) return;
    Statistics::Lobbies& lobbies = *statistics_.lobbies;
    ++lobbies.tried;
    if (event.lobby == LobbyOutcome::corrupted) ++lobbies.landed;
    if (event.lobby == LobbyOutcome::refused_ngo || event.lobby == LobbyOutcome::refused_mayor)
        ++lobbies.refused;
}

// The moderator counts every vote for a carbon emission; the table only
// those for players it knows to be one where the chronicle stops. Votes of a
// carbon emission (as each view knows them) are not counted: the line tells
// who found the carbons, not who voted against their own team.
std::vector<std::pair<std::string, int>> Chronicler::carbon_voters() const {
    const TableView view = known();
    const auto role_of = [&](Seat seat) { return view.players[seat].role; };
    std::map<std::string, int> counts;
    for (const auto& ballot : ballots_) {
        if (!ballot.choice || role_of(ballot.voter) == Role::carbon) continue;
        if (role_of(*ballot.choice) == Role::carbon) ++counts[game_.name(ballot.voter)];
    }
    std::vector<std::pair<std::string, int>> voters(counts.begin(), counts.end());
    std::stable_sort(voters.begin(), voters.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return voters;
}

// Every player with their role, as this story knows it where it stops: the
// table's list, before the end, has the roles revealed so far (issue 26).
std::vector<StoryMoment::Row> Chronicler::players() const {
    std::vector<StoryMoment::Row> rows;
    for (const TablePlayer& player : known().players) {
        StoryMoment::Row& row = rows.emplace_back(StoryMoment::Row{player.name, {}});
        if (!player.role) continue;
        row.text = narrator_.role_title(*player.role);
        if (player.corrupted)
            row.text = narrator_.line("replay.role_corrupted", Args{}.set("role", row.text));
    }
    return rows;
}

// At the end every role is told, to the table too.
void Chronicler::tell_roles(const std::vector<StoryMoment::Row>& players) {
    add(StoryMoment::Kind::roles, narrator_.line("replay.every_role")).rows = players;
}

Chronicle Chronicler::finish() {
    statistics_.rounds = game_.state().round;
    statistics_.seconds = game_.state().clock_s;
    statistics_.carbon_voters = carbon_voters();
    std::vector<StoryMoment::Row> cast = players();
    if (game_.over() && (moderator() || !game_.end_held()))
        tell_roles(cast);
    else if (!game_.log().empty())  // an unfinished game says where it stands, as the table knew it
        add(StoryMoment::Kind::stops,
            narrator_.line("replay.stops",
                           Args{}.set("phase", narrator_.phase_title(told_to_table(game_).phase,
                                                                     told_to_table(game_).round))));
    const int limit = game_.setup().options.temperature_limit;
    return Chronicle{view_, std::move(moments_), std::move(samples_), statistics_, std::move(cast),
                     limit, std::move(game_)};
}

Chronicle make_chronicle(const Narrator& narrator, const Game& game, View view,
                         std::optional<std::size_t> upto) {
    Chronicler chronicler(narrator, game.setup(), game.news(), view);
    const auto& log = game.log();
    const std::size_t entries = std::min(log.size(), upto.value_or(log.size()));
    for (std::size_t i = 0; i < entries; ++i) chronicler.record(log[i], i + 1);
    return chronicler.finish();
}

namespace {
// Whether log entry `index` begins what the table is told, rather than adds
// to it: a degree, a SLAPP-suit and its outcome add to the dawn they follow,
// so the players' screen keeps the dawn's news through them (issue 34).
bool begins_news(const std::vector<Action>& log, std::size_t index) {
    switch (log[index].kind) {
        case ActionKind::clock:
        case ActionKind::heat:
        case ActionKind::note:
        case ActionKind::slapp: return false;
        case ActionKind::tell:
            for (std::size_t i = index; i-- > 0;) {  // the outcome of a SLAPP-suit
                if (log[i].kind == ActionKind::clock || log[i].kind == ActionKind::note) continue;
                return log[i].kind != ActionKind::slapp;
            }
            return true;
        case ActionKind::elect_mayor:
        case ActionKind::carbon_target:
        case ActionKind::ngo_protect:
        case ActionKind::banker:
        case ActionKind::ceo_lobby:
        case ActionKind::vote: return true;
    }
    return true;
}
}  // namespace

TableStory::TableStory(const Narrator& narrator) : narrator_(&narrator) {}
TableStory::~TableStory() = default;
TableStory::TableStory(TableStory&&) noexcept = default;
TableStory& TableStory::operator=(TableStory&&) noexcept = default;

// Whether `game` is the game told so far, with entries added: the same
// setup, and the entries told the first of its log.
bool TableStory::follows_on(const Game& game) const {
    if (!chronicler_) return false;
    const Game& told = chronicler_->game();
    const auto& entries = told.log();
    return told.setup() == game.setup() && told.news() == game.news() &&
           entries.size() <= game.log().size() &&
           std::equal(entries.begin(), entries.end(), game.log().begin());
}

void TableStory::follow(const Game& game) {
    if (!follows_on(game))
        chronicler_ =
            std::make_unique<Chronicler>(*narrator_, game.setup(), game.news(), View::table);
    const auto& log = game.log();
    for (std::size_t i = chronicler_->game().log().size(); i < log.size(); ++i)
        chronicler_->record(log[i], i + 1);
}

// From the last entry that began news on, as the table's story tells it.
std::vector<std::string> TableStory::last_announcement() const {
    std::vector<std::string> lines;
    if (!chronicler_) return lines;
    const auto& moments = chronicler_->moments();
    const auto& log = chronicler_->game().log();
    std::optional<std::size_t> entry;
    for (auto moment = moments.rbegin(); moment != moments.rend(); ++moment) {
        const bool told =
            moment->kind == StoryMoment::Kind::line || moment->kind == StoryMoment::Kind::end;
        if (!told || moment->secret || moment->text.empty()) continue;
        if (entry && moment->entry != *entry && begins_news(log, *entry - 1)) break;
        entry = moment->entry;
        lines.insert(lines.begin(), moment->text);
    }
    return lines;
}

std::vector<std::string> last_announcement(const Narrator& narrator, const Game& game) {
    TableStory story(narrator);
    story.follow(game);
    return story.last_announcement();
}

}  // namespace coyel::narration
