"""Players, analysis, matches, solved databases; the interpreter lock and Ctrl-C."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import mancala


def test_players_choose_legal_actions():
    rules = mancala.Rules.builtin("oware")
    state = rules.new_state()
    for spec in ["random", "greedy", "alphabeta:depth=4", "mcts:playouts=200", "ai:2"]:
        choice = mancala.Player(spec, seed=3).choose(state)
        assert choice["action"] in state.legal_actions()
        assert state.action_to_move(choice["action"]) == choice["move"]
    deep = mancala.Player("alphabeta:depth=6").choose(state)
    assert deep["depth"] == 6 and deep["pv"][0] == deep["move"] and deep["nodes"] > 0
    with pytest.raises(mancala.MancalaError, match="is a person"):
        mancala.Player("human")


VALUE_FIELDS = {"margin_seeds", "win_in_plies", "loss_in_plies", "heuristic_score"}


def test_values_are_named_by_their_unit():
    # Seeds in games won on seeds, halves allowed; never a bare "value".
    state = mancala.Rules.builtin("oware").new_state()
    choice = mancala.Player("alphabeta:depth=4").choose(state)
    assert "value" not in choice and isinstance(choice["margin_seeds"], float)
    assert choice["value_text"].lstrip("+-").replace(".5", "").isdigit()
    assert set(choice) & VALUE_FIELDS == {"margin_seeds"}
    assert "margin_seeds" not in mancala.Player("random").choose(state)
    # A deprivation game: a heuristic score until a result is proven in plies.
    sadeqa = mancala.Rules.builtin("sadeqa-ii").new_state()
    for m in mancala.analyze(sadeqa, depth=4)["moves"]:
        assert "value" not in m and len(set(m) & VALUE_FIELDS) == 1
        assert "margin_seeds" not in m
    tihbat = mancala.Rules.builtin("tihbat").new_state()
    for m in mancala.analyze(tihbat, depth=40)["moves"]:
        # Solved to the end: the margin in seeds, which its text says too.
        assert float(m["value_text"]) == m["margin_seeds"]


def test_a_search_beats_random():
    rules = mancala.Rules.builtin("kalah:holes=4,seeds=3")
    result = mancala.match(rules, "alphabeta:depth=4", "random", games=10, seed=1)
    report = result["report"]
    assert report["games"] == 10 and len(result["games"]) == 10
    assert report["player1_wins"] >= 8
    assert result["games"][0]["moves"]


def test_analyze_values_every_move():
    state = mancala.Rules.builtin("modiar").new_state()
    analysis = mancala.analyze(state, depth=8)
    moves = analysis["moves"]
    assert sorted(m["action"] for m in moves) == state.legal_actions()
    margins = [m["margin_seeds"] for m in moves]
    assert margins == sorted(margins, reverse=True)
    assert all(m["pv"][0] == m["move"] for m in moves)
    with pytest.raises(mancala.MancalaError, match="needs a budget"):
        mancala.analyze(state)


def test_solve_and_perfect_play(tmp_path):
    rules = mancala.Rules.builtin("tihbat")
    db = mancala.solve(rules)
    assert db.positions > 0 and db.kind == "margin"
    state = rules.new_state()
    best = db.best_actions(state)
    assert best and set(best) <= set(state.legal_actions())
    value = db.lookup(state)
    assert set(value) == {"margin_seeds", "final_margin_seeds", "result"}
    # Nothing captured at the start: the margin from now on is the final one.
    assert value["margin_seeds"] == value["final_margin_seeds"]
    assert value["result"] == {1: "win", 0: "draw", -1: "loss"}[
        (value["final_margin_seeds"] > 0) - (value["final_margin_seeds"] < 0)
    ]
    exact = db.analyze(state)
    assert exact[0]["margin_seeds"] == value["margin_seeds"]
    assert exact[0]["result"] == value["result"]
    top = exact[0]["margin_seeds"]
    assert set(best) <= {m["action"] for m in exact if m["margin_seeds"] == top}
    path = tmp_path / "tihbat.db"
    db.write(path)
    again = mancala.Database.open(path, rules)
    assert again.lookup(state) == value
    # The perfect player never does worse than the database's value, and
    # says its value in seeds.
    perfect = mancala.Player.perfect(again)
    assert isinstance(perfect.choose(state)["margin_seeds"], float)
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply(perfect.action(state))
        else:
            state.apply(state.legal_actions()[0])
    south, north = state.score
    assert south - north >= value["final_margin_seeds"]
    with pytest.raises(mancala.MancalaError, match="max_memory"):
        mancala.solve(mancala.Rules.builtin("oware"), max_memory=1 << 20)


def test_long_calls_release_the_lock_and_stop_on_ctrl_c():
    state = mancala.Rules.builtin("oware").new_state()
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.005)

    counter = threading.Thread(target=count)
    counter.start()
    # Ctrl-C raises KeyboardInterrupt even if the runner ignores SIGINT.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            mancala.analyze(state, ms=20_000)
    finally:
        signal.signal(signal.SIGINT, previous)
        stop.set()
        counter.join()
        timer.cancel()
    assert time.monotonic() - started < 5
    # Another Python thread ran while the search held no lock.
    assert len(ticks) > 20


# Each call runs with a budget of hours in a child process, which is sent
# SIGINT once the call has started: KeyboardInterrupt must reach the child
# promptly, and the engine's worker thread must have ended (the stop flag
# reached the search), not go on in the background.
LONG_CALLS = {
    "ai9": 'mancala.Player("ai:9", time_ms=3_600_000).choose(oware.new_state())',
    "alphabeta": 'mancala.Player("alphabeta:depth=60").choose(oware.new_state())',
    "mcts": 'mancala.Player("mcts:playouts=2000000000").choose(oware.new_state())',
    "analyze": "mancala.analyze(oware.new_state(), depth=60)",
    "match": 'mancala.match(oware, "ai:9", "ai:9", games=4, time_ms=3_600_000)',
    "solve": 'mancala.solve(mancala.Rules.builtin("awari"), max_seeds=20, max_memory=1 << 40)',
}

CHILD = """
import signal, sys, time
# A parent that ignores SIGINT (pytest under some runners) passes that on.
signal.signal(signal.SIGINT, signal.default_int_handler)
import mancala
oware = mancala.Rules.builtin("oware")
print("started", flush=True)
try:
    CALL
except KeyboardInterrupt:
    deadline = time.monotonic() + 1.0
    while mancala._native._running_workers() and time.monotonic() < deadline:
        time.sleep(0.01)
    print("interrupted", mancala._native._running_workers(), flush=True)
    sys.exit(0)
print("finished", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
@pytest.mark.parametrize("call", sorted(LONG_CALLS))
def test_ctrl_c_interrupts_a_long_call_in_a_child_process(call):
    code = CHILD.replace("CALL", LONG_CALLS[call])
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.5)  # the call is under way
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert out.split() == ["interrupted", "0"], out
    # Generous: the signal is seen within 50 ms, the search within a
    # fraction of a millisecond of the flag; the rest is a loaded machine.
    assert took < 3, f"{call}: KeyboardInterrupt after {took:.2f} s"
