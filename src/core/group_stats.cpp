#include "coyel/group_stats.hpp"

#include <algorithm>
#include <cassert>
#include <nlohmann/json.hpp>

#include "coyel/text.hpp"

namespace coyel {
namespace {

void add_finish(WinTally& tally, Team winner) {
    ++tally.finished;
    ++tally.wins[static_cast<std::size_t>(winner)];
}

void add_to_span(Span& span, std::int64_t value, bool first) {
    span.least = first ? value : std::min(span.least, value);
    span.most = first ? value : std::max(span.most, value);
    span.total += value;
}

CardRecord& card(GroupStats& stats, Role role) {
    return stats.cards[static_cast<std::size_t>(role)];
}

// What the special cards did in one game: its log replayed for the events.
void count_deeds(GroupStats& stats, const Game& game) {
    Game replay(game.setup());
    for (const Action& action : game.log()) {
        auto events = replay.apply(action);
        assert(events.ok());  // the loader replayed this very log
        if (!events) return;
        if (action.kind == ActionKind::banker && action.choice == BankerChoice::social)
            ++card(stats, Role::banker).social_used;
        if (action.kind == ActionKind::banker && action.choice == BankerChoice::speculation)
            ++card(stats, Role::banker).speculation_used;
        for (const Event& event : *events) {
            if (event.kind == Event::Kind::saved) ++card(stats, Role::ngo).protest_saves;
            if (event.kind == Event::Kind::slapp)
                ++(event.filed ? card(stats, Role::ceo).slapps_filed
                               : card(stats, Role::ceo).slapps_declined);
            if (event.kind == Event::Kind::lobby && event.lobby == LobbyOutcome::corrupted)
                ++card(stats, Role::ceo).lobbies_landed;
            if (event.kind == Event::Kind::fragile_revived) ++card(stats, Role::fragile).revivals;
        }
    }
}

// A name as the REPL folds it: case and accents aside.
std::string folded_key(std::string_view name) { return to_lower(fold_accents(name)); }

// The name a seat counts under: its SameNames group's first, else its own.
std::string counted_name(const std::string& name, const SameNames& same) {
    for (const auto& names : same)
        for (const auto& alias : names)
            if (folded_key(alias) == folded_key(name)) return names.front();
    return name;
}

// The key each seat of `game` counts under: the folded name, but the
// spelling (case aside) where two seats of the game fold alike.
std::vector<std::string> player_keys(const Game& game, const SameNames& same) {
    std::vector<std::string> keys;
    for (Seat seat = 0; seat < game.player_count(); ++seat)
        keys.push_back(folded_key(counted_name(game.name(seat), same)));
    std::vector<std::string> out = keys;
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (std::count(keys.begin(), keys.end(), keys[i]) > 1)
            out[i] = "=" + spelling_key(game.name(static_cast<Seat>(i)));
    return out;
}

void count_players(std::vector<PlayerRecord>& players, std::vector<std::string>& player_keys_seen,
                   const Game& game, Team winner, const SameNames& same) {
    const auto keys = player_keys(game, same);
    for (Seat seat = 0; seat < game.player_count(); ++seat) {
        const auto found = std::find(player_keys_seen.begin(), player_keys_seen.end(), keys[seat]);
        auto record = players.begin() + (found - player_keys_seen.begin());
        if (found == player_keys_seen.end()) {
            player_keys_seen.push_back(keys[seat]);
            record = players.insert(players.end(), {counted_name(game.name(seat), same)});
        }
        ++record->finished;
        record->wins += team_of(game.role(seat)) == winner;
        ++record->roles[static_cast<std::size_t>(game.role(seat))];
    }
}

void count_finished(GroupStats& stats, std::vector<std::string>& player_keys_seen, const Game& game,
                    const SameNames& same) {
    const State& state = game.state();
    const Team winner = *state.winner;
    const bool first = stats.overall.finished == 0;
    add_finish(stats.overall, winner);
    ++stats.reasons[static_cast<std::size_t>(*state.win_reason)];
    add_finish(stats.by_player_count[game.player_count()], winner);
    add_finish(stats.by_deck[special_cards_of(game.setup())], winner);
    add_to_span(stats.rounds, state.round, first);
    add_to_span(stats.seconds, state.clock_s, first);
    count_players(stats.players, player_keys_seen, game, winner, same);
    const Deck deck = deck_of(game.setup().roles);
    for (Role role : all_roles) {
        if (role == Role::citizen || deck[role] == 0) continue;
        ++card(stats, role).finished;
        card(stats, role).team_wins += team_of(role) == winner;
    }
    count_deeds(stats, game);
}

}  // namespace

Deck special_cards_of(const Setup& setup) {
    Deck deck = deck_of(setup.roles);
    deck[Role::citizen] = 0;
    return deck;
}

std::string special_cards(const Setup& setup) { return describe_deck(special_cards_of(setup)); }

GroupStats group_stats(const std::vector<const Game*>& games, const SameNames& same) {
    GroupStats stats;
    std::vector<std::string> player_keys_seen;  // stats.players' keys, in the same order
    for (const Game* game : games) {
        ++stats.games;
        if (game->over())
            count_finished(stats, player_keys_seen, *game, same);
        else
            ++stats.unfinished;
    }
    std::stable_sort(stats.players.begin(), stats.players.end(),
                     [](const PlayerRecord& a, const PlayerRecord& b) {
                         if (a.finished != b.finished) return a.finished > b.finished;
                         // Letters first, accents only to part equals: Éléonore, Eugène.
                         const auto a_letters = fold_accents(a.name);
                         const auto b_letters = fold_accents(b.name);
                         if (a_letters != b_letters) return a_letters < b_letters;
                         return spelling_key(a.name) < spelling_key(b.name);
                     });
    return stats;
}

namespace {

using ordered_json = nlohmann::ordered_json;

ordered_json tally_json(const WinTally& tally) {
    ordered_json wins;
    for (Team team : {Team::ecosystems, Team::carbon})
        wins[std::string{team_id(team)}] = tally.wins[static_cast<std::size_t>(team)];
    return {{"finished", tally.finished}, {"wins", wins}};
}

ordered_json span_json(const Span& span, int finished) {
    ordered_json out = {{"least", span.least}, {"most", span.most}, {"total", span.total}};
    out["mean"] =
        finished ? ordered_json(static_cast<double>(span.total) / finished) : ordered_json(nullptr);
    return out;
}

ordered_json card_json(Role role, const CardRecord& record) {
    ordered_json out = {{"finished", record.finished}, {"team_wins", record.team_wins}};
    switch (role) {
        case Role::ngo: out["protest_saves"] = record.protest_saves; break;
        case Role::ceo:
            out["slapps_filed"] = record.slapps_filed;
            out["slapps_declined"] = record.slapps_declined;
            out["lobbies_landed"] = record.lobbies_landed;
            break;
        case Role::banker:
            out["social_used"] = record.social_used;
            out["speculation_used"] = record.speculation_used;
            break;
        case Role::fragile: out["revivals"] = record.revivals; break;
        case Role::carbon:  // a card with no deeds counted
        case Role::citizen: break;
    }
    return out;
}

ordered_json players_json(const std::vector<PlayerRecord>& players) {
    ordered_json out = ordered_json::array();
    for (const auto& player : players) {
        ordered_json roles = ordered_json::object();
        for (Role role : all_roles)
            if (int count = player.roles[static_cast<std::size_t>(role)])
                roles[std::string{role_id(role)}] = count;
        out.push_back({{"name", player.name},
                       {"finished", player.finished},
                       {"wins", player.wins},
                       {"roles", roles}});
    }
    return out;
}

}  // namespace

nlohmann::ordered_json group_stats_json(const GroupStats& stats) {
    ordered_json out;
    out["games"] = stats.games;
    out["finished"] = stats.overall.finished;
    out["unfinished"] = stats.unfinished;
    out["wins"] = tally_json(stats.overall)["wins"];
    ordered_json reasons;
    for (WinReason reason :
         {WinReason::temperature, WinReason::no_carbon, WinReason::no_ecosystems})
        reasons[std::string{win_reason_id(reason)}] =
            stats.reasons[static_cast<std::size_t>(reason)];
    out["reasons"] = reasons;
    ordered_json by_count = ordered_json::object();
    for (const auto& [count, tally] : stats.by_player_count)
        by_count[std::to_string(count)] = tally_json(tally);
    out["by_player_count"] = by_count;
    ordered_json by_deck = ordered_json::object();
    for (const auto& [deck, tally] : stats.by_deck)
        by_deck[describe_deck(deck)] = tally_json(tally);
    out["by_deck"] = by_deck;
    out["rounds"] = span_json(stats.rounds, stats.overall.finished);
    out["seconds"] = span_json(stats.seconds, stats.overall.finished);
    out["players"] = players_json(stats.players);
    ordered_json cards = ordered_json::object();
    for (Role role : all_roles)
        if (role != Role::citizen)
            cards[std::string{role_id(role)}] =
                card_json(role, stats.cards[static_cast<std::size_t>(role)]);
    out["cards"] = cards;
    return out;
}

}  // namespace coyel
