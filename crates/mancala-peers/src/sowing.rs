//! Sowing: direction, start, laps and relays, stores sown, the openings
//! that sow otherwise, and the sow rules that act on the holes a lap passes
//! (closing them, skipping them, capturing in them).

use mancala_core::spec::*;

use crate::capture::capture_counts;
use crate::draft::{Draft, Params};

/// How seeds are sown.
pub(crate) fn translate(p: &Params, d: &mut Draft) {
    let (holes, seeds) = (d.holes, d.seeds);
    let Draft {
        spec,
        needs,
        skip_count,
        ..
    } = d;
    let mut need = |what: String| needs.push(what);
    // StoneShark's SPLIT (0) sows each half of a row towards its end;
    // TOCENTER (4) towards the middle; EVEN_ODD_DIR (3) by the parity of the
    // seeds; PLAYALTDIR (2) lets the first move choose for both players.
    // Its udir_holes count from each player's left, from 0.
    spec.sowing.direction = match p.int("sow_direct") {
        0 if p.info.contains_key("sow_direct") => Direction::Outward,
        0 | 1 => Direction::CounterClockwise,
        -1 => Direction::Clockwise,
        2 => Direction::Alternate,
        3 => Direction::Parity,
        4 => Direction::Inward,
        d => {
            need(format!("sow_direct={d}"));
            Direction::CounterClockwise
        }
    };
    let udir = p.list("udir_holes");
    if spec.sowing.direction != Direction::Alternate {
        if udir.len() as u32 == holes {
            spec.sowing.direction = Direction::Chosen;
        } else {
            spec.sowing.chosen_holes = udir.iter().map(|&h| h + 1).collect();
        }
    }
    // Split sowing with a minimum move of one and no end hole choosing its
    // direction: a single seed sown across the ends of the rows may not be
    // moved straight back (its allowable-move rule DontUndoMoveOne).
    spec.moves.no_return = spec.sowing.direction == Direction::Outward
        && p.int("min_move").max(1) == 1
        && !udir.contains(&0)
        && !udir.contains(&(holes - 1));
    if p.flag("sow_start") {
        spec.sowing.start = SowStart::Origin;
        spec.sowing.single_to_next = p.flag("move_one");
    } else if p.flag("move_one") {
        need("move_one without sow_start".into());
    }
    spec.sowing.skip_origin = p.flag("skip_start");
    if spec.sowing.skip_origin && spec.sowing.start == SowStart::Origin {
        need("skip_start with sow_start".into());
    }
    // StoneShark's SowStores: 1 own (repeat turn), 2 both (repeat in
    // either), 3 own (none), 4 both (none), 5 both (repeat only in the
    // opponent's), 6 both (repeat only in the mover's own).
    let sow_stores = p.int("sow_stores");
    match sow_stores {
        0 => {}
        1..=6 => {
            spec.sowing.into_own_store = true;
            spec.sowing.into_opponent_store = matches!(sow_stores, 2 | 4 | 5 | 6);
            if matches!(sow_stores, 1 | 2 | 6) {
                spec.moves.extra_turn = ExtraTurn::Store;
            }
            spec.moves.extra_turn_opponent_store = matches!(sow_stores, 2 | 5);
        }
        s => need(format!("sow_stores={s}")),
    }
    // StoneShark's stores stay at their owners' right whatever the direction.
    spec.sowing.stores_on_right =
        spec.sowing.into_own_store && spec.sowing.direction == Direction::Clockwise;
    match p.int("mlaps") {
        0 => {}
        1 => {
            spec.sowing.laps = Laps::Relay;
            // StoneShark plays a sowing that goes on for ever (and cuts it).
            spec.sowing.endless = Endless::Draw;
        }
        // Relay from the hole after the last one while it holds seeds.
        2 => {
            spec.sowing.laps = Laps::Relay;
            spec.sowing.relay_from_next = true;
            spec.sowing.endless = Endless::Draw;
        }
        m => need(format!("mlaps={m}")),
    }
    match p.int("start_pattern") {
        0 => {}
        1 => spec.board.layout = StartLayout::Gamacha,
        // TWOEMPTY: each row's two rightmost holes empty.
        5 => spec.board.layout = StartLayout::LastTwoEmpty,
        8 => spec.board.layout = StartLayout::RightmostPlusOne,
        // Clipped triples: the first of every three holes empty.
        4 if holes.is_multiple_of(3) => spec.board.layout = StartLayout::TwoOfThree,
        // nbr_start is then the game's seeds, not a hole's.
        6 => spec.board.layout = StartLayout::Random,
        // The first player's rightmost hole is played for them.
        9 => spec.moves.opening = Opening::FirstRightmost,
        v => need(format!("start_pattern={v}")),
    }
    // PLUS1MINUS1: the first move of each round shifts seeds.
    if p.int("prescribed") == 4 {
        spec.moves.opening_shift = true;
    }
    // NO_SOW_OPP_NS: the opponent's holes holding sow_param seeds are
    // passed over (read with the other sow rules below).
    *skip_count = match (p.int("sow_rule"), p.int("sow_param")) {
        (5, n) if n > 0 => Some(n as u32),
        _ => None,
    };
    // A relay goes on only when its last hole then holds mlap_param seeds
    // (1), or at least that many (2).
    let total_seeds = 2 * holes * seeds;
    match (p.int("mlap_cont"), p.int("mlaps")) {
        (0, _) => {}
        (c @ (1 | 2), 1) if (2..=total_seeds as i64).contains(&p.int("mlap_param")) => {
            let from = p.int("mlap_param") as u32;
            spec.sowing.relay_counts = Some(if c == 1 {
                vec![from]
            } else {
                (from..=total_seeds).collect()
            });
        }
        // Only from the mover's own row (3), or the opponent's (4).
        (c @ (3 | 4), 1) => {
            spec.sowing.relay_from = Some(if c == 3 {
                RowChoice::Own
            } else {
                RowChoice::Opponent
            })
        }
        // A lap ending in a store ends the sowing anyway (with or without an
        // extra turn): nothing to add for a plain relay.
        (6 | 7, 1) if spec.sowing.into_own_store => {}
        // Relaying from the next cell, a lap ending in a store ends the
        // sowing (6) as it does anyway; the next cell may be the mover's
        // store, whose seeds are then lifted (0 and 6), unless 7.
        (6 | 7, 2) if spec.sowing.into_own_store => {}
        (c, _) => need(format!("mlap_cont={c}")),
    }
    if p.int("mlaps") == 2 && spec.sowing.into_own_store {
        spec.sowing.relay_from_store = p.int("mlap_cont") != 7;
    }
    match p.int("presowcapt") {
        0 => {}
        // One seed of each lap's draw is captured before sowing.
        1 if p.int("min_move") >= 2 => spec.sowing.lap_keeps_one = true,
        // Drawing a single seed takes the hole facing it first.
        3 => spec.sowing.single_takes_facing = true,
        // Every single seed of the mover's row takes across, before sowing.
        2 => spec.sowing.singles_take_facing = true,
        c => need(format!("presowcapt={c}")),
    }
    // NO_UDIR_FIRSTS: each player's first move sows the configured way.
    if p.int("prescribed") == 6 && !udir.is_empty() {
        spec.sowing.first_moves_direction = match p.int("sow_direct") {
            1 => Some(Direction::CounterClockwise),
            -1 => Some(Direction::Clockwise),
            _ => None,
        };
    }
    // SOW1OPP: the first two moves of the game (each player's first, with
    // neither passes nor repeat turns to come between) are one lap whose
    // last seed is carried on into the opponent's row.
    let lands_across = p.int("prescribed") == 3
        && p.int("sow_stores") == 0
        && p.int("capt_rturn") == 0
        && !p.flag("mustpass");
    spec.sowing.opening_lands_across = lands_across;
}

/// MLAPS_SOWER: the first move of the game (of each round) is a plain
/// relay, without the sow rule or the stores; in a relay game whose only
/// other sowing rule is NO_SOW_OPP_NS, that is a first move passing over
/// no hole for its count.
pub(crate) fn opening(p: &Params, d: &mut Draft) {
    let (skip_count, sow_stores) = (d.skip_count, p.int("sow_stores"));
    let Draft { spec, needs, .. } = d;
    let mut need = |what: String| needs.push(what);
    // MLAPS_SOWER: the first move of the game (of each round) is a plain
    // relay, without the sow rule or the stores; in a relay game whose only
    // other sowing rule is NO_SOW_OPP_NS, that is a first move passing over
    // no hole for its count.
    match p.int("prescribed") {
        0 | 4 => {}
        3 if spec.sowing.opening_lands_across => {}
        6 if spec.sowing.first_moves_direction.is_some() => {}
        2 if p.int("mlaps") == 1
            && sow_stores == 0
            && p.int("presowcapt") == 0
            && p.int("mlap_cont") == 0
            && matches!(p.int("sow_rule"), 0 | 5)
            && !spec.sowing.relay_stops_at_capture =>
        {
            spec.sowing.skip_not_on_opening = skip_count.is_some();
        }
        v => need(format!("prescribed={v}")),
    }
}

/// The sow rule: holes closed, skipped, limited, or captured while sowing
/// (taken by each hole's owner: all but a lap's last hole).
pub(crate) fn sow_rule(p: &Params, d: &mut Draft) {
    let (closing, skip_count, total) = (d.closing, d.skip_count, d.total);
    let (side, cross, capt_type) = (p.int("capt_side"), p.int("crosscapt"), p.int("capt_type"));
    let (basic, counts) = capture_counts(p, total);
    let Draft { spec, needs, .. } = d;
    let mut need = |what: String| needs.push(what);
    // Captures while sowing, taken by each hole's owner (all but a lap's last hole).
    match p.int("sow_rule") {
        // No hole is sown beyond sow_param seeds.
        7 if p.int("sow_param") > 0 => spec.sowing.hole_limit = Some(p.int("sow_param") as u32),
        0 => {}
        // Closed holes (2: never a rightmost one); StoneShark allows no other capture.
        r @ (1 | 2)
            if closing
                && spec.capture.rule == CaptureRule::None
                && p.int("mlaps") != 2
                && (2..=total as i64).contains(&p.int("sow_param")) =>
        {
            spec.sowing.closes_at = Some(p.int("sow_param") as u32);
            spec.sowing.closing_spares_rightmost = r == 2;
        }
        5 if skip_count.is_some() => spec.sowing.skip_opponent_count = skip_count,
        9 if spec.owned.is_some() => {
            if let Some(o) = spec.owned.as_mut() {
                o.sow_past = SowPast::Opponent
            }
        }
        13 if spec.owned.is_some() => {
            if let Some(o) = spec.owned.as_mut() {
                o.sow_past = SowPast::All
            }
        }
        11 if spec.owned.is_some() => {
            if let Some(o) = spec.owned.as_mut() {
                o.sow_past = SowPast::OpponentButLast
            }
        }
        // 4: the lap's last hole too, before the move's capture; 14: the
        // mover takes them; 15 and 16: the mover takes them from their own
        // holes only, or from the opponent's.
        r @ (3 | 4 | 14 | 15 | 16)
            if basic
                && !spec.sowing.into_own_store
                && (spec.capture.rule == CaptureRule::Counts
                    || (spec.capture.rule == CaptureRule::AcrossGap && side == 0)) =>
        {
            spec.sowing.passing_captures = true;
            spec.sowing.passing_last = r == 4;
            spec.sowing.passing_to_mover = r == 14 || r == 16;
            spec.sowing.passing_from = match r {
                15 => Some(RowChoice::Own),
                16 => Some(RowChoice::Opponent),
                _ => None,
            };
            if spec.capture.rule != CaptureRule::Counts {
                spec.sowing.passing_counts = Some(counts.clone());
            }
        }
        // Every lap's end captures (across the gap, opposite, or at a
        // capturing count, going on from the next hole), and the relay
        // goes on. With 10, once a lap starts with sow_param seeds or fewer
        // on the board, the seeds it sows across go to the opponent.
        r @ (8 | 10)
            if p.int("mlaps") == 1
                && !spec.sowing.into_own_store
                && spec.owned.is_none()
                && ((r == 8
                    && (matches!(
                        spec.capture.rule,
                        CaptureRule::AcrossGap | CaptureRule::Opposite
                    ) || (spec.capture.rule == CaptureRule::Counts
                        && cross == 0
                        && capt_type == 0)))
                    || (r == 10
                        && spec.capture.rule == CaptureRule::Counts
                        && spec.rounds.is_none()
                        && (1..=total as i64).contains(&p.int("sow_param")))) =>
        {
            spec.sowing.lap_captures = true;
            spec.sowing.relay_stops_at_capture = false;
            if r == 10 {
                spec.sowing.opponent_takes_sown_at = Some(p.int("sow_param") as u32);
            }
        }
        // Every lap's cross capture is sown on with the last hole's seed.
        12 if p.int("mlaps") == 1
            && !spec.sowing.into_own_store
            && spec.owned.is_none()
            && spec.capture.rule == CaptureRule::Opposite =>
        {
            spec.sowing.lap_captures = true;
            spec.sowing.lap_captures_sown_on = true;
        }
        r => need(format!("sow_rule={r}")),
    }
}
