"""The balance report's short text summary: a few sentences a person reads first."""

from __future__ import annotations

from statistics import median

from allegiance.report.stats import Rate, ReportData


def _pct(x: float) -> str:
    return f"{x:.0%}"


def _rate(r: Rate) -> str:
    low, high = r.interval
    return f"{_pct(r.rate)} (95% interval {_pct(low)}–{_pct(high)})"


def _verdict(r: Rate, above: str, below: str, neutral: str) -> str:
    low, high = r.interval
    if low > 0.5:
        return above
    if high < 0.5:
        return below
    return neutral


def summary_lines(data: ReportData) -> list[str]:
    """Sentences describing the simulation, most important first."""
    lines = [f"{data.games} games of {data.game} {data.mode} between {', '.join(data.bots)} bots: "
             f"{data.completed} finished, {data.draws} draws, {data.errors} engine errors."]
    teams = [r for r in data.rates if r.group == "team"]
    if data.completed and len(teams) == 2:
        a, b = teams
        lines.append(f"{a.label.title()} won {_rate(a)} of the games, {b.label.title()} {_rate(b)}; "
                     + _verdict(a, f"{a.label.title()} is ahead beyond chance.", f"{b.label.title()} is ahead beyond chance.",
                                "the difference is within what chance gives at this sample size."))
    first = data.rate("first", "first team")
    if first is not None and first.n:
        lines.append(f"The team that moved first won {_rate(first)}: "
                     + _verdict(first, "a first-move advantage.", "a first-move disadvantage.",
                                "no clear first-move advantage."))
    positions = [r for r in data.rates if r.group == "position" and r.n]
    if positions:
        lines.append(position_line(data, positions))
    for r in data.rates:
        if r.group == "bot" and r.n:  # a bot that plays on both teams of a game has no win rate
            lines.append(f"The {r.label} bot's team won {_rate(r)} of the {r.n} games it played.")
    if data.turns:
        common = max(data.reasons.items(), key=lambda kv: kv[1])[0] if data.reasons else ""
        lines.append(f"Games lasted {sum(data.turns) / len(data.turns):.1f} team turns on average "
                     f"(median {median(data.turns):g}, {min(data.turns)}–{max(data.turns)})"
                     + (f"; most ended with “{common}”." if common else "."))
    if data.track and data.track_info is not None:
        marks = [p for p in data.track if p.turn in (1, 5, 10, 20, 30, 40)]
        lines.append(f"Mean {data.track_info.summary}: "
                     + ", ".join(f"{p.mean:.1f} at turn {p.turn}" for p in marks) + ".")
    ranked = data.ranked_cards()
    if len(ranked) >= 6:
        verb = data.card_verb or "used"
        best = ", ".join(f"{c.name} ({c.lift:+.0%})" for c in ranked[:3])
        worst = ", ".join(f"{c.name} ({c.lift:+.0%})" for c in ranked[-3:][::-1])
        lines.append(f"Players who {verb} {best} won most often compared with their team's usual rate; players "
                     f"who {verb} {worst} least.  These are associations in bot play, not causes: bots choose "
                     "cards by their heuristic, and players who are ahead can afford more.")
    return lines


def position_line(data: ReportData, positions: list[Rate]) -> str:
    """The win rate of the team of the player at each position of the turn order; positions whose
    counts are equal (a team's players when teams alternate) are named together."""
    groups: dict[tuple[int, int], list[int]] = {}
    for k, r in enumerate(positions, start=1):
        groups.setdefault((r.wins, r.n), []).append(k)
    parts = []
    for ks in groups.values():
        r = positions[ks[0] - 1]
        side = {data.position_sides[k - 1] for k in ks if k - 1 < len(data.position_sides)}
        who = (" (the first team's players)" if side == {"first"} and len(ks) > 1
               else " (the second team's players)" if side == {"second"} and len(ks) > 1 else "")
        name = "position" if len(ks) == 1 else "positions"
        parts.append(f"{name} {', '.join(map(str, ks))}{who} {_rate(r)}")
    return ("By position in the turn order (position 1 = the first player), the player's team won: "
            + "; ".join(parts) + ".")
