//! A lean retrograde solver for Awari: the same values and depths as
//! [`solve_up_to`](crate::solve_up_to), in a few bytes per position.
//!
//! The general solver keeps each level as an explicit graph: node
//! summaries, the moves that stay in the level and the same moves reversed
//! (about 45 bytes per position of the widest level). That limits Awari to
//! about 20 seeds on the board. This solver keeps no edges at all:
//!
//! * **One side to move.** Awari's rules treat both players alike, so the
//!   position `(board, North to move)` is worth what the board turned half
//!   round (`rot`, each row to the other side) is worth with South to move.
//!   Only the South-to-move half of a level is solved; the North half is
//!   copied from it at the end of the level (the database keeps both halves,
//!   so every reader sees the usual layout).
//! * **Forward pass.** Each position's moves are generated once by the
//!   engine of `mancala-core` (in parallel): moves to lower levels (a
//!   capture) and moves that end the game are valued at once and only their
//!   best value is kept (one byte); moves that stay in the level are only
//!   counted (a few bits).
//! * **Predecessors by un-sowing.** The retrograde propagation needs the
//!   positions that move *into* a decided position. Instead of a stored,
//!   reversed edge list they are generated from the board: for each empty
//!   hole of the mover's row and each number of seeds, take the sowing back
//!   (one seed off each following hole, the origin skipped on laps), and
//!   keep it if the last seed did not capture. This is Awari's sowing and
//!   capture written backwards; it is checked against the engine by the
//!   tests (identical databases up to 14 seeds on the board) and, while
//!   solving, by the counters: a counter that would drop below zero means
//!   the two disagree, and the solve stops.
//!
//! The algorithm per level is the one of [`crate::solve`] (thresholds from
//! the largest down, breadth-first attractors, depth = plies until the
//! level is left), so values and depths are those of the general solver;
//! a move to a position where the game is over is treated as a move out of
//! the level (its value is known at once), which gives the same values and
//! depths as propagating from that position.
//!
//! # Memory
//!
//! Per position kept: a value byte and a two-byte depth, both sides to move
//! (as the general solver, so perfect play keeps its tie-break). Per board
//! of the level being solved (South to move only): a counter byte with a
//! "decided" flag, the best exit (one byte), and a four-byte queue entry at
//! most; the level's depths are written straight into the database. So
//! about 3 bytes per stored position plus 6 bytes per board of the widest
//! level: Awari up to 24 seeds (2.5 billion positions) needs about 10 GiB.
//!
//! The lean solver is single-process only (the distributed solver keeps the
//! general graph).

use std::time::Instant;

use indicatif::ProgressBar;
use mancala_core::{Rules, Side};
use rayon::prelude::*;

use crate::db::{Database, rules_hash};
use crate::eval::{DbKind, Semantics};
use crate::index::{Indexer, next_board};
use crate::solve::{MemoryEstimate, SolveError, Step, check_supported};

const HOLES: usize = 12;
const ROW: usize = 6;
/// Set in a board's state byte once its value is decided.
const DONE: u8 = 0x80;
/// No exit: below every value.
const NO_EXIT: i8 = i8::MIN;
const CHUNK: usize = 4096;

/// Whether the lean solver handles `rules`: the rules of Awari as solved
/// (`games/awari.toml`), whatever the game's name.
pub fn supports(rules: &Rules) -> bool {
    Rules::builtin("awari").is_ok_and(|awari| rules_hash(&awari) == rules_hash(rules))
}

/// What [`solve_lean`] will allocate for levels `0..=max_seeds`: values
/// and depths of every position (three bytes each), and per board of the
/// widest level its state, best exit and queue entry (six bytes).
pub fn memory_estimate(rules: &Rules, max_seeds: u32) -> MemoryEstimate {
    let max_seeds = max_seeds.min(rules.total_seeds());
    let ix = Indexer::new(rules.holes(), max_seeds);
    let widest = (0..=max_seeds).map(|s| ix.boards(s)).max().unwrap_or(0);
    MemoryEstimate {
        database: ix.total().saturating_mul(3),
        working: widest.saturating_mul(1 + 1 + 4),
    }
}

/// The board turned half round: each row moved to the other side.
#[inline]
pub(crate) fn rotate(board: &[u8]) -> [u8; HOLES] {
    let mut out = [0u8; HOLES];
    out[..ROW].copy_from_slice(&board[ROW..HOLES]);
    out[ROW..].copy_from_slice(&board[..ROW]);
    out
}

/// Calls `found` with every board `p` (South to move, `s` seeds) and
/// origin from which South's sowing, Awari's and Oware's alike, gives
/// `after` (North to move) if it captures nothing, and whether its last
/// seed, falling in North's row on two or three, looks like a capture.
#[inline]
pub(crate) fn unsow_any(
    after: &[u8; HOLES],
    s: u32,
    mut found: impl FnMut(&[u8; HOLES], usize, bool),
) {
    for origin in 0..ROW {
        if after[origin] != 0 {
            continue;
        }
        let mut p = *after;
        // The k-th seed sown falls into the k-th hole after the origin, the
        // origin skipped (a sowing of 12 or more goes round).
        let mut k = 0;
        for n in 1..=s {
            let hole = (origin + 1 + k) % HOLES;
            if p[hole] == 0 {
                break;
            }
            p[hole] -= 1;
            p[origin] = n as u8;
            let looks_like_capture = hole >= ROW && (after[hole] == 2 || after[hole] == 3);
            found(&p, origin, looks_like_capture);
            k = (k + 1) % (HOLES - 1);
        }
    }
}

/// Calls `found` with every board `p` (South to move, `s` seeds) from
/// which a South move that captures nothing gives `after` with North to
/// move. (The move is legal: it leaves North seeds whenever `after` is a
/// position where North can move, the only ones asked about.)
#[inline]
fn unsow(after: &[u8; HOLES], s: u32, mut found: impl FnMut(&[u8; HOLES])) {
    unsow_any(after, s, |p, _, captures| {
        if !captures {
            found(p);
        }
    });
}

/// Solves Awari's positions with at most `max_seeds` seeds on the board,
/// as [`solve_up_to`](crate::solve_up_to) does (the same values and
/// depths), in a fraction of its memory. With `progress`, shows a progress
/// bar on stderr and a line per level (positions per second).
pub fn solve_lean(rules: &Rules, max_seeds: u32, progress: bool) -> Result<Database, SolveError> {
    let started = Instant::now();
    check_supported(rules, max_seeds)?;
    if !supports(rules) {
        return Err(SolveError::Unsupported {
            game: rules.name().to_string(),
            reason: "the lean solver knows only the rules of Awari (it generates predecessors by \
                     un-sowing Awari's moves)"
                .to_string(),
        });
    }
    let sem = Semantics::new(rules);
    debug_assert_eq!(sem.kind, DbKind::Margin);
    let max_seeds = max_seeds.min(rules.total_seeds());
    let ix = Indexer::new(HOLES, max_seeds);
    let total = ix.total();
    let widest = (0..=max_seeds).map(|s| ix.boards(s)).max().unwrap_or(0);
    if total > isize::MAX as u64 / 4 || widest >= u32::MAX as u64 {
        return Err(SolveError::TooLarge {
            game: rules.name().to_string(),
            positions: total,
        });
    }
    let bar = crate::solve::positions_bar(total, progress);
    let mut values = vec![0i8; total as usize];
    let mut depths = vec![0u16; total as usize];
    // Reused from level to level: the widest level's working memory once.
    let mut state: Vec<u8> = Vec::new();
    let mut best: Vec<i8> = Vec::new();
    let mut queue: Vec<u32> = Vec::new();
    for s in 0..=max_seeds {
        let level_started = Instant::now();
        bar.set_message(format!("{s} seeds on the board: moves"));
        let off = ix.level_offset(s) as usize;
        let n = ix.boards(s) as usize;
        let (lower_v, rest_v) = values.split_at_mut(off);
        let (south_v, rest_v) = rest_v.split_at_mut(n);
        let north_v = &mut rest_v[..n];
        let (_, rest_d) = depths.split_at_mut(off);
        let (south_d, rest_d) = rest_d.split_at_mut(n);
        let north_d = &mut rest_d[..n];
        state.clear();
        state.resize(n, 0);
        best.clear();
        best.resize(n, NO_EXIT);
        forward(
            &sem, &ix, s, lower_v, &mut state, &mut best, south_v, south_d, &bar,
        );
        propagate(
            &ix, s, &mut state, &best, south_v, south_d, &mut queue, &bar,
        )
        .map_err(|reason| SolveError::Unsupported {
            game: rules.name().to_string(),
            reason,
        })?;
        bar.set_message(format!("{s} seeds on the board: North to move"));
        fill_north(&ix, s, south_v, south_d, north_v, north_d, &bar);
        if progress {
            let took = level_started.elapsed().as_secs_f64();
            // A line per level even when stderr is not a terminal (a log).
            bar.suspend(|| {
                eprintln!(
                    "level {s:>2}: {:>13} positions in {took:>7.1} s ({:>10.0} positions/s), {:>6.1} s in all{}",
                    2 * n,
                    2.0 * n as f64 / took.max(1e-9),
                    started.elapsed().as_secs_f64(),
                    peak_memory().map_or(String::new(), |kib| format!(", peak memory {:.2} GiB", kib as f64 / (1u64 << 20) as f64))
                )
            });
        }
    }
    bar.finish_and_clear();
    drop((state, best, queue));
    Ok(Database::from_solved(
        rules,
        DbKind::Margin,
        ix,
        values,
        depths,
        started.elapsed(),
    ))
}

/// The peak resident memory of this process so far (VmHWM, KiB), where
/// /proc says it.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// Generates the moves of every board of level `s` with South to move:
/// positions where the game is over get their value (depth 0); the others
/// their best exit and their count of moves that stay in the level.
#[allow(clippy::too_many_arguments)]
fn forward(
    sem: &Semantics,
    ix: &Indexer,
    s: u32,
    lower: &[i8],
    state: &mut [u8],
    best: &mut [i8],
    values: &mut [i8],
    depths: &mut [u16],
    bar: &ProgressBar,
) {
    state
        .par_chunks_mut(CHUNK)
        .zip(best.par_chunks_mut(CHUNK))
        .zip(values.par_chunks_mut(CHUNK))
        .zip(depths.par_chunks_mut(CHUNK))
        .enumerate()
        .for_each(|(c, (((state, best), values), depths))| {
            let mut board = [0u8; mancala_core::MAX_HOLES];
            ix.unrank((c * CHUNK) as u64, s, &mut board);
            for k in 0..state.len() {
                if k > 0 {
                    next_board(&mut board, HOLES);
                }
                let pos = sem.position(&board[..HOLES], Side::South);
                let succ = match sem.moves_or_end(&pos) {
                    Ok(succ) => succ,
                    Err(reason) => {
                        values[k] = sem.terminal(&pos, reason) as i8;
                        depths[k] = 0;
                        state[k] = DONE;
                        continue;
                    }
                };
                let mut top = NO_EXIT as i32;
                let mut stays = 0u8;
                for child in succ.as_slice() {
                    let value = if child.endless {
                        sem.endless_move(&pos, child)
                    } else {
                        let cb = &child.pos.raw_board()[..HOLES];
                        let cs = child.pos.seeds_on_board();
                        let to_move = child.pos.to_move();
                        if cs == s {
                            assert_eq!(to_move, Side::North, "Awari has no extra turns");
                            if cb[ROW..].iter().any(|&x| x > 0) {
                                stays += 1;
                                continue;
                            }
                            // North cannot move: the game is over there.
                            match sem.moves_or_end(&child.pos) {
                                Err(reason) => {
                                    sem.combine(&pos, &child.pos, sem.terminal(&child.pos, reason))
                                }
                                Ok(_) => unreachable!("a player with an empty row has no move"),
                            }
                        } else {
                            let i = ix.index_of(cb, cs, to_move) as usize;
                            Step::exit_value(
                                sem.gain(&pos, &child.pos),
                                to_move == Side::South,
                                lower[i] as i32,
                            )
                        }
                    };
                    top = top.max(value);
                }
                best[k] = top as i8;
                state[k] = stays;
            }
            bar.inc(state.len() as u64);
        });
}

/// The thresholds of [`crate::solve`]'s margin levels, from `s` down to 1,
/// on the South-to-move boards, with predecessors generated by un-sowing.
/// An error when the un-sowing and the engine disagree.
#[allow(clippy::too_many_arguments)]
fn propagate(
    ix: &Indexer,
    s: u32,
    state: &mut [u8],
    best: &[i8],
    values: &mut [i8],
    depths: &mut [u16],
    queue: &mut Vec<u32>,
    bar: &ProgressBar,
) -> Result<(), String> {
    let mut board = [0u8; mancala_core::MAX_HOLES];
    for t in (1..=s as i32).rev() {
        bar.set_message(format!("{s} seeds on the board: margin {t}"));
        // Positions that settle at this threshold by a move out of the
        // level (depth 1): a winning exit, or a losing one once every move
        // that stays is known to lose too.
        queue.clear();
        queue.par_extend(
            state
                .par_iter()
                .zip(best.par_iter())
                .enumerate()
                .filter(|(_, (st, b))| {
                    **st & DONE == 0 && (**b as i32 == t || (**st == 0 && **b as i32 == -t))
                })
                .map(|(i, _)| i as u32),
        );
        for &i in queue.iter() {
            let i = i as usize;
            state[i] |= DONE;
            values[i] = if best[i] as i32 == t {
                t as i8
            } else {
                -(t as i8)
            };
            depths[i] = 1;
        }
        let mut head = 0;
        while head < queue.len() {
            let q = queue[head] as usize;
            head += 1;
            let win = values[q] > 0;
            let next = depths[q].saturating_add(1);
            ix.unrank(q as u64, s, &mut board);
            let after = rotate(&board[..HOLES]);
            let mut broken = false;
            unsow(&after, s, |p_board| {
                let p = ix.rank(p_board) as usize;
                let st = state[p];
                if st & DONE != 0 {
                    return;
                }
                if win {
                    if st == 0 {
                        broken = true;
                        return;
                    }
                    // One more move of p is known to give the opponent >= t.
                    state[p] = st - 1;
                    if st == 1 && best[p] as i32 <= -t {
                        state[p] = DONE;
                        values[p] = -(t as i8);
                        depths[p] = next;
                        queue.push(p as u32);
                    }
                } else {
                    state[p] = st | DONE;
                    values[p] = t as i8;
                    depths[p] = next;
                    queue.push(p as u32);
                }
            });
            if broken {
                return Err(format!(
                    "the lean solver's un-sowing disagrees with the engine at level {s} (board {:?}): \
                     solve without the lean solver",
                    &board[..HOLES]
                ));
            }
        }
    }
    // Boards never decided are worth 0 (values start at 0, depth 0).
    Ok(())
}

/// The North-to-move half of level `s`, copied from the South half: a
/// board with North to move is worth its rotation with South to move.
fn fill_north(
    ix: &Indexer,
    s: u32,
    south_v: &[i8],
    south_d: &[u16],
    north_v: &mut [i8],
    north_d: &mut [u16],
    bar: &ProgressBar,
) {
    north_v
        .par_chunks_mut(CHUNK)
        .zip(north_d.par_chunks_mut(CHUNK))
        .enumerate()
        .for_each(|(c, (values, depths))| {
            let mut board = [0u8; mancala_core::MAX_HOLES];
            ix.unrank((c * CHUNK) as u64, s, &mut board);
            for k in 0..values.len() {
                if k > 0 {
                    next_board(&mut board, HOLES);
                }
                let r = ix.rank(&rotate(&board[..HOLES])) as usize;
                values[k] = south_v[r];
                depths[k] = south_d[r];
            }
            bar.inc(values.len() as u64);
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve_up_to;

    #[test]
    fn rotation_is_an_involution() {
        let b = [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
        assert_eq!(rotate(&rotate(&b)), b);
        assert_eq!(rotate(&b)[0], 7);
    }

    /// The lean database equals the general solver's, value and depth of
    /// every position, both read through the same lookup.
    fn same_as_general(max: u32) {
        let rules = Rules::builtin("awari").unwrap();
        let general = solve_up_to(&rules, max, false).unwrap();
        let lean = solve_lean(&rules, max, false).unwrap();
        assert_eq!(general.positions(), lean.positions());
        let ix = general.indexer();
        let sem = Semantics::new(&rules);
        let mut board = [0u8; mancala_core::MAX_HOLES];
        let mut differ = 0u64;
        let mut example = None;
        for s in 0..=max {
            for side in Side::BOTH {
                for rank in 0..ix.boards(s) {
                    ix.unrank(rank, s, &mut board);
                    let pos = sem.position(&board[..HOLES], side);
                    let (a, b) = (general.lookup(&pos), lean.lookup(&pos));
                    if a != b {
                        differ += 1;
                        example.get_or_insert((board, side, a, b));
                    }
                }
            }
        }
        assert_eq!(differ, 0, "e.g. {example:?}");
    }

    /// Up to 12 seeds (5.4 million positions); `LEAN_COMPARE_SEEDS=14`
    /// compares up to 14 (19.3 million, a minute).
    #[test]
    fn lean_equals_general() {
        let max = std::env::var("LEAN_COMPARE_SEEDS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(12);
        same_as_general(max);
    }

    #[test]
    fn published_statistics_of_one_and_two_seeds() {
        // family.md: k = 1: 12 positions, -1: 7, +1: 5; k = 2: 78
        // positions, -2: 40, 0: 13, +2: 25 (South to move).
        let rules = Rules::builtin("awari").unwrap();
        let db = solve_lean(&rules, 2, false).unwrap();
        let levels = crate::figures::south_to_move_distribution(&db);
        assert_eq!(levels[1].counts, [7, 0, 5]);
        assert_eq!(levels[2].counts, [40, 0, 13, 0, 25]);
    }

    #[test]
    fn general_database_is_symmetric() {
        // What the lean solver relies on: North to move is South to move
        // on the board turned round.
        let rules = Rules::builtin("awari").unwrap();
        let db = solve_up_to(&rules, 9, false).unwrap();
        let ix = db.indexer();
        let mut board = [0u8; mancala_core::MAX_HOLES];
        for s in 0..=9 {
            for rank in 0..ix.boards(s) {
                ix.unrank(rank, s, &mut board);
                let north = db.index_of(&board[..HOLES], Side::North).unwrap();
                let south = db.index_of(&rotate(&board[..HOLES]), Side::South).unwrap();
                assert_eq!(db.raw_value(north), db.raw_value(south));
                assert_eq!(db.raw_depth(north), db.raw_depth(south));
            }
        }
    }

    #[test]
    fn other_rules_are_refused() {
        let rules = Rules::builtin("tihbat").unwrap();
        assert!(!supports(&rules));
        assert!(solve_lean(&rules, 3, false).is_err());
        assert!(supports(&Rules::builtin("awari").unwrap()));
    }
}
