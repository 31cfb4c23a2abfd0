//! # mancala-python: the engine, players and databases for Python
//!
//! This crate is the native half of the Python package `mancala` (PyPI
//! distribution `mancala-engine`, built with maturin). It hands Python the
//! parts the other crates already have, and adds only what Python needs
//! around them: a fixed action numbering and an observation tensor per game
//! ([`actions`]), states that pickle and round-trip through JSON and
//! position text ([`game`]), players, analysis, matches and solved
//! databases that run without the interpreter lock and stop on Ctrl-C
//! ([`players`]), and many games stepped at once on every core into numpy
//! arrays ([`batch`]). Every rule question (legal moves, the end of the
//! game, who moves next) is asked of `mancala-core`.
//!
//! The Python side (`python/mancala/`) adds the OpenSpiel and PettingZoo
//! adapters; `docs/python.md` documents the whole package.

mod actions;
mod batch;
mod game;
mod players;

use pyo3::prelude::*;

pyo3::create_exception!(
    _native,
    MancalaError,
    pyo3::exceptions::PyValueError,
    "A rule file, position, move, player or database that mancala refuses; the message says why."
);
pyo3::create_exception!(
    _native,
    IllegalMoveError,
    MancalaError,
    "A move or action that is not legal in the state it was played in."
);

/// The native module, `mancala._native`; `mancala/__init__.py` re-exports it.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("MancalaError", py.get_type::<MancalaError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("TERMINAL", game::TERMINAL)?;
    m.add("MAX_GAME_PLIES", mancala_core::MAX_GAME_PLIES)?;
    m.add_class::<game::Rules>()?;
    m.add_class::<game::State>()?;
    m.add_class::<batch::Batch>()?;
    m.add_class::<players::Player>()?;
    m.add_class::<players::Database>()?;
    m.add_function(wrap_pyfunction!(game::builtin_games, m)?)?;
    m.add_function(wrap_pyfunction!(game::restore_rules, m)?)?;
    m.add_function(wrap_pyfunction!(game::restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(players::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(players::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(players::solve, m)?)?;
    m.add_function(wrap_pyfunction!(players::_running_workers, m)?)?;
    Ok(())
}
