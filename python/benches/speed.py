"""Plies a second of the package against pyspiel, side by side in one run.

    python3 python/benches/speed.py [--seconds 2] [--rounds 3]

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


PER_PLY = """
What one ply costs each side:
- Python loops (both packages): `legal_actions()`, `random.Random.choice`,
  `apply`/`apply_action`, `is_terminal()`; a new state at each game's end.
  "With a clone and an observation": also `clone()` and the observation
  (`observation(buffer)` / `observation_tensor()`).
- pyspiel "reading observation and mask": the plain loop plus
  `observation_tensor()` and `legal_actions_mask()` each ply.
- Batch (one `step_random` call steps all 1,024 games): per game, a uniformly
  random legal action (per-game generator), the move, and the float32
  observation, int8 mask, rewards, terminated, truncated and current player
  written into numpy arrays; a finished game starts again at once.
Plies/CPU-s counts the CPU time of every thread of the process (Batch runs
on all cores, the Python loops on one).
"""


def plies_per_second(new_state, seconds, ply, seed=1):
    """Random playouts from `new_state()` for `seconds`: `ply(state, rng)`
    plays one ply; returns plies a second."""
    rng = random.Random(seed)
    plies = 0
    start, cpu = time.perf_counter(), time.process_time()
    end = start + seconds
    while time.perf_counter() < end:
        state = new_state()
        while not state.is_terminal():
            ply(state, rng)
            plies += 1
    return rates(plies, start, cpu)


def rates(plies, start, cpu):
    """Plies a second of wall-clock time and of the process's CPU time (all
    threads): on a busy machine the second says more."""
    return plies / (time.perf_counter() - start), plies / (time.process_time() - cpu)


def ours(rules, seconds, clone_and_observe):
    obs = np.zeros(rules.observation_size, np.float32)

    def ply(state, rng):
        if clone_and_observe:
            state.clone()
            state.observation(obs)
        state.apply(rng.choice(state.legal_actions()))

    return plies_per_second(rules.new_state, seconds, ply)


def theirs(game, seconds, clone_and_observe=False, filled=False):
    """pyspiel's loop; `filled` also reads what Batch fills (observation and mask)."""

    def ply(state, rng):
        if clone_and_observe:
            state.clone()
            state.observation_tensor()
        if filled:
            state.observation_tensor()
            state.legal_actions_mask()
        state.apply_action(rng.choice(state.legal_actions()))

    return plies_per_second(game.new_initial_state, seconds, ply)


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
    start, cpu = time.perf_counter(), time.process_time()
    end = start + seconds
    while time.perf_counter() < end:
        batch.step_random(actions, obs, masks, rewards, terminated, truncated, player)
        steps += 1
    return rates(steps * size, start, cpu)


def median_pairs(ours, theirs, rounds):
    """Alternating rounds; the medians of (wall, CPU) rates of each side."""
    a, b = [], []
    for _ in range(rounds):
        a.append(ours())
        b.append(theirs())
    return tuple(tuple(statistics.median(r[i] for r in runs) for i in (0, 1)) for runs in (a, b))


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
    a, b = median_pairs(lambda: ours(oware, s, False), lambda: theirs(ps_oware, s), r)
    rows.append(("Oware, Python loop of random playouts", a, "pyspiel oware, same loop", b))
    a, b = median_pairs(lambda: ours(oware, s, True), lambda: theirs(ps_oware, s, True), r)
    rows.append(
        ("Oware, the loop with a clone and an observation a ply", a, "pyspiel oware, same loop", b)
    )
    a, b = median_pairs(lambda: ours(kalah, s, False), lambda: theirs(ps_kalah, s), r)
    rows.append(("Kalah, Python loop of random playouts", a, "pyspiel mancala, same loop", b))
    plain = b
    a, b = median_pairs(lambda: batch_kalah(s), lambda: theirs(ps_kalah, s, filled=True), r)
    rows.append(
        ("Kalah, Batch of 1,024 games, observations and masks filled", a,
         "pyspiel mancala loop reading observation and mask", b)
    )
    rows.append(
        ("Kalah, Batch of 1,024 games (as above)", a,
         "pyspiel mancala, plain loop (row 3)", plain)
    )

    print(f"median of {r} alternating rounds of {s} s; {os.cpu_count()} cores; "
          f"load {os.getloadavg()[0]:.2f}")
    print(PER_PLY)
    print("| mancala | plies/s (wall) | plies/CPU-s | pyspiel | plies/s (wall) | plies/CPU-s "
          "| ratio (wall) | ratio (CPU) |")
    print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
    for what, a, other, b in rows:
        print(f"| {what} | {a[0]:,.0f} | {a[1]:,.0f} | {other} | {b[0]:,.0f} | {b[1]:,.0f} "
              f"| {a[0] / b[0]:.2f} | {a[1] / b[1]:.2f} |")


if __name__ == "__main__":
    main()
