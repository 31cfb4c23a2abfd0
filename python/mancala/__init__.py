"""Mancala games for Python: the engine, players and solved databases of the
`mancala` project (a Rust engine) with a fixed action numbering, observation
tensors and batched stepping for learning.

    >>> import mancala
    >>> state = mancala.Rules.builtin("oware").new_state()
    >>> state.legal_actions()
    [0, 1, 2, 3, 4, 5]
    >>> state.apply(2); state.current_player()
    1

Adapters: ``mancala.openspiel`` (registers every built-in game with
``pyspiel``) and ``mancala.pettingzoo`` (AEC environments and a Gymnasium
single-agent environment). See ``docs/python.md`` in the repository.
"""

import json as _json

from . import _native
from ._native import (
    MAX_GAME_PLIES,
    TERMINAL,
    Batch,
    Database,
    IllegalMoveError,
    MancalaError,
    Player,
    Rules,
    State,
    analyze,
    builtin_games,
    solve,
)

__all__ = [
    "MAX_GAME_PLIES",
    "TERMINAL",
    "Batch",
    "Database",
    "IllegalMoveError",
    "MancalaError",
    "Player",
    "Rules",
    "State",
    "analyze",
    "builtin_games",
    "match",
    "solve",
]


def match(rules, south, north, games=2, *, swap=True, random_openings=0, seed=0, time_ms=1000):
    """Plays `games` games between the player specs `south` (player 1) and
    `north` (player 2), swapping sides every game when `swap`, after
    `random_openings` random plies; returns a dict with the CLI's ``report``
    (``player1_wins``, ``draws``, ``player1_score_ci``, ...) and the ``games``
    (records). Ctrl-C stops the match: no game starts after it."""
    text = _native.play_match(
        rules, south, north, games, swap, random_openings, seed, time_ms
    )
    return _json.loads(text)
