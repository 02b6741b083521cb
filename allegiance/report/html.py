"""The balance report as one self-contained HTML file: summary, key figures, plots, card tables.

Plots are SVG embedded as ``data:`` images, so the file can be mailed or attached as it is.
"""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from html import escape

from allegiance.report.plots import render_all, titles
from allegiance.report.stats import MIN_PLAYERS, CardStat, ReportData
from allegiance.report.summary import summary_lines

CSS = """
body { font-family: -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; color: #263238;
       margin: 0; background: #f4f6f8; }
main { max-width: 980px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 26px; margin: 8px 0 2px; }
.sub { color: #607d8b; margin: 0 0 18px; }
.tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin: 16px 0 8px; }
.tile { background: #fff; border-radius: 8px; padding: 12px 14px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
.tile .v { font-size: 24px; font-weight: 700; }
.tile .k { font-size: 12px; color: #607d8b; text-transform: uppercase; letter-spacing: .04em; }
.tile .i { font-size: 12px; color: #78909c; }
section { background: #fff; border-radius: 8px; padding: 16px 20px; margin: 16px 0;
          box-shadow: 0 1px 2px rgba(0,0,0,.08); }
section h2 { font-size: 18px; margin: 0 0 8px; }
.summary li { margin: 4px 0; line-height: 1.45; }
figure { margin: 0; text-align: center; }
figure img { width: 100%; height: auto; }
figcaption { color: #607d8b; font-size: 13px; margin-top: 4px; text-align: left; }
.cols { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { padding: 4px 6px; border-bottom: 1px solid #eceff1; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { color: #546e7a; font-weight: 600; }
.dot { display: inline-block; width: 9px; height: 9px; border-radius: 50%; margin-right: 6px; }
footer { color: #90a4ae; font-size: 12px; text-align: center; }
"""

def captions(data: ReportData) -> dict[str, str]:
    """Figure id -> the sentence under it (the track's meaning from the game's record hooks)."""
    verb = data.card_verb or "used"
    out = {
        "win-rates": "Share of finished games won; whiskers are 95% Wilson intervals. A bar whose whisker "
                     "crosses the dashed 50% line is not distinguishable from a fair coin at this sample size.",
        "game-length": "How many team turns games lasted, coloured by the team that won.",
        "card-scatter": f"Each dot is a card: how often players {verb} it, and how often the team of the player "
                        f"who {verb} it won. The best and worst cards by lift are named.",
        "card-lift": f"Lift = the win rate of the players who {verb} a card minus their team's overall win rate, "
                     f"for cards {verb} in at least {MIN_PLAYERS} player-games. Associations from bot play, "
                     "not causes.",
    }
    if data.track_info is not None:
        out["track"] = data.track_info.meaning
    return out


def _img(fid: str, title: str, svg_text: str, caption: str) -> str:
    data = base64.b64encode(svg_text.encode("utf-8")).decode("ascii")
    return (f'<figure id="{fid}"><img alt="{escape(title)}" src="data:image/svg+xml;base64,{data}">'
            f"<figcaption>{escape(caption)}</figcaption></figure>")


def _tile(key: str, value: str, note: str = "") -> str:
    return (f'<div class="tile"><div class="k">{escape(key)}</div><div class="v">{escape(value)}</div>'
            f'<div class="i">{escape(note)}</div></div>')


def _card_table(data: ReportData, cards: list[CardStat], title: str) -> str:
    """One table of cards: how often players did the card's event, and how their teams fared."""
    rows = []
    for c in cards:
        low, high = c.interval
        dot = f'<span class="dot" style="background:{data.colour(c.group)}"></span>'
        rows.append(f"<tr><td>{dot}{escape(c.name)}</td><td>{c.share:.0%}</td><td>{c.per_game:.2f}</td>"
                    f"<td>{c.win_rate:.0%} <small>({low:.0%}–{high:.0%})</small></td><td>{c.lift:+.0%}</td></tr>")
    verb = escape(data.card_verb or "used")
    return (f"<div><h3>{escape(title)}</h3><table><tr><th>card</th><th>{verb} in</th><th>copies/game</th>"
            f"<th>{verb} by: team won</th><th>lift</th></tr>{''.join(rows)}</table></div>")


def position_table(data: ReportData) -> str:
    """Win rate of the team of the player at each position of the turn order, with 95% intervals."""
    rows = []
    for k, r in enumerate((r for r in data.rates if r.group == "position" and r.n), start=1):
        low, high = r.interval
        side = data.position_sides[k - 1] if k - 1 < len(data.position_sides) else "mixed"
        team = {"first": "moved first", "second": "moved second"}.get(side, "either")
        rows.append(f"<tr><td>{k}</td><td>{team}</td><td>{r.rate:.0%}</td><td>{low:.0%}–{high:.0%}</td>"
                    f"<td>{r.wins}/{r.n}</td></tr>")
    if not rows:
        return ""
    return ("<section id=\"turn-order\"><h2>By position in the turn order</h2>"
            "<p class=\"sub\">Position 1 is the first player. Each row: how often the team of the player at "
            "that position won, with its 95% Wilson interval.</p>"
            "<table><tr><th>position</th><th>player's team</th><th>team won</th><th>95% interval</th>"
            f"<th>games</th></tr>{''.join(rows)}</table></section>")


def tiles(data: ReportData) -> str:
    out = [_tile("games", f"{data.games:,}", f"{data.draws} draws, {data.errors} errors")]
    for r in data.rates:
        if r.group == "team":
            low, high = r.interval
            out.append(_tile(f"{r.label} wins", f"{r.rate:.0%}", f"95%: {low:.0%}–{high:.0%}"))
    first = data.rate("first", "first team")
    if first is not None:
        low, high = first.interval
        out.append(_tile("first team wins", f"{first.rate:.0%}", f"95%: {low:.0%}–{high:.0%}"))
    if data.turns:
        out.append(_tile("mean length", f"{sum(data.turns) / len(data.turns):.1f}",
                         f"team turns ({min(data.turns)}–{max(data.turns)})"))
    return f'<div class="tiles">{"".join(out)}</div>'


def render_html(data: ReportData, source: str = "") -> str:
    """The whole report page."""
    figures = render_all(data)
    names = titles(data)
    notes = captions(data)

    def figure(fid: str) -> str:
        return _img(fid, names[fid], figures[fid], notes.get(fid, ""))

    ranked = data.ranked_cards()
    top, bottom = ranked[:10], ranked[max(10, len(ranked) - 10):][::-1]
    summary = "".join(f"<li>{escape(line)}</li>" for line in summary_lines(data))
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    tables = (_card_table(data, top, "Highest lift")
              + (_card_table(data, bottom, "Lowest lift") if bottom else ""))
    sections = [
        f"<section><h2>Summary</h2><ul class=\"summary\">{summary}</ul></section>",
        f"<section><h2>{escape(names['win-rates'])}</h2>{figure('win-rates')}</section>",
        position_table(data),
        f"<section><h2>{escape(names['game-length'])}</h2>{figure('game-length')}</section>",
    ]
    if "track" in figures:  # games whose record hooks give a per-turn track
        sections.append(f"<section id=\"track-section\"><h2>{escape(names['track'])}</h2>{figure('track')}</section>")
    if "card-scatter" in figures:  # games whose record hooks give card events
        sections.append(f"<section id=\"cards\"><h2>Cards {escape(data.card_verb)}</h2>{figure('card-scatter')}"
                        f"{figure('card-lift')}<div class=\"cols\">{tables}</div></section>")
    title = f"Balance report: {data.game} {data.mode}"
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body><main>"
            f"<h1>{escape(title)}</h1><p class=\"sub\">{data.games:,} simulated games, bots: "
            f"{escape(', '.join(data.bots))}{' · ' + escape(source) if source else ''}</p>"
            f"{tiles(data)}{''.join(sections)}"
            f"<footer>made by allegiance report on {when}</footer></main></body></html>")
