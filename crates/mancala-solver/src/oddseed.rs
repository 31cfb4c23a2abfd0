//! Awari's repetition rule and the odd seed: what the statistics would be
//! if a repetition gave the odd seed to one player instead of half to each.
//!
//! The rules (`games/awari.toml`, `end.repetition = "share"`) end the game
//! when a position recurs and divide the seeds left equally, an odd seed
//! half each, which is what the databases assume (endless play is worth 0).
//! The spec names two other options, which rule files cannot express (core's
//! `Repetition` has no odd-seed setting): the odd seed to the player to move
//! at the repeated position, or to the other. Under them the value of a
//! position depends on where a cycle is closed, so it is not a value of the
//! position graph alone; this module computes it exactly by a search over
//! the real game tree, keeping the path since the last capture (a capture
//! clears it, as in the rules), level by level for the positions with few
//! seeds. It is exponential in the length of the cycles and meant for small
//! seed counts only: it shows the options' effect (see `docs/solutions.md`).

use mancala_core::{Rules, Side};

use crate::eval::Semantics;
use crate::figures::LevelValues;
use crate::index::Indexer;

/// Who gets the odd seed when a repetition ends the game with an odd
/// number of seeds on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OddSeed {
    /// Half each (the rules of `games/awari.toml`): the margin is 0.
    Half,
    /// The player to move at the repeated position: +1 for them.
    ToMover,
    /// The other player: -1 for the player to move.
    ToOther,
}

impl OddSeed {
    /// The margin of a repetition with `s` seeds on the board for the
    /// player to move at the repeated position.
    fn repetition(self, s: u32) -> i32 {
        match (self, s % 2) {
            (_, 0) | (OddSeed::Half, _) => 0,
            (OddSeed::ToMover, _) => 1,
            (OddSeed::ToOther, _) => -1,
        }
    }
}

const HOLES: usize = 12;

struct Search<'a> {
    sem: Semantics<'a>,
    ix: &'a Indexer,
    odd: OddSeed,
    /// Values (for the player to move, fresh history) of the levels below.
    values: &'a [i8],
    nodes: u64,
}

impl Search<'_> {
    /// Negamax with alpha-beta over the game tree of level `s`; `path`
    /// holds the positions since the last capture (indices).
    fn search(
        &mut self,
        board: &[u8],
        side: Side,
        s: u32,
        mut alpha: i32,
        beta: i32,
        path: &mut Vec<u64>,
    ) -> i32 {
        self.nodes += 1;
        let pos = self.sem.position(board, side);
        let succ = match self.sem.moves_or_end(&pos) {
            Ok(succ) => succ,
            Err(reason) => return self.sem.terminal(&pos, reason),
        };
        path.push(self.ix.index_of(board, s, side));
        let mut best = i32::MIN;
        for child in succ.as_slice() {
            let value = if child.endless {
                self.sem.endless_move(&pos, child)
            } else {
                let cb = &child.pos.raw_board()[..HOLES];
                let cs = child.pos.seeds_on_board();
                let to_move = child.pos.to_move();
                let child_value = if cs < s {
                    self.values[self.ix.index_of(cb, cs, to_move) as usize] as i32
                } else {
                    let at = self.ix.index_of(cb, cs, to_move);
                    if path.contains(&at) {
                        self.odd.repetition(s)
                    } else {
                        let (a, b) = if to_move == side {
                            (alpha.max(best), beta)
                        } else {
                            (-beta, -alpha.max(best))
                        };
                        self.search(cb, to_move, s, a, b, path)
                    }
                };
                self.sem.combine(&pos, &child.pos, child_value)
            };
            best = best.max(value);
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
        path.pop();
        best
    }
}

/// The South-to-move statistics of Awari up to `max_seeds` seeds on the
/// board under the odd-seed option `odd`, by exhaustive search, with the
/// number of positions searched.
pub fn awari_tables(max_seeds: u32, odd: OddSeed) -> (Vec<LevelValues>, u64) {
    let rules = Rules::builtin("awari").expect("Awari is built in");
    let sem = Semantics::new(&rules);
    let ix = Indexer::new(HOLES, max_seeds);
    let mut values = vec![0i8; ix.total() as usize];
    let mut tables = Vec::new();
    let mut nodes = 0;
    let mut board = [0u8; mancala_core::MAX_HOLES];
    for s in 0..=max_seeds {
        let mut counts = vec![0u64; 2 * s as usize + 1];
        let off = ix.level_offset(s) as usize;
        let (lower, level) = values.split_at_mut(off);
        let mut search = Search {
            sem,
            ix: &ix,
            odd,
            values: lower,
            nodes: 0,
        };
        for side in Side::BOTH {
            for rank in 0..ix.boards(s) {
                ix.unrank(rank, s, &mut board);
                let bound = s as i32 + 1;
                let v = search.search(&board[..HOLES], side, s, -bound, bound, &mut Vec::new());
                level[(ix.index(s, side, rank) as usize) - off] = v as i8;
                if side == Side::South {
                    counts[(v + s as i32) as usize] += 1;
                }
            }
        }
        nodes += search.nodes;
        tables.push(LevelValues { seeds: s, counts });
    }
    (tables, nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::south_to_move_distribution;

    #[test]
    fn half_each_is_what_the_database_says() {
        let rules = Rules::builtin("awari").unwrap();
        let db = crate::lean::solve_lean(&rules, 3, false).unwrap();
        let (tables, _) = awari_tables(3, OddSeed::Half);
        assert_eq!(tables, south_to_move_distribution(&db));
    }

    #[test]
    fn the_odd_seed_options_change_the_tables() {
        let (half, _) = awari_tables(3, OddSeed::Half);
        let (mover, _) = awari_tables(3, OddSeed::ToMover);
        let (other, _) = awari_tables(3, OddSeed::ToOther);
        // No repetition is possible with one or two seeds.
        for k in 0..=2 {
            assert_eq!(half[k], mover[k]);
            assert_eq!(half[k], other[k]);
        }
        // With three seeds, 63 positions are worth 0 by repetition; with
        // an odd seed to one player every margin is odd.
        // Counts of the values -3..=3 with South to move: only the
        // positions decided by a repetition move (to -1 or +1).
        assert_eq!(half[3].counts, [177, 0, 1, 63, 7, 0, 116]);
        assert_eq!(mover[3].counts, [177, 0, 11, 0, 60, 0, 116]);
        assert_eq!(other[3].counts, [177, 0, 34, 0, 37, 0, 116]);
    }
}
