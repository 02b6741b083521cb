"""The numbers of a balance report, computed from per-game records (``games.jsonl`` of ``simulate --out``).

Every rate comes with a 95% Wilson interval.  A game that ended in an engine error counts nowhere
but in ``errors``; a draw is a game no team won.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from statistics import mean, median, pstdev
from typing import Any

from allegiance.sim.simulate import wilson

#: a card needs this many buying player-games before it is ranked among the top or bottom cards
MIN_BUYERS = 10


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
    """How often a card was bought and how its buyers fared.

    ``buyers``: player-games in which the card was bought at least once; ``buyer_wins``: those the
    buyer's team won; ``baseline``: the win rate of the buyers' teams over all games (so ``lift`` =
    buyer win rate - baseline says whether buying it went with winning more than usual).
    """

    name: str
    faction: str
    purchases: int
    buyers: int
    buyer_wins: int
    player_games: int
    games: int
    baseline: float

    @property
    def buy_rate(self) -> float:
        """Share of player-games in which the card was bought."""
        return self.buyers / self.player_games if self.player_games else 0.0

    @property
    def per_game(self) -> float:
        """Copies bought per game (all players)."""
        return self.purchases / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.buyer_wins / self.buyers if self.buyers else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.buyer_wins, self.buyers)

    @property
    def lift(self) -> float:
        return self.win_rate - self.baseline

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"name": self.name, "faction": self.faction, "purchases": self.purchases, "buyers": self.buyers,
                "buyer_wins": self.buyer_wins, "buy_rate": round(self.buy_rate, 4),
                "per_game": round(self.per_game, 3), "buyer_win_rate": round(self.win_rate, 4),
                "low": round(low, 4), "high": round(high, 4), "baseline": round(self.baseline, 4),
                "lift": round(self.lift, 4)}


@dataclass(frozen=True)
class ForcePoint:
    """The Force at the start of team turn ``turn`` over the games still running then."""

    turn: int
    n: int
    mean: float
    sd: float
    mean_by_winner: dict[str, float | None]


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
    force: list[ForcePoint] = field(default_factory=list)
    cards: list[CardStat] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    #: per position of the turn order: "first" (always a player of the team that moved first),
    #: "second" (never) or "mixed"
    position_sides: list[str] = field(default_factory=list)

    @property
    def completed(self) -> int:
        return self.games - self.errors

    def rate(self, group: str, label: str) -> Rate | None:
        return next((r for r in self.rates if r.group == group and r.label == label), None)

    def ranked_cards(self) -> list[CardStat]:
        """Cards with enough buyers, best lift first."""
        return sorted((c for c in self.cards if c.buyers >= MIN_BUYERS), key=lambda c: (-c.lift, c.name))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "mode": self.mode, "games": self.games, "errors": self.errors,
            "draws": self.draws, "bots": self.bots, "teams": self.teams,
            "rates": [r.to_json() for r in self.rates],
            "turns": {"mean": mean(self.turns) if self.turns else None,
                      "median": median(self.turns) if self.turns else None,
                      "min": min(self.turns, default=None), "max": max(self.turns, default=None)},
            "force": [asdict(p) for p in self.force],
            "cards": [c.to_json() for c in sorted(self.cards, key=lambda c: -c.buyers)],
            "reasons": self.reasons,
            "position_sides": self.position_sides,
        }


def seat_labels(game: str, mode: str, seats: int) -> list[str]:
    """The table's seat labels ("Empire 1", ...) when the game can say, else "seat N"."""
    try:
        from allegiance.games import get_game
        table = get_game(game).table_for(mode)  # type: ignore[attr-defined]
        labels = [s.label for s in table.seats]
        if len(labels) == seats:
            return labels
    except Exception:  # noqa: BLE001 - labels are cosmetic: fall back to numbers
        pass
    return [f"seat {i}" for i in range(seats)]


def card_faction(game: str, name: str) -> str:
    """A card's group in the report (the game's :meth:`~allegiance.core.Game.card_group`, e.g. an SWDBG
    faction), or "" when the game has none or is unknown."""
    from allegiance.games import get_game
    try:
        return get_game(game).card_group(name)
    except ValueError:  # records of a game this install does not have
        return ""


def build(records: Iterable[Mapping[str, Any]]) -> ReportData:
    """The report's numbers from per-game records."""
    records = list(records)
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

    data.force = force_points(ok, teams)
    data.cards = card_stats(data.game, ok, teams)
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


def force_points(records: list[Mapping[str, Any]], teams: list[str]) -> list[ForcePoint]:
    """Mean Force (and spread) by team turn, while at least 5 games (and 10% of them) are running."""
    longest = max((len(r.get("force_track") or []) for r in records), default=0)
    floor = max(5, len(records) // 10)
    points = []
    for t in range(longest):
        values = [r["force_track"][t] for r in records if len(r.get("force_track") or []) > t]
        if len(values) < floor:
            break
        by_winner: dict[str, float | None] = {}
        for team in teams:
            won = [r["force_track"][t] for r in records if len(r["force_track"]) > t and team in r["winners"]]
            by_winner[team] = mean(won) if len(won) >= 3 else None
        points.append(ForcePoint(t + 1, len(values), mean(values), pstdev(values), by_winner))
    return points


def card_stats(game: str, records: list[Mapping[str, Any]], teams: list[str]) -> list[CardStat]:
    """Purchase counts and buyers' win rates of every card bought at least once."""
    purchases: Counter[str] = Counter()
    buyers: Counter[str] = Counter()
    buyer_wins: Counter[str] = Counter()
    buyer_teams: dict[str, Counter[str]] = defaultdict(Counter)
    team_games: Counter[str] = Counter()
    team_wins: Counter[str] = Counter()
    player_games = 0
    for r in records:
        player_games += len(r["teams"])
        for team in r["teams"]:
            team_games[team] += 1
            team_wins[team] += team in r["winners"]
        bought: dict[int, set[str]] = defaultdict(set)
        for seat, name, _turn in r.get("purchases") or []:
            purchases[name] += 1
            bought[seat].add(name)
        for seat, names in bought.items():
            team = r["teams"][seat]
            for name in names:
                buyers[name] += 1
                buyer_wins[name] += team in r["winners"]
                buyer_teams[name][team] += 1
    out = []
    for name in purchases:
        # The baseline: the buyers' teams' overall win rates, weighted by how often each team bought it.
        weights = buyer_teams[name]
        baseline = sum(w * team_wins[t] / team_games[t] for t, w in weights.items() if team_games[t]) / max(1, buyers[name])
        out.append(CardStat(name, card_faction(game, name), purchases[name], buyers[name], buyer_wins[name],
                            player_games, len(records), baseline))
    return sorted(out, key=lambda c: c.name)
