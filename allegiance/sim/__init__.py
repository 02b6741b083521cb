"""Batch simulation: play games between bots, in one process or many, and summarise them."""

from allegiance.sim.runner import GameResult, play_game
from allegiance.sim.simulate import SimulationSummary, simulate

__all__ = ["GameResult", "SimulationSummary", "play_game", "simulate"]
