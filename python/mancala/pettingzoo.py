"""PettingZoo and Gymnasium environments for every game of the engine.

``env(game)`` is a PettingZoo AEC environment in the shape of PettingZoo's
classic board games: agents ``player_0`` (South) and ``player_1`` (North),
observations ``{"observation": float32 vector, "action_mask": int8}`` seen
from the observing agent (see ``docs/python.md``), rewards +1/-1/0 at the
end, and the same agent selected again after an extra turn. An illegal
action ends the game with -1 for the agent who made it.

``SingleAgentEnv(game, opponent="random")`` is a Gymnasium environment:
the agent plays one side against an engine player (``random``, ``greedy``,
``ai:K``, ``alphabeta:depth=N``, ``mcts:playouts=N``, ``perfect``).
"""

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import mancala

AGENTS = ["player_0", "player_1"]


def _rules(game):
    return game if isinstance(game, mancala.Rules) else mancala.Rules.load(game)


def env(game="oware", render_mode=None):
    """The AEC environment of `game` (a built-in name, a name with board
    parameters such as ``"kalah:holes=4,seeds=3"``, a rule-file path or
    Rules) with PettingZoo's usual wrappers."""
    wrapped = raw_env(game, render_mode=render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped class
    """The AEC environment without wrappers."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "mancala_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game="oware", render_mode=None):
        super().__init__()
        self.rules = _rules(game)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        n = self.rules.num_actions
        size = self.rules.observation_size
        self.action_spaces = {a: spaces.Discrete(n) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in AGENTS
        }
        self.state = self.rules.new_state()
        self._reset_bookkeeping()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        player = AGENTS.index(agent)
        observation = self.state.observation(player=player)
        if self.state.current_player() == player:
            mask = self.state.legal_mask()
        else:
            mask = np.zeros(self.rules.num_actions, np.int8)
        return {"observation": observation, "action_mask": mask}

    def _reset_bookkeeping(self):
        self.agents = list(AGENTS)
        self.rewards = {a: 0 for a in AGENTS}
        self._cumulative_rewards = {a: 0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.state.current_player()]

    def reset(self, seed=None, options=None):
        self.state = self.rules.new_state()
        self._reset_bookkeeping()
        if seed is not None:
            for i, agent in enumerate(AGENTS):
                self.action_space(agent).seed(seed + i)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self.state.apply(int(action))
        self.rewards = {a: 0 for a in AGENTS}
        if self.state.is_terminal():
            returns = self.state.returns()
            ply_limit = self.state.truncated
            for i, a in enumerate(AGENTS):
                self.rewards[a] = returns[i]
                self.terminations[a] = not ply_limit
                self.truncations[a] = ply_limit
        else:
            self.agent_selection = AGENTS[self.state.current_player()]
        self._cumulative_rewards[agent] = 0
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


class SingleAgentEnv(gymnasium.Env):
    """One side of a game against an engine player, for Gymnasium.

    The observation is the agent's float32 vector; ``info["action_mask"]``
    and ``action_masks()`` give the legal actions. The reward is +1/-1/0 at
    the end. An illegal action ends the episode with -1
    (``info["illegal_action"]``). ``side`` is 0 (South), 1 (North) or
    ``None`` (each reset draws it from the seed).
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game="oware", opponent="random", side=0, time_ms=100, render_mode=None):
        super().__init__()
        self.rules = _rules(game)
        self.opponent_spec = opponent
        self.fixed_side = side
        self.time_ms = time_ms
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.rules.num_actions)
        self.observation_space = spaces.Box(
            0.0, 1.0, (self.rules.observation_size,), np.float32
        )
        self.state = self.rules.new_state()
        self.side = 0 if side is None else side
        self.opponent = None

    def action_masks(self):
        """The legal actions as a bool mask (for masked policies)."""
        return self.state.legal_mask().astype(bool)

    def _observe(self, **info):
        info["action_mask"] = self.state.legal_mask()
        return self.state.observation(player=self.side), info

    def _opponent_moves(self):
        while not self.state.is_terminal() and self.state.current_player() != self.side:
            self.state.apply(self.opponent.action(self.state))

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        opponent_seed = int(self.np_random.integers(2**63))
        self.opponent = mancala.Player(
            self.opponent_spec, self.rules, seed=opponent_seed, time_ms=self.time_ms
        )
        self.side = int(self.np_random.integers(2)) if self.fixed_side is None else self.fixed_side
        self.state = self.rules.new_state()
        self._opponent_moves()
        return self._observe()

    def step(self, action):
        if self.state.is_terminal():
            raise gymnasium.error.ResetNeeded("the game is over: call reset()")
        if int(action) not in self.state.legal_actions():
            observation, info = self._observe(illegal_action=True)
            return observation, -1.0, True, False, info
        self.state.apply(int(action))
        self._opponent_moves()
        reward = 0.0
        terminated = truncated = False
        if self.state.is_terminal():
            reward = float(self.state.returns()[self.side])
            truncated = self.state.truncated
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        observation, info = self._observe()
        return observation, reward, terminated, truncated, info

    def render(self):
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text
