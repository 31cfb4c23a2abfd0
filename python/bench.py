"""Plies a second of the package against pyspiel, side by side in one run.

    python3 python/bench.py [--seconds 2] [--rounds 3]

Each row runs the same Python loop of random playouts on `mancala` and on
`pyspiel`, in alternating rounds of `--seconds` each, and reports the median
plies a second; `Batch` steps 1,024 Kalah games at once with observations
and masks filled, against pyspiel's Kalah (`mancala`) loop. Run it on an
installed optimised build (`pip install ./python`), on a quiet machine.
"""

import argparse
import os
import random
import statistics
import time

import numpy as np
import pyspiel

import mancala


def loop_ours(rules, seconds, clone_and_observe, seed=1):
    rng = random.Random(seed)
    obs = np.zeros(rules.observation_size, np.float32)
    plies = 0
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < end:
        state = rules.new_state()
        while not state.is_terminal():
            if clone_and_observe:
                state.clone()
                state.observation(obs)
            state.apply(rng.choice(state.legal_actions()))
            plies += 1
    return plies / (time.perf_counter() - start)


def loop_pyspiel(game, seconds, clone_and_observe, seed=1):
    rng = random.Random(seed)
    plies = 0
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if clone_and_observe:
                state.clone()
                state.observation_tensor()
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return plies / (time.perf_counter() - start)


def loop_pyspiel_filled(game, seconds, seed=1):
    """pyspiel's loop that also reads what Batch fills: the observation and the mask."""
    rng = random.Random(seed)
    plies = 0
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.observation_tensor()
            state.legal_actions_mask()
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return plies / (time.perf_counter() - start)


def batch_kalah(seconds, size=1024, seed=1):
    rules = mancala.Rules.builtin("kalah")
    batch = mancala.Batch(rules, size, seed=seed)
    obs = np.zeros((size, rules.observation_size), np.float32)
    masks = np.zeros((size, rules.num_actions), np.int8)
    rewards = np.zeros((size, 2), np.float32)
    terminated = np.zeros(size, bool)
    truncated = np.zeros(size, bool)
    player = np.zeros(size, np.int32)
    actions = np.zeros(size, np.int32)
    batch.reset(obs, masks, player)
    steps = 0
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < end:
        batch.sample_actions(actions)
        batch.step(actions, obs, masks, rewards, terminated, truncated, player)
        steps += 1
    return steps * size / (time.perf_counter() - start)


def median_pairs(ours, theirs, rounds):
    a, b = [], []
    for _ in range(rounds):
        a.append(ours())
        b.append(theirs())
    return statistics.median(a), statistics.median(b)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    s, r = args.seconds, args.rounds
    oware = mancala.Rules.builtin("oware")
    kalah = mancala.Rules.builtin("kalah")
    ps_oware = pyspiel.load_game("oware")
    ps_kalah = pyspiel.load_game("mancala")

    rows = []
    ours, theirs = median_pairs(
        lambda: loop_ours(oware, s, False), lambda: loop_pyspiel(ps_oware, s, False), r
    )
    rows.append(("Oware, Python loop of random playouts", ours, "pyspiel oware, same loop", theirs))
    ours, theirs = median_pairs(
        lambda: loop_ours(oware, s, True), lambda: loop_pyspiel(ps_oware, s, True), r
    )
    rows.append(
        ("Oware, the loop with a clone and an observation a ply", ours,
         "pyspiel oware, same loop", theirs)
    )
    ours, theirs = median_pairs(
        lambda: loop_ours(kalah, s, False), lambda: loop_pyspiel(ps_kalah, s, False), r
    )
    rows.append(("Kalah, Python loop of random playouts", ours, "pyspiel mancala, same loop", theirs))
    plain = theirs
    ours, theirs = median_pairs(lambda: batch_kalah(s), lambda: loop_pyspiel_filled(ps_kalah, s), r)
    rows.append(
        ("Kalah, Batch of 1,024 games, observations and masks filled", ours,
         "pyspiel mancala loop reading observation and mask", theirs)
    )
    rows.append(
        ("Kalah, Batch of 1,024 games (as above)", ours,
         "pyspiel mancala, plain loop (from the row above)", plain)
    )

    print(f"median of {r} alternating rounds of {s} s; {os.cpu_count()} cores; "
          f"load {os.getloadavg()[0]:.2f}")
    print()
    print("| mancala | plies/s | pyspiel | plies/s | ratio |")
    print("| --- | ---: | --- | ---: | ---: |")
    for what, a, other, b in rows:
        print(f"| {what} | {a:,.0f} | {other} | {b:,.0f} | {a / b:.2f} |")


if __name__ == "__main__":
    main()
