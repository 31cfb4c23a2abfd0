//! Proof search above a database: for positions with more seeds on the
//! board than a win/loss/draw database covers (Sadeqa II's opening), an
//! iterative-deepening search over the real moves with the database's exact
//! values at its leaves.
//!
//! # Method
//!
//! The search computes an *interval* `[lo, hi]` of `{-1, 0, +1}` that holds
//! the position's value for the player to move: a leaf in the database (or
//! where the game is over) is exact; a position at the depth limit is
//! `[-1, +1]`; a position that repeats one on the search path (since the
//! last capture) is a draw, as the rules say. A node takes the best lower
//! bound and the best upper bound of its moves, and stops as soon as one
//! move is a proven win. Iterations deepen until the root is exact, or the
//! node or time budget runs out.
//!
//! A transposition table keeps every bound that does not rest on a
//! repetition draw (those depend on the path). Such a bound holds for the
//! position whatever the path: a proven win or loss never rests on a
//! repetition, and each proof only uses results proven before it, so
//! following the stored proofs never returns to a position and wins or
//! loses in real play too (with history), not only in the history-free
//! value. Moves are tried best-first: the move that was best in the last
//! iteration, then moves with the better stored bounds, then captures.
//!
//! The value is history-free like the database's: endless play is a draw.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use mancala_core::notation::move_label;
use mancala_core::{Move, Position, RepetitionKey};

use crate::db::{Database, TableKey, table_key};
use crate::eval::{DbKind, Semantics};

/// Budget and switches of [`prove`].
#[derive(Clone, Debug)]
pub struct ProofOptions {
    /// Stop after this many positions searched (all iterations together).
    pub max_nodes: u64,
    /// Stop after this long.
    pub time_limit: Duration,
    /// Deepest iteration.
    pub max_depth: u32,
    /// Most entries in the transposition table (about 64 bytes each).
    pub max_table: usize,
    /// Print one line per iteration on stderr.
    pub progress: bool,
}

impl Default for ProofOptions {
    fn default() -> Self {
        ProofOptions {
            max_nodes: 50_000_000,
            time_limit: Duration::from_secs(120),
            max_depth: 200,
            max_table: 20_000_000,
            progress: false,
        }
    }
}

/// Bounds on a value of `{-1, 0, +1}` for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this.
    pub lo: i8,
    /// The value is at most this.
    pub hi: i8,
}

impl Bounds {
    const UNKNOWN: Bounds = Bounds { lo: -1, hi: 1 };

    fn exact(v: i8) -> Bounds {
        Bounds { lo: v, hi: v }
    }

    /// The value, if the bounds meet.
    pub fn exact_value(self) -> Option<i8> {
        (self.lo == self.hi).then_some(self.lo)
    }

    fn negate(self) -> Bounds {
        Bounds {
            lo: -self.hi,
            hi: -self.lo,
        }
    }

    fn intersect(self, other: Bounds) -> Bounds {
        Bounds {
            lo: self.lo.max(other.lo),
            hi: self.hi.min(other.hi),
        }
    }
}

impl std::fmt::Display for Bounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let word = |v: i8| match v {
            1 => "win",
            0 => "draw",
            _ => "loss",
        };
        match self.exact_value() {
            Some(v) => write!(f, "{} (proved)", word(v)),
            None => write!(f, "between {} and {}", word(self.lo), word(self.hi)),
        }
    }
}

/// What [`prove`] found.
#[derive(Clone, Debug)]
pub struct ProofReport {
    /// Bounds on the root's value for the player to move.
    pub root: Bounds,
    /// Each legal move of the root with bounds on its value for the mover.
    pub moves: Vec<(Move, Bounds)>,
    /// Positions searched.
    pub nodes: u64,
    /// Leaves answered by the database.
    pub db_hits: u64,
    /// The deepest iteration completed (plies).
    pub depth: u32,
    /// Entries in the transposition table at the end.
    pub table: usize,
    /// Time taken.
    pub elapsed: Duration,
}

#[derive(Clone, Copy)]
struct Entry {
    bounds: Bounds,
    depth: u32,
    best: u8,
}

struct Search<'a> {
    db: &'a Database,
    sem: Semantics<'a>,
    table: HashMap<TableKey, Entry>,
    nodes: u64,
    db_hits: u64,
    opts: ProofOptions,
    started: Instant,
    out_of_budget: bool,
}

/// Searches `pos` above `db` (a win/loss/draw database) until its value is
/// proved or the budget runs out. See the module documentation.
///
/// # Panics
/// If `db` is not a win/loss/draw database.
pub fn prove(db: &Database, pos: &Position, opts: &ProofOptions) -> ProofReport {
    assert_eq!(
        db.kind(),
        DbKind::WinLossDraw,
        "proof search needs a win/loss/draw database"
    );
    let mut s = Search {
        db,
        sem: Semantics::new(db.rules()),
        table: HashMap::new(),
        nodes: 0,
        db_hits: 0,
        opts: opts.clone(),
        started: Instant::now(),
        out_of_budget: false,
    };
    let mut root = Bounds::UNKNOWN;
    let mut moves: Vec<(Move, Bounds)> = Vec::new();
    let mut depth_done = 0;
    for depth in 1..=opts.max_depth {
        let (b, m) = s.root(pos, depth);
        if s.out_of_budget {
            // A partial iteration still gives sound bounds.
            root = root.intersect(b);
            if moves.is_empty() {
                moves = m;
            }
            break;
        }
        root = b;
        moves = m;
        depth_done = depth;
        if opts.progress {
            eprintln!(
                "depth {depth}: {root}; {} positions, {} database leaves, {} table entries, {:.1} s",
                s.nodes,
                s.db_hits,
                s.table.len(),
                s.started.elapsed().as_secs_f64()
            );
        }
        if root.exact_value().is_some() {
            break;
        }
    }
    ProofReport {
        root,
        moves,
        nodes: s.nodes,
        db_hits: s.db_hits,
        depth: depth_done,
        table: s.table.len(),
        elapsed: s.started.elapsed(),
    }
}

impl Search<'_> {
    fn root(&mut self, pos: &Position, depth: u32) -> (Bounds, Vec<(Move, Bounds)>) {
        let rules = self.db.rules();
        let succ = match self.sem.moves_or_end(pos) {
            Ok(succ) => succ,
            Err(reason) => {
                return (
                    Bounds::exact(self.sem.terminal(pos, reason) as i8),
                    Vec::new(),
                );
            }
        };
        let mut path = vec![rules.repetition_key(pos)];
        let mut best = Bounds { lo: -1, hi: -1 };
        let mut moves = Vec::new();
        for child in succ.as_slice() {
            let (b, _) = self.child(pos, child, depth, &mut path);
            best = Bounds {
                lo: best.lo.max(b.lo),
                hi: best.hi.max(b.hi),
            };
            moves.push((child.mv, b));
            if self.out_of_budget {
                best.hi = 1;
            }
        }
        // Unsearched moves (out of budget) leave the upper bound open.
        if moves.len() < succ.len() {
            best.hi = 1;
        }
        (best, moves)
    }

    /// Bounds on the value of the move to `child` for the mover, and
    /// whether they rest on a repetition.
    fn child(
        &mut self,
        parent: &Position,
        child: &mancala_core::Child,
        depth: u32,
        path: &mut Vec<RepetitionKey>,
    ) -> (Bounds, bool) {
        if child.endless {
            return (
                Bounds::exact(self.sem.endless_move(parent, child) as i8),
                false,
            );
        }
        let captured = child.pos.seeds_taken() != parent.seeds_taken();
        let (b, dep) = if captured {
            let mut fresh = Vec::new();
            self.node(&child.pos, depth - 1, &mut fresh)
        } else {
            self.node(&child.pos, depth - 1, path)
        };
        // The child's bounds are for its own mover.
        let b = if child.pos.to_move() == parent.to_move() {
            b
        } else {
            b.negate()
        };
        (b, dep)
    }

    fn node(
        &mut self,
        pos: &Position,
        depth: u32,
        path: &mut Vec<RepetitionKey>,
    ) -> (Bounds, bool) {
        if let Some(e) = self.db.lookup(pos) {
            self.db_hits += 1;
            return (Bounds::exact(e.value as i8), false);
        }
        self.nodes += 1;
        let rules = self.db.rules();
        let succ = match self.sem.moves_or_end(pos) {
            Ok(succ) => succ,
            Err(reason) => {
                return (Bounds::exact(self.sem.terminal(pos, reason) as i8), false);
            }
        };
        let k = table_key(pos);
        let rk = rules.repetition_key(pos);
        if rk.find_in(path).is_some() {
            return (Bounds::exact(0), true);
        }
        let stored = self.table.get(&k).copied();
        let mut known = Bounds::UNKNOWN;
        let mut first = 0usize;
        if let Some(e) = stored {
            if e.bounds.exact_value().is_some() || e.depth >= depth {
                return (e.bounds, false);
            }
            known = e.bounds;
            first = e.best as usize;
        }
        if depth == 0 {
            return (known, false);
        }
        if self.nodes.is_multiple_of(4096)
            && (self.nodes >= self.opts.max_nodes || self.started.elapsed() >= self.opts.time_limit)
        {
            self.out_of_budget = true;
        }
        if self.out_of_budget {
            return (known, false);
        }
        // Order: last best move, then captures (fewer seeds left), then by stored bounds.
        let children = succ.as_slice();
        let mut order: Vec<(i32, usize)> = children
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut score = 0i32;
                if i == first && stored.is_some() {
                    score -= 1000;
                }
                score += c.pos.seeds_on_board() as i32;
                if let Some(e) = self.table.get(&table_key(&c.pos)) {
                    // The child's bounds are for the opponent: prefer their losses.
                    score += 10 * (e.bounds.lo as i32 + e.bounds.hi as i32);
                }
                (score, i)
            })
            .collect();
        order.sort_unstable();
        path.push(rk);
        let mut best = Bounds { lo: -1, hi: -1 };
        let mut best_move = 0usize;
        let mut depends = false;
        for &(_, i) in &order {
            let (b, dep) = self.child(pos, &children[i], depth, path);
            depends |= dep;
            if b.lo > best.lo || (b.lo == best.lo && i == first) {
                best_move = i;
            }
            best = Bounds {
                lo: best.lo.max(b.lo),
                hi: best.hi.max(b.hi),
            };
            if best.lo == 1 || self.out_of_budget {
                break;
            }
        }
        path.pop();
        if self.out_of_budget && best.lo < 1 {
            best.hi = 1;
        }
        let best = best.intersect(known);
        if !depends && !self.out_of_budget && self.table.len() < self.opts.max_table {
            self.table.insert(
                k,
                Entry {
                    bounds: best,
                    depth,
                    best: best_move as u8,
                },
            );
        }
        (best, depends)
    }
}

/// The labels of `moves` in the database's game, for reports.
pub fn labels(db: &Database, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| move_label(db.rules(), m)).collect()
}

/// A move for a perfect player at `pos`, for positions a database may not
/// reach: [`Database::best_moves`] when it does; otherwise [`prove`] with
/// `opts`, and then, if the position is proved won, the winning move with
/// the shortest [`exact_length`] (so that a winner never cycles), if proved
/// lost the move that lasts longest, else the move with the best bounds.
/// `None` when the game is over at `pos`.
pub fn perfect_move(db: &Database, pos: &Position, opts: &ProofOptions) -> Option<Move> {
    if let Some(best) = db.best_moves(pos) {
        return best.first().copied();
    }
    let report = prove(db, pos, opts);
    let mut moves = report.moves.clone();
    if moves.is_empty() {
        return db.rules().legal_moves(pos).iter().next();
    }
    // Best bounds first (stable: move order among equals).
    moves.sort_by_key(|(_, b)| (-(b.lo as i32), -(b.hi as i32)));
    let (first, bounds) = moves[0];
    let Some(value) = bounds.exact_value().filter(|&v| v != 0) else {
        return Some(first);
    };
    let succ = db.rules().successors(pos);
    let budget = opts.max_nodes.max(1);
    let length = |mv: Move| {
        let child = succ.get(mv)?;
        exact_length(db, &child.pos, -value, opts.max_depth, budget)
    };
    let tied = moves
        .iter()
        .filter(|(_, b)| b.exact_value() == Some(value))
        .map(|&(mv, _)| (mv, length(mv)));
    let chosen = if value > 0 {
        tied.filter_map(|(mv, n)| Some((n?, mv)))
            .min_by_key(|&(n, _)| n)
            .map(|(_, mv)| mv)
    } else {
        tied.max_by_key(|&(_, n)| n.unwrap_or(u32::MAX))
            .map(|(mv, _)| mv)
    };
    Some(chosen.unwrap_or(first))
}

/// Whether the player to move at `pos` can force a win within `plies`
/// plies, the leaves being database positions or ends of the game: a plain
/// AND/OR recursion without transposition table or bounds, to check what
/// [`prove`] found independently of its table. A line that repeats a
/// position since the last capture is a draw, so it proves nothing.
/// Exponential in `plies`; `budget` caps the positions visited (`None` when
/// it runs out).
pub fn forced_win_within(db: &Database, pos: &Position, plies: u32, budget: u64) -> Option<bool> {
    let mut left = budget;
    let mut path = vec![db.rules().repetition_key(pos)];
    and_or(db, pos, plies, true, &mut path, &mut left)
}

/// `want_win`: can the mover force a win? Otherwise: must the mover lose?
fn and_or(
    db: &Database,
    pos: &Position,
    plies: u32,
    want_win: bool,
    path: &mut Vec<RepetitionKey>,
    left: &mut u64,
) -> Option<bool> {
    let sem = Semantics::new(db.rules());
    let target = if want_win { 1 } else { -1 };
    if let Some(e) = db.lookup(pos) {
        return Some(e.value == target);
    }
    let succ = match sem.moves_or_end(pos) {
        Ok(succ) => succ,
        Err(reason) => {
            return Some(sem.terminal(pos, reason) == target);
        }
    };
    if plies == 0 {
        return Some(false);
    }
    *left = left.checked_sub(1)?;
    let mut children: Vec<_> = succ.as_slice().to_vec();
    children.sort_by_key(|c| c.pos.seeds_on_board());
    for child in &children {
        let ok = if child.endless {
            sem.endless_move(pos, child) == target
        } else {
            let captured = child.pos.seeds_taken() != pos.seeds_taken();
            let k = db.rules().repetition_key(&child.pos);
            if !captured && k.find_in(path).is_some() {
                false
            } else {
                let mut fresh = vec![k];
                let p = if captured {
                    &mut fresh
                } else {
                    path.push(k);
                    &mut *path
                };
                let r = and_or(
                    db,
                    &child.pos,
                    plies - 1,
                    goal_at(pos, &child.pos, want_win),
                    p,
                    left,
                );
                if !captured {
                    path.pop();
                }
                r?
            }
        };
        // A win needs one move to a lost position; a loss needs every move
        // to lead to a won one.
        if want_win && ok {
            return Some(true);
        }
        if !want_win && !ok {
            return Some(false);
        }
    }
    Some(!want_win)
}

/// The exact length of a won or lost game: for `result = 1` the fewest
/// plies in which the player to move at `pos` can force a win, for
/// `result = -1` the most plies the player to move can make a forced loss
/// last, the opponent playing to win as quickly as possible; `None` if the
/// game is not won (lost) within `max_plies` plies or `budget` positions
/// run out.
///
/// The leaves are database positions (whose stored depth is their exact
/// distance to the end) and ends of the game. The search asks "won within
/// `n` plies?" for `n = 1, 2, ...`; its table keeps, per position, the
/// shortest length known to succeed and the longest known to fail (the
/// latter only when no repetition draw was involved).
pub fn exact_length(
    db: &Database,
    pos: &Position,
    result: i8,
    max_plies: u32,
    budget: u64,
) -> Option<u32> {
    assert!(
        result == 1 || result == -1,
        "a length is for a win or a loss"
    );
    let mut ctx = Lengths {
        db,
        sem: Semantics::new(db.rules()),
        table: HashMap::new(),
        left: budget,
    };
    for n in 0..=max_plies {
        // `within` puts each position on the path before its moves.
        let mut path = Vec::new();
        let (ok, _) = ctx.within(pos, n, result == 1, &mut path)?;
        if ok {
            return Some(n);
        }
    }
    None
}

#[derive(Clone, Copy, Default)]
struct LengthEntry {
    /// Per predicate (0: win within, 1: lose within): the shortest length
    /// known true (`u32::MAX`: none) and one more than the longest known false.
    ok: [u32; 2],
    fail: [u32; 2],
}

struct Lengths<'a> {
    db: &'a Database,
    sem: Semantics<'a>,
    table: HashMap<TableKey, LengthEntry>,
    left: u64,
}

impl Lengths<'_> {
    /// Whether the mover at `pos` wins (`win`) or loses (`!win`) within `n`
    /// plies, and whether the answer rests on a repetition.
    fn within(
        &mut self,
        pos: &Position,
        n: u32,
        win: bool,
        path: &mut Vec<RepetitionKey>,
    ) -> Option<(bool, bool)> {
        let target = if win { 1 } else { -1 };
        if let Some(e) = self.db.lookup(pos) {
            return Some((e.value == target && e.plies <= n, false));
        }
        let succ = match self.sem.moves_or_end(pos) {
            Ok(succ) => succ,
            Err(reason) => {
                return Some((self.sem.terminal(pos, reason) == target, false));
            }
        };
        if n == 0 {
            return Some((false, false));
        }
        let k = table_key(pos);
        let rk = self.db.rules().repetition_key(pos);
        if rk.find_in(path).is_some() {
            return Some((false, true));
        }
        let slot = if win { 0 } else { 1 };
        let entry = self.table.get(&k).copied().unwrap_or(LengthEntry {
            ok: [u32::MAX; 2],
            fail: [0; 2],
        });
        if n >= entry.ok[slot] {
            return Some((true, false));
        }
        if n < entry.fail[slot] {
            return Some((false, false));
        }
        self.left = self.left.checked_sub(1)?;
        let mut depends = false;
        let mut answer = !win;
        for child in succ.as_slice() {
            let ok = if child.endless {
                -self.sem.endless_move(pos, child) == -target
            } else {
                let captured = child.pos.seeds_taken() != pos.seeds_taken();
                let mut fresh = Vec::new();
                let p = if captured { &mut fresh } else { &mut *path };
                p.push(rk);
                let (ok, dep) = self.within(&child.pos, n - 1, goal_at(pos, &child.pos, win), p)?;
                p.pop();
                depends |= dep;
                ok
            };
            // Win: one move to a position lost within n-1. Loss: every move
            // to a position won within n-1.
            if win && ok {
                answer = true;
                break;
            }
            if !win && !ok {
                answer = false;
                break;
            }
        }
        let e = self.table.entry(k).or_insert(LengthEntry {
            ok: [u32::MAX; 2],
            fail: [0; 2],
        });
        if answer {
            e.ok[slot] = e.ok[slot].min(n);
        } else if !depends {
            e.fail[slot] = e.fail[slot].max(n + 1);
        }
        Some((answer, depends && !answer))
    }
}

/// A goal of the mover at `parent` ("force a win", or "lose for sure"),
/// restated for the mover at `child`: the opposite goal when the opponent
/// moves next, the same one after an extra turn (as
/// [`mancala_core::value_for`] turns values).
fn goal_at(parent: &Position, child: &Position, goal: bool) -> bool {
    if child.to_move() == parent.to_move() {
        goal
    } else {
        !goal
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgames;
    use crate::{exhaustive_value, solve, solve_up_to};

    #[test]
    fn proof_search_agrees_with_the_full_database() {
        for (id, text) in [
            ("tiny-sadeqa", testgames::TINY_SADEQA),
            ("small-sadeqa", testgames::SMALL_SADEQA),
        ] {
            let rules = testgames::rules(id, text);
            let full = solve(&rules, false).unwrap();
            let part = solve_up_to(&rules, rules.total_seeds() / 2, false).unwrap();
            let start = rules.start();
            let report = prove(&part, &start, &ProofOptions::default());
            let expected = full.value(&start).unwrap() as i8;
            assert_eq!(
                report.root.exact_value(),
                Some(expected),
                "{id}: {report:?}"
            );
            assert_eq!(expected as i32, exhaustive_value(&rules, &start));
            for (mv, b) in &report.moves {
                assert!(b.lo <= b.hi, "{id} {mv:?}");
            }
            if expected == 1 {
                assert_eq!(
                    forced_win_within(&part, &start, report.depth, 10_000_000),
                    Some(true),
                    "{id}"
                );
            }
            if expected != 0 {
                let plies = full.eval(&start).unwrap().plies;
                assert_eq!(
                    exact_length(&part, &start, expected, 100, 10_000_000),
                    Some(plies),
                    "{id}"
                );
                assert_eq!(
                    exact_length(&full, &start, expected, 100, 10_000_000),
                    Some(plies),
                    "{id}"
                );
            }
        }
    }

    #[test]
    fn perfect_moves_above_a_database_realise_the_value() {
        for (id, text) in [
            ("tiny-sadeqa", testgames::TINY_SADEQA),
            ("small-sadeqa", testgames::SMALL_SADEQA),
        ] {
            let rules = testgames::rules(id, text);
            let full = solve(&rules, false).unwrap();
            let part = solve_up_to(&rules, rules.total_seeds() / 2, false).unwrap();
            let start = rules.start();
            let mut game = mancala_core::Game::new(rules.clone());
            while !game.is_over() {
                let mv = perfect_move(&part, game.position(), &ProofOptions::default()).unwrap();
                game.play(mv).unwrap();
                assert!(game.moves().len() < 1000, "{id}: no end");
            }
            let winner = game.outcome().unwrap().winner;
            let expected = match full.value(&start).unwrap() {
                1 => Some(start.to_move()),
                -1 => Some(start.to_move().opponent()),
                _ => None,
            };
            assert_eq!(winner, expected, "{id}: {}", game.record());
        }
    }

    #[test]
    fn unknown_when_out_of_budget() {
        let rules = testgames::rules("small-sadeqa", testgames::SMALL_SADEQA);
        let part = solve_up_to(&rules, 2, false).unwrap();
        let opts = ProofOptions {
            max_depth: 1,
            ..ProofOptions::default()
        };
        let report = prove(&part, &rules.start(), &opts);
        assert!(report.root.lo <= report.root.hi);
    }
}
