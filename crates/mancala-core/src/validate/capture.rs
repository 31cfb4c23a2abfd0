//! Validation of `[capture]`: capture rules, chains, grand slams, where seeds go.

use crate::spec::*;

use super::issue::{SpecIssue, issue};

/// `capture.counts`: a list of counts a hole can hold, out of `total` seeds.
fn check_counts(counts: &[u32], total: u32) -> Result<(), SpecIssue> {
    if counts.is_empty() {
        return Err(issue(
            "capture.counts",
            "the list is empty, so nothing could be captured",
        ));
    }
    if let Some(&bad) = counts.iter().find(|&&x| x == 0 || x > total) {
        return Err(issue(
            "capture.counts",
            format!(
                "{bad} cannot be captured: counts must be between 1 and the {total} seeds in the game"
            ),
        ));
    }
    Ok(())
}

/// `[capture]`: capture rules, chains, grand slams, where seeds go.
pub(crate) fn check(spec: &RuleSpec) -> Result<(), SpecIssue> {
    let b = &spec.board;
    let s = &spec.sowing;
    let m = &spec.moves;
    let total = spec.board.seeds();
    let c = &spec.capture;
    match c.rule {
        CaptureRule::Counts | CaptureRule::NextCounts => {
            let Some(counts) = &c.counts else {
                return Err(issue(
                    "capture.counts",
                    format!(
                        "rule = \"{}\" needs the list of counts that capture",
                        if c.rule == CaptureRule::Counts {
                            "counts"
                        } else {
                            "next-counts"
                        }
                    ),
                ));
            };
            check_counts(counts, total)?;
            if c.rule == CaptureRule::NextCounts {
                let clash = if s.laps != Laps::Single {
                    Some(("sowing.laps", "needs single laps (laps = \"single\")"))
                } else if s.into_own_store || spec.owned.is_some() {
                    Some((
                        "capture.rule",
                        "is not supported in games that sow into the stores or own holes",
                    ))
                } else if c.last_hole_in() != RowChoice::Any {
                    Some((
                        "capture.last_hole_in",
                        "does not apply: the last hole may be in either row (last_hole_in = \"any\")",
                    ))
                } else if c.chain() != Chain::None && c.chain_direction != ChainDirection::Along {
                    Some((
                        "capture.chain_direction",
                        "a chain from the next hole runs onwards: write chain_direction = \"along\"",
                    ))
                } else {
                    None
                };
                if let Some((key, why)) = clash {
                    return Err(issue(
                        key,
                        format!("a capture of the hole after the last by its count {why}"),
                    ));
                }
            }
        }
        CaptureRule::AcrossGap => {
            if c.counts.is_some() {
                return Err(issue("capture.counts", "counts need rule = \"counts\""));
            }
            if c.chain() == Chain::SameRow {
                return Err(issue(
                    "capture.chain",
                    "a chain across gaps follows the sowing into either row: write chain = \"both-rows\"",
                ));
            }
            if c.last_hole_in() != RowChoice::Any {
                return Err(issue(
                    "capture.last_hole_in",
                    "a capture across the gap may end in either row (last_hole_in = \"any\")",
                ));
            }
            if s.into_own_store {
                return Err(issue(
                    "capture.rule",
                    "captures across the gap are not supported in games that sow into the stores",
                ));
            }
        }
        CaptureRule::Opposite | CaptureRule::None | CaptureRule::Next | CaptureRule::Match => {
            if c.rule == CaptureRule::Opposite
                && let Some(counts) = &c.counts
            {
                // The opposite hole's count decides whether it is taken.
                check_counts(counts, total)?;
                if c.empty_opposite {
                    return Err(issue(
                        "capture.counts",
                        "an empty opposite hole holds none of the counts: leave out counts or empty_opposite",
                    ));
                }
                if s.lap_captures {
                    return Err(issue(
                        "capture.counts",
                        "counts on the opposite hole are not supported with sowing.lap_captures",
                    ));
                }
            } else if c.counts.is_some() {
                return Err(issue(
                    "capture.counts",
                    "counts need rule = \"counts\" (or \"opposite\")",
                ));
            }
            if c.chain.is_some_and(|ch| ch != Chain::None)
                && !matches!(c.rule, CaptureRule::Match | CaptureRule::Opposite)
            {
                return Err(issue(
                    "capture.chain",
                    "a chain needs rule = \"counts\", \"across-gap\", \"match\" or \"opposite\"",
                ));
            }
            if matches!(c.rule, CaptureRule::Next | CaptureRule::Match)
                && (s.into_own_store || spec.owned.is_some())
            {
                return Err(issue(
                    "capture.rule",
                    format!(
                        "captures of the {} are not supported in games that sow into the stores or own holes",
                        if c.rule == CaptureRule::Next {
                            "next hole"
                        } else {
                            "matching holes"
                        }
                    ),
                ));
            }
        }
    }
    // Closing a hole takes its seeds out of play as a capture would: the
    // opening turns without captures close nothing either.
    let closing = spec.sowing.closes_at.is_some();
    if c.rule == CaptureRule::None {
        for (key, set) in [
            ("capture.last_hole_in", c.last_hole_in.is_some()),
            ("capture.seeds_go_to", c.seeds_go_to.is_some()),
            ("capture.on_opening", c.on_opening.is_some() && !closing),
            ("capture.grand_slam", c.grand_slam.is_some()),
        ] {
            if set {
                return Err(issue(
                    key,
                    "this setting needs a capture rule (capture.rule = \"counts\" or \"opposite\")",
                ));
            }
        }
    }
    if c.take_sower && !matches!(c.rule, CaptureRule::Opposite | CaptureRule::Next) {
        return Err(issue(
            "capture.take_sower",
            "taking the last seed too needs capture.rule = \"opposite\" or \"next\"",
        ));
    }
    if c.empty_opposite && c.rule != CaptureRule::Opposite {
        return Err(issue(
            "capture.empty_opposite",
            "this setting needs capture.rule = \"opposite\"",
        ));
    }
    if let Some(limit) = c.chain_limit {
        if c.chain() == Chain::None {
            return Err(issue(
                "capture.chain_limit",
                "a limit on the chain needs a chain (capture.chain = \"same-row\" or \"both-rows\")",
            ));
        }
        if limit < 2 {
            return Err(issue(
                "capture.chain_limit",
                format!(
                    "{limit} is too few: a chain takes at least 2 holes (for 1, leave out the chain)"
                ),
            ));
        }
    }
    if c.rule == CaptureRule::Opposite && c.chain() != Chain::None {
        let clash = [
            (c.empty_opposite, "empty_opposite"),
            (c.pull_across, "pull_across"),
            (c.take_counted, "take_counted"),
            (s.lap_captures, "sowing.lap_captures"),
        ];
        if let Some((_, what)) = clash.iter().find(|(on, _)| *on) {
            return Err(issue(
                "capture.chain",
                format!("a chain of captures across is not supported with {what}"),
            ));
        }
    }
    if c.chain_direction != ChainDirection::Against {
        let clash = if c.chain() == Chain::None {
            Some(
                "a direction for the chain needs a chain (capture.chain = \"same-row\" or \"both-rows\")",
            )
        } else if c.rule == CaptureRule::AcrossGap {
            Some(
                "a chain across gaps always runs onwards, in the sowing direction: leave out chain_direction",
            )
        } else if s.lap_captures {
            Some(
                "a chain that runs onwards is not supported with sowing.lap_captures (each lap goes on from the hole after its capture)",
            )
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue("capture.chain_direction", why));
        }
    }
    if c.moved_from_only {
        // Each capture checks the holes it takes against the locked ones;
        // the rules below take holes by other ways, not checked yet.
        let refused = [
            (
                !matches!(
                    c.rule,
                    CaptureRule::Counts
                        | CaptureRule::Opposite
                        | CaptureRule::Next
                        | CaptureRule::Match
                        | CaptureRule::NextCounts
                ),
                "capture.rule other than \"counts\", \"opposite\", \"next\", \"match\" or \"next-counts\"",
            ),
            (c.take_sower, "capture.take_sower"),
            (c.sweep || c.sweep_board, "capture.sweep or sweep_board"),
            (
                c.take_facing || c.take_counted || c.take_last != 0,
                "capture.take_facing, take_counted or take_last",
            ),
            (c.pull_across, "capture.pull_across"),
            (c.grand_slam_leaves.is_some(), "capture.grand_slam_leaves"),
            (
                s.lap_captures || s.passing_captures || s.relay_stops_at_capture,
                "sowing.lap_captures, passing_captures or relay_stops_at_capture",
            ),
            (
                s.lap_keeps_one || s.single_takes_facing || s.singles_take_facing,
                "sowing.lap_keeps_one, single_takes_facing or singles_take_facing",
            ),
            (s.closes_at.is_some(), "sowing.closes_at"),
            // A repetition would have to compare the holes moved from too.
            (
                spec.end.repetition != Repetition::None,
                "a repetition rule (end.repetition)",
            ),
        ];
        if let Some((_, what)) = refused.iter().find(|(on, _)| *on) {
            return Err(issue(
                "capture.moved_from_only",
                format!("captures only from holes moved from are not supported with {what}"),
            ));
        }
    }
    if m.each_hole_first {
        // The holes to move from once are a player's row for the game.
        let refused = [
            (m.any_row, "moves.any_row"),
            (spec.owned.is_some(), "owned holes ([owned])"),
            (
                spec.rounds
                    .as_ref()
                    .is_some_and(|r| r.territory || (r.blocked && !r.is_tallied())),
                "rounds with blocked holes or territory",
            ),
            // A repetition would have to compare the holes moved from too.
            (
                spec.end.repetition != Repetition::None,
                "a repetition rule (end.repetition)",
            ),
        ];
        if let Some((_, what)) = refused.iter().find(|(on, _)| *on) {
            return Err(issue(
                "moves.each_hole_first",
                format!("moving from every hole first is not supported with {what}"),
            ));
        }
    }
    if c.opening_turns_without != 0 {
        if c.rule == CaptureRule::None && !closing {
            return Err(issue(
                "capture.opening_turns_without",
                "this setting needs a capture rule (capture.rule = \"counts\" or \"opposite\")",
            ));
        }
        if c.opening_turns_without > 2 {
            return Err(issue(
                "capture.opening_turns_without",
                format!(
                    "{} turns are not supported: 1 (the first player's first turn) or 2 (each player's first turn)",
                    c.opening_turns_without
                ),
            ));
        }
        if c.on_opening.is_some() {
            return Err(issue(
                "capture.opening_turns_without",
                "say it once: on_opening = false is opening_turns_without = 1; leave out on_opening",
            ));
        }
    }
    if c.sweep
        && (c.rule != CaptureRule::Counts
            || c.chain() != Chain::None
            || c.last_hole_in() != RowChoice::Any)
    {
        return Err(issue(
            "capture.sweep",
            "a sweep needs rule = \"counts\", no chain and no last_hole_in (it says where the last seed must fall)",
        ));
    }
    if c.sweep_board
        && (c.rule != CaptureRule::Counts
            || c.chain() != Chain::None
            || c.sweep
            || spec.sowing.lap_captures
            || spec.sowing.relay_stops_at_capture)
    {
        return Err(issue(
            "capture.sweep_board",
            "a sweep of the board needs rule = \"counts\", no chain, no sweep, and a capture at the move's end only (not sowing.lap_captures or relay_stops_at_capture)",
        ));
    }
    if m.lands_occupied {
        // The first lap is judged as `lap` sows it: rules that sow a first
        // lap another way are refused until it is judged their way.
        for (set, what) in [
            (m.any_row, "moves.any_row"),
            (m.opening_shift, "moves.opening_shift"),
            (
                spec.sowing.opening_lands_across,
                "sowing.opening_lands_across",
            ),
            (spec.sowing.closes_at.is_some(), "sowing.closes_at"),
            (
                spec.sowing.singles_take_facing,
                "sowing.singles_take_facing",
            ),
            (
                spec.rounds.as_ref().is_some_and(|r| r.territory),
                "territory rounds",
            ),
        ] {
            if set {
                return Err(issue(
                    "moves.lands_occupied",
                    format!(
                        "moves that must land in an occupied hole are not supported with {what}"
                    ),
                ));
            }
        }
    }
    if m.extra_turn_once && m.extra_turn != ExtraTurn::Capture {
        return Err(issue(
            "moves.extra_turn_once",
            "one extra turn for a capture needs extra_turn = \"capture\"",
        ));
    }
    if c.take_facing
        && (!matches!(c.rule, CaptureRule::Counts | CaptureRule::AcrossGap)
            || c.chain() != Chain::None
            || c.sweep
            || c.sweep_board)
    {
        return Err(issue(
            "capture.take_facing",
            "taking the facing hole too needs rule = \"counts\" or \"across-gap\", without chain or sweep",
        ));
    }
    if c.take_counted && (c.rule != CaptureRule::Opposite || c.counts.is_none() || c.pull_across) {
        return Err(issue(
            "capture.take_counted",
            "taking every counted hole too needs rule = \"opposite\" with counts (and no pull_across, which takes nothing)",
        ));
    }
    if c.opponent_store
        && (!s.into_opponent_store
            || m.extra_turn_opponent_store
            || c.seeds_go_to() == Destination::Removed)
    {
        return Err(issue(
            "capture.opponent_store",
            "taking the opponent's store needs a sowing that reaches it (sowing.into_opponent_store = true), no extra turn there (moves.extra_turn_opponent_store = false) and captures kept by the mover",
        ));
    }
    if c.store_lost_in.is_some() && (!b.stores || c.opponent_store) {
        return Err(issue(
            "capture.store_lost_in",
            "losing the mover's store needs stores on the board (board.stores = true), and not with capture.opponent_store",
        ));
    }
    if c.grand_slam_leaves.is_some()
        && (c.grand_slam() != GrandSlam::Allowed || c.rule == CaptureRule::None)
    {
        return Err(issue(
            "capture.grand_slam_leaves",
            "leaving a hole to the opponent after a grand slam needs a capture rule and grand slams allowed (capture.grand_slam = \"allowed\")",
        ));
    }
    if c.take_last_counted.is_some() && c.take_last == 0 {
        return Err(issue(
            "capture.take_last_counted",
            "the row counted for taking the last seeds needs take_last",
        ));
    }
    if c.take_last > 0 && c.grand_slam() != GrandSlam::Allowed {
        return Err(issue(
            "capture.take_last",
            "taking the last seeds is not supported with a grand_slam rule (it would empty the opponent's row)",
        ));
    }
    if c.not_from_single && c.rule == CaptureRule::None {
        return Err(issue(
            "capture.not_from_single",
            "this setting needs a capture rule (capture.rule = \"counts\" or \"opposite\")",
        ));
    }
    if c.pull_across {
        for (set, what) in [
            (c.rule != CaptureRule::Opposite, "rule = \"opposite\""),
            (
                c.take_sower || c.empty_opposite,
                "no take_sower or empty_opposite (nothing is taken)",
            ),
            (s.lap_captures, "no sowing.lap_captures"),
            (
                c.grand_slam() != GrandSlam::Allowed,
                "no grand_slam rule (no seed leaves the board)",
            ),
            (
                matches!(m.extra_turn, ExtraTurn::Capture | ExtraTurn::StoreOrCapture),
                "no extra turn for capturing",
            ),
            (spec.owned.is_some(), "no [owned] holes"),
        ] {
            if set {
                return Err(issue(
                    "capture.pull_across",
                    format!("pulling the opposite seeds across needs {what}"),
                ));
            }
        }
    }
    if c.empty_opposite && !c.take_sower {
        return Err(issue(
            "capture.empty_opposite",
            "a capture from an empty opposite hole takes only the sower, so it needs take_sower = true",
        ));
    }
    if s.into_own_store && c.seeds_go_to() == Destination::Removed {
        return Err(issue(
            "capture.seeds_go_to",
            "in a game that sows into the stores, captures go to the mover's store",
        ));
    }
    if matches!(m.extra_turn, ExtraTurn::Store | ExtraTurn::StoreOrCapture) && !s.into_own_store {
        return Err(issue(
            "moves.extra_turn",
            "an extra turn for ending in the store needs a sowing that reaches it (sowing.into_own_store = true)",
        ));
    }
    if m.opening_shift {
        // Every hole must hold a seed to pass on at every first move.
        let refused = [
            (
                "sowing.direction",
                !matches!(
                    s.direction,
                    Direction::CounterClockwise | Direction::Clockwise
                ),
            ),
            (
                "board.layout",
                spec.board.layout != StartLayout::Uniform || spec.board.seeds_per_hole == 0,
            ),
            ("rounds", spec.rounds.as_ref().is_some_and(|r| !r.territory)),
            ("sowing.into_own_store", s.into_own_store),
            ("sowing.own_row", s.own_row),
        ];
        if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
            return Err(issue(
                key,
                "is not supported with moves.opening_shift (every hole must hold seeds at every first move, and the sowing ring be the holes in one direction)",
            ));
        }
    }
    // Taking seeds from an opponent's owned hole is a capture too.
    let raids = spec.owned.as_ref().is_some_and(|o| o.raid > 0);
    if m.extra_turn_opponent_store && !s.into_opponent_store {
        return Err(issue(
            "moves.extra_turn_opponent_store",
            "an extra turn for ending in the opponent's store needs a sowing that reaches it (sowing.into_opponent_store = true)",
        ));
    }
    if matches!(m.extra_turn, ExtraTurn::Capture | ExtraTurn::StoreOrCapture)
        && c.rule == CaptureRule::None
        && !raids
    {
        return Err(issue(
            "moves.extra_turn",
            "an extra turn for capturing needs a capture rule (or owned.raid)",
        ));
    }
    if c.grand_slam_fallback.is_some() && c.grand_slam() != GrandSlam::Forbidden {
        return Err(issue(
            "capture.grand_slam_fallback",
            "a fallback needs grand_slam = \"forbidden\"",
        ));
    }
    Ok(())
}
