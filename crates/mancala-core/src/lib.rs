//! # mancala-core: the rule engine
//!
//! This crate plays mancala games of two and four rows exactly as their rule
//! files say.
//! A game is data: a `games/*.toml` file names the board, how seeds are sown,
//! which holes may be played, what is captured and how the game ends. The
//! file is validated and compiled once into [`Rules`]; after that a
//! [`Position`] is a small `Copy` value, [`Rules::successors`] lists every
//! legal move with the position it leads to, and playing a move allocates
//! nothing. [`Game`] adds what a single position cannot know: the history
//! that repetition rules compare against, and the [`Outcome`].
//!
//! This crate owns every rule, so other crates ask instead of re-deriving:
//! [`Rules::verdict`] decides whether a game ends after a move (every end
//! rule, in order, including repetition through [`Rules::repetition_key`]);
//! [`Line`] is the undoable history a search walks, deciding with the same
//! function as [`Game`]; [`value_for`] turns a value for the player to move
//! at a child into one for the mover at its parent (the same player moves
//! again after an extra turn); [`Rules::play_fingerprint`] identifies what
//! the rules do in play, whatever the game is called; [`Rules::play_traced`]
//! tells how a move ran, seed by seed ([`SowTrace`]: laps, seeds sown into
//! holes and stores, captures), for showing it (the web page animates from
//! it) — the engine reports to an observer that costs play nothing.
//!
//! Holes are indexed `0..2n` in counter-clockwise order: South's row is
//! `0..n` (labelled `A B C ...`), North's is `n..2n` (`a b c ...`); the hole
//! opposite `i` is `2n-1-i`. A game record is the labels separated by
//! spaces, with `pass` for a pass.
//!
//! ```
//! use mancala_core::{Game, Rules, Side};
//!
//! let rules = Rules::builtin("modiar")?;
//! let mut game = Game::new(rules);
//! assert_eq!(game.legal_moves().len(), 3);
//! for label in "A c B b A b C b C a A b C".split(' ') {
//!     game.play_label(label)?;
//! }
//! let outcome = game.outcome().expect("this game is over");
//! assert_eq!(outcome.winner, Some(Side::North));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod capture;
mod end;
mod fingerprint;
mod game;
mod layout;
mod line;
mod moves;
pub mod notation;
mod openings;
mod owned;
#[cfg(test)]
mod play_tests;
mod position;
mod relay;
mod rings;
mod rounds;
mod rule_file;
mod rules;
mod setup;
mod sowing;
pub mod spec;
mod state;
mod trace;
mod validate;

pub use end::{
    EndReason, Ending, MAX_GAME_PLIES, Outcome, RepetitionKey, Score, Verdict, settle, value_for,
};
pub use game::{Game, PlayError, ReplayError};
pub use line::{Line, Step, Undo};
pub use moves::{Child, IllegalMove, SowReport, Successors};
pub use position::{
    MAX_HOLES, MAX_HOLES_PER_ROW, MAX_SEEDS, MAX_SUCCESSORS, Move, Moves, MovesIter, Position, Side,
};
pub use relay::{RelayLapLimit, SEARCH_RELAY_LAPS, limit_relay_laps};
pub use rounds::RoundStart;
pub use rule_file::{GivenParameters, RuleError};
pub use rules::Rules;
pub use spec::RuleSpec;
pub use state::State;
pub use trace::{Kept, MAX_TRACE_EVENTS, Place, Replayed, SowEvent, SowTrace};
pub use validate::SpecIssue;
