//! Captures: which seeds a move's end takes (counts, across, the next
//! hole, matching holes ...), chains, grand slams, and what goes with a
//! capture (a repeat turn, the hole facing it, the last seeds).

use mancala_core::spec::*;

use crate::draft::{Draft, Params};

/// Whether the basic conditions (capt_on, evens, capt_min, capt_max) are
/// set, and the counts up to `total` they allow.
pub(crate) fn capture_counts(p: &Params, total: u32) -> (bool, Vec<u32>) {
    let capt_on = p.list("capt_on");
    let evens = p.flag("evens");
    let capt_min = p.int("capt_min");
    let capt_max = p.int("capt_max");
    let basic = !capt_on.is_empty() || evens || capt_min > 0 || capt_max > 0;
    let counts: Vec<u32> = (1..=total)
        .filter(|&c| capt_on.is_empty() || capt_on.contains(&c))
        .filter(|&c| !evens || c % 2 == 0)
        .filter(|&c| capt_min <= 0 || c as i64 >= capt_min)
        .filter(|&c| capt_max <= 0 || c as i64 <= capt_max)
        .collect();
    (basic, counts)
}

/// The row of the hole a capture is judged on (the last hole's, but for
/// cross captures), by capt_side; the error names a code we do not map.
fn capture_row(p: &Params) -> Result<RowChoice, String> {
    let (side, cross) = (p.int("capt_side"), p.int("crosscapt"));
    Ok(match side {
        0 => RowChoice::Any,
        1 => RowChoice::Opponent,
        2 => RowChoice::Own,
        // The last hole on the opponent's side; a chain may go on into the mover's.
        3 if cross == 0 => RowChoice::Opponent,
        // Territory: the holes the opponent (5) or the mover (6) owns this
        // round, as our rows are in a territory match.
        5 if cross == 0 && p.int("goal") == 2 => RowChoice::Opponent,
        6 if cross == 0 && p.int("goal") == 2 => RowChoice::Own,
        s => return Err(format!("capt_side={s}")),
    })
}

/// What a move's end takes.
pub(crate) fn translate(p: &Params, d: &mut Draft) -> Result<(), String> {
    let (closing, total) = (d.closing, d.total);
    let Draft { spec, needs, .. } = d;
    let mut need = |what: String| needs.push(what);
    let cross = p.int("crosscapt");
    let side = p.int("capt_side");
    let multi = p.int("multicapt");
    let capt_dir = p.int("capt_dir");
    let (basic, counts) = capture_counts(p, total);
    let row = capture_row(p).unwrap_or_else(|what| {
        need(what);
        RowChoice::Any
    });
    if cross != 0 {
        if cross != 1 {
            need(format!(
                "crosscapt={cross} (cross capture from a non-empty hole)"
            ));
        }
        spec.capture.rule = CaptureRule::Opposite;
        // ONE_ZEROS chains: each next hole (by capt_dir) that is empty takes
        // the one facing it; the capture's side keeps the chain in its row.
        match (multi, cross) {
            (0, _) => {}
            (m, 1) if m == -1 || m > 1 => {
                spec.capture.chain = Some(if side == 0 {
                    Chain::BothRows
                } else {
                    Chain::SameRow
                });
                spec.capture.chain_limit = (m > 1).then_some(m as u32);
                spec.capture.chain_direction = chain_direction(capt_dir);
            }
            _ => need("multicapt with crosscapt other than ONE_ZEROS".into()),
        }
        // StoneShark tests its count conditions on the hole across.
        if basic {
            if counts.is_empty() {
                return Err("its capture conditions allow no count".into());
            }
            spec.capture.counts = Some(counts.clone());
        }
        // The side condition is on the captured hole, the opposite of the last one.
        spec.capture.last_hole_in = Some(match row {
            RowChoice::Opponent => RowChoice::Own,
            RowChoice::Own => RowChoice::Opponent,
            RowChoice::Any => RowChoice::Any,
        });
        match p.int("xcpickown") {
            0 => {}
            1 => spec.capture.take_sower = true,
            // The sower is taken whenever the last seed falls into an empty
            // hole on the capturing side, the opposite hole empty or not.
            2 if !basic => {
                spec.capture.take_sower = true;
                spec.capture.empty_opposite = true;
            }
            x => need(format!(
                "xcpickown={x} (the sower is taken even without a capture)"
            )),
        }
        // Relaying from the next hole, a lap whose last seed would capture
        // across ends the sowing (StoneShark stops for a cross capture
        // from an empty hole with seeds across).
        if p.int("mlaps") == 2 {
            if spec.capture.empty_opposite {
                need("mlaps=2 with xcpickown=2".into());
            } else {
                spec.sowing.relay_stops_at_capture = true;
            }
        }
    } else if basic {
        if counts.is_empty() {
            return Err("its capture conditions allow no count".into());
        }
        spec.capture.rule = CaptureRule::Counts;
        spec.capture.counts = Some(counts.clone());
        spec.capture.last_hole_in = Some(row);
        let chain = if side == 0 || side == 3 {
            Chain::BothRows
        } else {
            Chain::SameRow
        };
        match multi {
            0 | 1 => {}
            -1 => spec.capture.chain = Some(chain),
            m if m > 1 => {
                spec.capture.chain = Some(chain);
                spec.capture.chain_limit = Some(m as u32);
            }
            m => need(format!("multicapt={m}")),
        }
        // A relay lap ending where it captures ends the sowing.
        spec.sowing.relay_stops_at_capture = spec.sowing.laps == Laps::Relay;
    }
    let capt_type = p.int("capt_type");
    match capt_type {
        0 => {
            if cross == 0 && !basic && multi != 0 {
                need("multicapt without a capture condition".into());
            }
            // StoneShark turns a capture round (against the sowing) only for
            // chains; SOW (1) runs them onwards, BOTH (2) onwards and back.
            // (A chain of cross captures took its direction above.)
            if capt_dir != 0 && multi != 0 && cross == 0 && basic {
                spec.capture.chain_direction = chain_direction(capt_dir);
            }
        }
        // Two out, across the gap: the basic conditions (capt_on, evens, ...)
        // play no part in it, nor stop a relay.
        2 if cross == 0 => {
            spec.capture = CaptureSpec {
                rule: CaptureRule::AcrossGap,
                ..CaptureSpec::default()
            };
            spec.sowing.relay_stops_at_capture = false;
            if side != 0 {
                need(format!("capt_side={side} with capt_type=2"));
            }
            // With a chain and capt_dir=0, StoneShark looks against the sowing.
            if capt_dir == 2 || (capt_dir == 0 && multi != 0) {
                need(format!("capt_dir={capt_dir} with capt_type=2"));
            }
            match multi {
                0 | 1 => {}
                -1 => spec.capture.chain = Some(Chain::BothRows),
                m if m > 1 => {
                    spec.capture.chain = Some(Chain::BothRows);
                    spec.capture.chain_limit = Some(m as u32);
                }
                m => need(format!("multicapt={m}")),
            }
        }
        // Opposite side or the mover's last hole before it: a "capture" that
        // takes nothing itself, for the picker (pickextra=2) to act on.
        5 if cross == 0
            && basic
            && side == 1
            && multi == 0
            && p.int("pickextra") == 2
            && spec.sowing.direction == Direction::CounterClockwise =>
        {
            spec.capture.sweep = true;
            spec.capture.last_hole_in = None;
            spec.sowing.relay_stops_at_capture = false;
        }
        // Every single seed on the board, after every move.
        4 if cross == 0 && !basic && multi == 0 && side == 0 => {
            spec.capture = CaptureSpec {
                rule: CaptureRule::Counts,
                counts: Some(vec![1]),
                sweep_board: true,
                ..CaptureSpec::default()
            };
            spec.sowing.relay_stops_at_capture = false;
        }
        // Pull across: opposite on empty, the seeds staying in the last hole.
        7 if cross == 0 && !basic && multi == 0 => {
            spec.capture.rule = CaptureRule::Opposite;
            spec.capture.pull_across = true;
            spec.capture.last_hole_in = Some(match row {
                RowChoice::Opponent => RowChoice::Own,
                RowChoice::Own => RowChoice::Opponent,
                RowChoice::Any => RowChoice::Any,
            });
        }
        // A last seed into an empty hole (of the capt_side row) gives the
        // mover's store to the opponent; no other capture is then made.
        6 if multi == 0 && p.flag("stores") && !spec.sowing.into_opponent_store => {
            spec.capture.store_lost_in = Some(row);
        }
        // A last seed in the opponent's store takes it; other endings
        // capture by the basic or cross rule.
        8 if spec.sowing.into_opponent_store
            && !spec.moves.extra_turn_opponent_store
            && multi == 0 =>
        {
            spec.capture.opponent_store = true
        }
        // Single laps test the next hole's count (the basic conditions,
        // any count without them), whatever the last hole holds; a chain
        // (in the sowing direction: CaptOppDir would turn the first capture
        // back) takes the holes after it on the same test.
        1 if cross == 0
            && side == 0
            && p.int("mlaps") == 0
            && (multi == 0 || (capt_dir == 1 && (multi == -1 || multi > 1))) =>
        {
            spec.capture = CaptureSpec {
                rule: CaptureRule::NextCounts,
                counts: Some(if basic {
                    counts.clone()
                } else {
                    (1..=total).collect()
                }),
                ..CaptureSpec::default()
            };
            if multi != 0 {
                spec.capture.chain = Some(Chain::BothRows);
                spec.capture.chain_limit = (multi > 1).then_some(multi as u32);
                spec.capture.chain_direction = ChainDirection::Along;
            }
        }
        // The next hole: a relay ending in an empty hole (of the capt_side
        // row) takes the hole after it in the sowing direction, of either
        // row.
        1 if cross == 0 && !basic && multi == 0 && side <= 2 && p.int("mlaps") == 1 => {
            spec.capture = CaptureSpec {
                rule: CaptureRule::Next,
                last_hole_in: Some(row),
                ..CaptureSpec::default()
            };
            spec.sowing.relay_stops_at_capture = false;
        }
        // The last hole and the one opposite holding as many seeds; a relay
        // stops where it would take them. A chain (multicapt) goes on to
        // the next holes matching theirs, in capt_dir's direction(s), at
        // most multicapt holes each way counting the last.
        3 if cross == 0
            && !basic
            && (multi == 0 || multi == -1 || multi > 1)
            && side == 0
            && p.int("mlaps") <= 1 =>
        {
            spec.capture = CaptureSpec {
                rule: CaptureRule::Match,
                ..CaptureSpec::default()
            };
            if multi != 0 {
                spec.capture.chain = Some(Chain::BothRows);
                spec.capture.chain_limit = (multi > 1).then_some(multi as u32);
                spec.capture.chain_direction = chain_direction(capt_dir);
            }
            spec.sowing.relay_stops_at_capture = spec.sowing.laps == Laps::Relay;
        }
        t => need(format!("capt_type={t}")),
    }
    // MOVEUNLOCK: holes start locked (each round too), a move unlocks its
    // hole, and no capture takes from a locked hole.
    spec.capture.moved_from_only = p.flag("moveunlock");
    match p.int("grandslam") {
        0 => {}
        1 if spec.capture.rule != CaptureRule::None => {
            spec.capture.grand_slam = Some(GrandSlam::Forbidden);
            spec.capture.grand_slam_fallback = Some(GrandSlamFallback::NotPlayed);
        }
        2 if spec.capture.rule != CaptureRule::None => {
            spec.capture.grand_slam = Some(GrandSlam::NoCapture)
        }
        // The capture stands; the opponent takes the mover's row.
        3 if spec.capture.rule != CaptureRule::None => {
            spec.capture.grand_slam = Some(GrandSlam::OpponentTakesRow)
        }
        // The capture stands, and the capturer moves again (to share).
        6 if spec.capture.rule != CaptureRule::None => {
            spec.capture.grand_slam = Some(GrandSlam::ExtraTurn)
        }
        // The leftmost (4) or rightmost (5) hole holding seeds, as the
        // capturer sees the opponent's row, is left.
        g @ (4 | 5) if spec.capture.rule != CaptureRule::None => {
            spec.capture.grand_slam_leaves = Some(if g == 4 {
                SlamLeaves::Leftmost
            } else {
                SlamLeaves::Rightmost
            })
        }
        g => need(format!("grandslam={g}")),
    }
    match p.int("nocaptmoves") {
        0 => {}
        // StoneShark's first moves without captures close no hole either.
        1 if spec.capture.rule != CaptureRule::None || closing => {
            spec.capture.on_opening = Some(false)
        }
        2 if spec.capture.rule != CaptureRule::None || closing => {
            spec.capture.opening_turns_without = 2
        }
        m => need(format!(
            "nocaptmoves={m} (no capture in the first {m} moves)"
        )),
    }
    Ok(())
}

/// What goes with a capture: single seeds, repeat turns, extra seeds taken.
pub(crate) fn extras(p: &Params, d: &mut Draft) {
    let seeds = d.seeds;
    let (side, cross) = (p.int("capt_side"), p.int("crosscapt"));
    let row = capture_row(p).unwrap_or(RowChoice::Any);
    let Draft { spec, needs, .. } = d;
    let mut need = |what: String| needs.push(what);
    // StoneShark counts the seeds of the move's hole (of the last lap when relaying).
    if p.flag("nosinglecapt") {
        if spec.sowing.laps == Laps::Single && spec.capture.rule != CaptureRule::None {
            spec.capture.not_from_single = true;
        } else {
            need("nosinglecapt=1 with relay sowing or no capture rule".into());
        }
    }
    match p.int("capt_rturn") {
        0 => {}
        // Seeds taken from an opponent's weg are a capture (our owned.raid).
        1 if spec.capture.rule != CaptureRule::None || p.int("child_type") == 4 => {
            spec.moves.extra_turn = match spec.moves.extra_turn {
                ExtraTurn::Store => ExtraTurn::StoreOrCapture,
                _ => ExtraTurn::Capture,
            }
        }
        // A capture earns a repeat turn, but not on a repeat turn. StoneShark
        // does not reset its count of repeat turns when a player passes, so
        // after a player's repeat turn ends in a pass, the opponent's first
        // capture earns nothing (Ali Guli Mane, game 2, ply 948): a quirk of
        // the program, not a rule, and not copied.
        2 if spec.capture.rule != CaptureRule::None && spec.moves.extra_turn == ExtraTurn::None => {
            spec.moves.extra_turn = ExtraTurn::Capture;
            spec.moves.extra_turn_once = true;
        }
        r => need(format!("capt_rturn={r} (a capture earns a repeat turn)")),
    }
    match p.int("pickextra") {
        0 => {}
        2 if spec.capture.sweep => {}
        // After a cross capture, every hole of the opponent's row meeting
        // the count conditions.
        2 if spec.capture.rule == CaptureRule::Opposite
            && spec.capture.counts.is_some()
            && !spec.capture.pull_across =>
        {
            spec.capture.take_counted = true
        }
        // In territory matches, when a move leaves a hole's worth of seeds
        // or fewer on the board (more than none), the mover takes them and
        // the round ends: our too_few_seeds, taken by the last mover (set
        // below).
        3 if p.int("goal") == 2 => {}
        4 if p.int("goal") == 2 => {}
        // The final seed of a capture of the next hole goes with it.
        5 if spec.capture.rule == CaptureRule::Next => spec.capture.take_sower = true,
        // The hole facing the captured one, on the capture's conditions of side.
        1 if side == 0
            && matches!(
                spec.capture.rule,
                CaptureRule::Counts | CaptureRule::AcrossGap
            )
            && spec.capture.chain() == Chain::None
            && !spec.capture.sweep =>
        {
            spec.capture.take_facing = true
        }
        // StoneShark counts the seeds left in the rows where captures may be
        // made (both, unless capt_side limits them) and takes every seed.
        3 => {
            spec.capture.take_last = seeds;
            if cross == 0 && side != 0 {
                spec.capture.take_last_counted = Some(row);
            }
        }
        x => need(format!("pickextra={x}")),
    }
}

/// Which way a StoneShark capture chain runs, by its capt_dir: OPP_SOW (0)
/// against the sowing, SOW (1) with it, BOTH (2) both ways.
fn chain_direction(capt_dir: i64) -> ChainDirection {
    match capt_dir {
        1 => ChainDirection::Along,
        2 => ChainDirection::Both,
        _ => ChainDirection::Against,
    }
}
