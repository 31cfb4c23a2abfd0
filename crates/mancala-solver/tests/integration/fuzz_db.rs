//! Fuzz target of database files: a valid database of Tihbat with
//! random edits (bytes changed in the header or the values, the file cut or
//! extended), the checksum recomputed for half of them so that the checks
//! behind it are reached too. Opening must never panic, hang or take long:
//! a damaged file is refused with a message naming it; a file accepted
//! answers lookups within the game's bounds. Prints how many inputs it
//! tried (`-- --nocapture`); `MANCALA_FUZZ_CASES` sets the case count.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use mancala_core::{Game, Rules};
use mancala_solver::Database;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

#[test]
fn fuzz_database_files() {
    let rules = Rules::builtin("tihbat").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let good_path = dir.path().join("good.mdb");
    mancala_solver::solve(&rules, false)
        .unwrap()
        .write(&good_path)
        .unwrap();
    let good = std::fs::read(&good_path).unwrap();
    let header = u32::from_le_bytes(good[16..20].try_into().unwrap()) as usize;
    let total = rules.total_seeds() as i32;
    let cases = std::env::var("MANCALA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    // Edits: (in the header?, offset, new byte); then a cut or an extension;
    // and whether to recompute the checksum.
    let edits = prop::collection::vec((any::<bool>(), any::<u32>(), any::<u8>()), 0..6);
    let input = (
        edits,
        prop_oneof![Just(0i64), -300i64..300],
        any::<bool>(),
        any::<u64>(),
    );
    let tried = AtomicUsize::new(0);
    let accepted = AtomicUsize::new(0);
    let start = Instant::now();
    let path = dir.path().join("fuzzed.mdb");
    runner
        .run(&input, |(edits, resize, fix_crc, seed)| {
            tried.fetch_add(1, Ordering::Relaxed);
            let mut bytes = good.clone();
            for (in_header, at, value) in edits {
                let span = if in_header { header } else { bytes.len() };
                bytes[at as usize % span] = value;
            }
            let len = (bytes.len() as i64 + resize).max(0) as usize;
            bytes.resize(len, 0);
            if fix_crc && bytes.len() >= 4 {
                let body = bytes.len() - 4;
                let crc = crc32fast::hash(&bytes[..body]);
                bytes[body..].copy_from_slice(&crc.to_le_bytes());
            }
            std::fs::write(&path, &bytes).unwrap();
            let begun = Instant::now();
            match Database::open(&path, &rules) {
                Ok(db) => {
                    accepted.fetch_add(1, Ordering::Relaxed);
                    // Random positions of real games: every value within bounds.
                    let mut rng = SmallRng::seed_from_u64(seed);
                    let mut game = Game::new(rules.clone());
                    while !game.is_over() {
                        if let Some(v) = db.value(game.position()) {
                            prop_assert!(v.abs() <= total, "value {} out of bounds", v);
                        }
                        let n = game.successors().len();
                        game.play_index(rng.random_range(0..n));
                    }
                }
                Err(e) => {
                    let shown = e.to_string();
                    prop_assert!(shown.contains("fuzzed.mdb"), "{}", shown);
                }
            }
            prop_assert!(begun.elapsed() < Duration::from_secs(5));
            Ok(())
        })
        .unwrap();
    println!(
        "fuzz_database_files: {} inputs, {} accepted, in {:.1} s",
        tried.into_inner(),
        accepted.into_inner(),
        start.elapsed().as_secs_f64()
    );
}
