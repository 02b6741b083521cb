"""Request and response bodies of the HTTP API (they make FastAPI's OpenAPI document)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class CreateTable(BaseModel):
    """A new table: the game, its mode and options, and who plays each seat."""

    game: str = Field("swdbg", examples=["swdbg"])
    mode: str = Field("2v2", examples=["2v2"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"bases_to_win": 2}])
    seats: list[str] = Field(..., description="'human' or a bot kind ('random', 'greedy') per seat",
                             examples=[["human", "greedy", "human", "random"]])
    seed: int | None = Field(None, description="deal seed (random when left out)")
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
    options: dict[str, Any]
    version: int | None
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
    modes: list[str]
    seats: dict[str, list[dict[str, Any]]]
    options: list[dict[str, Any]]
    bots: list[str]


class ActionRequest(BaseModel):
    """One action for the token's seat, chosen at state ``version``."""

    action: dict[str, Any] = Field(..., examples=[{"kind": "end_turn"}])
    version: int | None = None


class ReplayStep(BaseModel):
    """A replay file and the step (number of actions applied) to show, as ``seat`` saw it."""

    replay: dict[str, Any]
    step: int = 0
    seat: int | None = None


class ReplayStepAnswer(BaseModel):
    """The board after ``step`` of ``steps`` actions, the words of the last action and what it showed."""

    step: int
    steps: int
    action: str
    view: dict[str, Any]
    events: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    outcome: dict[str, Any] | None


class ErrorBody(BaseModel):
    detail: str
