//! Solving a game by its reachable game graph: every position reachable
//! from the opening, then retrograde analysis on that graph.
//!
//! The database solver ([`mod@crate::solve`]) values every board of a game
//! and so needs rules whose positions are boards alone. This solver needs
//! nothing of the kind: a node is a whole [`Position`] as core makes it
//! (board, captures, who has opened, holes out of play, fixed directions,
//! extra turns), with its ply count capped ([`Position::graph_node`]), and
//! whether the move that reached it never ends its sowing. Core gives every
//! node's legal moves, the positions they lead to, the end of the game and
//! the outcome ([`Rules::verdict`], [`settle`](mancala_core::settle)); no
//! rule is derived here. Its limit is the size of the graph: multi-row
//! games on small boards fit, whatever their rules.
//!
//! # The graph
//!
//! A breadth-first walk from the opening numbers the nodes (a hash table
//! of node numbers, probed linearly) and stores each node's moves as the
//! numbers of their targets, in core's move order, so the opening's edges
//! are its moves. A node where the game ends is a *terminal*, worth what
//! core's settlement gives the player to move there. The walk stops with
//! an error, before it allocates more, once the graph would take more
//! memory than its bound.
//!
//! # Win/loss/draw games
//!
//! Retrograde analysis from the terminals, breadth first: a node is won at
//! the smallest distance of a move to a position good for its mover (lost
//! for the opponent, or won after an extra turn), lost at the largest
//! distance once every move is known to lead to a position bad for it,
//! and drawn when neither happens (play that goes round a cycle for ever
//! is a draw: the game has no end then but the ply limit, a draw). The
//! queue holds nodes in order of distance, so the first good move found is
//! the quickest win and the last bad move the slowest loss.
//!
//! # Margin games
//!
//! A capture takes seeds off the board and nothing puts them back, so the
//! nodes are solved in levels of seeds on the board, fewest first, and a
//! move either leaves its level (a capture: its value is known) or stays
//! in it without gaining anything. Within a level, for each threshold
//! `t >= 1`, the nodes whose mover can force a margin of at least `t`
//! (`W_t`) and those whose mover cannot avoid `-t` or worse (`L_t`) are
//! an attractor computation along the reversed moves, exact on cycles;
//! a node's value is the largest `t` of its `W_t` (or `-t` of its `L_t`),
//! 0 when in neither: endless play shares the seeds left, as in the
//! databases. A rule that changes the captures without taking seeds off
//! the board (a store lost to the opponent) breaks the levels, and is
//! refused when the walk meets it.

use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::spec::StartLayout;
use mancala_core::{MAX_SUCCESSORS, Move, Position, Rules, value_for};

use crate::eval::{DbKind, Eval, Semantics};
use crate::solve::SolveError;

/// Bytes the retrograde analysis allocates on top of the walk's vectors,
/// for a graph of `nodes` nodes and `edges` moves, at most: a value (2
/// bytes) and a distance (4) a node, 40 bytes more a node (win/loss games:
/// a reversed-edge start and its cursor, a counter, a queue entry, a flag;
/// margin games: the level lists, and a level's exits, counters, states,
/// queue and reversed-edge starts) and 12 a move (the reversed move, and
/// in margin games a level's moves that stay, listed before reversal).
pub fn analysis_bytes(nodes: u64, edges: u64) -> u64 {
    nodes
        .saturating_mul(2 + 4 + 40)
        .saturating_add(edges.saturating_mul(12))
}

/// The bytes a vector takes, or will take once it grows, when fewer than
/// `room` more elements fit: its buffer doubled.
fn vec_bytes<T>(v: &Vec<T>, room: usize) -> u64 {
    let cap = if v.len() + room > v.capacity() {
        (2 * v.capacity()).max(v.len() + room)
    } else {
        v.capacity()
    };
    (cap * std::mem::size_of::<T>()) as u64
}

/// A solved game graph.
#[derive(Debug)]
pub struct GraphSolution {
    /// What the values are: margins or wins and losses.
    pub kind: DbKind,
    /// Nodes of the graph: the positions reachable from the opening (a
    /// position reached by a move that never ends counts apart).
    pub positions: u64,
    /// Moves between them.
    pub edges: u64,
    /// The time the walk and the analysis took.
    pub elapsed: Duration,
    /// The opening's value for its player to move.
    pub value: Eval,
    /// Every legal first move with its value for the player to move,
    /// best first (moves of equal value in core's move order).
    pub moves: Vec<(Move, Eval)>,
    nodes: Vec<Position>,
    endless: Vec<bool>,
    values: Vec<i16>,
    plies: Vec<u32>,
}

impl GraphSolution {
    /// The first moves that keep the opening's value: the perfect moves
    /// (in a win/loss game, every move that wins, or draws, or loses
    /// slowest when nothing better exists, whatever its distance).
    pub fn perfect_moves(&self) -> Vec<Move> {
        self.moves
            .iter()
            .filter(|(_, e)| e.value == self.value.value)
            .map(|&(mv, _)| mv)
            .collect()
    }

    /// Every position of the graph with its value for its player to move
    /// (positions reached by a move whose sowing never ends left out).
    pub fn evals(&self) -> impl Iterator<Item = (Position, Eval)> + '_ {
        (0..self.nodes.len())
            .filter(|&i| !self.endless[i])
            .map(|i| (self.nodes[i], self.eval_of(i)))
    }

    fn eval_of(&self, i: usize) -> Eval {
        Eval {
            value: self.values[i] as i32,
            plies: self.plies[i],
        }
    }
}

/// A hasher for nodes: FxHash's multiply and rotate over 8-byte words.
#[derive(Default)]
struct NodeHasher(u64);

impl NodeHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for NodeHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // The table takes the high bits: mix the low ones into them.
        let h = self.0 ^ (self.0 >> 32);
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

const EMPTY: u32 = u32::MAX;

/// The nodes found so far and the table that numbers them.
struct Nodes {
    nodes: Vec<Position>,
    endless: Vec<bool>,
    slots: Vec<u32>,
    shift: u32,
}

impl Nodes {
    fn new() -> Nodes {
        Nodes {
            nodes: Vec::new(),
            endless: Vec::new(),
            slots: vec![EMPTY; 1 << 10],
            shift: 64 - 10,
        }
    }

    fn hash(pos: &Position, endless: bool) -> u64 {
        let mut h = NodeHasher::default();
        pos.hash(&mut h);
        endless.hash(&mut h);
        h.finish()
    }

    /// The number of the node `(pos, endless)`, numbered next if new
    /// (`true` then).
    fn intern(&mut self, pos: Position, endless: bool) -> (u32, bool) {
        if 2 * (self.nodes.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = (Self::hash(&pos, endless) >> self.shift) as usize;
        loop {
            let slot = self.slots[i];
            if slot == EMPTY {
                let id = self.nodes.len() as u32;
                self.slots[i] = id;
                self.nodes.push(pos);
                self.endless.push(endless);
                return (id, true);
            }
            if self.nodes[slot as usize] == pos && self.endless[slot as usize] == endless {
                return (slot, false);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let len = self.slots.len() * 2;
        self.shift -= 1;
        self.slots = vec![EMPTY; len];
        let mask = len - 1;
        for (id, pos) in self.nodes.iter().enumerate() {
            let mut i = (Self::hash(pos, self.endless[id]) >> self.shift) as usize;
            while self.slots[i] != EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = id as u32;
        }
    }
}

/// Why the graph solver refuses `rules` before it starts, if it does.
pub fn check_graph_supported(rules: &Rules) -> Result<(), SolveError> {
    let unsupported = |reason: &str| {
        Err(SolveError::Unsupported {
            game: rules.name().to_string(),
            reason: reason.to_string(),
        })
    };
    if rules.has_rounds() {
        return unsupported(
            "the game is played in rounds, and the end of a round is not the end of the game the graph values",
        );
    }
    if rules.spec().board.layout == StartLayout::Random {
        return unsupported(
            "the start is a random layout, so there is no one opening to solve from",
        );
    }
    Ok(())
}

/// Solves the game graph reachable from the opening of `rules`, refusing
/// (before allocating more) a graph that would take more than `max_bytes`
/// of memory: the walk's vectors, counted before they grow, and what the
/// analysis will add ([`analysis_bytes`]). With `progress`, shows the walk and the
/// analysis on stderr.
pub fn solve_graph(
    rules: &Rules,
    max_bytes: u64,
    progress: bool,
) -> Result<GraphSolution, SolveError> {
    check_graph_supported(rules)?;
    let started = Instant::now();
    let sem = Semantics::new(rules);
    let bar = if progress {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                .expect("a valid template"),
        );
        // The analysis reports nothing until it ends: the clock goes on.
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    } else {
        ProgressBar::hidden()
    };
    let too_large = |positions: u64| SolveError::TooLarge {
        game: rules.name().to_string(),
        positions,
    };

    // The walk: node `i`'s moves are edges[first[i]..first[i + 1]].
    let mut table = Nodes::new();
    let mut first: Vec<u64> = vec![0];
    let mut edges: Vec<u32> = Vec::new();
    let mut terminal: Vec<Option<i16>> = Vec::new();
    table.intern(rules.start().graph_node(), false);
    let mut next = 0usize;
    while next < table.nodes.len() {
        let pos = table.nodes[next];
        let endless = table.endless[next];
        match rules.verdict(&pos, endless, &[]) {
            mancala_core::Verdict::End { reason, .. } => {
                terminal.push(Some(sem.terminal(&pos, reason) as i16));
            }
            mancala_core::Verdict::Live { succ, .. } => {
                terminal.push(None);
                for child in succ.as_slice() {
                    let (id, _) = table.intern(child.pos.graph_node(), child.endless);
                    edges.push(id);
                }
            }
        }
        first.push(edges.len() as u64);
        next += 1;
        // What the walk holds, counting the next growth of every vector
        // about to grow, and what the analysis will add: checked before
        // the vectors grow past the bound.
        let room = MAX_SUCCESSORS;
        let walk = vec_bytes(&table.nodes, room)
            + vec_bytes(&table.endless, room)
            + vec_bytes(&table.slots, 0)
            + if 2 * (table.nodes.len() + room) > table.slots.len() {
                vec_bytes(&table.slots, 0) * 2
            } else {
                0
            }
            + vec_bytes(&first, 1)
            + vec_bytes(&edges, room)
            + vec_bytes(&terminal, 1);
        let needed =
            walk.saturating_add(analysis_bytes(table.nodes.len() as u64, edges.len() as u64));
        if needed > max_bytes {
            bar.finish_and_clear();
            return Err(too_large(table.nodes.len() as u64));
        }
        if next.is_multiple_of(1 << 16) {
            bar.set_message(format!(
                "{next} positions walked, {} found, {} moves",
                table.nodes.len(),
                edges.len()
            ));
            bar.tick();
        }
    }
    let Nodes { nodes, endless, .. } = table;
    let n = nodes.len();
    bar.set_message(format!(
        "{n} positions, {} moves: retrograde analysis",
        edges.len()
    ));
    bar.tick();
    let mut values = vec![0i16; n];
    let mut plies = vec![0u32; n];
    match sem.kind {
        DbKind::WinLossDraw => {
            solve_wdl(&nodes, &first, &edges, &terminal, &mut values, &mut plies)
        }
        DbKind::Margin => {
            solve_margin(rules, &sem, &nodes, &first, &edges, &terminal, &mut values)?
        }
    }
    bar.finish_and_clear();

    // The opening's moves are node 0's edges, in core's move order.
    let root = nodes[0];
    let moves_of_root = match rules.verdict(&root, false, &[]) {
        mancala_core::Verdict::Live { succ, .. } => {
            succ.as_slice().iter().map(|c| c.mv).collect::<Vec<_>>()
        }
        mancala_core::Verdict::End { .. } => Vec::new(),
    };
    let mut moves: Vec<(Move, Eval)> = moves_of_root
        .into_iter()
        .zip(&edges[first[0] as usize..first[1] as usize])
        .map(|(mv, &c)| {
            let c = c as usize;
            let value = sem.combine(&root, &nodes[c], values[c] as i32);
            let plies = if sem.kind == DbKind::WinLossDraw && value != 0 {
                plies[c] + 1
            } else {
                0
            };
            (mv, Eval { value, plies })
        })
        .collect();
    moves.sort_by(|a, b| Eval::best_first(&a.1, &b.1));
    Ok(GraphSolution {
        kind: sem.kind,
        positions: n as u64,
        edges: edges.len() as u64,
        elapsed: started.elapsed(),
        value: Eval {
            value: values[0] as i32,
            plies: plies[0],
        },
        moves,
        nodes,
        endless,
        values,
        plies,
    })
}

/// The reversed edges of the graph: the nodes with a move to node `i` are
/// `preds[start[i]..start[i + 1]]`, once a move.
fn reversed(n: usize, first: &[u64], edges: &[u32]) -> (Vec<u64>, Vec<u32>) {
    let mut start = vec![0u64; n + 1];
    for &c in edges {
        start[c as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill: Vec<u64> = start[..n].to_vec();
    let mut preds = vec![0u32; edges.len()];
    for p in 0..n {
        for &c in &edges[first[p] as usize..first[p + 1] as usize] {
            preds[fill[c as usize] as usize] = p as u32;
            fill[c as usize] += 1;
        }
    }
    (start, preds)
}

/// Win/loss/draw values with distances (see the module's docs).
fn solve_wdl(
    nodes: &[Position],
    first: &[u64],
    edges: &[u32],
    terminal: &[Option<i16>],
    values: &mut [i16],
    plies: &mut [u32],
) {
    let n = nodes.len();
    let (start, preds) = reversed(n, first, edges);
    let mut decided = vec![false; n];
    // Moves not yet known to be bad for the mover.
    let mut open: Vec<u32> = (0..n).map(|i| (first[i + 1] - first[i]) as u32).collect();
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    for i in 0..n {
        if let Some(v) = terminal[i] {
            values[i] = v;
            decided[i] = true;
            if v != 0 {
                queue.push(i as u32);
            }
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head] as usize;
        head += 1;
        let (vc, dc) = (values[c] as i32, plies[c]);
        for &p in &preds[start[c] as usize..start[c + 1] as usize] {
            let p = p as usize;
            if decided[p] {
                continue;
            }
            if value_for(nodes[p].to_move(), nodes[c].to_move(), vc) > 0 {
                values[p] = 1;
            } else {
                open[p] -= 1;
                if open[p] > 0 {
                    continue;
                }
                values[p] = -1;
            }
            plies[p] = dc + 1;
            decided[p] = true;
            queue.push(p as u32);
        }
    }
}

/// Margin values, level by level of seeds on the board (see the module's
/// docs).
fn solve_margin(
    rules: &Rules,
    sem: &Semantics,
    nodes: &[Position],
    first: &[u64],
    edges: &[u32],
    terminal: &[Option<i16>],
    values: &mut [i16],
) -> Result<(), SolveError> {
    let n = nodes.len();
    let broken = |what: &str| SolveError::Unsupported {
        game: rules.name().to_string(),
        reason: format!("a move {what}, so the positions cannot be solved by seeds on the board"),
    };
    let level = |i: usize| nodes[i].seeds_on_board();
    let top = (0..n).map(level).max().unwrap_or(0) as usize;
    // The live nodes of each level.
    let mut by_level: Vec<Vec<u32>> = vec![Vec::new(); top + 1];
    for i in 0..n {
        match terminal[i] {
            Some(v) => values[i] = v,
            None => by_level[level(i) as usize].push(i as u32),
        }
    }
    // Scratch, indexed by node, meaningful for the current level only.
    let mut local = vec![0u32; n];
    for members in &by_level {
        let m = members.len();
        if m == 0 {
            continue;
        }
        for (k, &i) in members.iter().enumerate() {
            local[i as usize] = k as u32;
        }
        // The best value a move out of the level (or to a terminal) gives,
        // the moves that stay, and their reversal.
        let mut best_exit = vec![i32::MIN; m];
        let mut stay = vec![0u32; m];
        let mut stay_edges: Vec<(u32, u32)> = Vec::new();
        for (k, &i) in members.iter().enumerate() {
            let i = i as usize;
            let s = level(i);
            for &c in &edges[first[i] as usize..first[i + 1] as usize] {
                let c = c as usize;
                let gain = sem.gain(&nodes[i], &nodes[c]);
                if terminal[c].is_some() || level(c) < s {
                    let v = sem.combine(&nodes[i], &nodes[c], values[c] as i32);
                    best_exit[k] = best_exit[k].max(v);
                } else if level(c) > s {
                    return Err(broken("puts seeds back on the board"));
                } else if gain != 0 {
                    return Err(broken(
                        "changes the captures without taking seeds off the board",
                    ));
                } else {
                    stay[k] += 1;
                    stay_edges.push((local[c], k as u32));
                }
            }
        }
        let mut start = vec![0u32; m + 1];
        for &(c, _) in &stay_edges {
            start[c as usize + 1] += 1;
        }
        for k in 0..m {
            start[k + 1] += start[k];
        }
        let mut fill = start[..m].to_vec();
        let mut preds = vec![0u32; stay_edges.len()];
        for &(c, p) in &stay_edges {
            preds[fill[c as usize] as usize] = p;
            fill[c as usize] += 1;
        }
        drop(stay_edges);
        let mover = |k: u32| nodes[members[k as usize] as usize].to_move();
        // 0: not known; 1: in W_t; 2: in L_t.
        let mut state = vec![0u8; m];
        let mut open = vec![0u32; m];
        let mut queue: Vec<u32> = Vec::with_capacity(m);
        let mut t = 1;
        loop {
            state.fill(0);
            queue.clear();
            for k in 0..m {
                open[k] = stay[k];
                if best_exit[k] >= t {
                    state[k] = 1;
                    queue.push(k as u32);
                } else if stay[k] == 0 && best_exit[k] <= -t {
                    state[k] = 2;
                    queue.push(k as u32);
                }
            }
            if queue.is_empty() {
                break;
            }
            let mut head = 0;
            while head < queue.len() {
                let c = queue[head];
                head += 1;
                let same = |p: u32| mover(p) == mover(c);
                for &p in &preds[start[c as usize] as usize..start[c as usize + 1] as usize] {
                    let pk = p as usize;
                    if state[pk] != 0 {
                        continue;
                    }
                    let good = (state[c as usize] == 2) != same(p);
                    if good {
                        state[pk] = 1;
                        queue.push(p);
                    } else {
                        open[pk] -= 1;
                        if open[pk] == 0 && best_exit[pk] <= -t {
                            state[pk] = 2;
                            queue.push(p);
                        }
                    }
                }
            }
            for &k in &queue {
                let i = members[k as usize] as usize;
                values[i] = if state[k as usize] == 1 { t } else { -t } as i16;
            }
            t += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgames;

    const BIG: u64 = 1 << 32;

    /// One hole a row, one seed each, sown into the next hole; nothing is
    /// ever captured, so the seeds go round for ever: South sows (0, 2),
    /// North sows its two back (1, 1), and so on.
    const ROUND_AND_ROUND: &str = r#"
name = "Round and round"
[board]
holes_per_row = 1
seeds_per_hole = 1
[sowing]
start = "next"
[end]
result = "deprivation"
stuck = "loss"
"#;

    #[test]
    fn a_cycle_nobody_can_leave_is_a_draw() {
        let rules = testgames::rules("round", ROUND_AND_ROUND);
        let graph = solve_graph(&rules, BIG, false).unwrap();
        // The opening, the two boards with North to move (before and after
        // South has opened is the same node once both have: North has not
        // at first), and (1, 1) with both opened.
        assert!(graph.positions <= 4, "{}", graph.positions);
        assert_eq!(graph.value, Eval { value: 0, plies: 0 });
        assert_eq!(graph.perfect_moves().len(), 1);
        assert!(graph.evals().all(|(_, e)| e.value == 0));
    }

    #[test]
    fn emptying_ones_own_row_loses_in_one_ply() {
        // South's only move empties South's row, which loses at once.
        let text = ROUND_AND_ROUND.replace(
            "stuck = \"loss\"",
            "stuck = \"loss\"\nmover_row_empty = true",
        );
        let rules = testgames::rules("lost", &text);
        let graph = solve_graph(&rules, BIG, false).unwrap();
        assert_eq!(
            graph.value,
            Eval {
                value: -1,
                plies: 1
            }
        );
        assert_eq!(graph.moves.len(), 1);
        assert_eq!(
            graph.moves[0].1,
            Eval {
                value: -1,
                plies: 1
            }
        );
    }

    #[test]
    fn a_graph_over_its_bound_is_an_error() {
        let rules = Rules::builtin("awari").unwrap();
        let err = solve_graph(&rules, 1 << 20, false).unwrap_err();
        assert!(matches!(err, SolveError::TooLarge { .. }), "{err}");
    }

    /// Every reachable position the database covers has the database's
    /// value, and in win/loss games its distance.
    #[test]
    fn tiny_games_have_the_databases_values() {
        let mut games = testgames::all();
        for game in ["kalah:holes=3,seeds=2", "awari:holes=3,seeds=2"] {
            games.push(Rules::load(game).unwrap());
        }
        for rules in games {
            let graph = solve_graph(&rules, BIG, false).unwrap();
            let db = crate::solve(&rules, false).unwrap();
            let sem = Semantics::new(&rules);
            let mut compared = 0;
            for (pos, eval) in graph.evals() {
                if !sem.covered_flags(&pos) {
                    continue;
                }
                let want = db.eval(&pos).unwrap();
                assert_eq!(eval.value, want.value, "{}: {pos:?}", rules.name());
                if graph.kind == DbKind::WinLossDraw {
                    assert_eq!(eval.plies, want.plies, "{}: {pos:?}", rules.name());
                }
                compared += 1;
            }
            assert!(compared > 0, "{}: {compared}", rules.name());
        }
    }
}
