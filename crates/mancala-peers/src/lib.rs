//! # mancala-peers: our rule model measured against other mancala programs
//!
//! StoneShark's MancalaGames plays 141 configurations of one rule model,
//! each a set of parameters (`sow_direct`, `capt_on`, `grandslam`, ...).
//! Its traces (`tests/stoneshark/traces`: the parameters of each
//! configuration and four random games played by it) are replayed here
//! through our engine: [`convert`] translates a configuration's parameters
//! into one of our rule models, rule table by rule table (board, sowing,
//! moves, capture, end, rounds, owned holes), or says which parameters none
//! of our rules expresses; each traced game is then played through
//! [`mancala_core::Game`], comparing after each ply the mover, the board,
//! the stores and, at the end, the result. `mancala peers stoneshark DIR`
//! prints the reports ([`check_dir`], [`render`]).
//!
//! Ludii's random trials of the three- and four-row games
//! (`tests/ludii/trials`) are replayed the same way by [`ludii`]: Ludii's
//! board is rebuilt from each trial's recorded actions, and the game is
//! played through our rule file of the same name, comparing the number of
//! legal moves and the board move by move (`mancala peers ludii DIR`).
//!
//! This is conformance tooling: the translation knows StoneShark's
//! parameter names and Ludii's trial format, the engine knows neither.

mod board;
mod capture;
mod convert;
mod draft;
mod end;
pub mod ludii;
mod moves;
mod owned;
mod replay;
mod report;
mod rounds;
mod sowing;
mod text;

#[cfg(test)]
mod tests;

pub use convert::convert;
pub use report::{ConfigReport, check_config, check_dir, read_trace, render};
