//! # mancala-solver: solved databases and perfect play
//!
//! This crate *solves* small two-row mancala games: it computes, for every
//! position of a game, the exact result both players can force from it,
//! stores those values in a database file, and answers "what is this
//! position worth, and which moves keep that value?" for a perfect player.
//! It works for any rule file whose positions are few enough, reading the
//! rules only through the engine of `mancala-core` (legal moves, the
//! positions they lead to, and the end-of-game settlement), so the answers
//! follow the rules exactly.
//!
//! The method is *retrograde analysis*: captures only ever take seeds off
//! the board, so the positions are solved level by level, from the empty
//! board up to all the seeds, each level's cycles of non-capturing moves
//! resolved exactly (see [`mod@solve`] for the algorithm). A position's
//! index is a perfect hash of its board ([`Indexer`]), so a database is just
//! one byte of value (and one or two of depth) per position.
//!
//! * Games won on seeds (Modiar, Tihbat) get a *margin* database: the seeds
//!   the player to move can gain over the opponent from now on.
//! * Deprivation games (Sadeqa II) get *win/loss/draw* databases with the
//!   distance to the end, usually for the positions with few seeds only;
//!   [`proof`] searches the positions above them (it proves that South wins
//!   Sadeqa II).
//!
//! The main entry points: [`solve`](fn@solve) (or [`solve_up_to`]) builds a
//! [`Database`]; [`Database::write`] and [`Database::open`] keep it in a
//! file (default place: [`default_path`]); [`Database::value`],
//! [`Database::analyze`] and [`Database::best_moves`] play perfectly;
//! [`verify`] checks a database; [`figures`] computes what
//! `docs/solutions.md` shows.
//!
//! ```
//! use mancala_core::Rules;
//! use mancala_solver::{solve, verify};
//!
//! let rules = Rules::builtin("tihbat")?;
//! let db = solve(&rules, false)?;                 // a fraction of a second
//! let start = rules.start();
//! let value = db.value(&start).unwrap();          // South's forced margin
//! let best = db.best_moves(&start).unwrap();      // the moves that keep it
//! assert!(!best.is_empty());
//! assert!(verify(&db, &rules)?.is_ok());
//! # let _ = value;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Values assume a game without history: play that goes on for ever is
//! worth 0 for the seeds left on the board, which is what the rules' equal
//! sharing gives when a position repeats. `docs/solutions.md` has the
//! solved games' figures.

#![warn(missing_docs)]

pub mod bounds;
pub mod cluster;
pub mod data;
mod db;
pub mod distributed;
mod eval;
pub mod figures;
pub mod graph;
mod index;
pub mod kalah;
pub mod lean;
pub mod oddseed;
pub mod proof;
pub mod solve;
mod verify;

#[cfg(test)]
mod testgames;

pub use db::{
    DATA_DIR_ENV, Database, DbError, FORMAT_VERSION, MoveEval, RulesMismatch, check_database_file,
    check_write_target, data_dir, default_file_name, default_path, find_database, rules_hash,
};
pub use distributed::{ClusterStats, solve_distributed};
pub use eval::{DbKind, Eval};
pub use index::Indexer;
pub use solve::{
    MemoryEstimate, SolveError, memory_estimate, solve, solve_up_to, solve_up_to_until,
};
pub use verify::{Mismatch, VerifyOptions, VerifyReport, exhaustive_value, verify, verify_with};
