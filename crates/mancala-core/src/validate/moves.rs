//! Validation of `[moves]`: which holes may be played, feeding, openings.

use crate::spec::*;

use super::issue::{SpecIssue, issue};

/// `[moves]`: which holes may be played, feeding, openings.
pub(crate) fn check(spec: &RuleSpec) -> Result<(), SpecIssue> {
    let s = &spec.sowing;
    let total = spec.board.seeds();
    let m = &spec.moves;
    if m.min_seeds == 0 {
        return Err(issue(
            "moves.min_seeds",
            "must be at least 1 (an empty hole cannot be played)",
        ));
    }
    if m.min_seeds > total {
        return Err(issue(
            "moves.min_seeds",
            format!(
                "{} is more than the {total} seeds in the game, so no move could ever be played",
                m.min_seeds
            ),
        ));
    }
    if m.single_to_empty && (spec.sowing.into_own_store || spec.sowing.start == SowStart::Origin) {
        return Err(issue(
            "moves.single_to_empty",
            "needs sowing.start = \"next\" and no store in the sowing ring (a single seed then always goes to the next hole)",
        ));
    }
    if m.any_row {
        // These rules speak of "the mover's row" as the holes they move from.
        for (set, what) in [
            (m.must_feed, "must_feed"),
            (m.must_leave_seeds, "must_leave_seeds"),
            (m.opening != Opening::Any, "an opening restriction"),
            (
                m.when_none == WhenNone::Pass,
                "when_none = \"pass\" (with moves from either row, a player without one leaves none to the opponent either)",
            ),
            (m.empty_or_across, "empty_or_across"),
            (
                spec.rounds.as_ref().is_some_and(|r| r.territory),
                "territory rounds",
            ),
        ] {
            if set {
                return Err(issue(
                    "moves.any_row",
                    format!("moves from either row are not supported with {what}"),
                ));
            }
        }
    }
    if m.opening_fallback != OpeningFallback::Any
        && matches!(m.opening, Opening::Any | Opening::RightHalf)
    {
        return Err(issue(
            "moves.opening_fallback",
            "a fallback needs an opening from the rightmost hole (opening = \"rightmost\" or \"first-rightmost\")",
        ));
    }
    if m.opening == Opening::RightHalf && spec.board.holes_per_row < 2 {
        return Err(issue(
            "moves.opening",
            "a row of one hole has no right half",
        ));
    }
    if spec.sowing.opening_lands_across {
        let mut refused = super::sowing::lap_changing_rules(spec)
            .into_iter()
            .chain([("sowing.closes_at", spec.sowing.closes_at.is_some())]);
        if let Some((key, _)) = refused.find(|(_, on)| *on) {
            return Err(issue(
                key,
                "is not supported with sowing.opening_lands_across (each player's first move is one lap around the holes in one direction, ending in the opponent's row)",
            ));
        }
    }
    if m.opening_fallback != OpeningFallback::Any && m.opening == Opening::FirstTwoRightmost {
        return Err(issue(
            "moves.opening_fallback",
            "an opening from the two rightmost playable holes has no fallback: it is any hole when fewer may be played",
        ));
    }
    if let Some(count) = m.last_resort_count {
        let clash = if count == 0 || count > total {
            Some(format!("must be from 1 to the game's {total} seeds"))
        } else if count < m.min_seeds {
            Some(format!(
                "{count} is fewer than moves.min_seeds ({}): such holes are never played anyway",
                m.min_seeds
            ))
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue("moves.last_resort_count", why));
        }
    }
    if m.rams {
        let refused = [
            (m.any_row, "moves from either row"),
            (
                !s.direction.is_fixed() || !s.chosen_holes.is_empty(),
                "a direction that varies",
            ),
            (s.own_row, "sowing.own_row (no sowing goes round)"),
            (
                s.skip_opponent_count.is_some() || s.hole_limit.is_some(),
                "sowing.skip_opponent_count or hole_limit",
            ),
            (
                m.must_feed || m.must_leave_seeds,
                "must_feed or must_leave_seeds",
            ),
            (spec.owned.is_some(), "[owned] holes"),
            (spec.rounds.is_some(), "[rounds]"),
            (
                spec.end.result != ResultRule::Seeds,
                "result = \"deprivation\"",
            ),
            (
                spec.end.any_row_empty || spec.end.too_few_seeds.is_some(),
                "end.any_row_empty or end.too_few_seeds",
            ),
            (
                spec.end.rest_to_winner || spec.end.too_few_to_starter,
                "end.rest_to_winner or end.too_few_to_starter",
            ),
            // The rams are those of the last change of turn, which a
            // repetition of boards does not compare.
            (
                spec.end.repetition != Repetition::None,
                "a repetition rule (end.repetition)",
            ),
        ];
        if let Some((_, what)) = refused.iter().find(|(on, _)| *on) {
            return Err(issue(
                "moves.rams",
                format!("rams are not supported with {what}"),
            ));
        }
    }
    if m.no_return {
        let n = spec.board.holes_per_row;
        let refused = [
            (
                s.direction != Direction::Outward,
                "a sowing direction other than \"outward\" (only split sowing moves a seed straight back)",
            ),
            (
                s.chosen_holes.iter().any(|&h| h == 1 || h == n),
                "an end hole in sowing.chosen_holes",
            ),
            // The barred hole is part of the position, which a repetition
            // of boards does not compare.
            (
                spec.end.repetition != Repetition::None,
                "a repetition rule (end.repetition)",
            ),
        ];
        if let Some((_, what)) = refused.iter().find(|(on, _)| *on) {
            return Err(issue(
                "moves.no_return",
                format!("barring a single seed's return is not supported with {what}"),
            ));
        }
    }
    if m.last_resort_rightmost {
        let clash = if m.last_resort_count.is_none() {
            Some("needs moves.last_resort_count (the count whose holes are played last)")
        } else if m.any_row || spec.rounds.as_ref().is_some_and(|r| r.territory) {
            Some(
                "is not supported with moves from either row or territory rounds (a player's rightmost hole is in their own row)",
            )
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue("moves.last_resort_rightmost", why));
        }
    }
    Ok(())
}
