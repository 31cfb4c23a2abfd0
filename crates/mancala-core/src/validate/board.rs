//! Validation of `[board]`: the number of holes and seeds, the start layout, stores.

use crate::position::*;
use crate::spec::*;

use super::issue::{SpecIssue, issue};

/// `[board]`: the number of holes and seeds, the start layout, stores.
pub(crate) fn check(spec: &RuleSpec) -> Result<(), SpecIssue> {
    let b = &spec.board;
    match b.rows {
        2 | 4 => {}
        3 if b.holes_per_row.is_multiple_of(2) && b.holes_per_row > 0 => {}
        3 => {
            return Err(issue(
                "board.rows",
                format!(
                    "on three rows each player owns half the middle row: holes_per_row must be even, not {}",
                    b.holes_per_row
                ),
            ));
        }
        rows => {
            return Err(issue(
                "board.rows",
                format!("a board has 2, 3 or 4 rows, not {rows}"),
            ));
        }
    }
    if b.holes_per_row == 0 {
        return Err(issue(
            "board.holes_per_row",
            "a row needs at least one hole",
        ));
    }
    if b.holes_per_row as usize > MAX_HOLES_PER_ROW {
        return Err(issue(
            "board.holes_per_row",
            format!(
                "{} holes a row is more than the {MAX_HOLES_PER_ROW} the engine supports",
                b.holes_per_row
            ),
        ));
    }
    if b.holes() as usize > MAX_HOLES {
        return Err(issue(
            "board.holes_per_row",
            format!(
                "{} rows of {} holes are {} holes, more than the {MAX_HOLES} the engine supports",
                b.rows,
                b.holes_per_row,
                b.holes()
            ),
        ));
    }
    if b.seeds_per_hole == 0 {
        return Err(issue(
            "board.seeds_per_hole",
            "a game needs seeds: give at least 1 a hole",
        ));
    }
    let total = b.seeds_per_hole as u64 * b.holes() as u64;
    if total > MAX_SEEDS as u64 {
        return Err(issue(
            "board.seeds_per_hole",
            format!(
                "{} seeds in {} holes is {total} seeds, more than a position can hold ({MAX_SEEDS})",
                b.seeds_per_hole,
                b.holes()
            ),
        ));
    }
    if let Some(seeds) = b.total_seeds {
        let holes = b.holes();
        let why = if b.layout != StartLayout::Random {
            Some("a count of seeds for the whole game needs layout = \"random\" (other layouts fill the holes evenly)".to_string())
        } else if seeds > MAX_SEEDS {
            Some(format!(
                "{seeds} seeds are more than a position can hold ({MAX_SEEDS})"
            ))
        } else if seeds / holes != b.seeds_per_hole {
            Some(format!(
                "{seeds} seeds on {holes} holes are {} a hole (and {} over): write seeds_per_hole = {}, or leave out total_seeds",
                seeds / holes,
                seeds % holes,
                seeds / holes
            ))
        } else {
            None
        };
        if let Some(why) = why {
            return Err(issue("board.total_seeds", why));
        }
    }
    let total = b.seeds();
    if b.layout == StartLayout::Gamacha && b.holes_per_row < 3 {
        return Err(issue(
            "board.layout",
            "the gamacha layout needs at least 3 holes a row",
        ));
    }
    if b.layout == StartLayout::OuterRows && b.rows != 4 {
        return Err(issue(
            "board.layout",
            "the outer-rows layout is for four-row boards (board.rows = 4)",
        ));
    }
    if b.layout == StartLayout::LastTwoEmpty && b.holes_per_row < 3 {
        return Err(issue(
            "board.layout",
            "the last-two-empty layout needs at least 3 holes a row",
        ));
    }
    if b.layout == StartLayout::TwoOfThree && !b.holes_per_row.is_multiple_of(3) {
        return Err(issue(
            "board.layout",
            format!(
                "the two-of-three layout needs a multiple of 3 holes a row, not {}",
                b.holes_per_row
            ),
        ));
    }
    if b.layout == StartLayout::RightmostPlusOne && total + 2 > MAX_SEEDS {
        return Err(issue(
            "board.layout",
            format!(
                "{total} seeds and the two extra ones are more than a position can hold ({MAX_SEEDS})"
            ),
        ));
    }
    if !b.layout.is_uniform() && spec.rounds.as_ref().is_some_and(|r| !r.is_tallied()) {
        return Err(issue(
            "board.layout",
            "a match of rounds refills the rows evenly; a start layout is not supported with [rounds]",
        ));
    }
    Ok(())
}
