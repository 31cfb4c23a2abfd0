//! Awari as solved (family.md): the published endgame statistics for one and
//! two seeds on the board, South to move, come out of our rules and solver.

use mancala_core::Rules;
use mancala_solver::figures::south_to_move_distribution;
use mancala_solver::solve_up_to;

/// For `k` seeds on the board, South to move: (value, positions) pairs
/// with at least one position.
fn south_to_move_values(k: u32) -> Vec<(i32, u64)> {
    let rules = Rules::builtin("awari").unwrap();
    let db = solve_up_to(&rules, k, false).unwrap();
    let level = &south_to_move_distribution(&db)[k as usize];
    assert_eq!(level.seeds, k);
    (0..level.counts.len())
        .filter(|&i| level.counts[i] > 0)
        .map(|i| (level.value_of(i, db.kind()), level.counts[i]))
        .collect()
}

#[test]
fn one_seed_matches_the_published_table() {
    assert_eq!(south_to_move_values(1), vec![(-1, 7), (1, 5)]);
}

#[test]
fn two_seeds_match_the_published_table() {
    assert_eq!(south_to_move_values(2), vec![(-2, 40), (0, 13), (2, 25)]);
}
