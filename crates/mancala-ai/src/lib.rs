//! # mancala-ai: players, analysis and matches
//!
//! This crate plays the games of [`mancala_core`] well, for any rule file.
//! It knows nothing about particular games: it reads the rules' result
//! (seed margin or deprivation), follows the engine's successors, and asks
//! the core for the end of the game, repetition included: searches walk a
//! [`mancala_core::Line`], which decides with the same function as [`Game`].
//!
//! - **Players** implement [`Player`]: [`RandomPlayer`], [`GreedyPlayer`],
//!   [`AlphaBetaPlayer`] (negamax with iterative deepening, transposition
//!   table, move ordering and aspiration windows: see [`search`]) and
//!   [`MctsPlayer`] (UCT with random playouts, root-parallel: see [`mcts`]).
//!   Every command names them with one syntax, parsed by
//!   [`parse_player_spec`]: `random`, `greedy`, `alphabeta:depth=8`,
//!   `mcts:ms=500`, `ai:1` to `ai:9` ([`ai_level`]), ... and `perfect`:
//!   [`PerfectPlayer`] plays from a database solved by `mancala-solver`
//!   (see [`perfect`]; [`PlayerSpec::try_build`] finds the database).
//! - **Analysis**: [`analyze`] values every legal move with its principal
//!   variation; [`exact_analysis`] does it from a solved database.
//! - **Matches**: [`play_match`] plays two players against each other and
//!   reports wins, draws, sides and confidence intervals.
//!
//! Values are integers from the point of view of the player to move: half
//! seeds of margin in games won on seeds, and a large [`WIN`] minus the
//! plies to it in deprivation games (see [`eval`]). A child's value becomes
//! its parent's through [`mancala_core::value_for`]: negated when the
//! opponent moves next, kept when the mover moves again (an extra turn).
//!
//! ```
//! use mancala_ai::{analyze, parse_player_spec, Budget};
//! use mancala_core::{Game, Rules};
//!
//! let mut game = Game::new(Rules::builtin("tihbat")?);
//! // A machine player from a spec, seeded, with 1000 ms a move for ai:K levels.
//! let mut player = parse_player_spec("alphabeta:depth=6")?.build(42, 1000).unwrap();
//! let choice = player.choose(&game);
//! game.play(choice.mv)?;
//! // Every legal move of the new position, best first.
//! let analysis = analyze(&game, &Budget::depth(6));
//! assert_eq!(analysis.moves.len(), game.legal_moves().len());
//! assert!(analysis.moves.windows(2).all(|w| w[0].value >= w[1].value));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod book;
pub mod clock;
pub mod data;
pub mod database;
mod endgame;
pub mod eval;
mod hash;
pub mod matches;
pub mod mcts;
pub mod perfect;
pub mod players;
pub mod search;
pub mod spec;
mod swindle;
mod tt;
pub mod tune;
pub mod units;

#[cfg(test)]
mod tests;

pub use database::{DatabaseError, open_database};
pub use eval::{WIN, WIN_BOUND, format_value};
pub use matches::{
    CSV_HEADER, GameRecord, MatchError, MatchReport, MatchSettings, play_match,
    play_match_cancellable, play_match_until, wilson,
};
pub use mcts::{MctsBudget, MctsResult, mcts_search, mcts_search_with_stop};
pub use perfect::{ExactAnalysis, PerfectPlayer, exact_analysis};
pub use players::{AlphaBetaPlayer, Choice, GreedyPlayer, MctsPlayer, Player, RandomPlayer};
pub use search::{Analysis, Budget, Engine, MAX_THREADS, MoveAnalysis, SearchResult, analyze};
pub use spec::{
    DEFAULT_MOVE_MS, PerfectSpec, PlayerSpec, SpecError, ai_level, auto_threads, parse_player_spec,
};
pub use units::ValueUnit;

#[doc(no_inline)]
pub use mancala_core::Game;
