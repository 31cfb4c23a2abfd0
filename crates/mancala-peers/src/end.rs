//! The end of the game: what ends it besides a player without a move,
//! where the seeds left go, and what wins (the most seeds, or a goal:
//! deprive, immobilize, clear).

use mancala_core::spec::*;

use crate::draft::{Draft, Params};

/// end_cond: a row emptied, or too few seeds left (SEEDS_LIMIT: once
/// end_param seeds or fewer are left on the board, set by [`translate`]
/// after the other seed-count ends).
pub(crate) fn condition(p: &Params, d: &mut Draft) {
    let Draft {
        spec,
        needs,
        seeds_limit,
        ..
    } = d;
    let mut need = |what: String| needs.push(what);
    // SEEDS_LIMIT (3): the game ends once end_param seeds or fewer are
    // left on the board (set below, after the other seed-count ends).
    match p.int("end_cond") {
        0 => {}
        1 => spec.end.mover_row_empty = true,
        2 => spec.end.opponent_row_empty = true,
        3 if p.int("end_param") >= 1 => *seeds_limit = Some(p.int("end_param") as u32 + 1),
        c => need(format!("end_cond={c}")),
    }
}

/// Where the seeds left go, when too few are left, and what wins.
pub(crate) fn translate(p: &Params, d: &mut Draft) {
    let seeds_limit = d.seeds_limit;
    let Draft { spec, needs, .. } = d;
    let mut need = |what: String| needs.push(what);
    match p.int("unclaimed") {
        0 => {}
        1 => spec.end.no_moves = Settlement::Removed,
        4 => spec.end.no_moves = Settlement::ShareOddToBehind,
        // The player who cannot be fed takes the seeds left; otherwise the quitter's rule.
        3 if spec.moves.must_feed && spec.moves.when_none == WhenNone::End => {
            spec.end.unfed_takes_rest = true;
            match p.int("quitter") {
                0 => {}
                1 => spec.end.no_moves = Settlement::Removed,
                q => need(format!("unclaimed=3 with quitter={q}")),
            }
        }
        2 => spec.end.no_moves = Settlement::LastMover,
        u => need(format!(
            "unclaimed={u} (seeds left at the end go elsewhere than to the row's owner)"
        )),
    }
    // Without sides, the seeds left at the end are nobody's: StoneShark
    // takes them off the board unscored, whatever `unclaimed` says.
    if spec.moves.any_row {
        spec.end.no_moves = Settlement::Removed;
        spec.end.unfed_takes_rest = false;
    }
    // The quitter only settles a sowing cut short (75 laps): not a rule of ours.
    let _ = p.int("quitter");
    spec.end.too_few_seeds = too_few_to_change(p, spec).or(seeds_limit);
    // Territory rounds that end with a hole's (3) or two holes' (4) worth of
    // seeds left, and no picker to take them: the holes' owners collect them.
    if p.int("goal") == 2 && matches!(p.int("rounds"), 3 | 4) && p.int("pickextra") == 0 {
        let holes = p.int("rounds") as u32 - 2;
        spec.end.too_few_seeds = Some(holes * spec.board.seeds_per_hole + 1);
    }
    // Tallied rounds that end with a hole's (3) or two holes' (4) worth of
    // seeds left: the seeds left are settled as the game's end says.
    if matches!(p.int("goal"), 4 | 5 | 7)
        && matches!(p.int("rounds"), 3 | 4)
        && p.int("pickextra") == 0
    {
        let holes = p.int("rounds") as u32 - 2;
        spec.end.too_few_seeds = Some(holes * spec.board.seeds_per_hole + 1);
    }
    if p.int("pickextra") == 3 && p.int("goal") == 2 {
        spec.end.too_few_seeds = Some(spec.board.seeds_per_hole + 1);
        spec.end.too_few_to_mover = true;
    }
    // With pickextra=4 twice as many are left, and the round's starter takes them.
    if p.int("pickextra") == 4 && p.int("goal") == 2 {
        spec.end.too_few_seeds = Some(2 * spec.board.seeds_per_hole + 1);
        spec.end.too_few_to_starter = true;
    }

    // Goals other than the most seeds: won or lost, without a score; none
    // of the seed-count endings apply.
    match p.int("goal") {
        0 => {}
        // Deprive: leaving the opponent without seeds or moves wins; emptying
        // one's own row (while the opponent has seeds) loses.
        1 => {
            spec.end.result = ResultRule::Deprivation;
            spec.end.stuck = Stuck::Loss;
            spec.end.mover_row_empty = true;
        }
        // Immobilize: leaving the opponent without a move wins (a player
        // without seeds has none).
        10 => {
            spec.end.result = ResultRule::Deprivation;
            spec.end.stuck = Stuck::Loss;
        }
        // Clear: emptying one's own row wins.
        3 => {
            spec.end.result = ResultRule::Deprivation;
            spec.end.empty_row_wins = true;
        }
        // Territory: set with the rounds above.
        2 if spec.rounds.as_ref().is_some_and(|r| r.territory) => {}
        // A tally of round wins: set with the rounds above.
        4 | 7 if spec.rounds.as_ref().is_some_and(|r| r.round_wins.is_some()) => {}
        // A tally of seeds: set with the rounds above.
        5 if spec
            .rounds
            .as_ref()
            .is_some_and(|r| r.seeds_to_win.is_some()) => {}
        g => need(format!("goal={g}")),
    }
    if spec.end.result == ResultRule::Deprivation {
        spec.end.majority = false;
        spec.end.too_few_seeds = None;
        spec.end.no_moves = Settlement::CollectOwn;
        spec.end.unfed_takes_rest = false;
    }
}

/// Whether the configuration ends a game once fewer seeds are left than any
/// capture needs (StoneShark applies it unless stores are sown, or
/// must-share ends the game, ...), with such a count in play.
fn too_few_to_change(p: &Params, spec: &RuleSpec) -> Option<u32> {
    // Every kind of child but rams (7) claims its hole's seeds.
    let children = !matches!(p.int("child_type"), 0 | 7);
    let applies = !(spec.sowing.into_own_store
        || (p.flag("mustshare") && !p.flag("mustpass"))
        || p.int("end_cond") != 0
        || matches!(p.int("pickextra"), 3 | 4)
        || matches!(p.int("rounds"), 3 | 4)
        // Children without stores: seeds are only ever moved into children.
        || (children && !p.flag("stores"))
        // Wegs alone: the only captures are from children.
        || (p.int("child_type") == 4 && spec.capture.rule == CaptureRule::None));
    if !applies {
        return None;
    }
    let total = 2 * spec.board.holes_per_row * spec.board.seeds_per_hole;
    // A child can be made with its count of seeds.
    let mut least = if children {
        p.int("child_cvt").max(1) as u32
    } else {
        total
    };
    if p.flag("evens") || p.flag("crosscapt") || matches!(p.int("capt_type"), 1 | 3) {
        least = least.min(2);
    }
    // Across the gap: a hole and the one after the gap; a single lap's last
    // hole must have held seeds too.
    if p.int("capt_type") == 2 {
        least = least.min(if p.int("mlaps") != 0 { 2 } else { 3 });
    }
    let on = p.list("capt_on");
    if let Some(&m) = on.iter().min() {
        least = if p.flag("evens") { m } else { least.min(m) };
    }
    let capt_min = p.int("capt_min");
    if capt_min > 0 {
        least = if least == total {
            capt_min as u32
        } else {
            least.max(capt_min as u32)
        };
    }
    (spec.moves.min_seeds < least && least < total).then_some(least)
}
