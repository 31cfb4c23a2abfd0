"""The game API: rules, states, actions, observations, round trips, errors."""

import copy
import pathlib
import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mancala

GAMES = mancala.builtin_games()


def random_state(rules, choices):
    """The state reached by playing, for each number in `choices`, the legal
    action it picks (modulo their count), until the game ends."""
    state = rules.new_state()
    for c in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[c % len(legal)])
    return state


def test_every_builtin_game_is_listed():
    games_dir = pathlib.Path(__file__).resolve().parents[2] / "games"
    assert sorted(GAMES) == sorted(p.stem for p in games_dir.glob("*.toml"))
    assert {"oware", "kalah", "awari", "modiar", "toguz-kumalak"} <= set(GAMES)


def test_builtin_with_parameters():
    rules = mancala.Rules.builtin("kalah:holes=4,seeds=3")
    assert rules.id == "kalah:holes=4,seeds=3"
    assert rules.holes_per_row == 4
    assert rules.total_seeds == 24
    assert rules.num_actions == 4
    assert rules.observation_size == 10
    assert rules.new_state().board == [3, 3, 3, 3, 3, 3, 3, 3]


def test_from_toml_is_the_same_game():
    oware = mancala.Rules.builtin("oware")
    own = mancala.Rules.from_toml(oware.source, id="oware")
    assert own == oware
    a, b = oware.new_state(), own.new_state()
    a.apply_moves("C b F")
    b.apply_moves("C b F")
    assert a.board == b.board


def test_errors_are_exceptions_with_our_messages():
    with pytest.raises(mancala.MancalaError, match="no such game; built-in games are"):
        mancala.Rules.builtin("chess")
    with pytest.raises(mancala.MancalaError, match="board.holes_per_row"):
        mancala.Rules.from_toml(
            mancala.Rules.builtin("oware").source.replace(
                "holes_per_row = 6", "holes_per_row = 99"
            )
        )
    state = mancala.Rules.builtin("oware").new_state()
    with pytest.raises(mancala.IllegalMoveError, match="not one of the 6 actions"):
        state.apply(6)
    with pytest.raises(mancala.IllegalMoveError, match="illegal move a at ply 1"):
        state.apply_moves("a")
    with pytest.raises(mancala.MancalaError, match="observation buffer has 3 items"):
        state.observation(np.zeros(3, np.float32))
    with pytest.raises(mancala.MancalaError, match="position"):
        mancala.State.from_position_text(state.rules, "board=1,2")
    with pytest.raises(mancala.MancalaError, match="unknown player"):
        mancala.Player("chess")
    # An illegal move is a Python exception, never a crash, and changes nothing.
    assert state.ply == 0 and isinstance(mancala.IllegalMoveError(), ValueError)


def test_actions_are_relative_to_the_mover():
    rules = mancala.Rules.builtin("oware")
    state = rules.new_state()
    assert state.action_to_move(0) == "A"
    state.apply(0)
    assert state.current_player() == 1
    assert state.action_to_move(0) == "a"
    assert state.move_to_action("f") == 5
    assert rules.action_to_move(3, 1) == "d"
    assert state.history() == [0]


def test_directions_are_separate_actions():
    rules = mancala.Rules.builtin("alemungula")
    state = rules.new_state()
    labels = [state.action_to_move(a) for a in state.legal_actions()]
    assert any(label.endswith(">") for label in labels)
    assert any(label.endswith("<") for label in labels)
    for action in state.legal_actions():
        assert state.move_to_action(state.action_to_move(action)) == action


def test_extra_turn_keeps_the_current_player():
    state = mancala.Rules.builtin("kalah").new_state()
    state.apply(2)  # C: four seeds, the last into South's store
    assert state.current_player() == 0
    assert state.to_move == "south"


def test_terminal_returns_and_player():
    rules = mancala.Rules.builtin("tihbat")
    state = random_state(rules, range(10_000))
    assert state.is_terminal()
    assert state.current_player() == mancala.TERMINAL
    assert state.legal_actions() == []
    assert sum(state.returns()) == 0
    assert state.winner in ("south", "north", "draw")
    assert state.returns()[0] == {"south": 1, "north": -1, "draw": 0}[state.winner]


def test_observation_into_the_callers_buffer():
    rules = mancala.Rules.builtin("kalah")
    state = rules.new_state()
    state.apply_moves("C")  # extra turn
    state.apply_moves("A")
    buf = np.full(rules.observation_size, 7.0, np.float32)
    out = state.observation(buf)
    assert out is buf
    south = state.observation(player=0)
    north = state.observation(player=1)
    n = rules.holes_per_row
    # Mover first: each player's view starts with their own row.
    assert np.allclose(south[:n], np.array(state.board[:n]) / rules.total_seeds)
    assert np.allclose(north[:n], np.array(state.board[n:]) / rules.total_seeds)
    assert np.allclose(south[: 2 * n], np.roll(north[: 2 * n], n))
    assert south[2 * n] == state.captured[0] / rules.total_seeds
    assert np.isclose(south.sum(), 1.0)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_through_its_actions(game):
    rules = mancala.Rules.builtin(game)
    rng = random.Random(game)
    mask = np.zeros(rules.num_actions, np.int8)
    obs = np.zeros(rules.observation_size, np.float32)
    for _ in range(3):
        state = rules.new_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == sorted(set(legal)) and legal
            assert all(0 <= a < rules.num_actions for a in legal)
            state.legal_mask(mask)
            assert list(np.flatnonzero(mask)) == legal
            assert [state.action_to_move(a) for a in legal] == sorted(
                state.legal_moves(), key=state.move_to_action
            )
            state.observation(obs)
            assert np.all(obs >= 0) and np.all(obs <= 1)
            state.apply(rng.choice(legal))
        assert sum(state.returns()) == 0


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.lists(st.integers(0, 1000), max_size=80))
def test_round_trips(game, choices):
    rules = mancala.Rules.builtin(game)
    state = random_state(rules, choices)
    for other in (
        pickle.loads(pickle.dumps(state)),
        copy.deepcopy(state),
        copy.copy(state),
        state.clone(),
        mancala.State.from_json(state.to_json()),
        mancala.State.from_json(state.to_json(), rules),
    ):
        assert other == state
        assert other.to_json() == state.to_json()
        assert other.legal_actions() == state.legal_actions()
        assert other.is_terminal() == state.is_terminal()
        assert other.returns() == state.returns()
    text = state.to_position_text()
    assert mancala.State.from_position_text(rules, text).to_position_text() == text
    assert pickle.loads(pickle.dumps(rules)) == rules
    # The record replays to the same state in the CLI's notation.
    replayed = rules.new_state()
    replayed.apply_moves(state.record)
    assert replayed == state


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_clone_plays_on_independently(game, choices):
    state = random_state(mancala.Rules.builtin(game), choices[:-1])
    if state.is_terminal():
        return
    before = state.to_json()
    clone = state.clone()
    legal = clone.legal_actions()
    clone.apply(legal[choices[-1] % len(legal)])
    assert state.to_json() == before
    assert clone.ply == state.ply + 1


def test_undo_and_the_cli_state_object():
    state = mancala.Rules.builtin("modiar").new_state()
    state.apply_moves("A c B b")
    assert state.undo() == "b"
    assert state.record == "A c B"
    cli = '{"game":"modiar","board":[7,7,7,7,7,7],"to_move":"south","ply":0}'
    assert mancala.State.from_json(cli).legal_moves() == ["A", "B", "C"]
    with pytest.raises(mancala.MancalaError, match='"board" is'):
        mancala.State.from_json(
            '{"game":"modiar","board":[1,7,7,7,7,7],"record":"","start":"board=7,7,7,7,7,7"}'
        )
