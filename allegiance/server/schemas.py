"""Request and response bodies of the HTTP API (they make FastAPI's OpenAPI document)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class CreateTable(BaseModel):
    """A new table: the game, its mode and options, and who plays each seat."""

    game: str = Field("swdbg", examples=["swdbg"])
    mode: str = Field("2v2", examples=["2v2"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"bases_to_win": 2}])
    seats: list[str] = Field(..., description="'human' or a bot kind ('random', 'greedy') per seat",
                             examples=[["human", "greedy", "human", "random"]])
    seed: int | None = Field(None, ge=0, le=2**63 - 1, strict=True,
                             description="deal seed: leave it out for a secret deal; a chosen seed makes a "
                                         "practice table (reproducible, and labelled so for every seat)")


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
    free: bool
    connected: bool


class TableSummary(BaseModel):
    id: str
    game: str
    mode: str
    options: dict[str, Any]
    practice: bool = Field(False, description="the creator chose the seed, so the creator can know the deal")
    version: int | None
    created_at: float
    finished: bool
    outcome: dict[str, Any] | None
    seats: list[SeatSummary]


class CreatedTable(BaseModel):
    """The new table, and one secret link per human seat (send each to the friend who plays it)."""

    table: TableSummary
    links: list[SeatLink]
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
    version: int | None = Field(None, ge=0, le=2**63 - 1, strict=True)


class ReplayStep(BaseModel):
    """A replay file and the step (number of actions applied) to show, as ``seat`` saw it."""

    replay: dict[str, Any]
    step: int = Field(0, ge=0, le=2**63 - 1, strict=True,
                      description="actions applied (past the end: the last position)")
    seat: int | None = Field(None, ge=0, le=63, strict=True)


class ErrorBody(BaseModel):
    detail: str
