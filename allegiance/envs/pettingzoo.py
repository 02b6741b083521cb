"""A PettingZoo AEC environment over any allegiance game that supplies an agent encoding.

    from allegiance.envs.pettingzoo import env
    e = env(game="swdbg", mode="2v2", options={"max_turns": 60})
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

* **Agents** are ``player_0`` .. ``player_{n-1}``, one per seat in seat order; ``seat_labels`` maps
  them to the table's labels (SWDBG 2v2: Empire 1, Empire 2, Rebel 1, Rebel 2; Wakfu 1v1 .. 8v8: A1 ..
  AN, B1 .. BN, e.g. ``env(game="wakfu", mode="8v8", options={"team_uniques": "ignore"})``, 16 agents).
  In Wakfu teams a seat's observation holds its teammates' hands (WK-COMM-1), never an opponent's.
  Jedi Knights: every line-up, e.g. ``env(game="jk", mode="AvEvI")`` (three agents, three sides: three
  teams) or ``mode="AAvEEvII"`` (six agents).
* **Observations** are ``{"observation": Box(0, 1, (D,), float32), "action_mask": Box(0, 1, (A,), int8)}``,
  the shape of PettingZoo's classic environments.  ``observation`` encodes the seat's *view* only
  (the game's :meth:`~allegiance.core.Game.agent_encoding`; SWDBG: :mod:`allegiance.games.swdbg.observation`);
  ``action_mask`` marks the legal actions of the agent
  when it is the one to act (all zeros otherwise).
* **Actions** are ``Discrete(A)`` indices of the game's fixed action encoding (SWDBG:
  :mod:`allegiance.games.swdbg.encoding`, the mode's prefix of it).  An index that is not legal now ends the game with reward -1 for that
  agent under :func:`env` (PettingZoo's classic convention) and raises ``ValueError`` under
  :func:`raw_env`, leaving the game unchanged.
* **Sub-decisions** (a choice inside a card effect, a damage split) are further steps of the agent
  that answers them, so one agent may act several times in a row.
* **Team turns**: in SWDBG 2v2 both teammates may act in any order.  The environment always hands the
  turn to the *first* active seat (lowest seat number) until it ends its part of the turn; then the
  teammate acts.  Choices are still made by the seat the rules name.
* **Rewards** come at the end from the outcome's team scores: +1 for a win, -1 for a loss (with three
  sides, both losing sides' agents get -1), 0 for a draw.
  A game stopped by the ``max_turns`` option is a *truncation* (a draw, reward 0); any other end is a
  termination.
* **Options**: ``options`` at construction are the game's options (SWDBG: galaxy, bases_to_win,
  pay_off_neutral, max_turns); they fix the space sizes.  ``reset(options=...)`` may change any of them
  but those that would change the space sizes (SWDBG: ``galaxy``) and ignores keys the game does not know.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from allegiance.core.hooks import AgentEncoding
from allegiance.games import DEFAULT_GAME, game_names, get_game


class AllegianceAEC(AECEnv):
    """The AEC environment; build one with :func:`env` or :func:`raw_env`."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "allegiance_v0", "is_parallelizable": False}

    def __init__(self, game: str = DEFAULT_GAME, mode: str = "2v2", options: dict[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if game not in game_names():
            raise ValueError(f"no game {game!r}; games: {', '.join(game_names())}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = get_game(game)
        try:
            self.encoding: AgentEncoding = self.game.agent_encoding(mode, dict(options or {}))
        except NotImplementedError:
            raise ValueError(f"{game} has no encoding for learning agents yet") from None
        self.mode = mode
        self.options = dict(options or {})
        self.render_mode = render_mode
        sample = self.game.new_game(mode, 0, self.options)  # checks mode and options
        self.seat_count = len(sample.table.seats)
        self.possible_agents = [f"player_{i}" for i in range(self.seat_count)]
        self.seat_labels = {f"player_{s.index}": s.label for s in sample.table.seats}
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_count = self.encoding.action_count
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoding.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.action_count,), np.int8),
        })
        act_space = spaces.Discrete(self.action_count)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state: Any = None
        self._legal: tuple[int, int, dict[int, Any]] = (-1, -1, {})  # (state version, seat, index -> action)
        self.agents: list[str] = []

    # -- spaces ------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the AEC protocol ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: seeded by ``seed`` if given, else by the environment's own generator."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._rng.integers(0, 2**31 - 1))
        game_options = dict(self.options)
        game_options.update({k: v for k, v in (options or {}).items() if k in self.encoding.option_names})
        if game_options != self.options:
            changed = self.game.agent_encoding(self.mode, game_options)
            if (changed.observation_size, changed.action_count) != (self.encoding.observation_size,
                                                                     self.action_count):
                raise ValueError("these options change the space sizes: set them when building the environment")
        self.state = self.game.new_game(self.mode, game_seed, game_options)
        self._legal = (-1, -1, {})
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._acting_agent()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = np.zeros(self.action_count, dtype=np.int8)
        if agent == self.agent_selection and not (self.terminations.get(agent) or self.truncations.get(agent)):
            mask[list(self._legal_by_index(seat))] = 1
        return {"observation": self.encoding.observe(self.game.view(self.state, seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give an action index, not None")
        seat = self._seat[agent]
        index = int(action)
        chosen = self._legal_by_index(seat).get(index)
        if chosen is None:
            raise ValueError(f"action {index} ({self._describe(index)}) is not legal for {agent} now")
        self.game.apply_unchecked(self.state, seat, chosen)
        self._cumulative_rewards[agent] = 0.0
        outcome = self.game.outcome(self.state)
        if outcome is None:
            self.agent_selection = self._acting_agent()
            self._clear_rewards()
        else:
            truncated = self._turn_limit_reached()
            for a in self.agents:
                score = outcome.scores.get(self.state.table.team_of(self._seat[a]), 0.5)
                self.rewards[a] = 0.0 if truncated else 2.0 * score - 1.0
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """A one-line summary of the game (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.encoding.summary(self.game.view(self.state, None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None

    # -- helpers ---------------------------------------------------------------------------------------
    def _acting_agent(self) -> str:
        """The first active seat's agent (team turns: the lowest seat acts until it ends its turn)."""
        seats = self.game.active_seats(self.state)
        return self.possible_agents[seats[0]] if seats else self.agent_selection

    def _legal_by_index(self, seat: int) -> dict[int, Any]:
        """Index -> legal action of ``seat`` now (cached per state version: observe, then step)."""
        version, cached_seat, legal = self._legal
        if version != self.state.version or cached_seat != seat:
            legal = self.encoding.index_map(self.game.legal_actions(self.state, seat))
            self._legal = (self.state.version, seat, legal)
        return legal

    def _turn_limit_reached(self) -> bool:
        return self.encoding.truncated(self.state)

    def _describe(self, index: int) -> str:
        return self.encoding.describe_index(index)


def raw_env(game: str = DEFAULT_GAME, mode: str = "2v2", options: dict[str, Any] | None = None,
            render_mode: str | None = None) -> AllegianceAEC:
    """The environment without PettingZoo's checking wrappers."""
    return AllegianceAEC(game, mode, options, render_mode)


def env(game: str = DEFAULT_GAME, mode: str = "2v2", options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> AECEnv:
    """The environment wrapped like PettingZoo's classic ones (order enforcing, out-of-bounds checks)."""
    from pettingzoo.utils import wrappers

    wrapped: AECEnv = raw_env(game, mode, options, render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
