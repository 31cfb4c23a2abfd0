//! # mancala-core: the rule engine
//!
//! This crate plays two-row mancala games exactly as their rule files say.
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

mod end;
mod engine;
mod fingerprint;
mod game;
mod line;
pub mod notation;
mod position;
mod rounds;
mod rules;
pub mod spec;
mod state;
mod trace;

pub use end::{Ending, RepetitionKey, Verdict, value_for};
pub use engine::{
    Child, IllegalMove, MAX_SUCCESSORS, RelayLapLimit, SEARCH_RELAY_LAPS, SowReport, Successors,
    limit_relay_laps,
};
pub use game::{EndReason, Game, MAX_GAME_PLIES, Outcome, PlayError, ReplayError, Score, settle};
pub use line::{Line, Step, Undo};
pub use position::{
    MAX_HOLES, MAX_HOLES_PER_ROW, MAX_SEEDS, Move, Moves, MovesIter, Position, Side,
};
pub use rounds::RoundStart;
pub use rules::{RuleError, Rules, SpecIssue};
pub use spec::RuleSpec;
pub use state::State;
pub use trace::{Kept, MAX_TRACE_EVENTS, Place, Replayed, SowEvent, SowTrace};
