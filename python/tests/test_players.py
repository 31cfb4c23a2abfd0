"""Players, analysis, matches, solved databases; the interpreter lock and Ctrl-C."""

import os
import signal
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
    assert [m["value"] for m in moves] == sorted((m["value"] for m in moves), reverse=True)
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
    exact = db.analyze(state)
    assert exact[0]["value"] == db.value(state)
    assert set(best) <= {m["action"] for m in exact if m["value"] == exact[0]["value"]}
    path = tmp_path / "tihbat.db"
    db.write(path)
    again = mancala.Database.open(path, rules)
    assert again.value(state) == db.value(state)
    # The perfect player never does worse than the database's value.
    perfect = mancala.Player.perfect(again)
    value = db.value(state)
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply(perfect.action(state))
        else:
            state.apply(state.legal_actions()[0])
    south, north = state.score
    assert south - north >= value
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
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            mancala.analyze(state, ms=20_000)
    finally:
        stop.set()
        counter.join()
        timer.cancel()
    assert time.monotonic() - started < 5
    # Another Python thread ran while the search held no lock.
    assert len(ticks) > 20
