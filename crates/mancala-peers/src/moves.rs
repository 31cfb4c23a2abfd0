//! Moves: the least seeds a move lifts, passing, feeding, and which holes
//! may be played when.

use mancala_core::spec::*;

use crate::draft::{Draft, Params};

/// Which moves are legal.
pub(crate) fn translate(p: &Params, d: &mut Draft) {
    let Draft { spec, needs, .. } = d;
    let mut need = |what: String| needs.push(what);
    let min_move = p.int("min_move").max(1);
    spec.moves.min_seeds = min_move as u32;
    if p.flag("mustpass") {
        spec.moves.when_none = WhenNone::Pass;
        // StoneShark ends a game in which neither player can move.
        spec.end.both_stuck = true;
    }
    if p.flag("mustshare") {
        // StoneShark judges sharing on the board after the move's captures.
        spec.moves.must_feed = true;
        spec.moves.feed_after_capture = true;
        // With mustpass, when no move shares, every move is allowed.
        spec.moves.feed_else_any = p.flag("mustpass");
    }
    match p.int("allow_rule") {
        0 => {}
        // Only a first lap ending across, or in an empty hole of one's own row.
        1 => spec.moves.empty_or_across = true,
        // A single seed only into an empty next hole.
        2 if p.int("sow_stores") == 0 && !p.flag("sow_start") => spec.moves.single_to_empty = true,
        // The first two moves of the game (each player's first) from the
        // right half of the row, then only a first lap ending across or in
        // an empty hole of one's own row.
        13 if p.int("capt_rturn") == 0 && p.int("sow_stores") == 0 && !p.flag("mustpass") => {
            spec.moves.opening = Opening::RightHalf;
            spec.moves.empty_or_across = true;
        }
        // Holes of one seed (3) or two (5) only when all the playable holes
        // hold as many; with two, then only the rightmost (6).
        a @ (3 | 5 | 6) => {
            spec.moves.last_resort_count = Some(if a == 3 { 1 } else { 2 });
            spec.moves.last_resort_rightmost = a == 6;
        }
        // The first move from one of the two rightmost playable holes (7),
        // and the holes of two seeds played last (8).
        a @ (7 | 8) if spec.moves.opening == Opening::Any => {
            spec.moves.opening = Opening::FirstTwoRightmost;
            if a == 8 {
                spec.moves.last_resort_count = Some(2);
            }
        }
        // No move from a hole facing a single seed.
        10 => spec.moves.not_facing_single = true,
        // No move whose first lap ends in an empty hole.
        11 => spec.moves.lands_occupied = true,
        // MOVE_ALL_HOLES_FIRST: every hole of the row moved from once before
        // any again.
        9 => spec.moves.each_hole_first = true,
        a => need(format!("allow_rule={a}")),
    }
    // Either player may move from any hole.
    spec.moves.any_row = p.flag("no_sides");
    let play_locs = p.int("play_locs");
    if play_locs != 0 {
        need(format!("play_locs={play_locs}"));
    }
}
