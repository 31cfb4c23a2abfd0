//! When a game ends, what a position is for repetition, and whose value is
//! whose: the rules every caller (the [`Game`](crate::Game), the fast
//! [`Line`](crate::Line) of a search, the solver) asks here instead of
//! re-deriving them.
//!
//! After a move the checks run in one fixed order, all in
//! [`Rules::verdict`]: an endless sowing, then the checks that need only the
//! position ([`Rules::end_before_moves`]: the majority rule, unless the
//! seeds left are too few and picked up, an empty board, an empty row),
//! then no legal move, then repetition, then the ply limit
//! ([`MAX_GAME_PLIES`]), all in [`Rules::judge`]. A new end rule is one
//! edit here.

use std::fmt;

use crate::moves::Successors;
use crate::position::{MAX_HOLES, Move, Position, Side};
use crate::rules::Rules;
use crate::spec::{Repetition, ResultRule, Settlement, Stuck};

/// A score in seeds, kept in half seeds so that an equal share of an odd
/// number of seeds is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub u32);

impl Score {
    /// A whole number of seeds.
    pub fn seeds(n: u32) -> Score {
        Score(2 * n)
    }
    /// The score as a number of seeds.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 2.0
    }
    /// Whether the score is a whole number of seeds.
    pub fn is_whole(self) -> bool {
        self.0.is_multiple_of(2)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_whole() {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The player to move had no legal move.
    NoMoves,
    /// The board is empty.
    BoardEmpty,
    /// The position after the last move had occurred before.
    Repetition,
    /// A player holds more than half the seeds, or both hold half.
    Majority,
    /// The last move's sowing never ends (`endless = "draw"`).
    EndlessMove,
    /// A row is empty (`any_row_empty`: Kalah ends so, whoever is to move).
    RowEmpty,
    /// The game lasted [`MAX_GAME_PLIES`] plies: a draw.
    PlyLimit,
    /// Fewer seeds are left than `too_few_seeds`.
    TooFewSeeds,
}

/// The longest game, in plies: a game still going after this many plies
/// ends in a draw ([`EndReason::PlyLimit`]), the board shared as after an
/// endless sowing. Only rule files without a repetition rule can go on for
/// ever; every command (`play`, `match`, `bench`, the web server) ends such
/// games here, through [`Game`], so they all agree on it.
pub const MAX_GAME_PLIES: u32 = 10_000;

// A position's ply fits its two bytes.
const _: () = assert!(MAX_GAME_PLIES <= u16::MAX as u32);

impl EndReason {
    /// A short English phrase.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::NoMoves => "the player to move has no legal move",
            EndReason::BoardEmpty => "the board is empty",
            EndReason::Repetition => "a position repeated",
            EndReason::Majority => "a player holds a majority of the seeds",
            EndReason::EndlessMove => "a sowing that never ends was played",
            EndReason::RowEmpty => "a row is empty",
            EndReason::PlyLimit => "the game reached the limit of 10000 plies and is drawn",
            EndReason::TooFewSeeds => "too few seeds are left to change the outcome",
        }
    }
}

/// How a finished game came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Why it ended.
    pub reason: EndReason,
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Final totals (captures plus the end-of-game collection or share),
    /// South first; `None` in games without a score (deprivation games).
    pub score: Option<[Score; 2]>,
}

/// The outcome of a game that ends in `pos` for `reason`.
pub fn settle(rules: &Rules, pos: &Position, reason: EndReason) -> Outcome {
    let end = &rules.end;
    match end.result {
        ResultRule::Deprivation => {
            let mover = pos.to_move;
            let emptied = |side| rules.row_is_empty(pos, side);
            let winner = match reason {
                // On four rows (`rows.inner_row_empty_loses`): the player
                // whose inner row is empty loses.
                EndReason::RowEmpty if rules.inner_row_empty_loses() => {
                    let occupied = pos.occupied();
                    Side::BOTH
                        .into_iter()
                        .find(|side| occupied & rules.layout.inner_mask[side.index()] != 0)
                }
                // A row emptied by the last move: under `empty_row_wins` its
                // owner wins (the mover's first); under `mover_row_empty`
                // the player to move loses if left without seeds, else the
                // mover, who emptied their own row, does.
                EndReason::RowEmpty if end.empty_row_wins => {
                    let last = pos.last_mover();
                    if pos.ply() > 0 && emptied(last) {
                        Some(last)
                    } else if emptied(mover) {
                        Some(mover)
                    } else {
                        None
                    }
                }
                EndReason::RowEmpty if end.mover_row_empty && !emptied(mover) => {
                    Some(pos.last_mover().opponent())
                }
                EndReason::NoMoves
                | EndReason::BoardEmpty
                | EndReason::RowEmpty
                | EndReason::TooFewSeeds => {
                    if rules.row_is_empty(pos, mover) || end.stuck == Stuck::Loss {
                        Some(mover.opponent())
                    } else {
                        None
                    }
                }
                EndReason::Repetition
                | EndReason::Majority
                | EndReason::EndlessMove
                | EndReason::PlyLimit => None,
            };
            Outcome {
                reason,
                winner,
                score: None,
            }
        }
        ResultRule::Seeds => {
            let settlement = match reason {
                EndReason::Repetition => match end.repetition {
                    Repetition::Share => Settlement::Share,
                    _ => Settlement::CollectOwn,
                },
                EndReason::EndlessMove | EndReason::PlyLimit => Settlement::Share,
                EndReason::TooFewSeeds if end.too_few_to_mover => Settlement::LastMover,
                EndReason::TooFewSeeds if end.too_few_to_starter => {
                    return starter_outcome(pos, reason);
                }
                EndReason::Majority if end.rest_to_winner => {
                    return rest_to_winner_outcome(pos, reason);
                }
                EndReason::NoMoves
                | EndReason::BoardEmpty
                | EndReason::Majority
                | EndReason::RowEmpty
                | EndReason::TooFewSeeds => end.no_moves,
            };
            // Seeds in owned holes are their owner's, in rams nobody's: only
            // the plain holes are settled.
            let on_board = rules.unclaimed_seeds(pos);
            let unfed = pos.to_move.opponent();
            let settlement = if end.unfed_takes_rest
                && reason == EndReason::NoMoves
                && rules.row_is_empty(pos, unfed)
                && rules.row_seeds(pos, pos.to_move) > 0
            {
                return unfed_outcome(pos, reason, unfed);
            } else {
                settlement
            };
            let score = Side::BOTH.map(|side| {
                let own = match settlement {
                    Settlement::CollectOwn => 2 * rules.plain_row_seeds(pos, side),
                    Settlement::Share => on_board,
                    Settlement::LastMover => 2 * on_board * (side == pos.last_mover()) as u32,
                    Settlement::Removed => 0,
                    Settlement::ShareOddToBehind => {
                        let behind = pos.held(side) < pos.held(side.opponent());
                        match (on_board % 2, pos.held(side) == pos.held(side.opponent())) {
                            (0, _) | (_, true) => on_board,
                            _ if behind => on_board + 1,
                            _ => on_board - 1,
                        }
                    }
                };
                Score(2 * pos.held(side) + own)
            });
            let winner = if matches!(reason, EndReason::EndlessMove | EndReason::PlyLimit) {
                None
            } else {
                ahead(score[0], score[1])
            };
            Outcome {
                reason,
                winner,
                score: Some(score),
            }
        }
    }
}

/// South when `south` is more, North when `north` is, none on a tie: who is
/// ahead by a score or a count of seeds.
pub(crate) fn ahead<T: Ord>(south: T, north: T) -> Option<Side> {
    match south.cmp(&north) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    }
}

/// The outcome when the game's (round's) starter takes the seeds left on
/// the board (`end.too_few_to_starter`).
#[cold]
fn starter_outcome(pos: &Position, reason: EndReason) -> Outcome {
    let starter = if pos.opened & crate::position::NORTH_STARTED != 0 {
        Side::North
    } else {
        Side::South
    };
    let rest = pos.plain_seeds();
    let score =
        Side::BOTH.map(|side| Score(2 * pos.held(side) + 2 * rest * (side == starter) as u32));
    let winner = ahead(score[0], score[1]);
    Outcome {
        reason,
        winner,
        score: Some(score),
    }
}

/// The outcome when the player holding more seeds (their captures and owned
/// holes) takes the seeds left on the board (`end.rest_to_winner`).
#[cold]
fn rest_to_winner_outcome(pos: &Position, reason: EndReason) -> Outcome {
    let held = Side::BOTH.map(|side| pos.held(side));
    let winner = ahead(held[0], held[1]);
    let rest = pos.plain_seeds();
    let score = Side::BOTH.map(|side| {
        let own = match winner {
            Some(w) if w == side => 2 * rest,
            Some(_) => 0,
            // Both exactly at the majority: the rest, if any, is shared.
            None => rest,
        };
        Score(2 * pos.held(side) + own)
    });
    Outcome {
        reason,
        winner,
        score: Some(score),
    }
}

/// The outcome when the player to move cannot feed `unfed`, who takes the seeds left.
fn unfed_outcome(pos: &Position, reason: EndReason, unfed: Side) -> Outcome {
    let score = Side::BOTH.map(|side| {
        let rest = if side == unfed {
            pos.seeds_on_board()
        } else {
            0
        };
        Score::seeds(pos.captured(side) + rest)
    });
    let winner = ahead(score[0], score[1]);
    Outcome {
        reason,
        winner,
        score: Some(score),
    }
}

/// What identifies a position for repetition: the board, the player to move,
/// the owned holes, the holes out of play and, in games with an opening
/// restriction, who has opened. Captures are
/// not part of it: a capture starts the history afresh (seeds never return
/// to the board, so no position before it can recur).
///
/// Equality compares a 64-bit hash first, then the exact board and state,
/// so a search compares keys fast and a hash collision never fakes a
/// repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    // Field order matters: the derived `eq` compares the hash first.
    hash: u64,
    state: u8,
    board: [u8; MAX_HOLES],
    /// Each player's owned holes (`[owned]` games; else 0).
    owned: [u32; 2],
    /// The holes out of play (a round's blocked holes, closed holes; else 0).
    /// The holes moved from are left out: their rules refuse repetition rules.
    blocked: u32,
}

impl RepetitionKey {
    /// The key's 64-bit hash (equal keys have equal hashes).
    #[inline]
    pub fn hash64(&self) -> u64 {
        self.hash
    }

    /// The index of the first key of `earlier` equal to this one.
    #[inline]
    pub fn find_in(&self, earlier: &[RepetitionKey]) -> Option<usize> {
        earlier.iter().position(|e| e == self)
    }
}

/// What the rules say about a position reached by a move: the game is over,
/// or it goes on with these moves and this repetition key.
// `Live` is large (the successors), but boxing it would allocate at every
// node of a search: the value is moved once and matched at once.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
pub enum Verdict {
    /// The game is over.
    End {
        /// Why.
        reason: EndReason,
        /// For a repetition: the index, in the history given to
        /// [`Rules::verdict`], of the earlier occurrence.
        repeated: Option<usize>,
    },
    /// The game goes on.
    Live {
        /// The position's legal moves (never empty).
        succ: Successors,
        /// Its repetition key, to push on the history.
        key: RepetitionKey,
    },
}

impl Rules {
    /// The end checks that need only the position, in the rules' order: a
    /// majority of the seeds captured ([`EndReason::Majority`]), then an
    /// empty board in games won on seeds ([`EndReason::BoardEmpty`]), then an
    /// empty row where that ends the game ([`EndReason::RowEmpty`]).
    /// [`Rules::verdict`] runs them after a move, before listing its moves.
    // Always inlined: it runs twice a ply of play, and its rare checks
    // (rams) tip the compiler's inlining choice otherwise.
    #[inline(always)]
    pub fn end_before_moves(&self, pos: &Position) -> Option<EndReason> {
        self.end_before_moves_given(pos, pos.occupied())
    }

    /// [`Rules::end_before_moves`] given `occupied`, the holes of `pos`
    /// holding seeds ([`Position::occupied`]): a game that lists moves
    /// without sowing them finds its moves from the same mask.
    #[inline(always)]
    fn end_before_moves_given(&self, pos: &Position, occupied: u32) -> Option<EndReason> {
        let end = &self.end;
        let row_empty = |side| self.row_is_empty_given(pos, side, occupied);
        if self.rare_ends
            && let Some(reason) = self.majority_ends(pos)
        {
            // The seeds left, when too few, are picked up as part of the
            // move (`too_few_to_mover`, `too_few_to_starter`), before
            // anyone's seeds are counted: StoneShark's capture step picks
            // them before its win check (Nsa Isong, Ba-awa).
            if (end.too_few_to_mover || end.too_few_to_starter) && self.too_few_left(pos) {
                return Some(EndReason::TooFewSeeds);
            }
            return Some(reason);
        }
        if end.result == ResultRule::Seeds && occupied == 0 {
            return Some(EndReason::BoardEmpty);
        }
        if self.rare_ends
            && let Some(reason) = self.rare_row_ends(pos, occupied)
        {
            return Some(reason);
        }
        if end.any_row_empty && Side::BOTH.into_iter().any(row_empty) {
            return Some(EndReason::RowEmpty);
        }
        None
    }

    /// The checks of [`Rules::end_before_moves`] before an empty board,
    /// with `rare_ends`: the majority rules.
    // Always inlined, as `end_before_moves`: they cost the games with these
    // rules no call.
    #[inline(always)]
    fn majority_ends(&self, pos: &Position) -> Option<EndReason> {
        let end = &self.end;
        if end.majority {
            // Captures doubled against all the seeds: more than half, or
            // both exactly half.
            let half = self.layout.total_seeds;
            // Seeds in a player's owned holes are theirs as their captures are.
            let [s, n] = if self.owning.is_some() {
                [2 * pos.held(Side::South), 2 * pos.held(Side::North)]
            } else {
                [2 * pos.captured(Side::South), 2 * pos.captured(Side::North)]
            };
            if s > half || n > half || (s == half && n == half) {
                return Some(EndReason::Majority);
            }
        }
        if let Some(win) = end.win_seeds
            && (pos.captured(Side::South) > win || pos.captured(Side::North) > win)
        {
            return Some(EndReason::Majority);
        }
        None
    }

    /// Whether too few seeds are left on the board (`end.too_few_seeds`).
    #[inline(always)]
    fn too_few_left(&self, pos: &Position) -> bool {
        // A seed sown into an owned hole changes the count: while a hole
        // is owned, few seeds can still change the outcome.
        self.end.too_few_seeds.is_some_and(|fewest| {
            let left = pos.seeds_on_board();
            left > 0 && left < fewest && pos.owned == [0, 0]
        })
    }

    /// The checks of [`Rules::end_before_moves`] after an empty board, with
    /// `rare_ends`: too few seeds left, and the rows that end the game for
    /// whom they are empty. `occupied` as there.
    #[inline(always)]
    fn rare_row_ends(&self, pos: &Position, occupied: u32) -> Option<EndReason> {
        let end = &self.end;
        if self.too_few_left(pos) {
            return Some(EndReason::TooFewSeeds);
        }
        // A row whose seeds are all in rams counts as empty (`moves.rams`).
        if end.mover_row_empty && pos.ply() > 0 && self.row_is_bare(pos, pos.last_mover(), occupied)
        {
            return Some(EndReason::RowEmpty);
        }
        if end.opponent_row_empty
            && pos.ply() > 0
            && self.row_is_bare(pos, pos.last_mover().opponent(), occupied)
        {
            return Some(EndReason::RowEmpty);
        }
        if self.inner_row_empty_loses()
            && Side::BOTH
                .into_iter()
                .any(|side| occupied & self.layout.inner_mask[side.index()] == 0)
        {
            return Some(EndReason::RowEmpty);
        }
        if end.empty_row_wins
            && Side::BOTH
                .into_iter()
                .any(|side| self.row_is_empty_given(pos, side, occupied))
        {
            return Some(EndReason::RowEmpty);
        }
        None
    }

    /// Whether the mover can only pass and the opponent, after the pass,
    /// could only pass too (`end.both_stuck`).
    #[cold]
    fn both_stuck(&self, succ: &Successors) -> bool {
        match succ.as_slice() {
            [only] if only.mv == Move::Pass => {
                let next = self.successors(&only.pos);
                next.as_slice().iter().all(|c| c.mv == Move::Pass)
            }
            _ => false,
        }
    }

    /// Whether an empty inner row loses the game (four rows,
    /// `rows.inner_row_empty_loses`).
    #[inline]
    pub(crate) fn inner_row_empty_loses(&self) -> bool {
        self.rows.is_some_and(|r| r.inner_row_empty_loses)
    }

    /// Whether a repeated position ends the game.
    #[inline]
    pub fn repetition_ends_game(&self) -> bool {
        self.end.repetition != Repetition::None
    }

    /// The repetition key of `pos`.
    #[inline]
    pub fn repetition_key(&self, pos: &Position) -> RepetitionKey {
        let state = pos.to_move as u8 | (pos.opened & self.opened_key_mask) << 1;
        let mut hash = 0x6d61_6e63_616c_6121 ^ state as u64;
        // The words of the board's holes: past them every byte is 0.
        for chunk in pos
            .board
            .chunks_exact(8)
            .take(self.layout.holes.div_ceil(8))
        {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            hash = (hash ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            hash ^= hash >> 29;
        }
        // One test for the rare hole states: the keys of the plain games,
        // and of games without holes out of play, keep their hashes.
        if pos.owned[0] | pos.owned[1] | pos.blocked != 0 {
            let word = pos.owned[0] as u64 | (pos.owned[1] as u64) << 32;
            hash = (hash ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            hash ^= hash >> 29;
            if pos.blocked != 0 {
                hash = (hash ^ pos.blocked as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                hash ^= hash >> 29;
            }
        }
        RepetitionKey {
            hash,
            state,
            board: pos.board,
            owned: pos.owned,
            blocked: pos.blocked,
        }
    }

    /// Every end check for `pos`, reached by a move whose sowing is
    /// `endless` (see [`Child::endless`](crate::Child)), or a game's start
    /// (`endless = false`): an endless sowing, then
    /// [`Rules::end_before_moves`], then no legal move, then repetition of
    /// a position of `since_capture` (the positions since the last capture,
    /// oldest first; empty when the move captured).
    ///
    /// [`Game`](crate::Game) and [`Line`](crate::Line) both decide here
    /// (through [`Rules::judge`]).
    #[inline]
    pub fn verdict(
        &self,
        pos: &Position,
        endless: bool,
        since_capture: &[RepetitionKey],
    ) -> Verdict {
        let succ = self.successors(pos);
        match self.judge(pos, endless, &succ, since_capture) {
            Ok(key) => Verdict::Live { succ, key },
            Err(Ending { reason, repeated }) => Verdict::End { reason, repeated },
        }
    }

    /// [`Rules::verdict`] for a caller that has listed the moves of `pos`
    /// already (`succ`, from [`Rules::successors`]) and keeps them: a search
    /// that should not move them around. The repetition key of a live
    /// position, or how the game ends.
    #[inline]
    pub fn judge(
        &self,
        pos: &Position,
        endless: bool,
        succ: &Successors,
        since_capture: &[RepetitionKey],
    ) -> Result<RepetitionKey, Ending> {
        self.judge_by(
            pos,
            endless,
            || succ.is_empty() || (self.end.both_stuck && self.both_stuck(succ)),
            since_capture,
        )
    }

    /// [`Rules::judge`], told by `stuck` whether the mover has no legal
    /// move (asked only when the position does not end the game before).
    #[inline(always)]
    fn judge_by(
        &self,
        pos: &Position,
        endless: bool,
        stuck: impl FnOnce() -> bool,
        since_capture: &[RepetitionKey],
    ) -> Result<RepetitionKey, Ending> {
        self.judge_position(pos, endless)?;
        let key = self.repetition_key(pos);
        self.judge_moves(pos, stuck, Some(&key), since_capture)?;
        Ok(key)
    }

    /// The checks of [`Rules::judge`] that need only the position: an
    /// endless sowing, then [`Rules::end_before_moves`].
    #[inline(always)]
    fn judge_position(&self, pos: &Position, endless: bool) -> Result<(), Ending> {
        self.judge_position_given(pos, endless, pos.occupied())
    }

    /// [`Rules::judge_position`] given the holes of `pos` holding seeds
    /// (`occupied`), as [`Rules::end_before_moves_given`].
    #[inline(always)]
    fn judge_position_given(
        &self,
        pos: &Position,
        endless: bool,
        occupied: u32,
    ) -> Result<(), Ending> {
        if endless {
            return Err(Ending::by(EndReason::EndlessMove));
        }
        match self.end_before_moves_given(pos, occupied) {
            Some(reason) => Err(Ending::by(reason)),
            None => Ok(()),
        }
    }

    /// The checks of [`Rules::judge`] after those that need only the
    /// position: no legal move (`stuck`), repetition of `key` (the
    /// position's, needed where the rules end a game on a repetition), the
    /// ply limit.
    #[inline(always)]
    fn judge_moves(
        &self,
        pos: &Position,
        stuck: impl FnOnce() -> bool,
        key: Option<&RepetitionKey>,
        since_capture: &[RepetitionKey],
    ) -> Result<(), Ending> {
        if stuck() {
            return Err(Ending::by(EndReason::NoMoves));
        }
        if self.repetition_ends_game() {
            let key = key.expect("the key of a position that may repeat");
            if let Some(at) = key.find_in(since_capture) {
                return Err(Ending {
                    reason: EndReason::Repetition,
                    repeated: Some(at),
                });
            }
        }
        if pos.ply() >= MAX_GAME_PLIES {
            return Err(Ending::by(EndReason::PlyLimit));
        }
        Ok(())
    }

    /// [`Rules::judge_moves`] for a [`Game`](crate::Game), which keeps the
    /// keys of the positions since the last capture (`history`) only where
    /// the rules end a game on a repetition: there the key of a live
    /// position is pushed on it; elsewhere none is made.
    #[inline(always)]
    fn judge_moves_kept(
        &self,
        pos: &Position,
        stuck: impl FnOnce() -> bool,
        history: &mut Vec<RepetitionKey>,
    ) -> Result<(), Ending> {
        if !self.repetition_ends_game() {
            return self.judge_moves(pos, stuck, None, &[]);
        }
        // The key made in its place on the history, and compared there: a
        // key made aside and then copied is read whole just after being
        // written a field at a time, which waits for the writes.
        history.push(self.repetition_key(pos));
        let (key, earlier) = history.split_last().expect("a key was just pushed");
        let verdict = self.judge_moves(pos, stuck, Some(key), earlier);
        if verdict.is_err() {
            history.pop();
        }
        verdict
    }

    /// [`Rules::verdict`] for a [`Game`](crate::Game), which keeps one list
    /// of moves and has it refilled in place every move (a copy of the list
    /// per move costs as much as a short sowing), and its history as
    /// [`Rules::judge_moves_kept`] says. The moves are not listed when the
    /// position already ends the game.
    // Always inlined, as `judge_without_sowing`: a call's frame costs as
    // much as the checks around the listing.
    #[inline(always)]
    pub(crate) fn judge_into(
        &self,
        pos: &Position,
        endless: bool,
        succ: &mut Successors,
        history: &mut Vec<RepetitionKey>,
    ) -> Result<(), Ending> {
        // One mask of the holes holding seeds for the end checks and the moves.
        let occupied = pos.occupied();
        self.judge_position_given(pos, endless, occupied)?;
        self.successors_into_given(pos, succ, occupied);
        self.judge_moves_kept(
            pos,
            || succ.is_empty() || (self.end.both_stuck && self.both_stuck(succ)),
            history,
        )
    }

    /// [`Rules::judge_into`] for rules that list moves without sowing them
    /// ([`Rules::lists_moves_without_sowing`]): the holes of the legal
    /// moves are put in `legal` (one bit a hole), and none is sown.
    // Always inlined: its few checks cost less than a call's frame.
    #[inline(always)]
    pub(crate) fn judge_without_sowing(
        &self,
        pos: &Position,
        endless: bool,
        legal: &mut u32,
        history: &mut Vec<RepetitionKey>,
    ) -> Result<(), Ending> {
        *legal = 0;
        // One mask of the holes holding seeds for the end checks and the moves.
        let occupied = pos.occupied();
        self.judge_position_given(pos, endless, occupied)?;
        *legal = self.holes_without_sowing(pos, occupied);
        self.judge_moves_kept(pos, || *legal == 0, history)
    }
}

/// How a game ends after a move (see [`Rules::judge`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Why.
    pub reason: EndReason,
    /// For a repetition: the index, in the history given, of the earlier
    /// occurrence.
    pub repeated: Option<usize>,
}

impl Ending {
    /// An end that is not a repetition.
    fn by(reason: EndReason) -> Ending {
        Ending {
            reason,
            repeated: None,
        }
    }
}

impl Position {
    /// Seeds taken off the board so far (captured or removed), by both
    /// players. A move that changes it is a capture: the repetition history
    /// starts afresh after it.
    #[inline]
    pub fn seeds_taken(&self) -> u32 {
        let [south, north] = self.captured;
        let [south_removed, north_removed] = self.removed;
        // The four bytes summed into the top one: no carry, as a game holds
        // at most `MAX_SEEDS` (255) seeds.
        u32::from_le_bytes([south, north, south_removed, north_removed]).wrapping_mul(0x0101_0101)
            >> 24
    }

    /// [`Position::seeds_taken`] of a position a move has just written a
    /// byte at a time (a move made in place): read byte by byte, as one
    /// wider read of bytes written apart waits for them to reach the cache.
    #[inline]
    pub(crate) fn seeds_taken_just_written(&self) -> u32 {
        let [south, north] = self.captured;
        let [south_removed, north_removed] = self.removed;
        let taken = south as u32 + north as u32 + south_removed as u32 + north_removed as u32;
        debug_assert_eq!(taken, self.seeds_taken());
        taken
    }
}

/// Turns a value for the player to move at a child position into a value
/// for the player to move at its parent: negated when the move handed the
/// turn to the opponent, kept when the same player moves again (an extra
/// turn). Every search and solver backs values up through this.
///
/// ```
/// use mancala_core::{Side, value_for};
/// assert_eq!(value_for(Side::South, Side::North, 3), -3);
/// assert_eq!(value_for(Side::South, Side::South, 3), 3);
/// ```
#[inline]
pub fn value_for<V: std::ops::Neg<Output = V>>(
    parent_mover: Side,
    child_mover: Side,
    value: V,
) -> V {
    if parent_mover == child_mover {
        value
    } else {
        -value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_emptied_opponents_row_ends_the_game_only_when_asked() {
        let text = |extra: &str| {
            format!(
                "name = \"E\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
                 [sowing]\nstart = \"next\"\n[end]\n{extra}\n"
            )
        };
        let r = Rules::from_toml("e", &text("opponent_row_empty = true"), "e.toml").unwrap();
        let plain = Rules::from_toml("e", &text(""), "e.toml").unwrap();
        // South has just moved (North to move) and North's row is empty.
        let north_empty = r
            .position(&[4, 1, 1, 0, 0, 0], [3, 3], Side::North, 5)
            .unwrap();
        assert_eq!(r.end_before_moves(&north_empty), Some(EndReason::RowEmpty));
        assert_eq!(plain.end_before_moves(&north_empty), None);
        // South's own row empty after South's move: the game goes on.
        let south_empty = r
            .position(&[0, 0, 0, 4, 1, 1], [3, 3], Side::North, 5)
            .unwrap();
        assert_eq!(r.end_before_moves(&south_empty), None);
        assert_ne!(r.play_fingerprint(), plain.play_fingerprint());
    }

    #[test]
    fn majority_is_checked_before_an_empty_board() {
        let oware = Rules::builtin("oware").unwrap();
        let empty = [0u8; 12];
        let pos =
            |board: &[u8], captured| oware.position(board, captured, Side::South, 40).unwrap();
        assert_eq!(
            oware.end_before_moves(&pos(&empty, [25, 23])),
            Some(EndReason::Majority)
        );
        assert_eq!(
            oware.end_before_moves(&pos(&empty, [24, 24])),
            Some(EndReason::Majority)
        );
        let mut board = empty;
        board[3] = 8;
        assert_eq!(oware.end_before_moves(&pos(&board, [20, 20])), None);
        assert_eq!(oware.end_before_moves(&pos(&board, [17, 23])), None);
        // Without a majority rule an empty board ends a seeds game.
        let tihbat = Rules::builtin("tihbat").unwrap();
        let half = tihbat.total_seeds() / 2;
        let done = tihbat
            .position(&[0; 4], [half + 1, half - 1], Side::North, 30)
            .unwrap();
        assert_eq!(tihbat.end_before_moves(&done), Some(EndReason::BoardEmpty));
        assert!(matches!(
            tihbat.verdict(&done, false, &[]),
            Verdict::End {
                reason: EndReason::BoardEmpty,
                ..
            }
        ));
        // An endless sowing comes first of all.
        assert!(matches!(
            tihbat.verdict(&done, true, &[]),
            Verdict::End {
                reason: EndReason::EndlessMove,
                ..
            }
        ));
    }

    #[test]
    fn repetition_keys_are_board_mover_and_the_opening_that_matters() {
        let tihbat = Rules::builtin("tihbat").unwrap();
        let a = tihbat
            .position(&[1, 2, 0, 3], [1, 1], Side::South, 10)
            .unwrap();
        let later = tihbat
            .position(&[1, 2, 0, 3], [2, 0], Side::South, 14)
            .unwrap();
        let other_mover = tihbat
            .position(&[1, 2, 0, 3], [1, 1], Side::North, 10)
            .unwrap();
        let other_board = tihbat
            .position(&[2, 1, 0, 3], [1, 1], Side::South, 10)
            .unwrap();
        let key = tihbat.repetition_key(&a);
        assert_eq!(key, tihbat.repetition_key(&later));
        assert_eq!(key.hash64(), tihbat.repetition_key(&later).hash64());
        assert_ne!(key, tihbat.repetition_key(&other_mover));
        assert_ne!(key, tihbat.repetition_key(&other_board));
        assert_eq!(
            key.find_in(&[tihbat.repetition_key(&other_board), key]),
            Some(1)
        );
        // Who has opened counts only in games that restrict the opening.
        let fresh = tihbat
            .position(&[1, 2, 0, 3], [1, 1], Side::South, 0)
            .unwrap();
        assert_eq!(key, tihbat.repetition_key(&fresh));
        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        assert_eq!(sadeqa.spec().moves.opening, crate::spec::Opening::Rightmost);
        let board = [1u8; 12];
        let opened = sadeqa.position(&board, [0, 0], Side::South, 2).unwrap();
        let unopened = sadeqa.position(&board, [0, 0], Side::South, 0).unwrap();
        assert_ne!(
            sadeqa.repetition_key(&opened),
            sadeqa.repetition_key(&unopened)
        );
    }

    /// A move that hands the turn over negates a value; a move after which
    /// the same player moves again (an extra turn, which no built-in game
    /// has yet) keeps it.
    #[test]
    fn values_follow_the_player_to_move() {
        for side in Side::BOTH {
            assert_eq!(value_for(side, side.opponent(), 7), -7);
            assert_eq!(value_for(side, side, 7), 7);
            assert_eq!(value_for(side, side, -2.5f64), -2.5);
            // Backed up two plies: an extra turn then a hand-over.
            let grandchild = -4;
            let child = value_for(side.opponent(), side.opponent().opponent(), grandchild);
            assert_eq!(value_for(side, side.opponent(), child), grandchild);
            assert_eq!(
                value_for(side, side, value_for(side, side.opponent(), grandchild)),
                4
            );
        }
    }

    /// Hand-checked: 48 seeds, `win_seeds = 44` (a match of rounds where a
    /// player left with fewer than 4 seeds cannot fill a hole). 44 captured
    /// is not past it, 45 is; half the seeds is no longer an end.
    #[test]
    fn win_seeds_ends_the_game_past_its_threshold() {
        let text = "name = \"W\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n\
            [sowing]\nstart = \"next\"\n[end]\nwin_seeds = 44\n";
        let rules = Rules::from_toml("w", text, "w.toml").unwrap();
        let pos =
            |board: &[u8], captured| rules.position(board, captured, Side::South, 40).unwrap();
        let mut board = [0u8; 12];
        board[2] = 4;
        assert_eq!(rules.end_before_moves(&pos(&board, [44, 0])), None);
        assert_eq!(rules.end_before_moves(&pos(&board, [30, 14])), None);
        board[2] = 3;
        board[8] = 1;
        assert_eq!(
            rules.end_before_moves(&pos(&board, [0, 44])),
            None,
            "44 is not more than 44"
        );
        board[8] = 0;
        assert_eq!(
            rules.end_before_moves(&pos(&board, [0, 45])),
            Some(EndReason::Majority)
        );
        for (bad, why) in [("48", "between 1 and 47"), ("0", "between 1 and 47")] {
            let err = Rules::from_toml("w", &text.replace("44", bad), "w.toml").unwrap_err();
            assert!(err.to_string().contains(why), "{err}");
            assert!(err.to_string().contains("end.win_seeds"), "{err}");
        }
        let plain = Rules::from_toml("w", &text.replace("win_seeds = 44\n", ""), "w.toml").unwrap();
        assert_ne!(plain.play_fingerprint(), rules.play_fingerprint());
    }
}

#[cfg(test)]
mod both_stuck {
    use crate::{EndReason, Rules, Side, Verdict};

    /// Two seeds a hole are needed to move; four single seeds leave both
    /// players only passes: the game ends there with `both_stuck`, and
    /// without it the mover passes.
    #[test]
    fn a_game_ends_when_neither_player_can_move() {
        let text = |extra: &str| {
            format!(
                "name = \"S\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n\
                 [moves]\nmin_seeds = 2\nwhen_none = \"pass\"\n[end]\n{extra}\n"
            )
        };
        let r = Rules::from_toml("s", &text("both_stuck = true"), "s.toml").unwrap();
        let pos = r.position(&[1, 1, 1, 1], [2, 2], Side::South, 4).unwrap();
        assert!(matches!(
            r.verdict(&pos, false, &[]),
            Verdict::End {
                reason: EndReason::NoMoves,
                ..
            }
        ));
        // One player still able to move: play goes on.
        let pos = r.position(&[2, 0, 1, 1], [2, 2], Side::North, 4).unwrap();
        assert!(matches!(r.verdict(&pos, false, &[]), Verdict::Live { .. }));
        let r = Rules::from_toml("s", &text(""), "s.toml").unwrap();
        let pos = r.position(&[1, 1, 1, 1], [2, 2], Side::South, 4).unwrap();
        assert!(matches!(r.verdict(&pos, false, &[]), Verdict::Live { .. }));
        let e = Rules::from_toml(
            "s",
            &text("both_stuck = true").replace("when_none = \"pass\"", ""),
            "s.toml",
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("end.both_stuck"));
    }
}
