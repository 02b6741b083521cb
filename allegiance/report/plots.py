"""The balance report's figures (matplotlib, rendered off-screen to SVG)."""

from __future__ import annotations

import io
from collections.abc import Callable

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from allegiance.report.stats import MIN_PLAYERS, ReportData  # noqa: E402

GROUP_TITLES = {"team": "By team", "seat": "By seat", "first": "Moving first", "position": "By turn-order position",
                "bot": "By bot"}
INK = "#263238"

plt.rcParams.update({
    "svg.fonttype": "none", "font.family": "sans-serif", "font.size": 10, "axes.edgecolor": "#b0bec5",
    "axes.labelcolor": INK, "xtick.color": INK, "ytick.color": INK, "axes.spines.top": False,
    "axes.spines.right": False, "axes.titleweight": "bold", "axes.titlesize": 11,
})


def svg(fig: Figure) -> str:
    """The figure as SVG text (and closed)."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def _rate_label(data: ReportData, group: str, label: str) -> str:
    if group == "team":
        return label.title()
    if group == "first":
        return "team moving first"
    if group == "bot":
        return f"{label} bot"
    if group == "position":
        k = int(label.split()[-1])
        side = data.position_sides[k - 1] if k - 1 < len(data.position_sides) else "mixed"
        return f"{label}'s team" + (f" ({side} team)" if side != "mixed" else "")
    return f"seat {label}"


def win_rates(data: ReportData) -> Figure:
    """Win rate per team, seat, first team and bot, with 95% intervals around a 50% line."""
    one_seat_per_team = len(data.teams) == len([r for r in data.rates if r.group == "seat"])
    rows = [r for group in GROUP_TITLES for r in data.rates
            if r.group == group and r.n and not (group == "seat" and one_seat_per_team)]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 0.9))
    for y, r in enumerate(rows):
        low, high = r.interval
        key = r.label if r.group == "team" else next((t for t in data.teams if t in r.label.lower()), "")
        ax.barh(y, r.rate, color=data.colour(key), alpha=0.85, height=0.62)
        ax.errorbar(r.rate, y, xerr=[[max(0.0, r.rate - low)], [max(0.0, high - r.rate)]], fmt="none",
                    ecolor=INK, capsize=3, lw=1.2)
        ax.text(1.04, y, f"{r.rate:.0%}  ({low:.0%}–{high:.0%}, n={r.n})", va="center", fontsize=9, color=INK)
    ax.axvline(0.5, color=INK, ls="--", lw=1, alpha=0.6)
    ax.set_yticks(range(len(rows)), [_rate_label(data, r.group, r.label) for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 1.4)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0], ["0%", "25%", "50%", "75%", "100%"])
    ax.set_xlabel("games won (bar) with 95% Wilson interval (whisker)")
    return fig


def game_lengths(data: ReportData) -> Figure:
    """Histogram of game length in team turns, stacked by who won."""
    fig, ax = plt.subplots(figsize=(8, 3.4))
    outcomes = [t for t in [*data.teams, "draw"] if t in data.winner_of_game]
    if data.turns:
        lo, hi = min(data.turns), max(data.turns)
        # Two-turn bins: a team can only win on its own turns, so one-turn bins alternate colours.
        width = 2 if hi - lo >= 12 else 1
        bins = list(range(lo, hi + width + 1, width))
        stacks = [[t for t, w in zip(data.turns, data.winner_of_game, strict=True) if w == o] for o in outcomes]
        ax.hist(stacks, bins=bins, stacked=True, color=[data.colour(o) for o in outcomes], alpha=0.85,
                label=[f"{o} won" if o != "draw" else "draw" for o in outcomes], edgecolor="white", linewidth=0.5)
        mean_turns = sum(data.turns) / len(data.turns)
        ax.axvline(mean_turns, color=INK, ls="--", lw=1)
        ax.text(mean_turns, ax.get_ylim()[1] * 0.95, f" mean {mean_turns:.1f}", color=INK, va="top", fontsize=9,
                bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.85, "pad": 1.5})
        ax.legend(frameon=False)
    ax.set_xlabel("team turns until the game ended")
    ax.set_ylabel("games")
    return fig


def track(data: ReportData) -> Figure:
    """The game's per-turn track (its record hooks say what it is): the mean at the start of each turn
    (or each ``every``-th), overall ± 1 SD and per winner."""
    info = data.track_info
    fig, ax = plt.subplots(figsize=(8, 3.8))
    every = max(1, info.every) if info is not None else 1
    pts = [p for p in data.track if (p.turn - 1) % every == 0]
    low = info.low if info is not None else None
    high = info.high if info is not None else None
    if pts:
        turns = [p.turn for p in pts]
        ax.fill_between(turns, [p.mean - p.sd if low is None else max(low, p.mean - p.sd) for p in pts],
                        [p.mean + p.sd if high is None else min(high, p.mean + p.sd) for p in pts],
                        color="#b0bec5", alpha=0.45, label="mean ± 1 standard deviation")
        ax.plot(turns, [p.mean for p in pts], color=INK, lw=2, label="mean, all games")
        for team in data.teams:
            series = [(p.turn, mean) for p in pts if (mean := p.mean_by_winner.get(team)) is not None]
            if series:
                ax.plot([t for t, _ in series], [v for _, v in series], color=data.colour(team), lw=1.6, ls="--",
                        label=f"mean, games {team} won")
        ax.legend(frameon=False, fontsize=8.5, loc="best")
    if info is not None:
        if info.centre is not None:
            ax.axhline(info.centre, color=INK, ls=":", lw=1, alpha=0.6)
        if low is not None and high is not None:
            pad = 0.2 * (high - low) / 6
            ax.set_ylim(low - pad, high + pad)
        if info.ticks:
            ax.set_yticks([v for v, _ in info.ticks], [label for _, label in info.ticks])
        ax.set_xlabel(info.turns)
        ax.set_ylabel(info.axis)
    return fig


def card_scatter(data: ReportData, label: int = 5) -> Figure:
    """Each card: how often its event happens (bought, played, ...) against how often the team of the
    player who did it wins (top and bottom cards named)."""
    fig, ax = plt.subplots(figsize=(8, 4.6))
    cards = data.cards
    verb = data.card_verb
    ax.xaxis.set_major_formatter(lambda x, _: f"{x:.0%}")
    ax.yaxis.set_major_formatter(lambda y, _: f"{y:.0%}")
    ax.set_xlabel(f"players who {verb} it (share of player-games); dot size = copies {verb}")
    ax.set_ylabel(f"team of the player who {verb} it won")
    if not cards:
        return fig
    most = max(c.events for c in cards)
    ax.scatter([c.share for c in cards], [c.win_rate for c in cards],
               s=[20 + 180 * c.events / most for c in cards], c=[data.colour(c.group) for c in cards],
               alpha=0.7, edgecolors="white", linewidths=0.6)
    ax.axhline(0.5, color=INK, ls="--", lw=1, alpha=0.5)
    groups = sorted({c.group for c in cards} - {""})
    if groups:
        for group in groups:
            ax.scatter([], [], c=data.colour(group), label=group)
        ax.legend(frameon=False, fontsize=8.5, title=f"card {data.card_group}", title_fontsize=8.5,
                  loc="lower right")
    rates = [c.win_rate for c in cards]
    low, high = max(-0.02, min(rates) - 0.1), min(1.02, max(rates) + 0.1)
    ax.set_ylim(low, high)
    ax.set_xlim(0, max(c.share for c in cards) * 1.08)
    # Name the best and worst cards; nudge labels apart vertically (steps relative to the axes).
    ranked = data.ranked_cards()
    named = ranked[:label] + ranked[-label:] if len(ranked) > 2 * label else ranked
    dy, dx = 0.055 * (high - low), 0.2 * ax.get_xlim()[1]
    placed: list[tuple[float, float]] = []
    for c in sorted(named, key=lambda c: -c.lift):
        x, y = c.share + 0.01 * ax.get_xlim()[1], c.win_rate
        while any(abs(x - px) < dx and abs(y - py) < dy for px, py in placed):
            y += dy if c.lift >= 0 else -dy
        placed.append((x, y))
        ax.annotate(c.name, (c.share, c.win_rate), xytext=(x, y), fontsize=8, color=INK, va="center",
                    arrowprops={"arrowstyle": "-", "color": "#90a4ae", "lw": 0.6} if y != c.win_rate else None)
    return fig


def card_lift(data: ReportData, count: int = 10) -> Figure:
    """The cards whose players (those who bought, played, ... them) beat (or trail) their team's usual
    win rate the most, with intervals."""
    ranked = data.ranked_cards()
    shown = ranked[:count] + ranked[-count:] if len(ranked) > 2 * count else ranked
    fig, ax = plt.subplots(figsize=(8, 0.3 * max(1, len(shown)) + 1.2))
    for y, c in enumerate(shown):
        low, high = c.interval
        ax.barh(y, c.lift, color=data.colour(c.group), alpha=0.85, height=0.65)
        ax.errorbar(c.lift, y, xerr=[[max(0.0, c.win_rate - low)], [max(0.0, high - c.win_rate)]], fmt="none", ecolor=INK,
                    capsize=2, lw=1)
    ax.set_yticks(range(len(shown)), [f"{c.name} ({c.players})" for c in shown], fontsize=8.5)
    ax.invert_yaxis()
    ax.axvline(0, color=INK, lw=1)
    ax.xaxis.set_major_formatter(lambda x, _: f"{x:+.0%}")
    verb = data.card_verb
    ax.set_xlabel(f"win rate of the players who {verb} it minus their teams' overall win rate (95% interval); "
                  f"cards {verb} in ≥ {MIN_PLAYERS} player-games")
    return fig


#: every figure of the report: (id, generic title, function); :func:`titles` gives each its title for
#: one report (the track's and the cards' from the game's record hooks)
FIGURES: tuple[tuple[str, str, Callable[[ReportData], Figure]], ...] = (
    ("win-rates", "Win rates", win_rates),
    ("game-length", "Game length", game_lengths),
    ("track", "The track over time", track),
    ("card-scatter", "Cards: how often against the win rate", card_scatter),
    ("card-lift", "Top and bottom cards", card_lift),
)


def titles(data: ReportData) -> dict[str, str]:
    """Figure id -> its title in this report."""
    out = {fid: title for fid, title, _ in FIGURES}
    if data.track_info is not None:
        out["track"] = data.track_info.title
    if data.card_verb:
        noun = data.card_noun or data.card_verb
        out["card-scatter"] = f"Cards: {noun} rate against the win rate of the players who {data.card_verb} them"
    return out


#: figures drawn only when the games recorded what they show
_NEEDS: dict[str, Callable[[ReportData], bool]] = {
    "track": lambda data: bool(data.track),
    "card-scatter": lambda data: bool(data.cards) or bool(data.card_verb),
    "card-lift": lambda data: bool(data.cards) or bool(data.card_verb),
}


def render_all(data: ReportData) -> dict[str, str]:
    """Figure id -> SVG text (a figure whose data the games did not record is left out)."""
    return {fid: svg(make(data)) for fid, _, make in FIGURES if _NEEDS.get(fid, lambda _: True)(data)}
