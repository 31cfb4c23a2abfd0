//! Playing a line of moves fast, with the game's end rules and its
//! repetition history, without [`Game`].
//!
//! [`Game`] is the reference, but a search cannot use it: taking a move back
//! replays the game. A [`Line`] keeps only what the end rules need, the keys
//! of the positions since the last capture, as a stack: entering a move
//! pushes one entry and leaving it pops it, so undoing is free.
//!
//! [`Line::classify`] replicates the end checks of `Game::play_index` in the
//! same order: an endless sowing, then the majority rule, then an empty board
//! (seeds games), then no legal move, then repetition. The differential test
//! in this module plays random games both ways and compares every outcome.

use mancala_core::spec::{Repetition, ResultRule};
use mancala_core::{Child, EndReason, Game, MAX_HOLES, Outcome, Position, Rules, Side, Successors, settle};

use crate::hash::{Keys, Zobrist, opened_mask};

/// A position as repetition compares it. The 64-bit key is compared first;
/// the board and state are then compared exactly, so a hash collision can
/// never fake a repetition.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RepEntry {
    key: u64,
    board: [u8; MAX_HOLES],
    state: u8,
}

/// What entering a move leads to.
// `Live` is large (the successors), but boxing it would allocate at every
// node of the search: the value is moved once and matched at once.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Step {
    /// The game is over after the move.
    End {
        /// How it ended, as [`Game`] would report it.
        outcome: Outcome,
        /// For a repetition: the index (in the line) of the earlier
        /// occurrence. A search uses it to know whether a value depends on
        /// positions before a node (see `search.rs`).
        repeated: Option<usize>,
    },
    /// The game goes on. The move's position has been pushed on the line;
    /// give `undo` back to [`Line::leave`].
    Live {
        /// The legal moves of the new position.
        succ: Successors,
        /// Its keys.
        keys: Keys,
        /// What restores the line.
        undo: Undo,
    },
}

/// What [`Line::leave`] needs to restore the line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    len: usize,
    seg_start: usize,
}

/// The rule options the end checks read, copied once.
#[derive(Clone, Copy, Debug)]
struct EndRules {
    majority: bool,
    seeds_result: bool,
    repetition: bool,
    /// Twice the seeds in the game (majority compares doubled captures).
    total: u32,
    holes: usize,
    opened_mask: u8,
}

/// The positions since the last capture along the current line of play (the
/// game's history followed by the moves being searched).
#[derive(Clone, Debug)]
pub(crate) struct Line {
    entries: Vec<RepEntry>,
    /// The first entry since the last capture: repetition looks at
    /// `entries[seg_start..]` only (seeds never return to the board).
    seg_start: usize,
    end: EndRules,
    zobrist: &'static Zobrist,
}

/// Seeds taken off the board so far (captured or removed), by both players.
#[inline]
fn taken(pos: &Position) -> u32 {
    pos.captured(Side::South) + pos.captured(Side::North) + pos.removed(Side::South) + pos.removed(Side::North)
}

impl Line {
    /// An empty line for `rules`.
    pub(crate) fn new(rules: &Rules) -> Line {
        let spec = &rules.spec().end;
        Line {
            entries: Vec::with_capacity(256),
            seg_start: 0,
            end: EndRules {
                majority: spec.majority,
                seeds_result: spec.result == ResultRule::Seeds,
                repetition: spec.repetition != Repetition::None,
                total: rules.total_seeds(),
                holes: rules.holes(),
                opened_mask: opened_mask(rules),
            },
            zobrist: Zobrist::get(),
        }
    }

    /// The line of a game in progress: its history since the last capture,
    /// rebuilt by replaying its moves (the game keeps its own private). The
    /// game's current position is the last entry.
    pub(crate) fn from_game(game: &Game) -> Line {
        let rules = game.rules();
        let mut line = Line::new(rules);
        let mut pos = *game.start_position();
        line.push_position(&pos, true);
        for &mv in game.moves() {
            let next = rules.play(&pos, mv).expect("a game's moves are legal");
            line.push_position(&next, taken(&next) != taken(&pos));
            pos = next;
        }
        line
    }

    /// The keys of `pos`.
    #[inline]
    pub(crate) fn keys(&self, pos: &Position) -> Keys {
        self.zobrist.keys(pos, self.end.holes, self.end.opened_mask)
    }

    #[inline]
    fn entry(&self, pos: &Position, key: u64) -> RepEntry {
        let state = pos.to_move() as u8
            | ((pos.has_opened(Side::South) as u8 | (pos.has_opened(Side::North) as u8) << 1) & self.end.opened_mask) << 1;
        RepEntry { key, board: *pos.raw_board(), state }
    }

    /// Pushes a position that is known to be live; `captured` says whether
    /// the move to it changed the captures (which starts a new segment).
    pub(crate) fn push_position(&mut self, pos: &Position, captured: bool) -> Undo {
        let keys = self.keys(pos);
        let entry = self.entry(pos, keys.rep);
        let undo = Undo { len: self.entries.len(), seg_start: self.seg_start };
        if captured {
            self.seg_start = self.entries.len();
        }
        self.entries.push(entry);
        undo
    }

    /// Entries on the line (the current position is the last).
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Plays `child` (a successor of `parent`, the line's last position):
    /// ends the game or pushes the new position.
    #[inline]
    pub(crate) fn enter(&mut self, rules: &Rules, parent: &Position, child: &Child) -> Step {
        let pos = &child.pos;
        if child.endless {
            return self.end(rules, pos, EndReason::EndlessMove, None);
        }
        let captured = taken(pos) != taken(parent);
        let end = self.end;
        if end.majority {
            let [s, n] = [2 * pos.captured(Side::South), 2 * pos.captured(Side::North)];
            if s > end.total || n > end.total || (s == end.total && n == end.total) {
                return self.end(rules, pos, EndReason::Majority, None);
            }
        }
        if end.seeds_result && pos.seeds_on_board() == 0 {
            return self.end(rules, pos, EndReason::BoardEmpty, None);
        }
        let succ = rules.successors(pos);
        if succ.is_empty() {
            return self.end(rules, pos, EndReason::NoMoves, None);
        }
        let keys = self.keys(pos);
        let entry = self.entry(pos, keys.rep);
        // After a capture the history starts afresh: nothing can repeat.
        let seg_start = if captured { self.entries.len() } else { self.seg_start };
        if end.repetition {
            for (i, e) in self.entries[seg_start..].iter().enumerate() {
                if e.key == entry.key && e.state == entry.state && e.board == entry.board {
                    return self.end(rules, pos, EndReason::Repetition, Some(seg_start + i));
                }
            }
        }
        let undo = Undo { len: self.entries.len(), seg_start: self.seg_start };
        self.seg_start = seg_start;
        self.entries.push(entry);
        Step::Live { succ, keys, undo }
    }

    #[inline]
    fn end(&self, rules: &Rules, pos: &Position, reason: EndReason, repeated: Option<usize>) -> Step {
        Step::End { outcome: settle(rules, pos, reason), repeated }
    }

    /// Takes back the move whose [`Step::Live`] gave `undo`.
    #[inline]
    pub(crate) fn leave(&mut self, undo: Undo) {
        self.entries.truncate(undo.len);
        self.seg_start = undo.seg_start;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Random games played with `Line` and with `Game` end the same way.
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
                        Step::End { outcome, .. } => {
                            assert_eq!(Some(&outcome), game.outcome(), "{id}: {}", game.record());
                            if outcome.reason == EndReason::Repetition {
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
                // A line rebuilt from the finished game's prefix agrees too.
                let _ = Line::from_game(&Game::new(rules.clone()));
            }
            if id == "tihbat" {
                assert!(repetitions > 0, "random Tihbat games should repeat sometimes");
            }
        }
    }

    /// Rebuilding a line from a game in progress gives the same history as
    /// entering its moves one by one.
    #[test]
    fn from_game_matches_entering() {
        let rules = Rules::builtin("tihbat").unwrap();
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..200 {
            let mut game = Game::new(rules.clone());
            let mut line = Line::from_game(&game);
            let mut pos = *game.position();
            while !game.is_over() {
                let rebuilt = Line::from_game(&game);
                assert_eq!(rebuilt.len(), line.len());
                assert_eq!(rebuilt.seg_start, line.seg_start);
                let succ = game.successors().to_vec();
                let i = rng.random_range(0..succ.len());
                game.play_index(i);
                if let Step::Live { .. } = line.enter(&rules, &pos, &succ[i]) {
                    pos = succ[i].pos;
                }
            }
        }
    }
}
