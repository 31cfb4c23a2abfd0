"""Batch stepping equals stepping the games one by one."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mancala


def buffers(batch):
    n = batch.size
    return dict(
        observations=np.zeros((n, batch.observation_size), np.float32),
        masks=np.zeros((n, batch.num_actions), np.int8),
        rewards=np.zeros((n, 2), np.float32),
        terminated=np.zeros(n, bool),
        truncated=np.zeros(n, bool),
        current_player=np.zeros(n, np.int32),
    )


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(["kalah", "oware", "alemungula", "toguz-kumalak", "dakon", "sadeqa-ii"]),
    st.integers(1, 300),
    st.integers(0, 2**32),
    st.booleans(),
    st.booleans(),
)
def test_batch_equals_one_by_one(game, size, seed, auto_reset, fused):
    rules = mancala.Rules.builtin(game)
    batch = mancala.Batch(rules, size, seed=seed, auto_reset=auto_reset)
    b = buffers(batch)
    batch.reset(b["observations"], b["masks"], b["current_player"])
    states = [rules.new_state() for _ in range(size)]
    actions = np.zeros(size, np.int32)
    for _ in range(60):
        if fused:
            batch.step_random(actions, **b)
        else:
            batch.sample_actions(actions)
            batch.step(actions, **b)
        for i, state in enumerate(states):
            if state.is_terminal():
                assert actions[i] == -1 and b["terminated"][i]
                continue
            state.apply(int(actions[i]))
            ended = state.is_terminal()
            assert b["terminated"][i] or b["truncated"][i] if ended else not b["terminated"][i]
            assert list(b["rewards"][i]) == (state.returns() if ended else [0, 0])
            if ended and auto_reset:
                states[i] = state = rules.new_state()
            assert b["current_player"][i] == state.current_player()
            assert np.array_equal(b["observations"][i], state.observation())
            assert np.array_equal(b["masks"][i], state.legal_mask())
            assert batch.state(i) == state


def test_batch_refuses_bad_input_and_changes_nothing():
    rules = mancala.Rules.builtin("kalah")
    batch = mancala.Batch(rules, 4)
    b = buffers(batch)
    with pytest.raises(mancala.IllegalMoveError, match="game 2: action 9 is not legal"):
        batch.step(np.array([0, 1, 9, 0], np.int32), **b)
    assert all(batch.state(i).ply == 0 for i in range(4))
    with pytest.raises(mancala.MancalaError, match="observations has shape"):
        batch.reset(np.zeros((3, 3), np.float32), b["masks"], b["current_player"])
    with pytest.raises(mancala.MancalaError, match="a batch holds 1 to"):
        mancala.Batch(rules, 10**9)
