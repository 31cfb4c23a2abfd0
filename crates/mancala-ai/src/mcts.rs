//! Monte Carlo tree search: UCT with random playouts, root-parallel.
//!
//! Each tree grows one node per iteration: walk down from the root choosing
//! children by the UCB1 formula (win rate plus an exploration bonus that
//! shrinks with visits), expand the first unexplored node, play random moves
//! from it to the end of the game, and add the result to every node on the
//! way back. The move played is the root child visited most.
//!
//! Several independent trees are grown in parallel (rayon), each with its
//! own random generator seeded from the player's seed and the tree's number;
//! their root visit counts are summed. The trees never share anything, so
//! with a playout budget the result depends only on the seed, the number of
//! trees and the position, not on the number of cores or on timing.
//!
//! Playouts know the game's history (a line of positions since the last capture), so repetitions end them
//! exactly as they end real games.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use mancala_core::{Child, Game, Line, Move, Outcome, Position, Rules, Side, Step};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use crate::clock::DeadlineCheck;
use crate::eval::Evaluator;

/// Exploration constant of UCB1, for rewards in `[0, 1]`.
const EXPLORATION: f32 = 1.0;
/// A playout longer than this is stopped and judged by the static value
/// (only rule files without repetition rules can play on for ever).
const MAX_PLAYOUT_PLIES: usize = 2_000;
/// Trees stop growing past this many nodes (72 bytes each, so at most about
/// 80 MB a tree); iterations go on, playing out from the leaves.
const MAX_NODES: usize = 1_000_000;

/// How much an MCTS search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsBudget {
    /// Playouts in all, shared evenly among the trees.
    pub playouts: Option<u64>,
    /// Wall-clock time, in milliseconds.
    pub millis: Option<u64>,
    /// Number of independent trees. `None`: [`DEFAULT_TREES`] with a
    /// playout budget (so results do not depend on the machine), every
    /// core otherwise.
    pub trees: Option<usize>,
}

/// Trees grown with a playout budget when none is given.
pub const DEFAULT_TREES: usize = 4;

/// The most trees a search grows: each reserves room up front and may grow
/// to a million nodes (about 96 MB), so this bounds a search's memory
/// at about 1.5 GB. Player specs asking for more are refused.
pub const MAX_TREES: usize = 16;

/// What an MCTS search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult {
    /// The most visited root move.
    pub best: Move,
    /// Its visits summed over the trees.
    pub visits: u64,
    /// Its mean reward for the player to move: 1 win, 0.5 draw, 0 loss.
    pub win_rate: f64,
    /// The most visited line in the first tree, starting with `best`.
    pub pv: Vec<Move>,
    /// Playouts run in all.
    pub playouts: u64,
    /// Time taken.
    pub elapsed: Duration,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The move's position; once reached, the position the game goes on
    /// from (after a round's end, the next round's opening).
    pos: Position,
    mv: Move,
    endless: bool,
    /// Whether `pos` opens a round (the move ended the one before).
    round: bool,
    /// 0: not yet reached; 1: live; 2: the game is over here.
    state: u8,
    /// For a finished game: South's reward.
    terminal: f32,
    parent: u32,
    first_child: u32,
    children: u8,
    visits: u32,
    /// Sum of rewards of the player who moved into this node.
    reward: f32,
}

const UNSEEN: u8 = 0;
const LIVE: u8 = 1;
const OVER: u8 = 2;

/// The reward of `side` in a finished game.
fn reward(outcome: &Outcome, side: Side) -> f32 {
    match outcome.winner {
        None => 0.5,
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
    }
}

/// Searches `game` (which must not be over) with UCT.
pub fn mcts_search(game: &Game, budget: &MctsBudget, seed: u64) -> MctsResult {
    mcts_search_with_stop(game, budget, seed, None)
}

/// [`mcts_search`] that ends early once `stop` is set (by another thread:
/// a user's Ctrl-C), with the most visited move so far; the first
/// playout of each tree always runs.
pub fn mcts_search_with_stop(
    game: &Game,
    budget: &MctsBudget,
    seed: u64,
    stop: Option<&Arc<AtomicBool>>,
) -> MctsResult {
    assert!(!game.is_over(), "mcts_search on a finished game");
    let start = Instant::now();
    let trees = budget.trees.unwrap_or(match budget.playouts {
        Some(_) => DEFAULT_TREES,
        None => rayon::current_num_threads(),
    });
    let trees = trees.clamp(1, MAX_TREES);
    let deadline = budget.millis.map(|ms| start + Duration::from_millis(ms));
    let per_tree: Vec<u64> = (0..trees as u64)
        .map(|t| match budget.playouts {
            Some(p) => p / trees as u64 + u64::from(t < p % trees as u64),
            None => u64::MAX,
        })
        .collect();
    let results: Vec<Tree> = (0..trees)
        .into_par_iter()
        .map(|t| {
            let seed = seed ^ (t as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let mut tree = Tree::new(game, seed);
            // The root's moves are exact; below them a relay still going
            // after a few milliseconds counts as endless (see search.rs).
            let _laps = mancala_core::limit_relay_laps(mancala_core::SEARCH_RELAY_LAPS);
            tree.grow(
                per_tree[t],
                DeadlineCheck::with_stop(deadline, stop.cloned()),
            );
            tree
        })
        .collect();
    // Sum root visits by move, over the trees.
    let root_moves: Vec<Move> = game.successors().iter().map(|c| c.mv).collect();
    let mut visits = vec![0u64; root_moves.len()];
    let mut rewards = vec![0f64; root_moves.len()];
    let mut playouts = 0;
    for tree in &results {
        playouts += tree.playouts;
        for (i, v) in visits.iter_mut().enumerate() {
            let node = &tree.nodes[tree.nodes[0].first_child as usize + i];
            *v += node.visits as u64;
            rewards[i] += node.reward as f64;
        }
    }
    // Most visits; ties go to the better reward, then to move order.
    let best = (0..root_moves.len())
        .max_by(|&a, &b| {
            visits[a]
                .cmp(&visits[b])
                .then(rewards[a].total_cmp(&rewards[b]))
                .then(b.cmp(&a))
        })
        .expect("a live game has a move");
    let pv = results[0].pv(best);
    MctsResult {
        best: root_moves[best],
        visits: visits[best],
        win_rate: if visits[best] > 0 {
            rewards[best] / visits[best] as f64
        } else {
            0.5
        },
        pv,
        playouts,
        elapsed: start.elapsed(),
    }
}

/// One tree.
struct Tree<'a> {
    rules: &'a Rules,
    eval: Evaluator,
    nodes: Vec<Node>,
    /// The game's history; the walk down the tree and the playout push on it.
    line: Line,
    rng: SmallRng,
    playouts: u64,
    /// The time budget and stop flag, looked at between playouts and
    /// within them (one ply can take milliseconds in relay games).
    deadline: DeadlineCheck,
}

impl<'a> Tree<'a> {
    fn new(game: &'a Game, seed: u64) -> Tree<'a> {
        let rules = game.rules();
        let root = Node {
            pos: *game.position(),
            mv: Move::Pass,
            endless: false,
            round: false,
            state: LIVE,
            terminal: 0.0,
            parent: u32::MAX,
            first_child: 0,
            children: 0,
            visits: 0,
            reward: 0.0,
        };
        let mut tree = Tree {
            rules,
            eval: Evaluator::new(rules),
            nodes: Vec::with_capacity(4096),
            line: Line::from_game(game),
            rng: SmallRng::seed_from_u64(seed),
            playouts: 0,
            deadline: DeadlineCheck::new(None),
        };
        tree.nodes.push(root);
        let succ = rules.successors(game.position());
        tree.add_children(0, succ.as_slice());
        tree
    }

    fn add_children(&mut self, parent: usize, children: &[Child]) {
        self.nodes[parent].first_child = self.nodes.len() as u32;
        self.nodes[parent].children = children.len() as u8;
        for c in children {
            self.nodes.push(Node {
                pos: c.pos,
                mv: c.mv,
                endless: c.endless,
                round: false,
                state: UNSEEN,
                terminal: 0.0,
                parent: parent as u32,
                first_child: 0,
                children: 0,
                visits: 0,
                reward: 0.0,
            });
        }
    }

    fn grow(&mut self, playouts: u64, deadline: DeadlineCheck) {
        let base = self.line.len();
        self.deadline = deadline;
        while self.playouts < playouts {
            if self.playouts > 0 && self.deadline.passed() {
                break;
            }
            self.iterate(base);
            self.playouts += 1;
        }
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self, base: usize) {
        let mut at = 0usize;
        let mut undo = None;
        // Select: down through live, expanded nodes by UCB1. The result is
        // South's reward.
        let south_reward = loop {
            let node = self.nodes[at];
            if node.state == OVER {
                break node.terminal;
            }
            if node.state == UNSEEN {
                // Reach it: is the game over here? If not, expand it and
                // play out from it.
                let parent = self.nodes[node.parent as usize].pos;
                let child = Child {
                    mv: node.mv,
                    pos: node.pos,
                    endless: node.endless,
                };
                match self.line.enter(self.rules, &parent, &child) {
                    Step::End { outcome, .. } => {
                        let r = reward(&outcome, Side::South);
                        let n = &mut self.nodes[at];
                        n.state = OVER;
                        n.terminal = r;
                        break r;
                    }
                    Step::Live {
                        pos,
                        succ,
                        undo: u,
                        round,
                        ..
                    } => {
                        undo.get_or_insert(u);
                        let n = &mut self.nodes[at];
                        n.state = LIVE;
                        n.pos = pos;
                        n.round = round;
                        if self.nodes.len() + succ.len() <= MAX_NODES {
                            self.add_children(at, succ.as_slice());
                        }
                        break self.playout(pos, succ);
                    }
                }
            }
            if node.children == 0 {
                // Live but never expanded (the tree is full): play out.
                let succ = self.rules.successors(&node.pos);
                break self.playout(node.pos, succ);
            }
            let next = self.select(at);
            if self.nodes[next].state == LIVE {
                let parent = self.nodes[at].pos;
                let Node { pos, round, .. } = self.nodes[next];
                let u = self.line.push_live(self.rules, &parent, &pos, round);
                undo.get_or_insert(u);
            }
            at = next;
        };
        if let Some(u) = undo {
            self.line.leave(u);
        }
        debug_assert_eq!(self.line.len(), base);
        // Back up: each node keeps the reward of the player who moved into
        // it, the mover at its parent (not found by alternation: a move that
        // earns an extra turn leaves the same player to move).
        let mut i = at;
        loop {
            self.nodes[i].visits += 1;
            let parent = self.nodes[i].parent;
            if parent == u32::MAX {
                break;
            }
            let mover = self.nodes[parent as usize].pos.to_move();
            self.nodes[i].reward += reward_for(south_reward, mover);
            i = parent as usize;
        }
    }

    /// The child of `at` with the best UCB1 value (unvisited children first,
    /// in move order).
    fn select(&self, at: usize) -> usize {
        let node = &self.nodes[at];
        let first = node.first_child as usize;
        let ln_n = (node.visits.max(1) as f32).ln();
        let mut best = first;
        let mut best_value = f32::NEG_INFINITY;
        for i in first..first + node.children as usize {
            let c = &self.nodes[i];
            if c.visits == 0 {
                return i;
            }
            let v = c.reward / c.visits as f32 + EXPLORATION * (ln_n / c.visits as f32).sqrt();
            if v > best_value {
                best_value = v;
                best = i;
            }
        }
        best
    }

    /// Random moves from `pos` (live, with moves `succ`, the line's last
    /// entry) to the end. Returns the reward of South.
    fn playout(&mut self, mut pos: Position, mut succ: mancala_core::Successors) -> f32 {
        let mark = self.line.len();
        let mut first_undo = None;
        let mut result = None;
        for _ in 0..MAX_PLAYOUT_PLIES {
            if self.deadline.passed() {
                // Out of time: judged by the static value, as an endless playout.
                break;
            }
            let i = self.rng.random_range(0..succ.len());
            let child = succ.as_slice()[i];
            match self.line.enter(self.rules, &pos, &child) {
                Step::End { outcome, .. } => {
                    result = Some(reward(&outcome, Side::South));
                    break;
                }
                Step::Live {
                    pos: next,
                    succ: s,
                    undo,
                    ..
                } => {
                    first_undo.get_or_insert(undo);
                    pos = next;
                    succ = s;
                }
            }
        }
        if let Some(undo) = first_undo {
            self.line.leave(undo);
        }
        debug_assert_eq!(self.line.len(), mark);
        result.unwrap_or_else(|| {
            // Judge an endless playout by the static value.
            let v = self.eval.static_eval(&pos);
            let mover_reward = match v.cmp(&0) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            };
            reward_for(mover_reward, pos.to_move())
        })
    }

    /// The most visited line from root child `index`.
    fn pv(&self, index: usize) -> Vec<Move> {
        let mut at = self.nodes[0].first_child as usize + index;
        let mut pv = vec![self.nodes[at].mv];
        while self.nodes[at].children > 0 {
            let first = self.nodes[at].first_child as usize;
            let next = (first..first + self.nodes[at].children as usize)
                .max_by_key(|&i| (self.nodes[i].visits, std::cmp::Reverse(i)))
                .expect("children");
            if self.nodes[next].visits == 0 {
                break;
            }
            pv.push(self.nodes[next].mv);
            at = next;
        }
        pv
    }
}

/// South's reward as the reward of `side` (and, the map being its own
/// inverse, `side`'s reward as South's).
fn reward_for(south: f32, side: Side) -> f32 {
    if side == Side::South {
        south
    } else {
        1.0 - south
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_small() {
        // A node holds a Position (64 bytes, with its barred holes); the
        // trees' memory bound (a million nodes, about 96 MB a tree) counts
        // on this.
        assert!(
            std::mem::size_of::<Node>() <= 96,
            "{}",
            std::mem::size_of::<Node>()
        );
    }

    #[test]
    fn playout_budget_is_split_among_trees() {
        let game = Game::new(mancala_core::Rules::builtin("oware").unwrap());
        let budget = MctsBudget {
            playouts: Some(1001),
            millis: None,
            trees: Some(3),
        };
        let r = mcts_search(&game, &budget, 1);
        assert_eq!(r.playouts, 1001);
        assert_eq!(r.pv[0], r.best);
        assert!(r.win_rate > 0.0 && r.win_rate < 1.0);
        let again = mcts_search(&game, &budget, 1);
        assert_eq!(
            r,
            MctsResult {
                elapsed: r.elapsed,
                ..again
            },
            "the same seed, the same search"
        );
    }
}
