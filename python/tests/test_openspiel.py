"""The OpenSpiel adapter: OpenSpiel's own checks for every built-in game, and
our Oware and Kalah against OpenSpiel's `oware` and `mancala`, move for move."""

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import mancala  # noqa: E402
import mancala.openspiel  # noqa: E402

GAMES = mancala.builtin_games()

# OpenSpiel's random_sim_test replays the whole history at every ply when
# it checks serialisation; random games of Ohvalhu (rounds) last thousands
# of plies, so it gets one game.
SIMS = {"ohvalhu": 1}


@pytest.mark.parametrize("game_id", GAMES)
def test_random_sim_test_with_serialisation(game_id):
    game = pyspiel.load_game("mancala_" + game_id)
    pyspiel.random_sim_test(game, num_sims=SIMS.get(game_id, 2), serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_pickling(game_id):
    """OpenSpiel's pickling checks for Python games, on a game under way."""
    game = pyspiel.load_game("mancala_" + game_id)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = game.new_initial_state()
    rng = random.Random(game_id)
    for _ in range(7):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    game2, state2 = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert str(game2) == str(game) and str(state2) == str(state)
    unpickled = pickle.loads(pickle.dumps(state))
    assert str(unpickled) == str(state)
    assert unpickled.legal_actions() == state.legal_actions()
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()


def test_parameters_pick_the_rules():
    game = pyspiel.load_game("mancala_kalah(holes=4,seeds=3)")
    assert game.num_distinct_actions() == 4
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2, 3]
    state.apply_action(1)  # B ends in South's store: South moves again
    assert state.current_player() == 0
    assert pickle.loads(pickle.dumps(game)).num_distinct_actions() == 4


def oware_board(state):
    """OpenSpiel's oware: houses 0..11 (ours too), then the two scores."""
    obs = state.observation_tensor(0)
    return [round(x * 48) for x in obs[:12]], [round(x * 48) for x in obs[12:14]]


def kalah_board(state):
    """OpenSpiel's mancala: pits 1..6 are South's A..F, 8..13 North's a..f,
    7 and 0 the stores; read from its drawing."""
    top, stores, bottom = str(state).split("\n")[:3]
    north = [int(x) for x in top.strip("-").split("-")][::-1]
    south = [int(x) for x in bottom.strip("-").split("-")]
    north_store, south_store = (int(x) for x in stores.split("-") if x)
    return south + north, [south_store, north_store]


def oware_action(ours, player):
    return ours


def kalah_action(ours, player):
    return ours + 1 if player == 0 else ours + 8


def play_both(ours_id, theirs_id, board_of, action_of, games, seed):
    """Random playouts in both implementations; returns the plies compared."""
    rules = mancala.Rules.builtin(ours_id)
    theirs_game = pyspiel.load_game(theirs_id)
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        ours, theirs = rules.new_state(), theirs_game.new_initial_state()
        while True:
            board, captured = board_of(theirs)
            assert ours.is_terminal() == theirs.is_terminal(), ours.record
            if ours.is_terminal():
                # Each side's total with the seeds left in its row (OpenSpiel's
                # oware has moved them to the scores, its mancala leaves them);
                # ours keeps the board and gives the final totals apart.
                n = len(board) // 2
                totals = [captured[0] + sum(board[:n]), captured[1] + sum(board[n:])]
                assert ours.score == totals, ours.record
                assert ours.returns() == theirs.returns(), ours.record
                break
            assert ours.board == board and ours.captured == captured, ours.record
            player = ours.current_player()
            assert theirs.current_player() == player, ours.record
            legal = ours.legal_actions()
            assert [action_of(a, player) for a in legal] == theirs.legal_actions(), ours.record
            action = rng.choice(legal)
            ours.apply(action)
            theirs.apply_action(action_of(action, player))
            plies += 1
    return plies


def test_oware_agrees_with_openspiel():
    plies = play_both("oware", "oware", oware_board, oware_action, games=300, seed=1)
    print(f"oware: 300 games, {plies} plies identical to OpenSpiel's oware")
    assert plies > 300 * 30


def test_kalah_agrees_with_openspiel():
    plies = play_both("kalah", "mancala", kalah_board, kalah_action, games=300, seed=2)
    print(f"kalah: 300 games, {plies} plies identical to OpenSpiel's mancala")
    assert plies > 300 * 20


def test_mcts_example_plays_the_engine():
    """The example: OpenSpiel's MCTS bot against ai:K through the adapter."""
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).parents[1] / "examples" / "openspiel_mcts.py"
    spec = importlib.util.spec_from_file_location("openspiel_mcts", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    score = example.main(
        ["--game", "modiar", "--level", "4", "--simulations", "50", "--games", "2"]
    )
    assert 0 <= score <= 2
