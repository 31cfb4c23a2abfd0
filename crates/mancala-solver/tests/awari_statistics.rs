//! Awari as solved (family.md): the published endgame statistics for one and
//! two seeds on the board, South to move, come out of our rules and solver.

use mancala_core::{Rules, Side};
use mancala_solver::solve_up_to;

/// For `k` seeds on the board, South to move: (value, positions) pairs.
fn south_to_move_values(k: u32) -> Vec<(i32, u64)> {
    let rules = Rules::builtin("awari").unwrap();
    let db = solve_up_to(&rules, k, false).unwrap();
    let ix = db.indexer();
    let mut counts = std::collections::BTreeMap::new();
    let mut board = vec![0u8; rules.holes()];
    for rank in 0..ix.boards(k) {
        ix.unrank(rank, k, &mut board);
        let pos = rules.position(&board, [0, 0], Side::South, 2).unwrap();
        *counts.entry(db.value(&pos).unwrap()).or_insert(0u64) += 1;
    }
    counts.into_iter().collect()
}

#[test]
fn one_seed_matches_the_published_table() {
    assert_eq!(south_to_move_values(1), vec![(-1, 7), (1, 5)]);
}

#[test]
fn two_seeds_match_the_published_table() {
    assert_eq!(south_to_move_values(2), vec![(-2, 40), (0, 13), (2, 25)]);
}
