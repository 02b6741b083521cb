"""The numbers of a balance report, computed from per-game records (``games.jsonl`` of ``simulate --out``).

Every rate comes with a 95% Wilson interval.  A game that ended in an engine error counts nowhere
but in ``errors``; a draw is a game no team won.  What a game records beyond its result (a per-turn
track, card events) and the words for it come from the game's record hooks
(:meth:`allegiance.core.Game.record_hooks`); records written before those hooks existed name the same
data by older fields (:data:`LEGACY_FIELDS`) and are read as the game's own track and card events.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from statistics import mean, median, pstdev
from typing import Any

from allegiance.core.hooks import RecordHooks, TrackInfo
from allegiance.sim.simulate import wilson

#: a card needs this many player-games with its event before it is ranked among the top or bottom cards
MIN_PLAYERS = 10

#: fields of records written before the game's record hooks: old name -> current name
LEGACY_FIELDS = {"force_track": "track", "purchases": "card_events"}


@dataclass(frozen=True)
class Rate:
    """``wins`` out of ``n`` with its 95% interval."""

    label: str
    wins: int
    n: int
    group: str = ""

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"label": self.label, "group": self.group, "wins": self.wins, "n": self.n,
                "rate": round(self.rate, 4), "low": round(low, 4), "high": round(high, 4)}


@dataclass(frozen=True)
class CardStat:
    """How often a card was the object of the game's card event (bought, played, ...) and how the seats
    that did it fared.

    ``players``: player-games in which the card's event happened at least once; ``player_wins``: those
    the player's team won; ``baseline``: the win rate of those players' teams over all games (so
    ``lift`` = their win rate - baseline says whether the event went with winning more than usual).
    """

    name: str
    group: str
    events: int
    players: int
    player_wins: int
    player_games: int
    games: int
    baseline: float

    @property
    def share(self) -> float:
        """Share of player-games in which the card's event happened."""
        return self.players / self.player_games if self.player_games else 0.0

    @property
    def per_game(self) -> float:
        """Events per game (all players)."""
        return self.events / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.player_wins / self.players if self.players else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.player_wins, self.players)

    @property
    def lift(self) -> float:
        return self.win_rate - self.baseline

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"name": self.name, "group": self.group, "events": self.events, "players": self.players,
                "player_wins": self.player_wins, "share": round(self.share, 4),
                "per_game": round(self.per_game, 3), "win_rate": round(self.win_rate, 4),
                "low": round(low, 4), "high": round(high, 4), "baseline": round(self.baseline, 4),
                "lift": round(self.lift, 4)}


@dataclass(frozen=True)
class TrackPoint:
    """The game's per-turn track (e.g. a score) at the start of turn ``turn`` over the games still
    running then."""

    turn: int
    n: int
    mean: float
    sd: float
    mean_by_winner: dict[str, float | None]


#: the report's colours for teams and card groups the game gives none for, in order of appearance
PALETTE = ("#c0392b", "#2471a3", "#7d8c4a", "#8e44ad", "#d68910", "#17a589", "#6d4c41", "#546e7a")
#: a draw, and a team or group without a colour
GREY = {"draw": "#9e9e9e", "": "#6d6d6d"}


@dataclass
class ReportData:
    """Everything the balance report shows."""

    game: str
    mode: str
    games: int
    errors: int
    draws: int
    bots: list[str]
    teams: list[str]
    rates: list[Rate] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    winner_of_game: list[str] = field(default_factory=list)  # team, or "draw", per completed game
    #: what the per-turn track is (from the game's record hooks), ``None`` when the games recorded none
    track_info: TrackInfo | None = None
    track: list[TrackPoint] = field(default_factory=list)
    #: what a card event is ("bought", "played"), as a noun ("purchase", "play"), and what a card's
    #: group is called ("faction"); empty verb: the games recorded no card events
    card_verb: str = ""
    card_noun: str = ""
    card_group: str = "group"
    cards: list[CardStat] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    #: per position of the turn order: "first" (always a player of the team that moved first),
    #: "second" (never) or "mixed"
    position_sides: list[str] = field(default_factory=list)
    #: team or card group -> colour (the game's own colours, then the palette)
    colours: dict[str, str] = field(default_factory=dict)

    @property
    def completed(self) -> int:
        return self.games - self.errors

    def rate(self, group: str, label: str) -> Rate | None:
        return next((r for r in self.rates if r.group == group and r.label == label), None)

    def ranked_cards(self) -> list[CardStat]:
        """Cards with enough players behind them, best lift first."""
        return sorted((c for c in self.cards if c.players >= MIN_PLAYERS), key=lambda c: (-c.lift, c.name))

    def colour(self, key: str) -> str:
        """The colour of a team, a card group or "draw" (grey for anything else)."""
        return self.colours.get(key) or self.colours.get(key.lower()) or GREY.get(key, GREY[""])

    def to_json(self) -> dict[str, Any]:
        info = self.track_info
        return {
            "game": self.game, "mode": self.mode, "games": self.games, "errors": self.errors,
            "draws": self.draws, "bots": self.bots, "teams": self.teams,
            "rates": [r.to_json() for r in self.rates],
            "turns": {"mean": mean(self.turns) if self.turns else None,
                      "median": median(self.turns) if self.turns else None,
                      "min": min(self.turns, default=None), "max": max(self.turns, default=None)},
            "track": None if info is None else {
                "name": info.name, "title": info.title, "summary": info.summary, "meaning": info.meaning,
                "points": [asdict(p) for p in self.track]},
            "card_verb": self.card_verb, "card_group": self.card_group,
            "cards": [c.to_json() for c in sorted(self.cards, key=lambda c: -c.players)],
            "reasons": self.reasons,
            "position_sides": self.position_sides,
        }


def seat_labels(game: str, mode: str, seats: int) -> list[str]:
    """The table's seat labels ("Empire 1", ...) when the game can say, else "seat N"."""
    try:
        from allegiance.games import get_game
        table = get_game(game).table_for(mode)
        labels = [s.label for s in table.seats]
        if len(labels) == seats:
            return labels
    except Exception:  # noqa: BLE001 - labels are cosmetic: fall back to numbers
        pass
    return [f"seat {i}" for i in range(seats)]


def card_group(game: str, name: str) -> str:
    """A card's group in the report (the game's :meth:`~allegiance.core.Game.card_group`, e.g. a
    faction), or "" when the game has none or is unknown."""
    from allegiance.games import get_game
    try:
        return get_game(game).card_group(name)
    except ValueError:  # records of a game this install does not have
        return ""


def record_hooks(game: str) -> RecordHooks:
    """The game's record hooks (what its records hold and the words for them); none for a game this
    install does not have."""
    from allegiance.games import get_game
    try:
        return get_game(game).record_hooks()
    except ValueError:
        return RecordHooks()


def current(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """A record with its track and card events under their current field names (:data:`LEGACY_FIELDS`)."""
    if not any(old in record for old in LEGACY_FIELDS):
        return record
    out = dict(record)
    for old, new in LEGACY_FIELDS.items():
        if old in out:
            value = out.pop(old)
            out.setdefault(new, value)
    return out


def track_info(records: list[Mapping[str, Any]], hooks: RecordHooks) -> TrackInfo | None:
    """What the records' track is: the game's own when its name matches (or the records, written before
    tracks had names, give none); a plain description for a track the game no longer describes."""
    if not any(r.get("track") for r in records):
        return None
    names = {r.get("track_name") or "" for r in records if r.get("track")}
    name = next(iter(names - {""}), "")
    if hooks.track is not None and (not name or name == hooks.track.name) and len(names - {""}) <= 1:
        return hooks.track
    label = name or "track"
    return TrackInfo(name=name, title=f"{label} over time", axis=label, summary=label,
                     meaning=f"The value of {label!r} at the start of each turn: the mean over the games still "
                             "running, its spread (band), and the mean in the games each team went on to win.")


def colours(teams: list[str], groups: Iterable[str], given: Mapping[str, str]) -> dict[str, str]:
    """A colour for each team and card group: the game's own where it has one, else the next colour of
    :data:`PALETTE` not taken yet (teams first, so a game's two teams get red and blue)."""
    out = {k: v for k, v in given.items()}
    lowered = {k.lower(): v for k, v in given.items()}
    free = [c for c in PALETTE if c not in out.values()]
    for key in [*teams, *sorted(set(groups) - {""})]:
        if key in out:
            continue
        if key.lower() in lowered:
            out[key] = lowered[key.lower()]
        elif free:
            out[key] = free.pop(0)
    return out


def build(records: Iterable[Mapping[str, Any]]) -> ReportData:
    """The report's numbers from per-game records."""
    records = [current(r) for r in records]
    if not records:
        raise ValueError("there are no games to report on")
    first = records[0]
    teams: list[str] = []
    bots: list[str] = []
    for r in records:
        teams.extend(t for t in r["teams"] if t not in teams)
        bots.extend(b for b in r["bots"] if b not in bots)
    data = ReportData(first["game"], first["mode"], len(records), 0, 0, bots, teams)
    ok = [r for r in records if not r.get("error")]
    data.errors = len(records) - len(ok)
    data.draws = sum(1 for r in ok if r["draw"] or not r["winners"])
    n = len(ok)

    for team in teams:
        data.rates.append(Rate(team, sum(team in r["winners"] for r in ok), n, "team"))
    seats = len(first["teams"])
    for i, label in enumerate(seat_labels(data.game, data.mode, seats)):
        data.rates.append(Rate(label, sum(r["teams"][i] in r["winners"] for r in ok), n, "seat"))
    with_first = [r for r in ok if r.get("first_team")]
    if with_first:
        data.rates.append(Rate("first team", sum(r["first_team"] in r["winners"] for r in with_first),
                               len(with_first), "first"))
    data.rates.extend(position_rates(ok))
    data.position_sides = position_sides(ok)
    if len(bots) > 1:
        for bot in bots:
            # Count a game for a bot only when that bot plays for a single team in it.
            played = [r for r in ok if len({t for b, t in zip(r["bots"], r["teams"], strict=True) if b == bot}) == 1]
            wins = sum(next(t for b, t in zip(r["bots"], r["teams"], strict=True) if b == bot) in r["winners"]
                       for r in played)
            data.rates.append(Rate(bot, wins, len(played), "bot"))

    for r in ok:
        data.turns.append(int(r["turns"]))
        data.winner_of_game.append(r["winners"][0] if r["winners"] and not r["draw"] else "draw")
        reason = r.get("reason") or ("draw" if r["draw"] else "")
        data.reasons[reason] = data.reasons.get(reason, 0) + 1

    hooks = record_hooks(data.game)
    data.track_info = track_info(ok, hooks)
    if data.track_info is not None:
        data.track = track_points(ok, teams)
    data.card_verb = next((r["card_verb"] for r in ok if r.get("card_verb")), "") or hooks.card_verb
    if any(r.get("card_events") for r in ok) and not data.card_verb:
        data.card_verb = "used"  # events of a game that no longer says what they are
    if data.card_verb:
        data.card_noun = hooks.card_noun if data.card_verb == hooks.card_verb else ""
        data.card_group = hooks.card_group
    data.cards = card_stats(data.game, ok, teams)
    data.colours = colours(teams, (c.group for c in data.cards), hooks.colours)
    return data


def position_rates(records: list[Mapping[str, Any]]) -> list[Rate]:
    """The win rate of the team of the player at each position of the turn order (group "position",
    label "position K", K = 1 for the first player), over the games that recorded their order."""
    ordered = [r for r in records if r.get("turn_order")]
    longest = max((len(r["turn_order"]) for r in ordered), default=0)
    rates = []
    for k in range(longest):
        games = [r for r in ordered if len(r["turn_order"]) > k]
        wins = sum(r["teams"][r["turn_order"][k]] in r["winners"] for r in games)
        rates.append(Rate(f"position {k + 1}", wins, len(games), "position"))
    return rates


def position_sides(records: list[Mapping[str, Any]]) -> list[str]:
    """For each position of the turn order, whether its player was on the team that moved first."""
    ordered = [r for r in records if r.get("turn_order")]
    longest = max((len(r["turn_order"]) for r in ordered), default=0)
    sides = []
    for k in range(longest):
        first = {r["teams"][r["turn_order"][k]] == r["teams"][r["turn_order"][0]]
                 for r in ordered if len(r["turn_order"]) > k}
        sides.append("mixed" if len(first) > 1 else "first" if first == {True} else "second")
    return sides


def track_points(records: list[Mapping[str, Any]], teams: list[str]) -> list[TrackPoint]:
    """The track's mean (and spread) by turn, while at least 5 games (and 10% of them) are running."""
    longest = max((len(r.get("track") or []) for r in records), default=0)
    floor = max(5, len(records) // 10)
    points = []
    for t in range(longest):
        values = [r["track"][t] for r in records if len(r.get("track") or []) > t]
        if len(values) < floor:
            break
        by_winner: dict[str, float | None] = {}
        for team in teams:
            won = [r["track"][t] for r in records if len(r.get("track") or []) > t and team in r["winners"]]
            by_winner[team] = mean(won) if len(won) >= 3 else None
        points.append(TrackPoint(t + 1, len(values), mean(values), pstdev(values), by_winner))
    return points


def card_stats(game: str, records: list[Mapping[str, Any]], teams: list[str]) -> list[CardStat]:
    """Event counts and the win rates of the seats that did them, for every card with an event."""
    events: Counter[str] = Counter()
    players: Counter[str] = Counter()
    player_wins: Counter[str] = Counter()
    player_teams: dict[str, Counter[str]] = defaultdict(Counter)
    team_games: Counter[str] = Counter()
    team_wins: Counter[str] = Counter()
    player_games = 0
    for r in records:
        player_games += len(r["teams"])
        for team in r["teams"]:
            team_games[team] += 1
            team_wins[team] += team in r["winners"]
        done: dict[int, set[str]] = defaultdict(set)
        for seat, name, _turn in r.get("card_events") or []:
            events[name] += 1
            done[seat].add(name)
        for seat, names in done.items():
            team = r["teams"][seat]
            for name in names:
                players[name] += 1
                player_wins[name] += team in r["winners"]
                player_teams[name][team] += 1
    out = []
    for name in events:
        # The baseline: the players' teams' overall win rates, weighted by how often each team did it.
        weights = player_teams[name]
        baseline = sum(w * team_wins[t] / team_games[t] for t, w in weights.items() if team_games[t]) / max(1, players[name])
        out.append(CardStat(name, card_group(game, name), events[name], players[name], player_wins[name],
                            player_games, len(records), baseline))
    return sorted(out, key=lambda c: c.name)
