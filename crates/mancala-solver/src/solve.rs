//! Retrograde analysis, level by level.
//!
//! # Levels
//!
//! A capture takes seeds off the board and nothing ever puts them back, so a
//! position with `s` seeds on the board only leads to positions with `s` or
//! fewer. The solver handles the levels `s = 0, 1, 2, ...` in turn. Inside a
//! level, every move either captures (it *exits* to a lower level, whose
//! values are known) or not (it stays in the level). Moves that stay can
//! form cycles, so a level is a game graph with cycles whose exits carry
//! known values.
//!
//! # Margin databases: thresholds and attractors
//!
//! Write `v(p)` for the margin the player to move at `p` can force, where a
//! play that never leaves the level scores 0 (the seeds left are shared).
//! For a threshold `t >= 1` let `W_t` be the positions whose mover can force
//! at least `t` and `L_t` those whose mover cannot avoid `-t` or worse. With
//! `t > 0`, endless play (worth 0) helps neither side reach its threshold,
//! so these sets are the least fixed point of
//!
//! * `p` in `W_t` if some exit is worth `>= t`, or some move leads to `L_t`;
//! * `p` in `L_t` if every exit is worth `<= -t` and every move that stays
//!   leads to `W_t` (a position without moves: its settlement `<= -t`),
//!
//! which is an attractor computation: retrograde propagation along the
//! reversed edges, with a counter per position of its moves that stay and
//! whose target is not yet known to be in `W_t` (a position joins `L_t`
//! when its counter reaches 0). Then `v(p) = t` for the largest `t` with
//! `p` in `W_t`, `v(p) = -t` for the largest `t` with `p` in `L_t`, and
//! `v(p) = 0` when `p` is in neither `W_1` nor `L_1`. Both families shrink
//! as `t` grows, so one sweep from the largest threshold down to 1 computes
//! all of them: counters only ever decrease, each position is settled once,
//! and the sweep costs one visit of each reversed edge (plus a bucket per
//! threshold). This is exact on cycles, unlike repeating a Bellman update
//! from 0.
//!
//! Within a threshold the propagation is breadth first from the positions
//! that exit (or end) at once, so each position also gets its *depth*: the
//! plies until the level is left, under the quickest way to secure `v(p)`
//! when `v(p) > 0` and the slowest way to concede it when `v(p) < 0`.
//! Following moves of equal value and smaller depth never cycles.
//!
//! # Win/loss/draw databases
//!
//! The same retrograde counting with two outcomes, processed in order of
//! distance to the end of the game (a bucket queue, as Dijkstra's algorithm
//! with integer lengths): a position is won at the smallest distance of a
//! move to a lost position (or a winning exit), lost at the largest distance
//! once every move is known to lead to a won position, and drawn otherwise
//! (endless play is a draw).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::{Rules, Side};
use rayon::prelude::*;

use crate::db::Database;
use crate::eval::{DbKind, Semantics};
use crate::index::{Indexer, first_board, next_board};

/// Why a game cannot be solved by this crate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The rules use a mechanism the databases cannot represent.
    #[error("{game}: cannot build a database: {reason}")]
    Unsupported {
        /// The game's name.
        game: String,
        /// Which rule is the problem.
        reason: String,
    },
    /// The database would be too large for this machine's indices.
    #[error("{game}: {positions} positions is too many for a database")]
    TooLarge {
        /// The game's name.
        game: String,
        /// Positions the database would hold.
        positions: u64,
    },
}

/// Solves every position of the game: every board with any number of seeds
/// up to the game's total, either side to move, both players having moved.
///
/// With `progress`, shows a progress bar (positions per second) on stderr.
pub fn solve(rules: &Rules, progress: bool) -> Result<Database, SolveError> {
    solve_up_to(rules, rules.total_seeds(), progress)
}

/// Solves the positions with at most `max_seeds` seeds on the board (and
/// any captures), either side to move, both players having moved.
pub fn solve_up_to(rules: &Rules, max_seeds: u32, progress: bool) -> Result<Database, SolveError> {
    let never = AtomicBool::new(false);
    Ok(solve_up_to_until(rules, max_seeds, progress, &never)?.expect("never stopped"))
}

/// [`solve_up_to`], given up once `stop` is set (by another thread: a
/// user's Ctrl-C), looked at every few thousand positions: `None` then.
pub fn solve_up_to_until(
    rules: &Rules,
    max_seeds: u32,
    progress: bool,
    stop: &AtomicBool,
) -> Result<Option<Database>, SolveError> {
    solve_counting(rules, max_seeds, stop, |total| {
        positions_bar(total, progress)
    })
}

/// [`solve_up_to_until`] counting the positions done on the bar `bar(total)`
/// makes (a hidden bar lets another thread follow a build in the background).
pub(crate) fn solve_counting(
    rules: &Rules,
    max_seeds: u32,
    stop: &AtomicBool,
    bar: impl FnOnce(u64) -> ProgressBar,
) -> Result<Option<Database>, SolveError> {
    let started = Instant::now();
    let sem = Semantics::new(rules);
    check_supported(rules, max_seeds)?;
    let max_seeds = max_seeds.min(rules.total_seeds());
    let ix = Indexer::new(rules.holes(), max_seeds);
    let total = ix.total();
    let widest = (0..=max_seeds).map(|s| ix.level_len(s)).max().unwrap_or(0);
    if total > isize::MAX as u64 / 4 || widest >= u32::MAX as u64 / 2 {
        return Err(SolveError::TooLarge {
            game: rules.name().to_string(),
            positions: total,
        });
    }
    let bar = bar(total);
    let mut values = vec![0i8; total as usize];
    let mut depths = vec![0u16; total as usize];
    for s in 0..=max_seeds {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        bar.set_message(format!("{s} seeds on the board"));
        let off = ix.level_offset(s) as usize;
        let n = ix.level_len(s) as usize;
        let (lower_v, rest_v) = values.split_at_mut(off);
        let (lower_d, rest_d) = depths.split_at_mut(off);
        let (level_v, level_d) = (&mut rest_v[..n], &mut rest_d[..n]);
        match sem.kind {
            DbKind::Margin => {
                let Some(mut level) =
                    build_level::<MarginNode>(&sem, &ix, s, lower_v, lower_d, &bar, stop)
                else {
                    return Ok(None);
                };
                solve_margin_level(s, &mut level, level_v, level_d);
            }
            DbKind::WinLossDraw => {
                let Some(mut level) =
                    build_level::<WdlNode>(&sem, &ix, s, lower_v, lower_d, &bar, stop)
                else {
                    return Ok(None);
                };
                solve_wdl_level(&mut level, level_v, level_d);
            }
        }
    }
    bar.finish_and_clear();
    Ok(Some(Database::from_solved(
        rules,
        sem.kind,
        ix,
        values,
        depths,
        started.elapsed(),
    )))
}

/// The memory [`solve_up_to`] needs, in bytes: what it keeps (the
/// database) and the largest working set of one level on top of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryEstimate {
    /// Values and depths of every position (one byte and two), kept to the end.
    pub database: u64,
    /// The widest level's graph and queues while it is built and solved.
    pub working: u64,
}

impl MemoryEstimate {
    /// Database and working memory together: the peak.
    pub fn total(&self) -> u64 {
        self.database.saturating_add(self.working)
    }
}

/// What solving `rules` up to `max_seeds` seeds on the board will allocate,
/// before anything is allocated.
///
/// An upper bound that follows the allocations of [`solve_up_to`]: per
/// position of the widest level, its node summary twice (the chunks and
/// the collected level), its count of moves that stay twice, two `u32`
/// row starts (`pred_start` and its cursor), a `done` flag and a queue
/// entry (plus the thresholds' buckets, as large again); per move that
/// stays in the level, a `u32` child and a `u32` predecessor. Every move
/// is counted as staying (the moves of one side: at most a row of holes),
/// since which ones capture is only known once the level is generated.
pub fn memory_estimate(rules: &Rules, max_seeds: u32) -> MemoryEstimate {
    let max_seeds = max_seeds.min(rules.total_seeds());
    let ix = Indexer::new(rules.holes(), max_seeds);
    let widest = (0..=max_seeds).map(|s| ix.level_len(s)).max().unwrap_or(0);
    let node = match DbKind::of(rules) {
        DbKind::Margin => std::mem::size_of::<MarginNode>(),
        DbKind::WinLossDraw => std::mem::size_of::<WdlNode>(),
    } as u64;
    let queue_entry = std::mem::size_of::<(u32, bool, u16)>() as u64;
    let per_position = 2 * node + 2 + 2 * 4 + 1 + 3 * queue_entry;
    let per_position = per_position + 2 * 4 * rules.holes_per_row() as u64;
    MemoryEstimate {
        database: ix.total().saturating_mul(3),
        working: widest.saturating_mul(per_position),
    }
}

/// The one place that says which rules the solver cannot solve, with why.
///
/// The retrograde analysis assumes every move hands the turn to the
/// opponent (a level's graph alternates movers) and that a board plus the
/// side to move is a whole position. Rules that break this (stores that
/// hold seeds, extra turns) must be refused here until the solver handles
/// them; the engine has none yet.
pub(crate) fn check_supported(rules: &Rules, max_seeds: u32) -> Result<(), SolveError> {
    let unsupported = |reason: &str| {
        Err(SolveError::Unsupported {
            game: rules.name().to_string(),
            reason: reason.to_string(),
        })
    };
    let spec = rules.spec();
    if rules.rows() == 3 {
        return unsupported("three-row boards are not solved yet");
    }
    if rules.rows() > 2 {
        return unsupported(
            "four-row boards are not solved yet: a move that empties an inner row ends the game with seeds still in hand, off the board",
        );
    }
    if spec.end.majority {
        return unsupported(
            "end.majority ends the game on the captures made so far, which a database of boards does not know",
        );
    }
    if spec.sowing.direction == mancala_core::spec::Direction::Alternate {
        return unsupported(
            "sowing.direction = \"alternate\": each player's direction is fixed by the game's first move, which a database of boards does not know",
        );
    }
    if spec.moves.extra_turn_once {
        return unsupported(
            "moves.extra_turn_once: whether a capture earns another move depends on whether the move is itself one, which a database of boards does not know",
        );
    }
    if spec.moves.opening_shift {
        return unsupported(
            "moves.opening_shift: the first move shifts seeds instead of sowing, and a database of boards does not know which move is the first",
        );
    }
    if spec.sowing.first_moves_direction.is_some() {
        return unsupported(
            "sowing.first_moves_direction: each player's first move sows one way, and a database of boards does not know who has moved",
        );
    }
    if spec.end.too_few_to_starter {
        return unsupported(
            "end.too_few_to_starter: who takes the last seeds depends on who made the game's first move, which a database of boards does not know",
        );
    }
    if spec.end.rest_to_winner {
        return unsupported(
            "end.rest_to_winner: who takes the seeds left depends on the captures made so far, which a database of boards does not know",
        );
    }
    if spec.capture.opponent_store || spec.capture.store_lost_in.is_some() {
        return unsupported(
            "capture.opponent_store and capture.store_lost_in move the seeds in a store, which a database of boards does not know",
        );
    }
    if spec.sowing.closes_at.is_some() {
        return unsupported(
            "sowing.closes_at: closed holes are out of play for the rest of the game, which a database of boards does not know",
        );
    }
    if spec.capture.moved_from_only || spec.moves.each_hole_first {
        return unsupported(
            "capture.moved_from_only and moves.each_hole_first depend on the holes moved from so far, which a database of boards does not know",
        );
    }
    if spec.moves.rams || spec.moves.no_return {
        return unsupported(
            "moves.rams and moves.no_return bar holes by the moves before (the rams of the last change of turn, a seed's way back), which a database of boards does not know",
        );
    }
    if rules.has_rounds() {
        return unsupported(
            "the game is played in rounds, whose blocked holes and refilled boards a database of boards does not know",
        );
    }
    if rules.has_owned_holes() {
        return unsupported(
            "holes become a player's own ([owned]), which a database indexed by seed counts alone does not know",
        );
    }
    if DbKind::of(rules) == DbKind::Margin && rules.total_seeds() > i8::MAX as u32 {
        return unsupported(
            "margins of more than 127 seeds do not fit the database's one-byte values",
        );
    }
    if max_seeds > 255 {
        return unsupported("a hole holds at most 255 seeds");
    }
    Ok(())
}

/// What a node of a level knows before the level is solved: how it ends at
/// once (if it does) and what its moves out of the level are worth.
pub(crate) trait Summary: Copy + Default + Send + Sync {
    /// A position where the game is over, worth `value` to its mover.
    fn terminal(value: i32) -> Self;
    /// A move out of the level worth `value` to the mover, ending the
    /// game after `plies` plies (win/loss/draw) under best play.
    fn exit(&mut self, value: i32, plies: u32);
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct MarginNode {
    pub(crate) terminal: bool,
    /// The terminal value, or the best exit (`i16::MIN`: no exit).
    pub(crate) best: i16,
}

impl Default for MarginNode {
    fn default() -> Self {
        MarginNode {
            terminal: false,
            best: i16::MIN,
        }
    }
}

impl Summary for MarginNode {
    fn terminal(value: i32) -> Self {
        MarginNode {
            terminal: true,
            best: value as i16,
        }
    }
    #[inline]
    fn exit(&mut self, value: i32, _plies: u32) {
        self.best = self.best.max(value as i16);
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct WdlNode {
    /// `Some(result)` when the game is over here.
    pub(crate) terminal: Option<i8>,
    /// Fewest plies of a winning exit (`u32::MAX`: none).
    pub(crate) win: u32,
    /// Whether some exit draws.
    pub(crate) draw: bool,
    /// Most plies of a losing exit (0: none).
    pub(crate) lose: u32,
}

impl Default for WdlNode {
    fn default() -> Self {
        WdlNode {
            terminal: None,
            win: u32::MAX,
            draw: false,
            lose: 0,
        }
    }
}

impl Summary for WdlNode {
    fn terminal(value: i32) -> Self {
        WdlNode {
            terminal: Some(value as i8),
            ..Default::default()
        }
    }
    #[inline]
    fn exit(&mut self, value: i32, plies: u32) {
        match value.cmp(&0) {
            std::cmp::Ordering::Greater => self.win = self.win.min(plies),
            std::cmp::Ordering::Equal => self.draw = true,
            std::cmp::Ordering::Less => self.lose = self.lose.max(plies),
        }
    }
}

/// A level as a graph: node summaries, and the moves that stay in the
/// level reversed (compressed sparse rows).
struct Level<S> {
    nodes: Vec<S>,
    /// Moves of each node that stay in the level.
    counts: Vec<u8>,
    pred_start: Vec<u32>,
    preds: Vec<u32>,
}

const CHUNK: usize = 2048;

/// Generates every position of level `s` once (in parallel): terminal
/// values, exits valued from the lower levels, and the moves that stay.
/// `None` once `stop` is set (the chunks left are skipped).
fn build_level<S: Summary>(
    sem: &Semantics,
    ix: &Indexer,
    s: u32,
    lower_v: &[i8],
    lower_d: &[u16],
    bar: &ProgressBar,
    stop: &AtomicBool,
) -> Option<Level<S>> {
    let boards = ix.boards(s) as usize;
    let n = 2 * boards;
    let holes = ix.holes();
    let chunks: Vec<(Vec<S>, Vec<u8>, Vec<u32>)> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let lo = c * CHUNK;
            let hi = if stop.load(Ordering::Relaxed) {
                lo
            } else {
                (lo + CHUNK).min(n)
            };
            let mut nodes = Vec::with_capacity(hi - lo);
            let mut counts = Vec::with_capacity(hi - lo);
            let mut children = Vec::with_capacity(hi - lo);
            let mut board = [0u8; mancala_core::MAX_HOLES];
            for i in lo..hi {
                let (side, rank) = if i < boards {
                    (Side::South, i)
                } else {
                    (Side::North, i - boards)
                };
                if i == lo {
                    ix.unrank(rank as u64, s, &mut board);
                } else if rank == 0 {
                    first_board(&mut board, holes, s);
                } else {
                    next_board(&mut board, holes);
                }
                let (node, count) = node_summary::<S>(
                    sem,
                    ix,
                    s,
                    &board[..holes],
                    side,
                    lower_v,
                    lower_d,
                    &mut children,
                );
                nodes.push(node);
                counts.push(count);
            }
            bar.inc((hi - lo) as u64);
            (nodes, counts, children)
        })
        .collect();
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut nodes = Vec::with_capacity(n);
    let mut counts = Vec::with_capacity(n);
    let edges: usize = chunks.iter().map(|c| c.2.len()).sum();
    let mut pred_start = vec![0u32; n + 1];
    for (_, _, children) in &chunks {
        for &child in children {
            pred_start[child as usize + 1] += 1;
        }
    }
    for i in 0..n {
        pred_start[i + 1] += pred_start[i];
    }
    let mut cursor = pred_start.clone();
    let mut preds = vec![0u32; edges];
    let mut parent = 0u32;
    for (chunk_nodes, chunk_counts, children) in chunks {
        let mut e = 0;
        for &count in &chunk_counts {
            for &child in &children[e..e + count as usize] {
                let at = &mut cursor[child as usize];
                preds[*at as usize] = parent;
                *at += 1;
            }
            e += count as usize;
            parent += 1;
        }
        nodes.extend(chunk_nodes);
        counts.extend(chunk_counts);
    }
    Some(Level {
        nodes,
        counts,
        pred_start,
        preds,
    })
}

/// Where a move of a level's position leads, as the level's graph sees it.
pub(crate) enum Step {
    /// A move that ends the game at once (an endless sowing), worth this to
    /// the mover.
    Ends(i32),
    /// A move that stays in the level: the child's index within the level.
    Stays(u32),
    /// A move to a lower level: the child's global index; the move is worth
    /// `gain` plus the child's value, negated unless `same_mover` (an
    /// extra turn keeps the mover).
    Exits {
        index: u64,
        gain: i32,
        same_mover: bool,
    },
}

impl Step {
    /// The value of an exit for the parent's mover, from its child's value.
    #[inline]
    pub(crate) fn exit_value(gain: i32, same_mover: bool, child_value: i32) -> i32 {
        gain + if same_mover {
            child_value
        } else {
            -child_value
        }
    }
}

/// Visits the moves of position `board` (level `s`) with `side` to move:
/// returns its terminal value when the game is over there, else calls
/// `step` once per move. The one place that turns the engine's moves into
/// a level's graph, for the single-process and the distributed solvers.
#[inline]
pub(crate) fn visit_moves(
    sem: &Semantics,
    ix: &Indexer,
    s: u32,
    board: &[u8],
    side: Side,
    mut step: impl FnMut(Step),
) -> Option<i32> {
    let pos = sem.position(board, side);
    let succ = match sem.moves_or_end(&pos) {
        Ok(succ) => succ,
        Err(reason) => return Some(sem.terminal(&pos, reason)),
    };
    let holes = ix.holes();
    let boards = ix.boards(s);
    for child in succ.as_slice() {
        if child.endless {
            step(Step::Ends(sem.endless_move(&pos, child)));
            continue;
        }
        let cb = &child.pos.raw_board()[..holes];
        let cs = child.pos.seeds_on_board();
        let to_move = child.pos.to_move();
        if cs == s {
            step(Step::Stays(
                (to_move.index() as u64 * boards + ix.rank(cb)) as u32,
            ));
        } else {
            step(Step::Exits {
                index: ix.index_of(cb, cs, to_move),
                gain: sem.gain(&pos, &child.pos),
                same_mover: to_move == side,
            });
        }
    }
    None
}

/// One position of level `s`: its summary and its moves that stay in the
/// level (pushed onto `children` as indices within the level).
#[allow(clippy::too_many_arguments)]
#[inline]
fn node_summary<S: Summary>(
    sem: &Semantics,
    ix: &Indexer,
    s: u32,
    board: &[u8],
    side: Side,
    lower_v: &[i8],
    lower_d: &[u16],
    children: &mut Vec<u32>,
) -> (S, u8) {
    let mut summary = S::default();
    let mut count = 0u8;
    let terminal = visit_moves(sem, ix, s, board, side, |step| match step {
        Step::Ends(value) => summary.exit(value, 1),
        Step::Stays(within) => {
            children.push(within);
            count += 1;
        }
        Step::Exits {
            index,
            gain,
            same_mover,
        } => {
            let i = index as usize;
            let value = Step::exit_value(gain, same_mover, lower_v[i] as i32);
            summary.exit(value, lower_d[i] as u32 + 1);
        }
    });
    match terminal {
        Some(value) => (S::terminal(value), 0),
        None => (summary, count),
    }
}

/// Solves a level of a margin database (see the module documentation).
fn solve_margin_level(
    s: u32,
    level: &mut Level<MarginNode>,
    values: &mut [i8],
    depths: &mut [u16],
) {
    let n = level.nodes.len();
    let top = s as usize;
    let mut done = vec![false; n];
    // Per threshold: positions that settle there at once (depth 0: the game
    // is over; depth 1: an exit), with whether they win.
    let mut ends: Vec<Vec<(u32, bool)>> = vec![Vec::new(); top + 1];
    let mut exits: Vec<Vec<(u32, bool)>> = vec![Vec::new(); top + 1];
    for (i, node) in level.nodes.iter().enumerate() {
        let v = node.best as i32;
        if node.terminal {
            match v.cmp(&0) {
                std::cmp::Ordering::Greater => ends[v as usize].push((i as u32, true)),
                std::cmp::Ordering::Less => ends[(-v) as usize].push((i as u32, false)),
                std::cmp::Ordering::Equal => done[i] = true,
            }
        } else if v > 0 {
            exits[v as usize].push((i as u32, true));
        } else if level.counts[i] == 0 && v < 0 {
            exits[(-v) as usize].push((i as u32, false));
        }
    }
    let mut queue: Vec<(u32, bool, u16)> = Vec::new();
    for t in (1..=top).rev() {
        queue.clear();
        let seeds = std::mem::take(&mut ends[t])
            .into_iter()
            .map(|(i, w)| (i, w, 0u16));
        let seeds = seeds.chain(
            std::mem::take(&mut exits[t])
                .into_iter()
                .map(|(i, w)| (i, w, 1u16)),
        );
        for (i, win, depth) in seeds {
            let i = i as usize;
            if !done[i] {
                done[i] = true;
                values[i] = if win { t as i8 } else { -(t as i8) };
                depths[i] = depth;
                queue.push((i as u32, win, depth));
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let (q, win, depth) = queue[head];
            head += 1;
            let next = depth.saturating_add(1);
            for k in level.pred_start[q as usize]..level.pred_start[q as usize + 1] {
                let p = level.preds[k as usize] as usize;
                if done[p] {
                    continue;
                }
                if win {
                    // One more move of p is known to give the opponent >= t.
                    level.counts[p] -= 1;
                    if level.counts[p] == 0 {
                        let best = level.nodes[p].best as i32;
                        if best <= -(t as i32) {
                            done[p] = true;
                            values[p] = -(t as i8);
                            depths[p] = next;
                            queue.push((p as u32, false, next));
                        } else if best < 0 {
                            // Every move that stays is worse than the exit.
                            exits[(-best) as usize].push((p as u32, false));
                        }
                    }
                } else {
                    done[p] = true;
                    values[p] = t as i8;
                    depths[p] = next;
                    queue.push((p as u32, true, next));
                }
            }
        }
    }
    // Positions in neither W_1 nor L_1 are worth 0 (values start at 0).
}

/// The progress bar of a solve: `total` positions, hidden unless `show`.
pub(crate) fn positions_bar(total: u64, show: bool) -> ProgressBar {
    counting_bar(total, show, "positions")
}

/// A progress bar on stderr counting `total` of `what` (`positions`,
/// `boards`), hidden unless `show`. indicatif draws it only when stderr is
/// a terminal, so logs and pipes get none.
pub(crate) fn counting_bar(total: u64, show: bool, what: &str) -> ProgressBar {
    let bar = if show {
        ProgressBar::new(total)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{elapsed_precise}} [{{bar:40}}] {{human_pos}}/{{human_len}} {what} ({{per_sec}}, {{eta}} left) {{msg}}"
        ))
        .expect("a valid template")
        .progress_chars("=> "),
    );
    if show {
        // Levels can take minutes: the clock moves between them.
        bar.enable_steady_tick(std::time::Duration::from_millis(500));
    }
    bar
}

/// The bucket queue of a win/loss/draw level (see the module
/// documentation), shared by this solver and the distributed one: the
/// positions waiting to be settled, by depth, and those settled.
pub(crate) struct WdlQueue {
    pub(crate) done: Vec<bool>,
    pub(crate) buckets: Vec<Vec<(u32, bool)>>,
}

impl WdlQueue {
    /// The level's starting queue: game ends at depth 0 (drawn ones settled
    /// at once), positions with a winning exit at its depth, and positions
    /// whose every move is a losing exit at the slowest loss.
    pub(crate) fn seed(nodes: &[WdlNode], counts: &[u8]) -> WdlQueue {
        let mut queue = WdlQueue {
            done: vec![false; nodes.len()],
            buckets: Vec::new(),
        };
        for (i, node) in nodes.iter().enumerate() {
            match node.terminal {
                Some(r) if r > 0 => queue.push(0, (i as u32, true)),
                Some(r) if r < 0 => queue.push(0, (i as u32, false)),
                Some(_) => queue.done[i] = true,
                None => {
                    if node.win != u32::MAX {
                        queue.push(node.win, (i as u32, true));
                    } else if counts[i] == 0 && !node.draw {
                        queue.push(node.lose, (i as u32, false));
                    }
                }
            }
        }
        queue
    }

    fn push(&mut self, d: u32, item: (u32, bool)) {
        let d = d as usize;
        if self.buckets.len() <= d {
            self.buckets.resize_with(d + 1, Vec::new);
        }
        self.buckets[d].push(item);
    }

    /// A child of position `p` in the level was settled one ply before
    /// `next` (`child_won`: the child's mover wins). A lost child wins `p`
    /// at `next`; a won child takes a move away, and `p` loses when it has
    /// none left and no exit that wins or draws.
    pub(crate) fn child_settled(
        &mut self,
        p: usize,
        child_won: bool,
        next: u32,
        nodes: &[WdlNode],
        counts: &mut [u8],
    ) {
        if self.done[p] {
            return;
        }
        if child_won {
            counts[p] -= 1;
            let node = nodes[p];
            if counts[p] == 0 && node.win == u32::MAX && !node.draw {
                self.push(next.max(node.lose), (p as u32, false));
            }
        } else {
            self.push(next, (p as u32, true));
        }
    }
}

/// Solves a level of a win/loss/draw database (see the module documentation).
fn solve_wdl_level(level: &mut Level<WdlNode>, values: &mut [i8], depths: &mut [u16]) {
    let mut queue = WdlQueue::seed(&level.nodes, &level.counts);
    let mut d = 0;
    while d < queue.buckets.len() {
        let bucket = std::mem::take(&mut queue.buckets[d]);
        for (q, win) in bucket {
            let q = q as usize;
            if queue.done[q] {
                continue;
            }
            queue.done[q] = true;
            values[q] = if win { 1 } else { -1 };
            depths[q] = d.min(u16::MAX as usize) as u16;
            let next = d as u32 + 1;
            for k in level.pred_start[q]..level.pred_start[q + 1] {
                let p = level.preds[k as usize] as usize;
                queue.child_settled(p, win, next, &level.nodes, &mut level.counts);
            }
        }
        d += 1;
    }
    // The rest is drawn (values start at 0).
}

#[cfg(test)]
mod tests {
    use mancala_core::{Position, Side};

    use super::*;
    use crate::testgames;
    use crate::{exhaustive_value, verify};

    /// Every position of `db` with at most `max` seeds on the board.
    fn positions(db: &Database, max: u32) -> Vec<(u64, Position)> {
        let ix = db.indexer();
        let sem = Semantics::new(db.rules());
        let mut out = Vec::new();
        let mut board = [0u8; mancala_core::MAX_HOLES];
        for s in 0..=max.min(ix.max_seeds()) {
            for side in Side::BOTH {
                for rank in 0..ix.boards(s) {
                    ix.unrank(rank, s, &mut board);
                    out.push((
                        ix.index(s, side, rank),
                        sem.position(&board[..ix.holes()], side),
                    ));
                }
            }
        }
        out
    }

    #[test]
    fn tiny_games_match_the_exhaustive_search_everywhere() {
        for rules in testgames::all() {
            let db = solve(&rules, false).unwrap();
            let limit = if rules.holes() > 4 {
                7
            } else {
                rules.total_seeds()
            };
            let all = positions(&db, limit);
            let wrong: Vec<_> = all
                .par_iter()
                .filter(|(i, pos)| db.raw_value(*i) as i32 != exhaustive_value(&rules, pos))
                .map(|(i, pos)| (*i, pos.raw_board()[..rules.holes()].to_vec(), pos.to_move()))
                .collect();
            assert!(
                wrong.is_empty(),
                "{}: {} of {} positions differ, e.g. {:?}",
                rules.id(),
                wrong.len(),
                all.len(),
                &wrong[..wrong.len().min(5)]
            );
            let report = verify(&db, &rules).unwrap();
            assert!(report.is_ok(), "{}: {report}", rules.id());
        }
    }

    #[test]
    fn tihbat_matches_the_exhaustive_search_up_to_eight_seeds() {
        let rules = Rules::builtin("tihbat").unwrap();
        let db = solve(&rules, false).unwrap();
        assert_eq!(db.positions(), 2 * 35_960);
        let all = positions(&db, 8);
        let wrong = all
            .par_iter()
            .filter(|(i, pos)| db.raw_value(*i) as i32 != exhaustive_value(&rules, pos))
            .count();
        assert_eq!(wrong, 0);
        assert!(verify(&db, &rules).unwrap().is_ok());
    }

    #[test]
    fn opening_values_match_the_exhaustive_search() {
        for rules in testgames::all().into_iter().filter(|r| r.holes() == 4) {
            let db = solve(&rules, false).unwrap();
            let start = rules.start();
            assert_eq!(
                db.value(&start),
                Some(exhaustive_value(&rules, &start)),
                "{}",
                rules.id()
            );
            let moves = db.analyze(&start).unwrap();
            assert_eq!(moves.len(), rules.legal_moves(&start).len());
            for m in &moves {
                let sem = Semantics::new(&rules);
                let child = rules.successors(&start).get(m.mv).copied().unwrap();
                let expect = if child.endless {
                    sem.endless_move(&start, &child)
                } else {
                    sem.combine(&start, &m.child, exhaustive_value(&rules, &m.child))
                };
                assert_eq!(m.eval.value, expect, "{} move {:?}", rules.id(), m.mv);
            }
        }
    }

    /// Plays `pos` out with both sides choosing the first of `best_moves`;
    /// the result must be the database's value. The play is a `Game`
    /// from `pos`, so it ends exactly as the rules say (a position repeated
    /// since the last capture included).
    fn play_out(db: &Database, pos: Position) {
        let rules = db.rules();
        let predicted = db.value(&pos).unwrap();
        let me = pos.to_move();
        let mut game = mancala_core::Game::from_position(rules.clone(), pos);
        while !game.is_over() {
            let best = db.best_moves(game.position()).unwrap();
            game.play(best[0]).unwrap();
            assert!(
                game.moves().len() < 10_000,
                "{}: perfect play does not end from {:?}",
                rules.id(),
                pos
            );
        }
        let record = game.record();
        let outcome = *game.outcome().unwrap();
        let got = match db.kind() {
            DbKind::Margin => {
                let score = outcome.score.unwrap();
                let halves = score[me.index()].0 as i32 - score[me.opponent().index()].0 as i32;
                let before = pos.captured(me) as i32 - pos.captured(me.opponent()) as i32;
                assert_eq!(halves % 2, 0);
                halves / 2 - before
            }
            DbKind::WinLossDraw => match outcome.winner {
                Some(w) if w == me => 1,
                Some(_) => -1,
                None => 0,
            },
        };
        assert_eq!(
            got,
            predicted,
            "{}: {:?} from {:?}",
            rules.id(),
            record,
            pos.raw_board()
        );
    }

    #[test]
    fn perfect_play_realises_the_value() {
        let mut games = testgames::all();
        games.push(Rules::builtin("tihbat").unwrap());
        for rules in games {
            let db = solve(&rules, false).unwrap();
            play_out(&db, rules.start());
            let all = positions(&db, rules.total_seeds());
            for (_, pos) in all.iter().step_by(all.len() / 300 + 1) {
                play_out(&db, *pos);
            }
        }
    }

    #[test]
    fn verify_finds_an_injected_mismatch() {
        let rules = Rules::builtin("tihbat").unwrap();
        let mut db = solve(&rules, false).unwrap();
        let ix = db.indexer().clone();
        let index = ix.index(5, Side::North, 17);
        let old = db.raw_value(index);
        db.set_raw_value(index, old + 3);
        let report = verify(&db, &rules).unwrap();
        assert!(!report.is_ok());
        assert!(
            report
                .mismatches
                .iter()
                .any(|m| m.index == index && m.check == "value"),
            "{report}"
        );
    }

    #[test]
    fn majority_rules_are_refused() {
        let rules = Rules::builtin("oware").unwrap();
        let err = solve_up_to(&rules, 4, false).unwrap_err();
        assert!(err.to_string().contains("majority"), "{err}");
    }

    #[test]
    fn alternate_directions_are_refused_and_chosen_ones_solved() {
        let base = "name = \"D\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 1\n[sowing]\nstart = \"next\"\n";
        let text = format!("{base}direction = \"alternate\"\n");
        let rules = Rules::from_toml("d", &text, "d.toml").unwrap();
        let err = solve_up_to(&rules, 4, false).unwrap_err();
        assert!(err.to_string().contains("alternate"), "{err}");
        // Chosen directions are just more moves: the retrograde solver
        // follows the engine's successors.
        let text = format!("{base}direction = \"chosen\"\n");
        let rules = Rules::from_toml("d", &text, "d.toml").unwrap();
        assert!(solve_up_to(&rules, 4, false).is_ok());
    }

    #[test]
    fn rounds_are_refused() {
        let text = "name = \"R\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n[rounds]\n";
        let rules = Rules::from_toml("r", text, "r.toml").unwrap();
        let err = solve_up_to(&rules, 4, false).unwrap_err();
        assert!(err.to_string().contains("rounds"), "{err}");
    }

    #[test]
    fn one_extra_turn_for_a_capture_is_refused() {
        let text = "name = \"E\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n\
            [moves]\nextra_turn = \"capture\"\nextra_turn_once = true\n[capture]\nrule = \"counts\"\ncounts = [2]\n";
        let rules = Rules::from_toml("e", text, "e.toml").unwrap();
        let err = solve_up_to(&rules, 4, false).unwrap_err();
        assert!(err.to_string().contains("extra_turn_once"), "{err}");
    }

    #[test]
    fn a_shifting_first_move_is_refused() {
        let text = "name = \"S\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n[moves]\nopening_shift = true\n";
        let rules = Rules::from_toml("s", text, "s.toml").unwrap();
        let err = solve_up_to(&rules, 4, false).unwrap_err();
        assert!(err.to_string().contains("opening_shift"), "{err}");
    }

    #[test]
    fn a_first_move_of_fixed_direction_is_refused() {
        let text = "name = \"S\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\ndirection = \"chosen\"\nfirst_moves_direction = \"clockwise\"\n";
        let rules = Rules::from_toml("s", text, "s.toml").unwrap();
        let err = solve_up_to(&rules, 4, false).unwrap_err();
        assert!(err.to_string().contains("first_moves_direction"), "{err}");
    }

    #[test]
    fn closing_holes_is_refused() {
        let text = "name = \"C\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\ncloses_at = 3\n";
        let rules = Rules::from_toml("c", text, "c.toml").unwrap();
        let err = solve_up_to(&rules, 4, false).unwrap_err();
        assert!(err.to_string().contains("closes_at"), "{err}");
    }

    #[test]
    fn rules_on_the_holes_moved_from_are_refused() {
        for extra in [
            "[capture]\nrule = \"counts\"\ncounts = [2]\nmoved_from_only = true\n",
            "[moves]\neach_hole_first = true\n",
        ] {
            let text = format!(
                "name = \"M\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n{extra}"
            );
            let rules = Rules::from_toml("m", &text, "m.toml").unwrap();
            let err = solve_up_to(&rules, 4, false).unwrap_err();
            assert!(err.to_string().contains("holes moved from"), "{err}");
        }
    }

    #[test]
    fn owned_holes_are_refused() {
        let text = "name = \"O\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n[owned]\ncount = 3\n";
        let rules = Rules::from_toml("o", text, "o.toml").unwrap();
        let err = solve_up_to(&rules, 4, false).unwrap_err();
        assert!(err.to_string().contains("[owned]"), "{err}");
    }
}
