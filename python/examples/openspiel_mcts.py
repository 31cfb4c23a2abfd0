"""OpenSpiel's MCTS bot (Python) against the engine's ai:K, through the
OpenSpiel adapter.

    python3 python/examples/openspiel_mcts.py --game oware --level 5 --simulations 1000 --games 4
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import mancala
import mancala.openspiel


class EngineBot(pyspiel.Bot):
    """A pyspiel bot that asks the engine's player for its move."""

    def __init__(self, spec, time_ms=1000):
        pyspiel.Bot.__init__(self)
        self.player = mancala.Player(spec, time_ms=time_ms)

    def step(self, state):
        return self.player.action(state.native)

    def restart_at(self, state):
        pass


def play(game, bots):
    """One game; returns South's return."""
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        state.apply_action(action)
    return state.returns()[0], state.native.record


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="oware", help="a built-in game id")
    parser.add_argument("--level", type=int, default=5, help="the engine's ai:K level")
    parser.add_argument("--time-ms", type=int, default=200, help="ai:K's time a move")
    parser.add_argument("--simulations", type=int, default=1000, help="MCTS simulations a move")
    parser.add_argument("--games", type=int, default=2, help="games, sides swapped each game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    game = pyspiel.load_game("mancala_" + args.game)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    mcts_bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=args.simulations, evaluator=evaluator, random_state=rng
    )
    engine = EngineBot(f"ai:{args.level}", time_ms=args.time_ms)
    engine_score = 0.0
    for i in range(args.games):
        engine_side = i % 2
        bots = [engine, mcts_bot] if engine_side == 0 else [mcts_bot, engine]
        south_return, record = play(game, bots)
        result = south_return if engine_side == 0 else -south_return
        engine_score += (result + 1) / 2
        print(
            f"game {i + 1}: ai:{args.level} as {'south' if engine_side == 0 else 'north'}, "
            f"{'win' if result > 0 else 'loss' if result < 0 else 'draw'}: {record}"
        )
    print(f"ai:{args.level} scored {engine_score} of {args.games} against MCTS({args.simulations})")
    return engine_score


if __name__ == "__main__":
    main()
