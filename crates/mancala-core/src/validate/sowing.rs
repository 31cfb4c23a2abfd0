//! Validation of `[sowing]`: laps, relays, directions, holes passed over, closing holes.

use crate::position::*;
use crate::spec::*;

use super::issue::{SpecIssue, issue, refuse_clash};

/// `[sowing]`: laps, relays, directions, holes passed over, closing holes.
pub(crate) fn check(spec: &RuleSpec) -> Result<(), SpecIssue> {
    let b = &spec.board;
    let total = spec.board.seeds();
    let s = &spec.sowing;
    if s.skip_origin && s.start == SowStart::Origin {
        return Err(issue(
            "sowing.skip_origin",
            "a sowing that starts in its origin cannot also pass over it; use start = \"next\" or skip_origin = false",
        ));
    }
    if s.into_own_store && !b.stores {
        return Err(issue(
            "sowing.into_own_store",
            "sowing into the stores needs stores on the board (board.stores = true)",
        ));
    }
    validate_closing(spec, total)?;
    if s.single_takes_facing {
        let clash = if s.relay_from_next || s.lap_captures || s.passing_captures || s.lap_keeps_one
        {
            Some(
                "is not supported with relay_from_next, lap_captures, passing_captures or lap_keeps_one",
            )
        } else if spec.owned.is_some() || spec.rounds.is_some() {
            Some("is not supported with owned holes ([owned]) or rounds")
        } else if spec.capture.seeds_go_to() == Destination::Removed {
            Some("keeps the seeds for the mover: not with capture.seeds_go_to = \"removed\"")
        } else {
            None
        };
        refuse_clash(
            "sowing.single_takes_facing",
            "taking the hole facing a single seed",
            clash,
        )?;
    }
    if s.singles_take_facing {
        let clash = if s.laps != Laps::Single {
            Some("is done once a move: not with relay sowing (sowing.laps)")
        } else if s.relay_from_next
            || s.lap_captures
            || s.passing_captures
            || s.lap_keeps_one
            || s.single_takes_facing
        {
            Some(
                "is not supported with relay_from_next, lap_captures, passing_captures, lap_keeps_one or single_takes_facing",
            )
        } else if spec.owned.is_some() {
            Some("is not supported with owned holes ([owned])")
        } else if spec
            .rounds
            .as_ref()
            .is_some_and(|r| !r.is_tallied() || r.territory)
        {
            Some(
                "is supported in rounds only with rounds.round_wins or rounds.seeds_to_win (rounds with blocked holes or territory are not)",
            )
        } else if spec.capture.seeds_go_to() == Destination::Removed {
            Some("keeps the seeds for the mover: not with capture.seeds_go_to = \"removed\"")
        } else {
            None
        };
        refuse_clash(
            "sowing.singles_take_facing",
            "taking the holes facing single seeds",
            clash,
        )?;
    }
    if s.lap_keeps_one {
        let clash = if spec.moves.min_seeds < 2 {
            Some("needs moves.min_seeds = 2 or more, so that every lap sows a seed")
        } else if s.relay_from_next || s.lap_captures || s.passing_captures {
            Some("is not supported with relay_from_next, lap_captures or passing_captures")
        } else if spec.owned.is_some() || spec.rounds.is_some() {
            Some("is not supported with owned holes ([owned]) or rounds")
        } else if spec.capture.seeds_go_to() == Destination::Removed {
            Some("keeps the seed for the mover: not with capture.seeds_go_to = \"removed\"")
        } else {
            None
        };
        refuse_clash(
            "sowing.lap_keeps_one",
            "keeping each lap's first seed",
            clash,
        )?;
    }
    if s.relay_from.is_some() && (s.laps != Laps::Relay || s.relay_from_next || s.lap_captures) {
        return Err(issue(
            "sowing.relay_from",
            "going on with a relay only from one row needs laps = \"relay\", without relay_from_next or lap_captures",
        ));
    }
    if let Some(counts) = &s.relay_counts {
        let clash = if s.laps != Laps::Relay {
            Some("needs laps = \"relay\"".to_string())
        } else if s.relay_from_next || s.lap_captures {
            Some("is not supported with relay_from_next or lap_captures".to_string())
        } else if counts.is_empty() || counts.iter().any(|&c| c < 2 || c > total) {
            Some(format!(
                "needs at least one count, each from 2 to the game's {total} seeds"
            ))
        } else {
            None
        };
        refuse_clash(
            "sowing.relay_counts",
            "going on with a relay only from some counts",
            clash,
        )?;
    }
    if let Some(count) = s.skip_opponent_count {
        let clash = if count == 0 || count > total {
            Some(format!("must be from 1 to the game's {total} seeds"))
        } else if s.relay_from_next || s.lap_captures || s.passing_captures {
            Some(
                "is not supported with relay_from_next, lap_captures or passing_captures"
                    .to_string(),
            )
        } else if s.own_row {
            Some("never applies: a sowing around the mover's own row never reaches the opponent's (sowing.own_row)".to_string())
        } else if spec.owned.is_some() || spec.rounds.as_ref().is_some_and(|r| r.territory) {
            Some("is not supported with owned holes ([owned]) or territory rounds".to_string())
        } else {
            None
        };
        refuse_clash(
            "sowing.skip_opponent_count",
            "passing over the opponent's holes by their count",
            clash,
        )?;
    }
    if let Some(limit) = s.hole_limit {
        // Every hole full but the origin would leave a seed nowhere to go.
        let holes = 2 * spec.board.holes_per_row;
        let clash = if limit == 0 || limit > 255 {
            Some("must be from 1 to 255 seeds".to_string())
        } else if total / limit + 1 >= holes {
            Some(format!(
                "{limit} leaves the game's {total} seeds able to fill all but one of the {holes} holes, so a sowing could find no hole to sow into"
            ))
        } else if s.relay_from_next
            || s.lap_captures
            || s.passing_captures
            || s.closes_at.is_some()
            || s.opening_lands_across
            || spec.moves.opening_shift
        {
            Some("is not supported with relay_from_next, lap_captures, passing_captures, closes_at, opening_lands_across or moves.opening_shift".to_string())
        } else if spec.owned.is_some() || spec.rounds.as_ref().is_some_and(|r| !r.is_tallied()) {
            Some("is not supported with owned holes ([owned]) or with rounds other than a tally of round wins or seeds (holes out of play)".to_string())
        } else {
            None
        };
        refuse_clash(
            "sowing.hole_limit",
            "a limit on the seeds a hole is sown to",
            clash,
        )?;
    }
    if s.stores_on_right
        && (s.direction != Direction::Clockwise
            || !s.chosen_holes.is_empty()
            || !s.into_own_store
            || s.own_row)
    {
        return Err(issue(
            "sowing.stores_on_right",
            "keeping the stores on their owners' right needs direction = \"clockwise\" (no chosen_holes; other directions keep them there already), a sowing into the stores (into_own_store = true) and not own_row",
        ));
    }
    if s.skip_not_on_opening {
        let clash = if s.skip_opponent_count.is_none() {
            Some("needs sowing.skip_opponent_count (the holes the other moves pass over)")
        } else if !s.direction.is_fixed() || !s.chosen_holes.is_empty() {
            Some("is not supported with a direction that varies (sowing.direction, chosen_holes)")
        } else if spec.moves.opening_shift {
            Some("is not supported with moves.opening_shift (the first move shifts seeds)")
        } else {
            None
        };
        refuse_clash(
            "sowing.skip_not_on_opening",
            "an opening that passes over no hole",
            clash,
        )?;
    }
    if s.into_opponent_store && s.own_row {
        return Err(issue(
            "sowing.into_opponent_store",
            "a sowing around the mover's own row never reaches the opponent's store (sowing.own_row = true)",
        ));
    }
    if s.into_opponent_store && !s.into_own_store {
        return Err(issue(
            "sowing.into_opponent_store",
            "sowing into the opponent's store needs the mover's own store sown too (sowing.into_own_store = true)",
        ));
    }
    // Opposite, only a relay from the next hole can go on from a lap that
    // ended in an empty hole.
    let opposite_stop = spec.capture.rule == CaptureRule::Opposite
        && s.relay_from_next
        && !spec.capture.empty_opposite;
    if s.relay_stops_at_capture
        && (s.laps != Laps::Relay
            || (!matches!(spec.capture.rule, CaptureRule::Counts | CaptureRule::Match)
                && !opposite_stop))
    {
        return Err(issue(
            "sowing.relay_stops_at_capture",
            "stopping a relay where it captures needs laps = \"relay\" and capture.rule = \"counts\" or \"match\" (or \"opposite\" with relay_from_next, without empty_opposite)",
        ));
    }
    if s.relay_from_store && (!s.relay_from_next || !s.into_own_store) {
        return Err(issue(
            "sowing.relay_from_store",
            "going on from the mover's store needs relay_from_next and into_own_store",
        ));
    }
    if s.passing_captures && spec.capture.rule != CaptureRule::Counts && s.passing_counts.is_none()
    {
        return Err(issue(
            "sowing.passing_captures",
            "captures while sowing need their counts: capture.rule = \"counts\" or sowing.passing_counts",
        ));
    }
    if let Some(counts) = &s.passing_counts {
        if !s.passing_captures {
            return Err(issue(
                "sowing.passing_counts",
                "the counts of captures while sowing need sowing.passing_captures = true",
            ));
        }
        if counts.is_empty() || counts.iter().any(|&c| c == 0 || c > total) {
            return Err(issue(
                "sowing.passing_counts",
                format!(
                    "each count must be from 1 to the game's {total} seeds, and at least one given"
                ),
            ));
        }
    }
    if s.passing_to_mover && !s.passing_captures {
        return Err(issue(
            "sowing.passing_to_mover",
            "who takes holes while sowing matters only with sowing.passing_captures = true",
        ));
    }
    if s.passing_from.is_some() && !s.passing_captures {
        return Err(issue(
            "sowing.passing_from",
            "the holes taken while sowing need sowing.passing_captures = true",
        ));
    }
    if s.passing_last && !s.passing_captures {
        return Err(issue(
            "sowing.passing_last",
            "taking a lap's last hole while sowing needs sowing.passing_captures = true",
        ));
    }
    if s.passing_last && s.laps == Laps::Relay && !s.relay_from_next {
        return Err(issue(
            "sowing.passing_last",
            "a relay lifts the seeds of its last hole: taking them while sowing is supported only with relay_from_next or a single lap",
        ));
    }
    if s.own_row && s.passing_captures {
        return Err(issue(
            "sowing.own_row",
            "captures while sowing (sowing.passing_captures) are not supported when each player sows their own row",
        ));
    }
    if s.passing_captures && s.into_own_store {
        return Err(issue(
            "sowing.passing_captures",
            "captures while sowing are not supported in games that sow into the stores",
        ));
    }
    if s.relay_from_next {
        let clash = if s.laps != Laps::Relay {
            Some("needs laps = \"relay\"")
        } else if s.into_opponent_store || s.own_row {
            Some("is not supported in games that sow into both stores or around their own row")
        } else if s.skip_origin || s.start == SowStart::Origin {
            Some("needs start = \"next\" and skip_origin = false")
        } else if spec.owned.is_some() {
            Some("is not supported with owned holes ([owned])")
        } else {
            None
        };
        refuse_clash(
            "sowing.relay_from_next",
            "relaying from the hole after the last",
            clash,
        )?;
    }
    if s.lap_captures_sown_on && (!s.lap_captures || spec.capture.rule != CaptureRule::Opposite) {
        return Err(issue(
            "sowing.lap_captures_sown_on",
            "sowing a lap's captured seeds on needs lap_captures = true and capture.rule = \"opposite\"",
        ));
    }
    if s.lap_captures {
        let clash = if s.laps != Laps::Relay || s.relay_from_next {
            Some("needs laps = \"relay\" (without relay_from_next)")
        } else if matches!(
            spec.capture.rule,
            CaptureRule::None | CaptureRule::Next | CaptureRule::Match | CaptureRule::NextCounts
        ) {
            Some("needs capture.rule = \"counts\", \"opposite\" or \"across-gap\"")
        } else if s.into_own_store || s.passing_captures || s.relay_stops_at_capture {
            Some("is not supported with into_own_store, passing_captures or relay_stops_at_capture")
        } else if spec.owned.is_some() {
            Some("is not supported with owned holes ([owned])")
        } else {
            None
        };
        refuse_clash("sowing.lap_captures", "capturing at every lap's end", clash)?;
    }
    if let Some(at) = s.opponent_takes_sown_at {
        let clash = if !s.lap_captures || spec.capture.rule != CaptureRule::Counts {
            Some("needs sowing.lap_captures = true and capture.rule = \"counts\"".to_string())
        } else if at == 0 || at > total {
            Some(format!(
                "{at} is not a count of seeds left: give 1 to the {total} seeds in the game"
            ))
        } else if spec.rounds.is_some()
            || s.skip_origin
            || !s.direction.is_fixed()
            || !s.chosen_holes.is_empty()
        {
            Some(
                "is not supported with [rounds], skip_origin or directions that vary by move"
                    .to_string(),
            )
        } else if spec.capture.seeds_go_to() == Destination::Removed {
            Some(
                "gives the seeds to the opponent: not with capture.seeds_go_to = \"removed\""
                    .to_string(),
            )
        } else {
            None
        };
        refuse_clash(
            "sowing.opponent_takes_sown_at",
            "the opponent taking the seeds sown across at the end",
            clash,
        )?;
    }
    validate_directions(spec)?;
    if s.endless == Endless::Draw && s.laps == Laps::Single {
        return Err(issue(
            "sowing.endless",
            "only a relay sowing (laps = \"relay\") can be endless",
        ));
    }
    Ok(())
}

/// The `[owned]` checks: the rules that judge rows or the whole board by
/// their seeds are not defined yet for owned holes, so they are refused.
/// `sowing.closes_at` and `closing_spares_rightmost`: a count that a last
/// seed can bring a hole to, on a ring of holes in one direction, with no
/// rule that would look into a closed hole or take part in the lap.
fn validate_closing(spec: &RuleSpec, total: u32) -> Result<(), SpecIssue> {
    let s = &spec.sowing;
    let Some(count) = s.closes_at else {
        if s.closing_spares_rightmost {
            return Err(issue(
                "sowing.closing_spares_rightmost",
                "sparing the rightmost holes needs holes to close (sowing.closes_at)",
            ));
        }
        return Ok(());
    };
    if count < 2 || count > total {
        return Err(issue(
            "sowing.closes_at",
            format!(
                "{count} cannot close a hole: give a count from 2 to the {total} seeds in the game"
            ),
        ));
    }
    let mut refused = lap_changing_rules(spec).into_iter().chain([
        ("capture.rule", spec.capture.rule != CaptureRule::None),
        ("sowing.lap_captures", s.lap_captures),
        ("sowing.relay_from_next", s.relay_from_next),
        ("sowing.relay_counts", s.relay_counts.is_some()),
        ("sowing.relay_from", s.relay_from.is_some()),
        ("moves.empty_or_across", spec.moves.empty_or_across),
        ("moves.single_to_empty", spec.moves.single_to_empty),
    ]);
    if let Some((key, _)) = refused.find(|(_, on)| *on) {
        return Err(issue(
            key,
            "is not supported with sowing.closes_at (closed holes take part in the sowing, are out of play and hold no seed; the only captures are the closings)",
        ));
    }
    Ok(())
}

/// The rules that change the plain lap around the board (a store or holes
/// passed over in it, a direction chosen, seeds kept or taken as it goes,
/// holes owned or out of play, moves from either row or shifted openings),
/// as `(key, whether set)`: a rule that sows laps of its own (closing
/// holes, an opening landing across) is played without any of them.
pub(super) fn lap_changing_rules(spec: &RuleSpec) -> [(&'static str, bool); 13] {
    let s = &spec.sowing;
    let m = &spec.moves;
    [
        ("rounds", spec.rounds.is_some()),
        ("owned", spec.owned.is_some()),
        ("sowing.direction", !s.direction.is_fixed()),
        ("sowing.chosen_holes", !s.chosen_holes.is_empty()),
        ("sowing.into_own_store", s.into_own_store),
        ("sowing.own_row", s.own_row),
        ("sowing.skip_origin", s.skip_origin),
        ("sowing.passing_captures", s.passing_captures),
        ("sowing.lap_keeps_one", s.lap_keeps_one),
        ("sowing.single_takes_facing", s.single_takes_facing),
        ("sowing.singles_take_facing", s.singles_take_facing),
        ("moves.any_row", m.any_row),
        ("moves.opening_shift", m.opening_shift),
    ]
}

/// The checks of `sowing.direction` and `sowing.chosen_holes`.
fn validate_directions(spec: &RuleSpec) -> Result<(), SpecIssue> {
    let s = &spec.sowing;
    let n = spec.board.holes_per_row;
    if let Some(d) = s.first_moves_direction {
        let clash = if !matches!(d, Direction::CounterClockwise | Direction::Clockwise) {
            Some("must be \"counter-clockwise\" or \"clockwise\"")
        } else if !(s.direction == Direction::Chosen
            || (!s.chosen_holes.is_empty()
                && matches!(
                    s.direction,
                    Direction::CounterClockwise | Direction::Clockwise
                )))
        {
            Some(
                "needs holes whose direction the mover chooses: direction = \"chosen\", or chosen_holes with a counter-clockwise or clockwise direction",
            )
        } else if spec.moves.extra_turn != ExtraTurn::None {
            Some(
                "is not supported with extra turns (moves.extra_turn): the first move would be fixed but not the extra move it earns",
            )
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue("sowing.first_moves_direction", why));
        }
    }
    let mut seen = Vec::new();
    for &h in &s.chosen_holes {
        if h == 0 || h > n {
            return Err(issue(
                "sowing.chosen_holes",
                format!(
                    "{h} is not a hole of the row: holes are counted from each player's left, 1 to {n}"
                ),
            ));
        }
        if seen.contains(&h) {
            return Err(issue(
                "sowing.chosen_holes",
                format!("hole {h} is listed twice"),
            ));
        }
        seen.push(h);
    }
    if matches!(s.direction, Direction::Chosen | Direction::Alternate) && !s.chosen_holes.is_empty()
    {
        return Err(issue(
            "sowing.chosen_holes",
            format!(
                "with direction = \"{}\" the mover already chooses in every hole; leave chosen_holes out",
                if s.direction == Direction::Chosen {
                    "chosen"
                } else {
                    "alternate"
                }
            ),
        ));
    }
    if matches!(s.direction, Direction::Outward | Direction::Inward)
        && n % 2 == 1
        && !s.chosen_holes.contains(&(n / 2 + 1))
    {
        return Err(issue(
            "sowing.chosen_holes",
            format!(
                "an odd row's middle hole has no half to sow away from or towards: list it ({}) in chosen_holes so the mover chooses",
                n / 2 + 1
            ),
        ));
    }
    let chosen = match s.direction {
        Direction::Chosen | Direction::Alternate => n,
        _ => s.chosen_holes.len() as u32,
    };
    // With moves from either row, every hole of both rows is a move (or two);
    // one row of at most 16 holes always fits.
    let rows = if spec.moves.any_row { 2 } else { 1 };
    if spec.moves.any_row && (rows * (n + chosen)) as usize > MAX_SUCCESSORS {
        return Err(issue(
            "moves.any_row",
            format!(
                "moves from either row of {n} holes with {chosen} holes of chosen direction make up to {} moves, more than the {} a position may have",
                rows * (n + chosen),
                MAX_SUCCESSORS
            ),
        ));
    }
    if (!s.direction.is_fixed() || !s.chosen_holes.is_empty()) && spec.moves.opening != Opening::Any
    {
        return Err(issue(
            "moves.opening",
            "a restricted opening needs one sowing direction (sowing.direction = \"counter-clockwise\" or \"clockwise\", no chosen_holes)",
        ));
    }
    Ok(())
}
