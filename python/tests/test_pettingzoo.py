"""The PettingZoo AEC environments and the Gymnasium single-agent one."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import mancala  # noqa: E402
from mancala import pettingzoo as mpz  # noqa: E402


@pytest.mark.parametrize("game", mancala.builtin_games())
def test_api_and_seed_tests(game):
    api_test(mpz.env(game), num_cycles=100, verbose_progress=False)
    seed_test(lambda: mpz.env(game), num_cycles=100)


def test_classic_board_game_shape_and_extra_turns():
    env = mpz.env("kalah")
    env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.last()
    assert set(observation) == {"observation", "action_mask"}
    assert observation["action_mask"].dtype == np.int8
    assert observation["observation"].dtype == np.float32
    assert env.agent_selection == "player_0"
    env.step(2)  # C ends in South's store: South again
    assert env.agent_selection == "player_0"
    env.step(0)
    assert env.agent_selection == "player_1"
    assert not env.observe("player_0")["action_mask"].any()


def test_illegal_action_loses():
    env = mpz.env("oware")
    env.reset()
    env.step(0)
    env.step(0)  # North: a
    env.step(0)  # South's A is empty: illegal
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards["player_0"] == -1


@pytest.mark.parametrize("opponent", ["random", "ai:1"])
def test_single_agent_env(opponent):
    env = mpz.SingleAgentEnv("kalah:holes=4,seeds=3", opponent=opponent, side=None)
    check_env(env, skip_render_check=True)
    rewards = []
    for episode in range(6):
        observation, info = env.reset(seed=episode)
        assert observation.shape == (env.rules.observation_size,)
        while True:
            action = env.action_space.sample(mask=info["action_mask"])
            assert env.action_masks()[action]
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                rewards.append(reward)
                break
    assert set(rewards) <= {-1.0, 0.0, 1.0}
    observation, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0]) if not info["action_mask"].all() else None
    if illegal is not None:
        _, reward, terminated, _, info = env.step(illegal)
        assert reward == -1.0 and terminated and info["illegal_action"]
