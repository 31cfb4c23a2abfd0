//! The data the timed levels use, had on first use: Oware's endgame bounds
//! and the small games' solved databases ([`mancala_solver::data`]).
//!
//! [`prepare`] is called by `ai:7` to `ai:9` at their first move in a game
//! of given rules. What is missing, damaged or of an older format is built
//! in the background into the process's data directory; the level plays
//! without it until it is ready, and the searches started after that use
//! it (see [`crate::endgame`]). When the data cannot be had (no data
//! directory, a directory that cannot be written, not enough memory) it
//! says so once on stderr and plays on. `MANCALA_DATA_BUILD=off` switches
//! the background builds off.

use std::collections::HashSet;
use std::sync::Mutex;

use mancala_core::Rules;
use mancala_solver::data::{Availability, DataDir};

/// Makes sure the data of `rules` is there, or on its way. Looks once per
/// process and game; cheap after that.
pub fn prepare(rules: &Rules) {
    // This crate's tests play the timed levels by the hundred, in the
    // machine's data directory.
    if cfg!(test) {
        return;
    }
    static SEEN: Mutex<Option<HashSet<[u8; 32]>>> = Mutex::new(None);
    let hash = mancala_solver::rules_hash(rules);
    {
        let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
        if !seen.get_or_insert_with(HashSet::new).insert(hash) {
            return;
        }
    }
    let Some(dir) = DataDir::current() else {
        let items = DataDir::new("").items_for(rules);
        if let Some(item) = items.first() {
            eprintln!(
                "note: no data directory (set MANCALA_DATA or HOME): {} cannot be built; \
                 the timed levels play without it",
                item.describe()
            );
        }
        return;
    };
    for item in dir.items_for(rules) {
        if let Availability::Unavailable(reason) = dir.ensure(&item) {
            eprintln!(
                "note: {} cannot be built in {}: {reason}; the timed levels play without it",
                item.describe(),
                dir.path().display()
            );
        }
    }
}
