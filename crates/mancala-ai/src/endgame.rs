//! Endgame databases inside the search: Oware's bounds on the margin
//! (`mancala_solver::bounds`, built by `mancala data build oware` or
//! `mancala solve oware`, or on first use of a timed level).
//!
//! Where a position reached in the search has few enough seeds on the board,
//! the database's bounds `lo..=hi` on the rest of the game, plus the seeds
//! captured so far, bound its final margin. When they meet the value is
//! exact (for a game without history from there, see the solver's module
//! documentation): the search takes it as a solved leaf. Otherwise the
//! static evaluation at the horizon is clamped into the bounds. The line of
//! the game and of the search is still walked through core's `Line`, so
//! repetitions on it end games exactly as in play.
//!
//! The file is `oware.bounds` in the data directory
//! ([`mancala_solver::data`]: `MANCALA_DATA`, else `~/.local/share/mancala`,
//! or the web server's); the timed levels have it built there on first
//! use ([`crate::data::prepare`]). Without it the search is as before, and
//! `MANCALA_SEARCH_OFF=endgame` leaves it unused (to measure it).

use std::sync::Mutex;

use mancala_core::{Position, Rules};
use mancala_solver::bounds::{self, BoundsDb};
use mancala_solver::data;

/// The endgame database for `rules`, opened once per process: `None` when
/// the game has none or its file is missing (a damaged file is reported
/// on stderr and not used). Without one, it is looked for again after
/// each background build ([`data::generation`]): a search started once
/// the build is done uses it.
pub(crate) fn database(rules: &Rules) -> Option<&'static BoundsDb> {
    /// The database opened, or the build generation when it was last
    /// looked for in vain.
    static DB: Mutex<(Option<&'static BoundsDb>, Option<u64>)> = Mutex::new((None, None));
    if !bounds::supports(rules) {
        return None;
    }
    let mut slot = DB.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(db) = slot.0 {
        return Some(db);
    }
    let generation = data::generation();
    if slot.1 == Some(generation) {
        return None;
    }
    slot.1 = Some(generation);
    let path = data::find("oware.bounds")?;
    match BoundsDb::open(&path, rules) {
        Ok(db) => {
            // Kept for the life of the process, as the searches hold it.
            let db: &'static BoundsDb = Box::leak(Box::new(db));
            slot.0 = Some(db);
            Some(db)
        }
        Err(e) => {
            eprintln!("warning: endgame database not used: {e}");
            None
        }
    }
}

/// The bounds of `pos`'s final margin for its mover, in half seeds (the
/// search's unit), from the database: `None` above it.
#[inline]
pub(crate) fn final_margin_bounds(db: &BoundsDb, pos: &Position) -> Option<(i32, i32)> {
    if pos.seeds_on_board() > db.max_seeds() {
        return None;
    }
    let b = db.lookup(pos)?;
    let me = pos.to_move();
    let captured = pos.captured(me) as i32 - pos.captured(me.opponent()) as i32;
    Some((2 * (captured + b.lo), 2 * (captured + b.hi)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Budget, Engine};
    use mancala_core::{Game, Side};
    use mancala_solver::bounds::solve_bounds;

    /// Endgames of up to 6 seeds, the rest captured: where the database's
    /// value is exact, searches to the end of the game without it (core's
    /// repetitions and majority end) and with it give the same result (win,
    /// draw or loss) as the database.
    #[test]
    fn exact_values_agree_with_searches_to_the_end() {
        let rules = Rules::builtin("oware").unwrap();
        let db: &'static BoundsDb = Box::leak(Box::new(solve_bounds(&rules, 6, false).unwrap()));
        let mut x = 7u64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let (mut exact, mut checked) = (0, 0);
        while checked < 25 {
            let mut board = [0u8; 12];
            let seeds = 3 + next(4) as u32;
            for _ in 0..seeds {
                board[next(12) as usize] += 1;
            }
            let south = 18 + next(7) as u32;
            let captured = [south, 48 - seeds - south];
            let to_move = if next(2) == 0 {
                Side::South
            } else {
                Side::North
            };
            let Ok(pos) = rules.position(&board, captured, to_move, 10) else {
                continue;
            };
            let game = Game::from_position(rules.clone(), pos);
            if game.is_over() {
                continue;
            }
            let (lo, hi) = final_margin_bounds(db, &pos).unwrap();
            let plain = Engine::new(16).search(&game, &Budget::depth(40)).unwrap();
            // Some endgames go round for longer than 40 plies.
            if !plain.solved {
                continue;
            }
            checked += 1;
            if lo != hi {
                continue;
            }
            exact += 1;
            assert_eq!(plain.value.signum(), lo.signum(), "{board:?} {captured:?}");
            let with = Engine::new(16)
                .with_endgame(db)
                .search(&game, &Budget::depth(40))
                .unwrap();
            // The margins may differ: a majority end (always within reach
            // when every other seed is captured) stops the count, the
            // database plays on.
            assert_eq!(with.value.signum(), lo.signum(), "{board:?} {captured:?}");
        }
        assert!(exact > 10, "{exact} of {checked}");
    }
}
