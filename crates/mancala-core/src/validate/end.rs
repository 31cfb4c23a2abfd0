//! Validation of `[end]`, and the combinations of `[end]` with the other tables; then `[rounds]` and `[owned]`.

use crate::position::*;
use crate::spec::*;

use super::issue::{SpecIssue, issue, refuse_clash};

/// `[end]`, and the combinations of `[end]` with the other tables; then `[rounds]` and `[owned]`.
pub(crate) fn check(spec: &RuleSpec) -> Result<(), SpecIssue> {
    let m = &spec.moves;
    let total = spec.board.seeds();
    let e = &spec.end;
    if m.feed_after_capture && !m.must_feed {
        return Err(issue(
            "moves.feed_after_capture",
            "needs moves.must_feed = true",
        ));
    }
    if m.feed_else_any && (!m.must_feed || e.unfed_takes_rest) {
        return Err(issue(
            "moves.feed_else_any",
            "needs moves.must_feed = true, and not end.unfed_takes_rest (with every move legal, no player is left unfed)",
        ));
    }
    if e.unfed_takes_rest && !m.must_feed {
        return Err(issue(
            "end.unfed_takes_rest",
            "a player can be left unfed only under moves.must_feed = true",
        ));
    }
    if e.opponent_row_empty && (e.result != ResultRule::Seeds || spec.owned.is_some()) {
        // Owned holes would count in the row, which StoneShark does not.
        return Err(issue(
            "end.opponent_row_empty",
            "ending when the opponent's row is emptied needs result = \"seeds\" and no [owned] holes",
        ));
    }
    if e.rest_to_winner && !e.majority && e.win_seeds.is_none() {
        return Err(issue(
            "end.rest_to_winner",
            "needs end.majority or end.win_seeds (the count a player passes to take the seeds left)",
        ));
    }
    if e.too_few_to_starter && (e.too_few_seeds.is_none() || e.too_few_to_mover) {
        return Err(issue(
            "end.too_few_to_starter",
            "needs end.too_few_seeds (the count below which the seeds left go to the starter), and not end.too_few_to_mover",
        ));
    }
    if e.too_few_to_mover && e.too_few_seeds.is_none() {
        return Err(issue(
            "end.too_few_to_mover",
            "needs end.too_few_seeds (the count below which the seeds left go to the mover)",
        ));
    }
    if e.too_few_seeds.is_some_and(|n| n < 2) {
        return Err(issue(
            "end.too_few_seeds",
            "must be at least 2 (fewer than 1 seed left is an empty board)",
        ));
    }
    if e.both_stuck && m.when_none != WhenNone::Pass {
        return Err(issue(
            "end.both_stuck",
            "needs moves.when_none = \"pass\" (otherwise the first player without a move ends the game)",
        ));
    }
    if let Some(win) = e.win_seeds {
        let total = spec.board.seeds();
        if e.result != ResultRule::Seeds {
            return Err(issue("end.win_seeds", "needs result = \"seeds\""));
        }
        if win == 0 || win >= total {
            return Err(issue(
                "end.win_seeds",
                format!(
                    "must be between 1 and {} (the game has {total} seeds)",
                    total - 1
                ),
            ));
        }
    }
    if e.empty_row_wins && e.result != ResultRule::Deprivation {
        return Err(issue(
            "end.empty_row_wins",
            "needs result = \"deprivation\" (a won or lost game, no score)",
        ));
    }
    if e.empty_row_wins && e.mover_row_empty {
        return Err(issue(
            "end.empty_row_wins",
            "an emptied row wins the game, so it cannot also lose it (end.mover_row_empty)",
        ));
    }
    match e.result {
        ResultRule::Deprivation => {
            if matches!(e.repetition, Repetition::Share | Repetition::CollectOwn) {
                return Err(issue(
                    "end.repetition",
                    "a deprivation game has no score to settle; use \"draw\" or \"none\"",
                ));
            }
            if e.majority {
                return Err(issue(
                    "end.majority",
                    "a deprivation game has no score; majority needs result = \"seeds\"",
                ));
            }
            if e.any_row_empty {
                return Err(issue(
                    "end.any_row_empty",
                    "a deprivation game is lost by the player left without seeds; any_row_empty needs result = \"seeds\"",
                ));
            }
        }
        ResultRule::Seeds => {
            if e.repetition == Repetition::Draw {
                return Err(issue(
                    "end.repetition",
                    "a seeds game settles a repetition by \"share\" or \"collect-own\", not \"draw\"",
                ));
            }
            if e.stuck != Stuck::Draw {
                return Err(issue(
                    "end.stuck",
                    "stuck applies only to result = \"deprivation\"",
                ));
            }
        }
    }
    if let Some(r) = &spec.rounds {
        validate_rounds(spec, r)?;
    }
    if spec.sowing.single_to_next && spec.sowing.start != SowStart::Origin {
        return Err(issue(
            "sowing.single_to_next",
            "a single seed goes to the next hole only in games whose sowing starts in the origin (start = \"origin\")",
        ));
    }
    if let Some(o) = &spec.owned {
        validate_owned(spec, o, total)?;
    }
    Ok(())
}

/// The `[rounds]` checks: a round's end must give each player a whole
/// number of seeds of their own, and a new round must have a move.
fn validate_rounds(spec: &RuleSpec, r: &RoundsSpec) -> Result<(), SpecIssue> {
    let e = &spec.end;
    if e.result != ResultRule::Seeds {
        return Err(issue(
            "rounds",
            "rounds refill the board from the seeds each player won, so they need result = \"seeds\"",
        ));
    }
    if spec.capture.seeds_go_to() != Destination::Mover {
        return Err(issue(
            "rounds",
            "rounds refill the board from the seeds each player captured, so captures must go to the mover (capture.seeds_go_to = \"mover\")",
        ));
    }
    // A tallied match starts every round afresh: the seeds left may go
    // anywhere.
    if !r.is_tallied() && !matches!(e.no_moves, Settlement::CollectOwn | Settlement::LastMover) {
        return Err(issue(
            "end.no_moves",
            "in a game of rounds the seeds left at a round's end must go to a player: use \"collect-own\" or \"last-mover\" (or win the match by a tally of rounds or seeds, rounds.round_wins or rounds.seeds_to_win)",
        ));
    }
    if e.repetition == Repetition::Share {
        return Err(issue(
            "end.repetition",
            "in a game of rounds a shared repetition could leave half a seed to refill with: use \"collect-own\" or \"none\"",
        ));
    }
    let n = spec.board.holes_per_row;
    if r.min_holes == 0 || r.min_holes > n {
        return Err(issue(
            "rounds.min_holes",
            format!(
                "must be between 1 and the {n} holes of a row (a player who cannot fill that many holes loses the match)"
            ),
        ));
    }
    if spec.moves.min_seeds > spec.board.seeds_per_hole {
        return Err(issue(
            "moves.min_seeds",
            format!(
                "a move needs {} seeds but a round refills holes with {}, so a new round could have no move",
                spec.moves.min_seeds, spec.board.seeds_per_hole
            ),
        ));
    }
    let total = spec.board.seeds();
    if let Some(m) = r.min_seeds
        && (m == 0 || m > total / 2)
    {
        return Err(issue(
            "rounds.min_seeds",
            format!(
                "must be between 1 and half the {total} seeds of the game (a player with fewer at a round's end loses the match)"
            ),
        ));
    }
    if let (Some(_), Some(_)) = (r.round_wins, r.seeds_to_win) {
        return Err(issue(
            "rounds.seeds_to_win",
            "a match is won by a tally of round wins (round_wins) or of seeds (seeds_to_win), not both",
        ));
    }
    if let Some(seeds) = r.seeds_to_win
        && seeds == 0
    {
        return Err(issue(
            "rounds.seeds_to_win",
            "must be at least 1 (the seeds over the rounds that win the match)",
        ));
    }
    if r.is_tallied() {
        if r.round_wins == Some(0) {
            return Err(issue(
                "rounds.round_wins",
                "must be at least 1 (the round wins that win the match)",
            ));
        }
        let refused = [
            ("rounds.territory", r.territory),
            ("rounds.loser_only", r.loser_only),
            ("rounds.min_seeds", r.min_seeds.is_some()),
        ];
        if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
            return Err(issue(
                key,
                "does not apply to a match won by a tally of round wins or seeds (round_wins, seeds_to_win): each round starts from the opening layout",
            ));
        }
    }
    if let Some(at) = r.double_win_seeds {
        let total = spec.board.seeds();
        let clash = if r.round_wins.is_none() {
            Some("needs a match won by a tally of round wins (round_wins)".to_string())
        } else if at == 0 || at > total {
            Some(format!("must be from 1 to the game's {total} seeds"))
        } else {
            None
        };
        refuse_clash(
            "rounds.double_win_seeds",
            "a round won by enough seeds to count twice",
            clash,
        )?;
    }
    if r.partial_hole != PartialHole::OverHalf && !r.territory {
        return Err(issue(
            "rounds.partial_hole",
            "the hole a winner's seeds fill in part is only shared out in territory matches (territory = true)",
        ));
    }
    if r.territory {
        // Rules that judge a player's row are defined for the row, not for
        // the holes a player owns across the board: refused until they are.
        let refused = [
            ("rounds.loser_only", r.loser_only),
            ("moves.must_leave_seeds", spec.moves.must_leave_seeds),
            ("moves.opening", spec.moves.opening != Opening::Any),
            ("moves.empty_or_across", spec.moves.empty_or_across),
            ("capture.sweep", spec.capture.sweep),
            (
                "capture.grand_slam",
                spec.capture.grand_slam() != GrandSlam::Allowed,
            ),
            ("sowing.into_own_store", spec.sowing.into_own_store),
            ("sowing.own_row", spec.sowing.own_row),
            ("sowing.chosen_holes", !spec.sowing.chosen_holes.is_empty()),
            (
                "sowing.direction",
                !matches!(
                    spec.sowing.direction,
                    Direction::CounterClockwise | Direction::Clockwise
                ),
            ),
            ("end.any_row_empty", spec.end.any_row_empty),
            ("end.mover_row_empty", spec.end.mover_row_empty),
            ("end.opponent_row_empty", spec.end.opponent_row_empty),
            ("end.unfed_takes_rest", spec.end.unfed_takes_rest),
            // Owned holes made and raided where the last seed falls (Weg)
            // are; passing over them or capturing into them are not yet.
            (
                "owned.sow_past",
                spec.owned
                    .as_ref()
                    .is_some_and(|o| o.sow_past != SowPast::None),
            ),
            (
                "owned.captures_into",
                spec.owned.as_ref().is_some_and(|o| o.captures_into),
            ),
            (
                "owned.at_start",
                spec.owned
                    .as_ref()
                    .is_some_and(|o| o.at_start != OwnedStart::None),
            ),
        ];
        if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
            return Err(issue(
                key,
                "is not supported in territory games ([rounds] territory = true)",
            ));
        }
    }
    Ok(())
}

fn validate_owned(spec: &RuleSpec, o: &OwnedSpec, total: u32) -> Result<(), SpecIssue> {
    if o.count > total {
        return Err(issue(
            "owned.count",
            format!("must be at most the {total} seeds of the game (0: never made in play)"),
        ));
    }
    if o.per_player > MAX_HOLES as u32 {
        return Err(issue(
            "owned.per_player",
            format!("must be at most {MAX_HOLES} (0: no limit)"),
        ));
    }
    if o.sow_past != SowPast::None && spec.sowing.skip_origin {
        return Err(issue(
            "owned.sow_past",
            "passing over owned holes is not supported together with sowing.skip_origin",
        ));
    }
    // The hole before the last is a hole: a store sown in between would
    // come first.
    if o.make == OwnedMake::PairBefore && (o.count < 2 || spec.sowing.into_own_store) {
        return Err(issue(
            "owned.make",
            "\"pair-before\" needs a count of at least 2 (the pair holds count and count - 1 seeds) and no sowing into the stores",
        ));
    }
    let territory = spec.rounds.as_ref().is_some_and(|r| r.territory);
    if o.holder != RowChoice::Any && !territory {
        return Err(issue(
            "owned.holder",
            "choosing owned holes by who plays them needs a territory match ([rounds] territory = true)",
        ));
    }
    let refused = [
        // A territory round starts afresh, owned holes and all.
        ("rounds", spec.rounds.is_some() && !territory),
        ("moves.must_feed", spec.moves.must_feed),
        ("moves.must_leave_seeds", spec.moves.must_leave_seeds),
        ("sowing.passing_captures", spec.sowing.passing_captures),
        (
            "capture.grand_slam",
            spec.capture.grand_slam() != GrandSlam::Allowed,
        ),
        ("end.any_row_empty", spec.end.any_row_empty),
        ("end.mover_row_empty", spec.end.mover_row_empty),
        ("end.result", spec.end.result != ResultRule::Seeds),
    ];
    if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
        return Err(issue(
            key,
            "is not supported in games with owned holes ([owned])",
        ));
    }
    Ok(())
}
