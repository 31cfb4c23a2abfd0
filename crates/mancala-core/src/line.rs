//! A line of play that a search walks down and back up fast: the game's end
//! rules and its repetition history, without [`Game`].
//!
//! [`Game`] is the reference, but a search cannot use it: taking a move back
//! replays the game. A [`Line`] keeps only what the end rules need, the
//! repetition keys of the positions since the last capture, as a stack:
//! entering a move pushes one key and leaving it pops it, so undoing is
//! free. [`Line::enter`] and [`Game`] decide the end of the game with the
//! same function, [`Rules::judge`] (which [`Rules::verdict`] calls).

use crate::end::{Ending, RepetitionKey};
use crate::engine::{Child, Successors};
use crate::game::{Game, Outcome, settle};
use crate::position::Position;
use crate::rules::Rules;

/// What entering a move leads to.
// `Live` is large (the successors), but boxing it would allocate at every
// node of the search: the value is moved once and matched at once.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// The game is over after the move.
    End {
        /// How it ended, as [`Game`] would report it.
        outcome: Outcome,
        /// For a repetition: the index (in the line, see [`Line::len`]) of
        /// the earlier occurrence. A search uses it to know whether a value
        /// depends on positions before a node.
        repeated: Option<usize>,
    },
    /// The game goes on. The move's position has been pushed on the line;
    /// give `undo` back to [`Line::leave`].
    Live {
        /// The legal moves of the new position (never empty).
        succ: Successors,
        /// What restores the line.
        undo: Undo,
    },
}

/// What [`Line::leave`] needs to restore the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    len: usize,
    since_capture: usize,
}

/// The positions along the current line of play (the game's history
/// followed by the moves being searched), as repetition keys.
#[derive(Clone, Debug, Default)]
pub struct Line {
    keys: Vec<RepetitionKey>,
    /// The first key since the last capture: repetition looks at
    /// `keys[since_capture..]` only.
    since_capture: usize,
}

impl Line {
    /// An empty line.
    pub fn new() -> Line {
        Line {
            keys: Vec::with_capacity(256),
            since_capture: 0,
        }
    }

    /// The line of a game in progress: its history since the last capture,
    /// the current position last. (Of a finished game: its history up to
    /// the last live position.)
    pub fn from_game(game: &Game) -> Line {
        let mut keys = Vec::with_capacity(game.history.len() + 256);
        keys.extend_from_slice(&game.history);
        Line {
            keys,
            since_capture: 0,
        }
    }

    /// Positions on the line (the current one is the last).
    #[inline]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the line holds no position.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The keys since the last capture, oldest first.
    #[inline]
    pub fn since_capture(&self) -> &[RepetitionKey] {
        &self.keys[self.since_capture..]
    }

    /// Plays `child`, a successor of `parent` (the line's last position):
    /// ends the game (as [`Game::play_index`] would) or pushes the new
    /// position.
    #[inline]
    pub fn enter(&mut self, rules: &Rules, parent: &Position, child: &Child) -> Step {
        let pos = &child.pos;
        let since_capture = if pos.seeds_taken() != parent.seeds_taken() {
            self.keys.len()
        } else {
            self.since_capture
        };
        // The moves are listed here and moved once, into the step.
        let succ = rules.successors(pos);
        match rules.judge(pos, child.endless, &succ, &self.keys[since_capture..]) {
            Ok(key) => Step::Live {
                succ,
                undo: self.push(key, since_capture),
            },
            Err(Ending { reason, repeated }) => Step::End {
                outcome: settle(rules, pos, reason),
                repeated: repeated.map(|at| since_capture + at),
            },
        }
    }

    /// Pushes `pos`, reached from `parent` and known to be live (a search
    /// walking down moves it entered before), without the end checks.
    #[inline]
    pub fn push_live(&mut self, rules: &Rules, parent: &Position, pos: &Position) -> Undo {
        let since_capture = if pos.seeds_taken() != parent.seeds_taken() {
            self.keys.len()
        } else {
            self.since_capture
        };
        self.push(rules.repetition_key(pos), since_capture)
    }

    #[inline]
    fn push(&mut self, key: RepetitionKey, since_capture: usize) -> Undo {
        let undo = Undo {
            len: self.keys.len(),
            since_capture: self.since_capture,
        };
        self.since_capture = since_capture;
        self.keys.push(key);
        undo
    }

    /// Takes back the move whose [`Step::Live`] (or [`Line::push_live`])
    /// gave `undo`, and every move entered after it.
    #[inline]
    pub fn leave(&mut self, undo: Undo) {
        self.keys.truncate(undo.len);
        self.since_capture = undo.since_capture;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EndReason;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Random games played with `Line` and with `Game` end the same way,
    /// and every live position has the same moves.
    #[test]
    fn line_ends_games_as_game_does() {
        for id in Rules::builtin_ids() {
            let rules = Rules::builtin(id).unwrap();
            let mut rng = SmallRng::seed_from_u64(7);
            let mut repetitions = 0;
            for _ in 0..300 {
                let mut game = Game::new(rules.clone());
                let mut line = Line::from_game(&game);
                let mut pos = *game.position();
                let mut succ = rules.successors(&pos);
                loop {
                    let i = rng.random_range(0..succ.len());
                    let child = succ.as_slice()[i];
                    game.play_index(i);
                    match line.enter(&rules, &pos, &child) {
                        Step::End { outcome, repeated } => {
                            assert_eq!(Some(&outcome), game.outcome(), "{id}: {}", game.record());
                            assert_eq!(repeated.is_some(), outcome.reason == EndReason::Repetition);
                            if let Some(at) = repeated {
                                assert_eq!(line.keys[at], rules.repetition_key(&child.pos));
                                repetitions += 1;
                            }
                            break;
                        }
                        Step::Live { succ: s, .. } => {
                            assert!(!game.is_over(), "{id}: {}", game.record());
                            assert_eq!(s.moves(), game.legal_moves());
                            pos = child.pos;
                            succ = s;
                        }
                    }
                }
            }
            if id == "tihbat" {
                assert!(
                    repetitions > 0,
                    "random Tihbat games should repeat sometimes"
                );
            }
        }
    }

    /// Leaving a move restores the line exactly, and a line rebuilt from a
    /// game in progress has the history that entering its moves built.
    #[test]
    fn leave_and_from_game_restore_the_history() {
        let rules = Rules::builtin("tihbat").unwrap();
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..200 {
            let mut game = Game::new(rules.clone());
            let mut line = Line::from_game(&game);
            let mut pos = *game.position();
            while !game.is_over() {
                let rebuilt = Line::from_game(&game);
                assert_eq!(rebuilt.since_capture(), line.since_capture());
                // Entering every move and leaving it changes nothing.
                let before = line.clone();
                for child in game.successors() {
                    if let Step::Live { undo, .. } = line.enter(&rules, &pos, child) {
                        let pushed = line.push_live(&rules, &child.pos, &child.pos);
                        line.leave(pushed);
                        line.leave(undo);
                    }
                    assert_eq!(
                        (line.keys.as_slice(), line.since_capture),
                        (before.keys.as_slice(), before.since_capture)
                    );
                }
                let succ = game.successors().to_vec();
                let i = rng.random_range(0..succ.len());
                game.play_index(i);
                if let Step::Live { .. } = line.enter(&rules, &pos, &succ[i]) {
                    pos = succ[i].pos;
                }
            }
        }
    }

    /// A capture cuts the history: a position repeated across it does not
    /// end the game.
    #[test]
    fn a_capture_starts_the_history_afresh() {
        let rules = Rules::builtin("tihbat").unwrap();
        let start = rules.start();
        let mut line = Line::new();
        line.push_live(&rules, &start, &start);
        let mut captured = start;
        captured.captured[0] += 1;
        // The same board and mover after a capture: no repetition.
        let child = Child {
            mv: crate::Move::Pass,
            pos: captured,
            endless: false,
        };
        assert!(matches!(
            line.enter(&rules, &start, &child),
            Step::Live { .. }
        ));
        // Without the capture: a repetition of the first position.
        let mut line = Line::new();
        line.push_live(&rules, &start, &start);
        let child = Child {
            mv: crate::Move::Pass,
            pos: start,
            endless: false,
        };
        match line.enter(&rules, &start, &child) {
            Step::End { outcome, repeated } => {
                assert_eq!(outcome.reason, EndReason::Repetition);
                assert_eq!(repeated, Some(0));
            }
            Step::Live { .. } => panic!("the start position repeated"),
        }
    }
}
