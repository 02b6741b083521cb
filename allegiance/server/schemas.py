"""Request and response bodies of the HTTP API (they make FastAPI's OpenAPI document)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from allegiance.bots import BOT_KINDS
from allegiance.games import DEFAULT_GAME, game_names, get_game


def _options_schema() -> dict[str, Any]:
    """The options every game declares, as JSON Schema (the server checks them against the game chosen)."""
    properties: dict[str, Any] = {}
    for name in game_names():
        for spec in get_game(name).option_specs:
            properties.setdefault(spec.name, spec.json_schema())
    return {"properties": properties, "additionalProperties": False}


# The document says exactly what is accepted (so that clients, and the API fuzzer, know); the server
# still checks every field itself and answers 400 with what is allowed.
_GAMES: list[Any] = game_names()  # (list[Any]: a JSON schema value, which pydantic types as JsonValue)
_MODES: list[Any] = sorted({mode for name in _GAMES for mode in get_game(name).modes})
_MAX_SEATS = max(len(get_game(name).table_for(mode)) for name in _GAMES for mode in get_game(name).modes)
_DEFAULT_MODE = get_game(DEFAULT_GAME).default_mode or get_game(DEFAULT_GAME).modes[0]
_SEAT_KINDS: list[Any] = ["human", *BOT_KINDS]


class CreateTable(BaseModel):
    """A new table: the game, its mode and options, and who plays each seat."""

    game: str = Field(DEFAULT_GAME, examples=[DEFAULT_GAME], json_schema_extra={"enum": _GAMES})
    mode: str = Field(_DEFAULT_MODE, examples=[_DEFAULT_MODE], json_schema_extra={"enum": _MODES})
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"bases_to_win": 2}],
                                    json_schema_extra=_options_schema())
    seats: list[str] = Field(..., description="'human' or a bot kind per seat",
                             examples=[["human", "greedy", "human", "random"]],
                             json_schema_extra={"items": {"type": "string", "enum": _SEAT_KINDS},
                                                "minItems": 1, "maxItems": _MAX_SEATS})
    seed: int | None = Field(None, ge=0, le=2**63 - 1, strict=True,
                             description="deal seed: leave it out for a secret deal; a chosen seed makes a "
                                         "practice table (reproducible, and labelled so for every seat)")
    open_seats: list[int] = Field(default_factory=list, description="human seats anyone may take from the lobby; "
                                  "every other human seat is invited (only its link opens it)", examples=[[2]])


class SeatLink(BaseModel):
    """A human seat's secret link; the token in it is the only identity at the table."""

    seat: int
    label: str
    token: str
    link: str


class SeatSummary(BaseModel):
    seat: int
    label: str
    team: str | None
    kind: str
    free: bool = Field(description="a human seat whose link nobody has used yet")
    open: bool = Field(description="the creator opened this human seat to anyone: it can be taken while free")
    connected: bool


class TableSummary(BaseModel):
    id: str
    game: str
    mode: str
    options: dict[str, Any] = Field(description="the options as given, except that a pasted text (a deck file) "
                                    "is shown by a short description (its name and size), never the text")
    practice: bool = Field(False, description="the creator chose the seed, so the creator can know the deal")
    version: int | None = Field(description="the game's version (actions applied); null in the listing "
                                "(GET /api/tables), which is rebuilt only when tables, seats or presence change")
    created_at: float
    finished: bool
    status: Literal["playing", "finished", "abandoned", "broken"]
    outcome: dict[str, Any] | None
    seats: list[SeatSummary]


class CreatedTable(BaseModel):
    """The new table, and one secret link per human seat (send each to the friend who plays it)."""

    table: TableSummary
    links: list[SeatLink]
    creator_token: str = Field(description="secret that closes the table (POST /api/tables/{id}/close, header "
                               "X-Creator-Token); shown once")
    spectate: str


class GameInfo(BaseModel):
    name: str
    title: str
    about: str = Field("", description="what the game is, in a few sentences")
    decks: dict[str, str] = Field(default_factory=dict, description="each ready-made deck's description by name")
    modes: list[str]
    default_mode: str
    seats: dict[str, list[dict[str, Any]]]
    seat_defaults: dict[str, dict[str, list[str]]] = Field(
        default_factory=dict, description="per mode, the default of each per-seat option (a starter deck per seat)")
    options: list[dict[str, Any]]
    bots: list[str]
    default: bool = Field(False, description="the game a client is given when it names none (the lobby's first choice)")


class LegendIcon(BaseModel):
    symbol: str
    meaning: str


class Legend(BaseModel):
    """A game for people: what the icons and numbers on its cards mean, how to win, the turn's phases."""

    title: str
    about: str
    icons: list[LegendIcon]
    win: list[str]
    phases: list[str]
    decks: dict[str, str]


class RuleOption(BaseModel):
    """One option of a table: its value there, its default, and where its rule comes from."""

    name: str
    help: str
    value: Any = Field(description="the table's value (null: the rules decide, e.g. by mode)")
    default: Any
    source: str = Field(description="a rule ID or document; UNSOURCED…: the default is the project's proposal, "
                        "not the publisher's rule; empty: an engine setting, no rule of the game")
    sourced: bool
    rule: bool = Field(description="whether the option sets a rule of the game (else an engine setting)")


class TableRules(Legend):
    """A table's rules panel: the game's legend and the table's options."""

    options: list[RuleOption]


class ActionRequest(BaseModel):
    """One action for the token's seat, chosen at state ``version``."""

    action: dict[str, Any] = Field(..., examples=[{"kind": "end_turn"}])
    version: int | None = Field(None, ge=0, le=2**63 - 1, strict=True)


class ReplayStep(BaseModel):
    """A replay file and the step (number of actions applied) to show, as ``seat`` saw it."""

    replay: dict[str, Any]
    step: int = Field(0, ge=0, le=2**63 - 1, strict=True,
                      description="actions applied (past the end: the last position)")
    seat: int | None = Field(None, ge=0, le=63, strict=True)
    turns: bool = Field(False, strict=True, description="also send the replay's turn markers (the game's own "
                        "turn numbers and the step each starts at)")


class ReplayStepAnswer(BaseModel):
    """The board after ``step`` of ``steps`` actions, the words of the last action and what it showed."""

    step: int
    steps: int
    action: str
    view: dict[str, Any]
    events: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    outcome: dict[str, Any] | None
    progress: list[str] = Field(default_factory=list, description="how close each side is to winning, in words")
    turns: list[dict[str, int]] | None = None


class SocketCheck(BaseModel):
    """Whether a WebSocket from this address to the table would be let in now, and if not why (the
    refusal its handshake is answered with, which a browser does not show the page)."""

    ok: bool
    code: Literal["rate_limited", "too_many_sockets", "spectators_full"] | None = None
    detail: str | None = None
    retry_after: int | None = Field(None, description="seconds to wait before trying again")


class ErrorBody(BaseModel):
    detail: str
