//! A game in progress: the position, the moves so far, the history that
//! repetition rules compare against, and the outcome once it ends.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use crate::Side;
use crate::end::{EndReason, Ending, Outcome, RepetitionKey, settle};
use crate::moves::Successors;
use crate::notation;
use crate::position::{Move, Moves, Position};
use crate::rules::Rules;

/// Why a move could not be played in a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move is not legal here.
    #[error("illegal move {label} at ply {ply} ({side} to move); legal moves: {}", join_labels(.legal))]
    Illegal {
        /// The 1-based ply the move was tried at.
        ply: u32,
        /// The side to move.
        side: Side,
        /// The move's label.
        label: String,
        /// The legal moves' labels.
        legal: Vec<String>,
    },
    /// The game is over.
    #[error("move {label} at ply {ply}: the game is already over ({})", .reason.describe())]
    GameOver {
        /// The 1-based ply the move was tried at.
        ply: u32,
        /// The move's label.
        label: String,
        /// Why the game ended.
        reason: EndReason,
    },
}

fn join_labels(labels: &[String]) -> String {
    if labels.is_empty() {
        "none".to_string()
    } else {
        labels.join(" ")
    }
}

/// A game from its start: the moves played, the current position, and the
/// outcome once it is over.
///
/// ```
/// use mancala_core::{Game, Rules};
/// let mut game = Game::new(Rules::builtin("tihbat").unwrap());
/// game.play_label("A").unwrap();
/// assert_eq!(game.position().ply(), 1);
/// assert!(game.outcome().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<Rules>,
    start: Position,
    pos: Position,
    moves: Vec<Move>,
    /// Positions since the last capture (see [`Game::history`]).
    history: History,
    /// The legal moves with their positions; in rules that list moves
    /// without sowing them, the last move played alone instead.
    successors: Successors,
    /// In rules that list moves without sowing them
    /// ([`Rules::lists_moves_without_sowing`]): the holes of the legal
    /// moves (one bit a hole), and their positions once asked for. A random
    /// game then sows one move a turn, not every legal move.
    legal_holes: u32,
    /// Boxed: few callers ask, and inline it would double the game's size,
    /// which a batch of games stepped together pays in cache misses.
    listed: OnceLock<Box<Successors>>,
    outcome: Option<Outcome>,
    /// The current round (1 in games without rounds).
    round: u32,
    /// Who started the current round.
    round_starter: Side,
    /// The rounds after the first, as they were set up.
    round_starts: Vec<crate::RoundStart>,
    /// Boards given to rounds with a random layout ([`Game::redraw_round`]),
    /// by the moves played before the round.
    redrawn: Vec<(usize, Vec<u8>)>,
    /// The start as judged when the game was made, which [`Game::restart`]
    /// takes instead of judging it again (a random playout restarts every
    /// few dozen moves); `None` when the start ends the game or round.
    opening: Option<Arc<Opening>>,
}

/// What judging a game's start left (see [`Game::restart`]).
#[derive(Debug)]
struct Opening {
    successors: Successors,
    legal_holes: u32,
    keys: Vec<RepetitionKey>,
    history_len: usize,
}

impl Game {
    /// A new game from the rules' opening position.
    pub fn new(rules: impl Into<Arc<Rules>>) -> Game {
        let rules = rules.into();
        let start = rules.start();
        Game::from_position(rules, start)
    }

    /// A new game from any position (its history starts there).
    pub fn from_position(rules: impl Into<Arc<Rules>>, start: Position) -> Game {
        let rules = rules.into();
        let successors = rules.successors(&start);
        let mut game = Game {
            rules,
            start,
            pos: start,
            moves: Vec::new(),
            history: History::starting_at(start, 0),
            successors,
            legal_holes: 0,
            listed: OnceLock::new(),
            outcome: None,
            round: 1,
            round_starter: start.to_move,
            round_starts: Vec::new(),
            redrawn: Vec::new(),
            opening: None,
        };
        game.enter_position(false);
        if game.outcome.is_none() && game.round_starts.is_empty() {
            game.opening = Some(Arc::new(Opening {
                successors: game.successors,
                legal_holes: game.legal_holes,
                keys: game.history.keys.clone(),
                history_len: game.history.len,
            }));
        }
        game
    }

    /// A game replayed from a record such as `"A c B b"`.
    pub fn replay(rules: impl Into<Arc<Rules>>, record: &str) -> Result<Game, ReplayError> {
        let mut game = Game::new(rules);
        for token in record.split_whitespace() {
            game.play_label(token)?;
        }
        Ok(game)
    }

    /// Starts again from the opening position, keeping allocated memory.
    pub fn restart(&mut self) {
        self.pos = self.start;
        self.moves.clear();
        self.history.restart(self.start, 0);
        self.outcome = None;
        self.round = 1;
        self.round_starter = self.start.to_move;
        self.round_starts.clear();
        self.redrawn.clear();
        match &self.opening {
            Some(opening) => {
                self.successors.copy_listed(&opening.successors);
                self.legal_holes = opening.legal_holes;
                self.history.keys.extend_from_slice(&opening.keys);
                self.history.len = opening.history_len;
                if self.listed.get().is_some() {
                    self.listed = OnceLock::new();
                }
            }
            None => self.enter_position(false),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The shared handle to the rules.
    pub fn rules_arc(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Who made each move so far, in order. Ask here rather than assume
    /// that players alternate: after an extra turn the same player moves
    /// again.
    ///
    /// ```
    /// use mancala_core::{Game, Rules, Side};
    /// let game = Game::replay(Rules::builtin("modiar").unwrap(), "A c B").unwrap();
    /// assert_eq!(game.movers(), [Side::South, Side::North, Side::South]);
    /// ```
    pub fn movers(&self) -> Vec<Side> {
        let mut pos = self.start;
        let mut rounds = self.round_starts.iter().peekable();
        self.moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                if let Some(start) = rounds.next_if(|r| r.after_moves == i) {
                    pos = start.position;
                }
                let mover = pos.to_move;
                pos = self.rules.play(&pos, mv).expect("a game's moves are legal");
                mover
            })
            .collect()
    }

    /// The game record: move labels separated by spaces.
    pub fn record(&self) -> String {
        notation::format_record(&self.rules, &self.moves)
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The round being played: 1 in games without rounds, and until the
    /// first round of a match ends.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Who started the round being played (what [`Rules::next_round`]
    /// needs to name the next round's first player).
    pub fn round_starter(&self) -> Side {
        self.round_starter
    }

    /// The rounds after the first, in order: when each started, how the
    /// round before it ended, and its opening position.
    pub fn round_starts(&self) -> &[crate::RoundStart] {
        &self.round_starts
    }

    /// Whether the game is over (in a match of rounds: the whole match).
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&self) -> Moves {
        if self.is_over() {
            Moves::EMPTY
        } else if self.rules.lists_moves_without_sowing() {
            holes_to_moves(self.legal_holes)
        } else {
            self.successors.moves()
        }
    }

    /// The holes of the legal moves that sow in the rules' own direction
    /// ([`Move::Sow`]), one bit a hole (moves with a chosen direction and
    /// `pass` are left out): what a caller that numbers moves by hole reads
    /// without building the move set.
    #[inline]
    pub fn legal_sow_holes(&self) -> u64 {
        if self.is_over() {
            0
        } else if self.rules.lists_moves_without_sowing() {
            u64::from(self.legal_holes)
        } else {
            self.successors
                .as_slice()
                .iter()
                .fold(0, |holes, c| match c.mv {
                    Move::Sow(h) => holes | 1 << h,
                    _ => holes,
                })
        }
    }

    /// The number of legal moves (0 once the game is over): as
    /// `legal_moves().len()`, without building the set.
    pub fn legal_len(&self) -> usize {
        if self.is_over() {
            0
        } else if self.rules.lists_moves_without_sowing() {
            self.legal_holes.count_ones() as usize
        } else {
            self.successors.len()
        }
    }

    /// The legal moves with the positions they lead to (none once over).
    pub fn successors(&self) -> &[crate::Child] {
        if self.is_over() {
            &[]
        } else if self.rules.lists_moves_without_sowing() {
            self.listed
                .get_or_init(|| Box::new(self.rules.successors(&self.pos)))
                .as_slice()
        } else {
            self.successors.as_slice()
        }
    }

    /// Plays a move given by its label (`"A"`, `"c"`, `"pass"`).
    pub fn play_label(&mut self, label: &str) -> Result<(), ReplayError> {
        let ply = self.pos.ply() + 1;
        let mv =
            notation::parse_move(&self.rules, label).map_err(|reason| ReplayError::Notation {
                ply,
                label: label.to_string(),
                reason,
                legal: self.legal_labels(),
            })?;
        self.play(mv).map_err(ReplayError::Play)
    }

    /// Plays a move.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let ply = self.pos.ply() + 1;
        // The label only for an error: a legal move (a random playout's
        // every move) allocates nothing.
        let label = || notation::move_label(&self.rules, mv);
        if let Some(outcome) = &self.outcome {
            return Err(PlayError::GameOver {
                ply,
                label: label(),
                reason: outcome.reason,
            });
        }
        let index = if self.rules.lists_moves_without_sowing() {
            match mv {
                Move::Sow(hole)
                    if (hole as u32) < u32::BITS && self.legal_holes & 1 << hole != 0 =>
                {
                    Some((self.legal_holes & ((1 << hole) - 1)).count_ones() as usize)
                }
                _ => None,
            }
        } else {
            self.successors.as_slice().iter().position(|c| c.mv == mv)
        };
        match index {
            Some(index) => {
                self.play_index(index);
                Ok(())
            }
            None => Err(PlayError::Illegal {
                ply,
                side: self.pos.to_move,
                label: self.explain_direction(mv, label()),
                legal: self.legal_labels(),
            }),
        }
    }

    /// Plays the `index`-th legal move (in [`Game::successors`] order).
    ///
    /// # Panics
    /// If the game is over or `index` is out of range.
    pub fn play_index(&mut self, index: usize) {
        assert!(self.outcome.is_none(), "play_index on a finished game");
        if self.rules.lists_moves_without_sowing() {
            let hole = nth_hole(self.legal_holes, index);
            assert!(
                hole < u32::BITS,
                "play_index({index}) of {} legal moves",
                self.legal_holes.count_ones()
            );
            let taken = self.pos.seeds_taken();
            self.rules.play_one_in_place(&mut self.pos, hole as usize);
            self.moves.push(Move::Sow(hole as u8));
            if self.pos.seeds_taken_just_written() != taken {
                self.history.restart(self.pos, self.moves.len());
            }
            self.enter_position(false);
            return;
        }
        let child = &self.successors.as_slice()[index];
        // Read in place: a copy of the child costs as much as its checks.
        self.moves.push(child.mv);
        if child.pos.seeds_taken() != self.pos.seeds_taken() {
            self.history.restart(child.pos, self.moves.len());
        }
        self.pos = child.pos;
        let endless = child.endless;
        self.enter_position(endless);
    }

    /// Decides whether the game ends in the current position (reached by a
    /// move whose sowing is `endless`), by the rules' [`Rules::verdict`],
    /// and otherwise lists its moves and records it in the history.
    ///
    /// In a match of rounds, the end of a round sets up the next one (see
    /// [`Rules::next_round`]) unless the match is over. A round that would
    /// end before its first move is not played: the match ends where the
    /// round before it ended, with that round's result.
    // Always inlined: a move's own checks are a few instructions, a call's
    // frame as many again; the end of a game or round is out of line.
    #[inline(always)]
    fn enter_position(&mut self, endless: bool) {
        match self.judge_position(endless) {
            // Kept in every game: a search's line starts from this history,
            // with the current position last.
            Ok(()) => self.history.len += 1,
            Err(ending) => self.position_ends(ending),
        }
    }

    /// The rules' verdict on the current position (see
    /// [`Game::enter_position`]): its moves listed, and its key pushed on
    /// the history where the rules keep keys, or how the game ends.
    #[inline(always)]
    fn judge_position(&mut self, endless: bool) -> Result<(), Ending> {
        if self.rules.lists_moves_without_sowing() {
            if self.listed.get().is_some() {
                self.listed = OnceLock::new();
            }
            self.rules.judge_without_sowing(
                &self.pos,
                endless,
                &mut self.legal_holes,
                &mut self.history.keys,
            )
        } else {
            self.rules.judge_into(
                &self.pos,
                endless,
                &mut self.successors,
                &mut self.history.keys,
            )
        }
    }

    /// [`Game::enter_position`] when the current position ends the game or
    /// the round (`ending`).
    #[cold]
    #[inline(never)]
    fn position_ends(&mut self, ending: Ending) {
        let starter = self.round_starter;
        let mut ending = ending;
        loop {
            let fresh = self
                .round_starts
                .last()
                .is_some_and(|r| r.after_moves == self.moves.len());
            if fresh {
                let start = self.round_starts.pop().expect("a round just started");
                self.round -= 1;
                self.round_starter = starter;
                self.pos = start.ended;
                self.outcome = Some(
                    self.rules
                        .match_outcome(&start.previous, self.rules.tally_of(&self.round_starts)),
                );
                return;
            }
            let outcome = settle(&self.rules, &self.pos, ending.reason);
            let tally = self.rules.tally_of(&self.round_starts);
            let next =
                self.rules
                    .next_round_tallied(&self.pos, &outcome, self.round_starter, tally);
            let Some(mut position) = next else {
                self.outcome = Some(self.rules.match_outcome(&outcome, tally));
                return;
            };
            if let Some((_, board)) = self
                .redrawn
                .iter()
                .find(|(after, _)| *after == self.moves.len())
            {
                position.board[..board.len()].copy_from_slice(board);
            }
            self.round += 1;
            self.round_starter = position.to_move;
            self.round_starts.push(crate::RoundStart {
                round: self.round,
                after_moves: self.moves.len(),
                previous: outcome,
                ended: self.pos,
                position,
            });
            self.pos = position;
            self.history.restart(position, self.moves.len());
            match self.judge_position(false) {
                Ok(()) => {
                    self.history.len += 1;
                    return;
                }
                Err(next) => ending = next,
            }
        }
    }

    /// Sets the opening board of a round that has just started (no move
    /// played in it yet) in a match whose rounds start from a random layout:
    /// `board` is the layout drawn for it elsewhere, which must be one the
    /// layout can draw. Taking moves back keeps the board of every round
    /// still reached, so a replayed match sets its rounds up the same way.
    pub fn redraw_round(&mut self, board: &[u8]) -> Result<(), String> {
        let fresh = self
            .round_starts
            .last()
            .is_some_and(|r| r.after_moves == self.moves.len());
        let random = self.rules.spec().board.layout == crate::spec::StartLayout::Random
            && self
                .rules
                .spec()
                .rounds
                .as_ref()
                .is_some_and(|r| r.is_tallied());
        if !fresh || !random || self.is_over() {
            return Err("no round with a random layout has just started".into());
        }
        if !self.rules.is_start_board(board) {
            return Err(format!(
                "{board:?} is not a board the random layout can draw"
            ));
        }
        let mut pos = self.pos;
        pos.board[..board.len()].copy_from_slice(board);
        if let Some(start) = self.round_starts.last_mut() {
            start.position = pos;
        }
        let after = self.moves.len();
        self.redrawn.retain(|(a, _)| *a != after);
        self.redrawn.push((after, board.to_vec()));
        self.pos = pos;
        self.history.restart(pos, self.moves.len());
        self.enter_position(false);
        Ok(())
    }

    /// Takes back the last move (replaying the game from its start).
    /// Returns the move taken back.
    pub fn undo(&mut self) -> Option<Move> {
        let mut moves = std::mem::take(&mut self.moves);
        let last = moves.pop()?;
        let mut redrawn = std::mem::take(&mut self.redrawn);
        redrawn.retain(|(after, _)| *after <= moves.len());
        self.restart();
        self.redrawn = redrawn;
        for mv in moves {
            self.play(mv)
                .expect("a move that was legal stays legal on replay");
        }
        Some(last)
    }

    /// The side that played the last move, if any: the position records
    /// it, so nothing is replayed.
    pub fn last_mover(&self) -> Option<Side> {
        // A new round's position says who starts it, not who moved last.
        let ended = self
            .round_starts
            .last()
            .filter(|r| r.after_moves == self.moves.len())
            .map(|r| &r.ended);
        (!self.moves.is_empty()).then(|| ended.unwrap_or(&self.pos).last_mover())
    }

    /// The repetition keys of the positions since the last capture (or the
    /// start of the round), oldest first, the current position last (of a
    /// finished game: up to the last position it went on from). Seeds never
    /// return to the board, so no earlier position can recur; a search's
    /// [`Line`](crate::Line) starts from these.
    ///
    /// Only rules that end a game on a repetition compare positions, and
    /// only there does a game keep every key as it goes: elsewhere a key
    /// made each move would cost as much as a short sowing for nothing, and
    /// the keys are rebuilt here, from the history's first position.
    pub fn history(&self) -> Cow<'_, [RepetitionKey]> {
        let history = &self.history;
        if self.rules.repetition_ends_game() {
            return Cow::Borrowed(&history.keys);
        }
        let mut keys = Vec::with_capacity(history.len);
        let mut pos = history.first;
        let mut moves = self.moves[history.moves_before..].iter();
        while keys.len() < history.len {
            keys.push(self.rules.repetition_key(&pos));
            if let Some(&mv) = moves.next() {
                pos = self.rules.play(&pos, mv).expect("a game's moves are legal");
            }
        }
        Cow::Owned(keys)
    }

    /// An illegal move's label, with a word on its direction when the same
    /// hole is legal written the other way (`C` where the mover chooses:
    /// `C>` or `C<`; `C>` where the rules give the direction: `C`).
    fn explain_direction(&self, mv: Move, label: String) -> String {
        let takes = self.rules.takes_pending(&self.pos);
        if takes > 0 && mv.taken_hole().is_none() {
            // A capture earned chosen holes: the mover takes them first.
            return format!(
                "{label} ({} takes {takes} more hole(s) of {}'s first, one move each: {})",
                self.pos.to_move,
                self.pos.to_move.opponent(),
                self.legal_labels().join(" ")
            );
        }
        if let Some(hole) = mv.taken_hole() {
            let why = if takes == 0 {
                "no capture has earned a hole to take here".to_string()
            } else if hole >= self.rules.holes() || self.rules.owner(hole) == self.pos.to_move {
                format!("the holes taken are {}'s", self.pos.to_move.opponent())
            } else {
                "that hole holds no seeds".to_string()
            };
            return format!("{label} ({why})");
        }
        let Some(hole) = mv.hole() else {
            return label;
        };
        let legal = self.legal_moves();
        let h = hole as u8;
        let bare = notation::move_label(&self.rules, Move::Sow(h));
        let mover = self.pos.to_move;
        if self.rules.rows() > 2 && hole < self.rules.holes() && self.rules.owner(hole) != mover {
            // On four rows a player sows only around their own ring.
            let ring = self.rules.row(mover);
            let end = |h: usize| notation::move_label(&self.rules, Move::Sow(h as u8));
            return format!(
                "{label} ({bare} is not in {mover}'s ring: {mover} plays {}-{})",
                end(ring.start),
                end(ring.end - 1)
            );
        }
        if mv == Move::Sow(h)
            && (legal.contains(Move::SowCounterClockwise(h))
                || legal.contains(Move::SowClockwise(h)))
        {
            format!("{label} (the mover chooses the direction here: write {bare}> or {bare}<)")
        } else if mv != Move::Sow(h) && legal.contains(Move::Sow(h)) {
            format!("{label} (the rules give this hole's direction: write {bare})")
        } else {
            label
        }
    }

    fn legal_labels(&self) -> Vec<String> {
        self.legal_moves()
            .iter()
            .map(|m| notation::move_label(&self.rules, m))
            .collect()
    }
}

/// A game's positions since the last capture (see [`Game::history`]).
#[derive(Clone, Debug)]
struct History {
    /// Their repetition keys, in rules that end a game on a repetition
    /// (pushed there by [`Rules::judge_into`]).
    keys: Vec<RepetitionKey>,
    /// The first of them.
    first: Position,
    /// The moves played before the first.
    moves_before: usize,
    /// How many.
    len: usize,
}

impl History {
    fn starting_at(first: Position, moves_before: usize) -> History {
        History {
            keys: Vec::new(),
            first,
            moves_before,
            len: 0,
        }
    }

    /// Starts afresh at `first` (its key not yet pushed), reached after
    /// `moves_before` moves.
    #[inline]
    fn restart(&mut self, first: Position, moves_before: usize) {
        self.keys.clear();
        self.first = first;
        self.moves_before = moves_before;
        self.len = 0;
    }
}

/// Why a game record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A token is not a move of this game.
    #[error("move {label:?} at ply {ply}: {reason}; legal moves: {}", join_labels(.legal))]
    Notation {
        /// The 1-based ply.
        ply: u32,
        /// The token.
        label: String,
        /// What is wrong with it.
        reason: String,
        /// The legal moves' labels.
        legal: Vec<String>,
    },
    /// The move is not legal, or the game is over.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// The `index`-th hole of `holes` (one bit a hole, lowest first), or 32
/// when it has no more holes.
///
/// Without a loop over the holes: a game picks its move by index, and a
/// loop as long as the index would mispredict its end about once a move.
/// The holes are counted a byte at a time from tables.
#[inline]
fn nth_hole(holes: u32, index: usize) -> u32 {
    const COUNT: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut b = 0;
        while b < 256 {
            t[b] = (b as u8).count_ones() as u8;
            b += 1;
        }
        t
    };
    // `SELECT[b][i]`: the `i`-th set bit of the byte `b` (8 when none).
    const SELECT: [[u8; 8]; 256] = {
        let mut t = [[8u8; 8]; 256];
        let mut b = 0;
        while b < 256 {
            let mut i = 0;
            let mut bit = 0;
            while bit < 8 {
                if b & (1 << bit) != 0 {
                    t[b][i] = bit as u8;
                    i += 1;
                }
                bit += 1;
            }
            b += 1;
        }
        t
    };
    let bytes = holes.to_le_bytes();
    let [c0, c1, c2, c3] = bytes.map(|b| COUNT[b as usize] as usize);
    // Holes before each byte.
    let (p1, p2, p3) = (c0, c0 + c1, c0 + c1 + c2);
    if index >= p3 + c3 {
        return u32::BITS;
    }
    let byte = (index >= p1) as usize + (index >= p2) as usize + (index >= p3) as usize;
    let before = [0, p1, p2, p3][byte];
    8 * byte as u32 + SELECT[bytes[byte] as usize][index - before] as u32
}

/// The moves `Move::Sow` of the holes of `holes` (one bit a hole).
fn holes_to_moves(mut holes: u32) -> Moves {
    let mut moves = Moves::EMPTY;
    while holes != 0 {
        moves.insert(Move::Sow(holes.trailing_zeros() as u8));
        holes &= holes - 1;
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::end::{MAX_GAME_PLIES, Score};

    /// A game that can go on for ever (one hole a
    /// side, one seed, no repetition rule) ends in a draw at the ply limit.

    #[test]
    fn legal_sow_holes_are_the_sowing_moves_of_the_legal_set() {
        // Random games of every built-in game, both kinds of move listing.
        for id in Rules::builtin_ids() {
            let mut game = Game::new(Rules::builtin(id).unwrap());
            let mut pick = 7usize;
            for _ in 0..200 {
                let expected = game.legal_moves().iter().fold(0u64, |holes, mv| match mv {
                    Move::Sow(h) => holes | 1 << h,
                    _ => holes,
                });
                assert_eq!(
                    game.legal_sow_holes(),
                    expected,
                    "{id} at ply {}",
                    game.moves().len()
                );
                if game.is_over() {
                    game.restart();
                    continue;
                }
                pick = pick.wrapping_mul(31).wrapping_add(17);
                game.play_index(pick % game.legal_len());
            }
        }
    }

    #[test]
    fn nth_hole_is_the_index_th_set_bit() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let holes = state as u32 & (state >> 32) as u32;
            let mut bits = holes;
            for index in 0..=33 {
                let want = if bits == 0 { 32 } else { bits.trailing_zeros() };
                assert_eq!(nth_hole(holes, index), want, "{holes:#b} {index}");
                bits &= bits.wrapping_sub(1);
            }
        }
        assert_eq!(nth_hole(u32::MAX, 31), 31);
        assert_eq!(nth_hole(0, 0), 32);
    }

    #[test]
    fn too_few_to_starter_gives_the_last_seeds_to_the_first_player() {
        let text = |first: &str| {
            format!(
                "name = \"T\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 3\nstores = true\nfirst_player = \"{first}\"\n\
                 [sowing]\nstart = \"next\"\n[end]\ntoo_few_seeds = 4\ntoo_few_to_starter = true\n"
            )
        };
        for (first, want) in [("south", [6, 6]), ("north", [3, 9])] {
            let rules = Rules::from_toml("t", &text(first), "t.toml").unwrap();
            // 3 seeds left (fewer than 4), 1 of them in South's row.
            let pos = rules
                .position(&[1, 0, 2, 0], [3, 6], Side::South, 9)
                .unwrap();
            assert_eq!(rules.end_before_moves(&pos), Some(EndReason::TooFewSeeds));
            let outcome = settle(&rules, &pos, EndReason::TooFewSeeds);
            assert_eq!(outcome.score, Some(want.map(Score::seeds)), "{first}");
            // The start records the starter, and a move keeps it.
            let start = rules.start();
            let mut game = Game::from_position(rules.clone(), start);
            let mv = game.legal_moves().iter().next().unwrap();
            game.play(mv).unwrap();
            assert_eq!(
                game.position().opened & crate::position::NORTH_STARTED != 0,
                first == "north"
            );
        }
        let e = Rules::from_toml(
            "t",
            &text("south").replace("too_few_seeds = 4\n", ""),
            "t.toml",
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("end.too_few_to_starter"), "{e}");
    }

    #[test]
    fn rest_to_winner_gives_the_seeds_left_to_the_player_past_the_count() {
        let text = |extra: &str| {
            format!(
                "name = \"T\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 3\nstores = true\n\
                 [sowing]\nstart = \"next\"\n[end]\nwin_seeds = 5\n{extra}"
            )
        };
        let with = Rules::from_toml("t", &text("rest_to_winner = true\n"), "t.toml").unwrap();
        let without = Rules::from_toml("t", &text(""), "t.toml").unwrap();
        // South has captured 6 (> 5): 2 seeds lie in South's row, 1 in North's.
        let board = [0, 2, 1, 0];
        for (rules, want) in [(&with, [9, 3]), (&without, [8, 4])] {
            let pos = rules.position(&board, [6, 3], Side::North, 9).unwrap();
            assert_eq!(rules.end_before_moves(&pos), Some(EndReason::Majority));
            let outcome = settle(rules, &pos, EndReason::Majority);
            assert_eq!(outcome.winner, Some(Side::South));
            assert_eq!(outcome.score, Some(want.map(Score::seeds)));
        }
        // Only the winning count's end: other ends settle as before.
        let pos = with
            .position(&[0, 1, 1, 0], [2, 8], Side::South, 9)
            .unwrap();
        let outcome = settle(&with, &pos, EndReason::NoMoves);
        assert_eq!(outcome.score, Some([3, 9].map(Score::seeds)));
        let e = Rules::from_toml(
            "t",
            &text("rest_to_winner = true\n").replace("win_seeds = 5\n", ""),
            "t.toml",
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("end.rest_to_winner"), "{e}");
    }
    #[test]
    fn endless_games_end_in_a_draw_at_the_ply_limit() {
        let text = "name = \"Endless\"\n[board]\nholes_per_row = 1\nseeds_per_hole = 1\n[sowing]\nstart = \"next\"\n";
        let rules = Rules::from_toml("endless", text, "endless.toml").unwrap();
        let mut game = Game::new(rules);
        while !game.is_over() {
            assert!(
                game.moves().len() < MAX_GAME_PLIES as usize,
                "the game goes past the limit"
            );
            game.play_index(0);
        }
        let outcome = game.outcome().unwrap();
        assert_eq!(game.moves().len(), MAX_GAME_PLIES as usize);
        assert_eq!(
            (outcome.reason, outcome.winner),
            (EndReason::PlyLimit, None)
        );
        assert!(
            EndReason::PlyLimit
                .describe()
                .contains(&MAX_GAME_PLIES.to_string())
        );
        let err = game.play(Move::Sow(0)).unwrap_err();
        assert!(
            matches!(
                err,
                PlayError::GameOver {
                    reason: EndReason::PlyLimit,
                    ..
                }
            ),
            "{err}"
        );
    }
}

#[cfg(test)]
mod last_mover_tests {
    use super::*;

    /// The recorded last mover is the replayed one, extra turns and passes included.
    #[test]
    fn last_mover_agrees_with_the_replayed_movers() {
        use rand::{Rng, SeedableRng};
        for id in ["kalah", "tihbat", "modiar"] {
            let mut game = Game::new(Rules::builtin(id).unwrap());
            assert_eq!(game.last_mover(), None);
            let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
            for _ in 0..200 {
                game.restart();
                while !game.is_over() {
                    game.play_index(rng.random_range(0..game.successors().len()));
                    assert_eq!(
                        game.last_mover(),
                        game.movers().last().copied(),
                        "{id}: {}",
                        game.record()
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod unsown_moves_tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// In rules that list moves without sowing them, a game plays exactly
    /// as by the full list of successors: the same moves in the same order,
    /// the same child for each index, the same end.
    #[test]
    fn games_that_sow_one_move_a_turn_play_as_the_full_list() {
        let mut lazy_games = 0;
        for id in Rules::builtin_ids() {
            let rules = Arc::new(Rules::builtin(id).unwrap());
            if !rules.lists_moves_without_sowing() {
                continue;
            }
            lazy_games += 1;
            let mut game = Game::new(rules.clone());
            let mut rng = rand::rngs::SmallRng::seed_from_u64(21);
            for _ in 0..100 {
                game.restart();
                while !game.is_over() {
                    let pos = *game.position();
                    let all = rules.successors(&pos);
                    assert_eq!(game.legal_moves(), all.moves(), "{id} at {pos:?}");
                    assert_eq!(game.legal_len(), all.len());
                    let index = rng.random_range(0..all.len());
                    game.play_index(index);
                    let child = all.as_slice()[index];
                    assert_eq!(game.moves().last(), Some(&child.mv));
                    if !game.is_over() && game.round_starts().is_empty() {
                        assert_eq!(*game.position(), child.pos, "{id}: {:?}", child.mv);
                        // Asked for, the full list is there too.
                        assert_eq!(game.successors(), rules.successors(&child.pos).as_slice());
                    }
                }
            }
        }
        // Kalah and its variant at least.
        assert!(
            lazy_games >= 2,
            "{lazy_games} games list moves without sowing"
        );
    }
}
