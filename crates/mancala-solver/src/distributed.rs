//! Retrograde analysis on several ranks (processes of an MPI job, or
//! threads), giving the very database the single-process solver gives.
//!
//! The algorithm is the one of [`mod@crate::solve`] (levels by seeds on the
//! board; inside a level, attractors for margins or a bucket queue for
//! win/loss/draw), cut into bulk-synchronous steps:
//!
//! 1. **Ownership.** Each level's positions are split into `ranks`
//!    contiguous ranges of its indices; rank `r` owns the `r`-th range of
//!    every level, and keeps only its own values and depths.
//! 2. **Building a level.** Each rank generates its own positions (the
//!    engine's moves). A move to a lower level needs the child's value,
//!    which its owner has: the requests are sent in one all-to-all per
//!    level, and the values come back in a second one. A move that stays
//!    in the level is an edge; edges are sent to the child's owner, which
//!    keeps each of its positions' predecessors (the reversed graph).
//! 3. **Solving a level.** The propagation goes by depth: every rank
//!    settles the positions of its frontier at depth `d`, tells the owners
//!    of their predecessors (one all-to-all), and those settle or count
//!    down. A step ends when no rank has anything left (one all-reduce).
//!
//! **Why the result is byte-identical.** The single-process solver settles
//! positions in order of depth (breadth first within a threshold; a bucket
//! per depth for win/loss/draw), and a position's value and depth do not
//! depend on the order inside one depth: a position wins at the first
//! depth at which a losing child is known, and loses at the depth its last
//! winning child is known, whichever child tells it first. The distributed
//! steps are exactly those depths, so every value and depth agrees, and so
//! does the file (tested with 1 to 4 ranks against the single-process
//! solver, as threads in the default tests and under `mpirun` in CI).

use std::time::Instant;

use mancala_core::{Rules, Side};

use crate::cluster::Transport;
use crate::db::Database;
use crate::eval::{DbKind, Semantics};
use crate::index::{Indexer, next_board};
use crate::solve::{
    MarginNode, SolveError, Step, Summary, WdlNode, WdlQueue, check_supported, visit_moves,
};

/// What a distributed solve cost, summed over the ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClusterStats {
    /// The number of ranks.
    pub ranks: usize,
    /// 64-bit words sent between ranks (a rank's words to itself included).
    pub words_sent: u64,
    /// All-to-all steps (each one message per pair of ranks).
    pub exchanges: u64,
}

/// A level's positions split into `ranks` contiguous ranges.
#[derive(Clone, Copy, Debug)]
struct Split {
    len: u64,
    ranks: usize,
}

impl Split {
    /// The first index of rank `r`'s range (`r == ranks`: the level's end).
    fn start(self, r: usize) -> u64 {
        (self.len as u128 * r as u128 / self.ranks as u128) as u64
    }

    /// The rank owning index `x` of the level.
    fn owner(self, x: u64) -> usize {
        let mut r = ((x as u128 * self.ranks as u128) / self.len.max(1) as u128) as usize;
        r = r.min(self.ranks - 1);
        while r + 1 < self.ranks && self.start(r + 1) <= x {
            r += 1;
        }
        while self.start(r) > x {
            r -= 1;
        }
        r
    }
}

/// One rank's part of the solve: its levels' values, and the messages.
struct Rank<'a> {
    net: &'a dyn Transport,
    me: usize,
    ranks: usize,
    ix: Indexer,
    splits: Vec<Split>,
    /// This rank's values and depths of each level solved so far.
    values: Vec<Vec<i8>>,
    depths: Vec<Vec<u16>>,
    words_sent: u64,
    exchanges: u64,
}

/// A level as one rank holds it: its own positions' summaries, their
/// numbers of moves that stay, and their predecessors (indices within the
/// level) in compressed rows.
struct OwnLevel<S> {
    lo: u64,
    nodes: Vec<S>,
    counts: Vec<u8>,
    pred_start: Vec<u32>,
    preds: Vec<u32>,
}

impl<'a> Rank<'a> {
    fn exchange(&mut self, outgoing: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
        self.words_sent += outgoing.iter().map(|m| m.len() as u64).sum::<u64>();
        self.exchanges += 1;
        self.net.exchange(outgoing)
    }

    fn range(&self, s: u32) -> (u64, u64) {
        let split = self.splits[s as usize];
        (split.start(self.me), split.start(self.me + 1))
    }

    /// The owner of a global index and the index within its level.
    fn owner_of(&self, index: u64) -> (usize, u32, u64) {
        let (s, _, _) = self.ix.locate(index);
        let within = index - self.ix.level_offset(s);
        (self.splits[s as usize].owner(within), s, within)
    }

    /// Generates this rank's positions of level `s` and gathers what their
    /// moves lead to: exits valued by their owners, edges sent to theirs.
    fn build_level<S: Summary>(&mut self, sem: &Semantics, s: u32) -> OwnLevel<S> {
        let (lo, hi) = self.range(s);
        let len = (hi - lo) as usize;
        let holes = self.ix.holes();
        let boards = self.ix.boards(s);
        let mut nodes = vec![S::default(); len];
        let mut counts = vec![0u8; len];
        let mut requests: Vec<Vec<u64>> = vec![Vec::new(); self.ranks];
        let mut waiting: Vec<Vec<(u32, i32, bool)>> = vec![Vec::new(); self.ranks];
        let mut edges: Vec<Vec<u64>> = vec![Vec::new(); self.ranks];
        let level_split = self.splits[s as usize];
        let mut board = [0u8; mancala_core::MAX_HOLES];
        for (local, i) in (lo..hi).enumerate() {
            let (side, rank) = if i < boards {
                (Side::South, i)
            } else {
                (Side::North, i - boards)
            };
            if i == lo || rank == 0 {
                self.ix.unrank(rank, s, &mut board);
            } else {
                next_board(&mut board, holes);
            }
            let mut summary = S::default();
            let mut count = 0u8;
            let terminal =
                visit_moves(sem, &self.ix, s, &board[..holes], side, |step| match step {
                    Step::Ends(value) => summary.exit(value, 1),
                    Step::Stays(child) => {
                        let owner = level_split.owner(child as u64);
                        edges[owner].push(((child as u64) << 32) | i);
                        count += 1;
                    }
                    Step::Exits {
                        index,
                        gain,
                        same_mover,
                    } => {
                        let (owner, _, _) = self.owner_of(index);
                        requests[owner].push(index);
                        waiting[owner].push((local as u32, gain, same_mover));
                    }
                });
            match terminal {
                Some(value) => nodes[local] = S::terminal(value),
                None => {
                    nodes[local] = summary;
                    counts[local] = count;
                }
            }
        }
        // The exits' values, from their owners.
        let asked = self.exchange(requests);
        let answers = asked
            .into_iter()
            .map(|indices| {
                indices
                    .into_iter()
                    .map(|index| {
                        let (_, cs, within) = self.owner_of(index);
                        let at = (within - self.range(cs).0) as usize;
                        let value = self.values[cs as usize][at] as u8 as u64;
                        value | (self.depths[cs as usize][at] as u64) << 8
                    })
                    .collect()
            })
            .collect();
        let answered = self.exchange(answers);
        for (from, replies) in answered.into_iter().enumerate() {
            for (&(local, gain, same_mover), word) in waiting[from].iter().zip(replies) {
                let child_value = (word & 0xff) as u8 as i8 as i32;
                let depth = (word >> 8) as u32;
                nodes[local as usize]
                    .exit(Step::exit_value(gain, same_mover, child_value), depth + 1);
            }
        }
        // The reversed edges of this rank's positions.
        let mut incoming: Vec<(u32, u32)> = self
            .exchange(edges)
            .into_iter()
            .flatten()
            .map(|word| (((word >> 32) - lo) as u32, word as u32))
            .collect();
        // Predecessors in the order the single-process solver lists them
        // (by parent index) - not needed for the values, but it keeps the
        // propagation's work the same.
        incoming.sort_unstable();
        let mut pred_start = vec![0u32; len + 1];
        for &(child, _) in &incoming {
            pred_start[child as usize + 1] += 1;
        }
        for l in 0..len {
            pred_start[l + 1] += pred_start[l];
        }
        let preds = incoming.into_iter().map(|(_, parent)| parent).collect();
        OwnLevel {
            lo,
            nodes,
            counts,
            pred_start,
            preds,
        }
    }

    /// Sends, for each settled position of `frontier`, (predecessor, won)
    /// to the predecessor's owner; returns the messages this rank receives,
    /// as (local index, whether the child was won for its mover).
    fn tell_predecessors<S>(
        &mut self,
        s: u32,
        level: &OwnLevel<S>,
        frontier: &[(u32, bool)],
    ) -> Vec<(usize, bool)> {
        let split = self.splits[s as usize];
        let mut outgoing: Vec<Vec<u64>> = vec![Vec::new(); self.ranks];
        for &(q, win) in frontier {
            let q = q as usize;
            for k in level.pred_start[q]..level.pred_start[q + 1] {
                let p = level.preds[k as usize] as u64;
                outgoing[split.owner(p)].push(p << 1 | win as u64);
            }
        }
        let lo = level.lo;
        self.exchange(outgoing)
            .into_iter()
            .flatten()
            .map(|word| (((word >> 1) - lo) as usize, word & 1 == 1))
            .collect()
    }

    /// The margin attractors of [`crate::solve`], by depth across ranks.
    fn solve_margin_level(
        &mut self,
        s: u32,
        mut level: OwnLevel<MarginNode>,
    ) -> (Vec<i8>, Vec<u16>) {
        let n = level.nodes.len();
        let top = s as usize;
        let mut values = vec![0i8; n];
        let mut depths = vec![0u16; n];
        let mut done = vec![false; n];
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
        for t in (1..=top).rev() {
            // frontiers[d]: positions settled at depth d, still to be told.
            let mut frontiers: Vec<Vec<(u32, bool)>> = vec![Vec::new(), Vec::new()];
            for (depth, seeds) in [
                (0u16, std::mem::take(&mut ends[t])),
                (1, std::mem::take(&mut exits[t])),
            ] {
                for (i, win) in seeds {
                    if !done[i as usize] {
                        done[i as usize] = true;
                        values[i as usize] = if win { t as i8 } else { -(t as i8) };
                        depths[i as usize] = depth;
                        frontiers[depth as usize].push((i, win));
                    }
                }
            }
            let mut d = 0usize;
            loop {
                let pending: usize = frontiers[d..].iter().map(Vec::len).sum();
                if self.net.max(pending as u64) == 0 {
                    break;
                }
                let frontier = std::mem::take(&mut frontiers[d]);
                let told = self.tell_predecessors(s, &level, &frontier);
                let next = (d as u16).saturating_add(1);
                if frontiers.len() <= d + 1 {
                    frontiers.push(Vec::new());
                }
                for (p, child_won) in told {
                    if done[p] {
                        continue;
                    }
                    if child_won {
                        level.counts[p] -= 1;
                        if level.counts[p] == 0 {
                            let best = level.nodes[p].best as i32;
                            if best <= -(t as i32) {
                                done[p] = true;
                                values[p] = -(t as i8);
                                depths[p] = next;
                                frontiers[d + 1].push((p as u32, false));
                            } else if best < 0 {
                                exits[(-best) as usize].push((p as u32, false));
                            }
                        }
                    } else {
                        done[p] = true;
                        values[p] = t as i8;
                        depths[p] = next;
                        frontiers[d + 1].push((p as u32, true));
                    }
                }
                d += 1;
            }
        }
        (values, depths)
    }

    /// The win/loss/draw bucket queue of [`crate::solve`], a bucket a step.
    fn solve_wdl_level(&mut self, s: u32, mut level: OwnLevel<WdlNode>) -> (Vec<i8>, Vec<u16>) {
        let n = level.nodes.len();
        let mut values = vec![0i8; n];
        let mut depths = vec![0u16; n];
        let mut queue = WdlQueue::seed(&level.nodes, &level.counts);
        let mut d = 0usize;
        // A bucket is taken whole: the propagation only pushes to later ones.
        while (d as u64) < self.net.max(queue.buckets.len() as u64) {
            let bucket = queue
                .buckets
                .get_mut(d)
                .map(std::mem::take)
                .unwrap_or_default();
            let mut settled = Vec::with_capacity(bucket.len());
            for (q, win) in bucket {
                let qi = q as usize;
                if queue.done[qi] {
                    continue;
                }
                queue.done[qi] = true;
                values[qi] = if win { 1 } else { -1 };
                depths[qi] = d.min(u16::MAX as usize) as u16;
                settled.push((q, win));
            }
            let next = d as u32 + 1;
            for (p, child_won) in self.tell_predecessors(s, &level, &settled) {
                queue.child_settled(p, child_won, next, &level.nodes, &mut level.counts);
            }
            d += 1;
        }
        (values, depths)
    }
}

/// Solves the positions with at most `max_seeds` seeds on the board on the
/// ranks of `net` (every rank calls it with the same arguments). Rank 0
/// gets the database, byte for byte the one [`crate::solve_up_to`] builds;
/// the other ranks get `None`. With `progress`, rank 0 shows a bar.
pub fn solve_distributed(
    rules: &Rules,
    max_seeds: u32,
    net: &dyn Transport,
    progress: bool,
) -> Result<(Option<Database>, ClusterStats), SolveError> {
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
    let ranks = net.size();
    let me = net.rank();
    let bar = crate::solve::positions_bar(total, progress && me == 0);
    let splits = (0..=max_seeds)
        .map(|s| Split {
            len: ix.level_len(s),
            ranks,
        })
        .collect();
    let mut rank = Rank {
        net,
        me,
        ranks,
        ix: ix.clone(),
        splits,
        values: Vec::new(),
        depths: Vec::new(),
        words_sent: 0,
        exchanges: 0,
    };
    for s in 0..=max_seeds {
        bar.set_message(format!("{s} seeds on the board, {ranks} ranks"));
        let (values, depths) = match sem.kind {
            DbKind::Margin => {
                let level = rank.build_level::<MarginNode>(&sem, s);
                rank.solve_margin_level(s, level)
            }
            DbKind::WinLossDraw => {
                let level = rank.build_level::<WdlNode>(&sem, s);
                rank.solve_wdl_level(s, level)
            }
        };
        rank.values.push(values);
        rank.depths.push(depths);
        bar.set_position(ix.level_offset(s) + ix.level_len(s));
    }
    bar.finish_and_clear();
    let words_sent = net.sum(rank.words_sent);
    let stats = ClusterStats {
        ranks,
        words_sent,
        exchanges: rank.exchanges,
    };
    // Rank 0 assembles the database: each level is the ranks' ranges in order.
    let mut own_values = Vec::new();
    let mut own_depths = Vec::new();
    for s in 0..=max_seeds as usize {
        own_values.extend(rank.values[s].iter().map(|&v| v as u8));
        own_depths.extend(rank.depths[s].iter().flat_map(|d| d.to_le_bytes()));
    }
    let (all_values, all_depths) = (net.gather(own_values), net.gather(own_depths));
    let (Some(all_values), Some(all_depths)) = (all_values, all_depths) else {
        return Ok((None, stats));
    };
    let mut values = vec![0i8; total as usize];
    let mut depths = vec![0u16; total as usize];
    let mut cursor_v: Vec<usize> = vec![0; ranks];
    for s in 0..=max_seeds {
        for r in 0..ranks {
            let split = Split {
                len: ix.level_len(s),
                ranks,
            };
            let (lo, hi) = (split.start(r), split.start(r + 1));
            let base = (ix.level_offset(s) + lo) as usize;
            let len = (hi - lo) as usize;
            let at = cursor_v[r];
            for k in 0..len {
                values[base + k] = all_values[r][at + k] as i8;
                depths[base + k] = u16::from_le_bytes([
                    all_depths[r][2 * (at + k)],
                    all_depths[r][2 * (at + k) + 1],
                ]);
            }
            cursor_v[r] += len;
        }
    }
    let db = Database::from_solved(rules, sem.kind, ix, values, depths, started.elapsed());
    Ok((Some(db), stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::LocalCluster;
    use crate::solve_up_to;

    fn file_bytes(db: &Database) -> Vec<u8> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.mdb");
        db.write(&path).unwrap();
        std::fs::read(path).unwrap()
    }

    fn assert_identical(game: &str, max_seeds: u32) {
        let rules = Rules::load(game).unwrap();
        let single = file_bytes(&solve_up_to(&rules, max_seeds, false).unwrap());
        for ranks in 1..=4 {
            let results = LocalCluster::run(ranks, |net| {
                solve_distributed(&rules, max_seeds, net, false).unwrap()
            });
            let (db, stats) = &results[0];
            assert_eq!(stats.ranks, ranks);
            assert!(
                results[1..].iter().all(|(db, _)| db.is_none()),
                "only rank 0 has the database"
            );
            let bytes = file_bytes(db.as_ref().expect("rank 0 has the database"));
            assert!(
                bytes == single,
                "{game} up to {max_seeds} seeds on {ranks} ranks differs"
            );
        }
    }

    #[test]
    fn splits_cover_each_level_once() {
        for (len, ranks) in [(0u64, 3usize), (1, 4), (7, 3), (1000, 4), (5, 5)] {
            let split = Split { len, ranks };
            assert_eq!(split.start(0), 0);
            assert_eq!(split.start(ranks), len);
            for x in 0..len {
                let r = split.owner(x);
                assert!(
                    split.start(r) <= x && x < split.start(r + 1),
                    "{x} of {len} on {ranks}"
                );
            }
        }
    }

    #[test]
    fn margin_databases_are_byte_identical_on_any_number_of_ranks() {
        assert_identical("tihbat", 10);
        assert_identical("kalah:holes=2,seeds=3", 12);
        assert_identical("awari", 5);
    }

    #[test]
    fn win_loss_draw_databases_are_byte_identical_on_any_number_of_ranks() {
        assert_identical("sadeqa-ii", 7);
    }
}
