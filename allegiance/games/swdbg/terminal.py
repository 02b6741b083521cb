"""The SWDBG board in the terminal, compact: a few lines a player, the galaxy row with costs and stats.

Everything is drawn from a seat's view (``Game.view``) and the card catalogue, so the terminal shows
exactly what that seat may see.  ``allegiance play`` gets these through :meth:`SwdbgGame.terminal_hooks`
(:func:`hooks`); they draw on the Rich console they are given and know nothing else of the terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from allegiance.core.actions import Action
from allegiance.core.hooks import TerminalHooks

if TYPE_CHECKING:
    from rich.console import Console

COLOURS = {"empire": "red", "rebel": "cyan", "neutral": "yellow"}


def card_stats(info: dict[str, Any]) -> str:
    """``cost 3 · 2 atk 1 res 0 frc · target 3`` from a catalogue entry."""
    words = f"cost {info['cost']} · {info['attack']} atk {info['resources']} res {info['force']} frc"
    if info.get("hit_points"):
        words += f" · {info['hit_points']} hp"
    elif info.get("target_value"):
        words += f" · target {info['target_value']}"
    return words


def _name(card: dict[str, Any], catalog: dict[str, dict[str, Any]]) -> str:
    colour = COLOURS.get(catalog.get(card["name"], {}).get("faction", ""), "white")
    return f"[{colour}]{escape(card['name'])}[/]"


def _in_play(card: dict[str, Any], catalog: dict[str, dict[str, Any]]) -> str:
    """A card in play: its attack now, damage, used / attacked."""
    extra = [f"{card.get('attack', 0)} atk"]
    hp = catalog.get(card["name"], {}).get("hit_points")
    if hp:
        extra.append(f"{hp - card.get('damage', 0)}/{hp} hp")
    if card.get("used"):
        extra.append("used")
    if card.get("attacked"):
        extra.append("attacked")
    return f"{_name(card, catalog)} ({', '.join(extra)})"


def attack_ready(player: dict[str, Any]) -> int:
    """The attack of a player's units and ships that have not attacked yet this turn."""
    return sum(c.get("attack", 0) for c in player["units"] + player["ships"] if not c.get("attacked"))


def _names(cards: list[dict[str, Any]], catalog: dict[str, dict[str, Any]]) -> str:
    return ", ".join(_name(c, catalog) for c in cards) or "[dim]—[/]"


def draw_board(console: Console, view: dict[str, Any], catalog: dict[str, dict[str, Any]]) -> None:
    """The whole board, one line per fact that matters: about 12 lines in 1v1, 20 in 2v2."""
    seat = view["seat"]
    me = next(p for p in view["players"] if p["seat"] == seat)
    track = "".join("●" if i == view["force"] else "·" for i in range(7))
    console.rule(f"Turn {view['turn']} · {view['active_team'].title()} to play · Force: Empire {track} Rebel "
                 f"(with {view['force_with'] or 'nobody'})", style="dim")
    for region in view["regions"]:
        mine = region["index"] == me["region"]
        console.print(f"[bold]Region {region['index'] + 1} galaxy row[/] (deck {region['galaxy_deck_count']}, "
                      f"Outer Rim Pilots {region['pilots']}){' — yours' if mine and len(view['regions']) > 1 else ''}")
        if mine:
            width = max((len(c["name"]) for c in region["row"]), default=0)
            for c in region["row"]:
                info = catalog.get(c["name"], {})
                damage = f", {c['damage']} damage" if c.get("damage") else ""
                pad = " " * (width - len(c["name"]))
                console.print(f"  {_name(c, catalog)}{pad}  [dim]{info.get('faction', '')} {info.get('kind', '')} · "
                              f"{escape(card_stats(info))}{damage}[/]")
        else:
            console.print(f"  {_names(region['row'], catalog)}")
    for p in view["players"]:
        you = " (you)" if p["seat"] == seat else ""
        base = p["base"]
        base_text = "no base"
        if base:
            hp = catalog.get(base["name"], {}).get("hit_points", 0)
            base_text = f"{_name(base, catalog)} {hp - base.get('damage', 0)}/{hp} hp"
        hand = f"hand {p['hand_count']}" if p["hand"] is None else f"hand: {_names(p['hand'], catalog)}"
        console.print(f"[bold]{escape(p['label'])}{you}[/]  {base_text} · {p['bases_left']} bases left · "
                      f"{p['resources']} res · attack ready {attack_ready(p)} · deck {p['deck_count']} / "
                      f"discard {len(p['discard'])}{' · ended' if p.get('ended') else ''}")
        if p["units"] or p["ships"]:
            console.print("  in play: " + ", ".join(_in_play(c, catalog) for c in p["ships"] + p["units"]))
        console.print(f"  {hand}")
    victory = view["victory"]
    console.print(f"[dim]Bases destroyed — by the Empire: {', '.join(victory['empire']) or 'none'}; "
                  f"by the Rebels: {', '.join(victory['rebel']) or 'none'}[/]")


def draw_status(console: Console, view: dict[str, Any], catalog: dict[str, dict[str, Any]]) -> None:
    """One or two lines after each of your actions: your resources, attack, hand and an open attack."""
    me = next(p for p in view["players"] if p["seat"] == view["seat"])
    console.print(f"[bold]you:[/] {me['resources']} res · attack ready {attack_ready(me)} · "
                  f"hand: {_names(me['hand'] or [], catalog)}")
    attack = view.get("attack")
    if attack:
        now = {c["id"]: c.get("attack", 0) for p in view["players"] for c in p["units"] + p["ships"]}
        total = sum(now.get(c["id"], 0) for c in attack["cards"])
        target = "the enemy bases" if attack["target"] == "base" else f"galaxy-row card #{attack['row_card']}"
        console.print(f"[bold]attack open[/] on {target}: {total} attack committed")


def card_text(info: dict[str, Any]) -> str:
    """A card's full text."""
    lines = [f"[bold]{escape(info['name'])}[/] — {info['faction']} {info['kind']}"
             + (" (unique)" if info.get("unique") else ""),
             escape(card_stats(info)) + (f" · {', '.join(info['traits'])}" if info.get("traits") else "")]
    for field in ("ability", "reward"):
        if info.get(field) and info[field] != "(none)":
            lines.append(f"{field}: {escape(info[field])}")
    return "\n".join(lines)


def explain(state: Any, seat: int, action: Action, bot: str) -> str:
    """Why the greedy bot picks ``action`` (see ``workbench.greedy_reason``); "" for other bots."""
    if bot != "greedy":
        return ""
    from allegiance.games.swdbg.workbench import greedy_reason
    return greedy_reason(state, seat, action)


def hooks() -> TerminalHooks:
    """The SWDBG terminal: its own board, status line, card text and card numbers, greedy's reasons."""
    return TerminalHooks(board=draw_board, status=draw_status, card_text=card_text, card_note=card_stats,
                         explain=explain)
