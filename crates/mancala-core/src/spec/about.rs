//! `[about]`: the game's place in the catalogue, and the rule keys it may name.

use serde::{Deserialize, Serialize};

/// `[about]`: the game's place in the catalogue. Nothing here changes play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct About {
    /// The region `mancala list` groups the game under, e.g. `"Northern Africa"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// Where the rules come from: a Mancala World page, a book.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// A paragraph about the game: where and by whom it is played, who recorded it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overview: Option<String>,
    /// Who recorded the rules, when, and from whom, when the sources say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recorded: Option<String>,
    /// The rules of this file that its sources leave open and the project
    /// decided ("house rules"), as rule-file keys such as
    /// `"sowing.skip_origin"` (see [`RULE_KEYS`]). A game page shows them
    /// apart from the traditional rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house_rules: Vec<String>,
    /// Points on which the sources disagree, each with the rule it concerns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disagreements: Vec<Disagreement>,
}

/// A point on which the sources of a game disagree:
/// `{ key = "sowing.direction", note = "The Burmese pages say clockwise." }`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disagreement {
    /// The rule-file key concerned (one of [`RULE_KEYS`]).
    pub key: String,
    /// What the sources say, in English (translations beside the rule file).
    pub note: String,
}

/// Every rule key a rule file may set, as `table.field` (and `board` for
/// the board as a whole): what `[about] house_rules` and `disagreements`
/// may name.
pub const RULE_KEYS: &[&str] = &[
    "board",
    "board.holes_per_row",
    "board.seeds_per_hole",
    "board.total_seeds",
    "board.first_player",
    "board.stores",
    "sowing.start",
    "sowing.laps",
    "sowing.direction",
    "sowing.skip_origin",
    "sowing.endless",
    "sowing.into_own_store",
    "sowing.relay_stops_at_capture",
    "sowing.passing_captures",
    "sowing.chosen_holes",
    "sowing.single_to_next",
    "moves.min_seeds",
    "moves.opening",
    "moves.opening_fallback",
    "moves.must_feed",
    "moves.when_none",
    "moves.must_leave_seeds",
    "moves.extra_turn",
    "capture.rule",
    "capture.counts",
    "capture.last_hole_in",
    "capture.chain",
    "capture.seeds_go_to",
    "capture.on_opening",
    "capture.grand_slam",
    "capture.grand_slam_fallback",
    "capture.take_sower",
    "capture.empty_opposite",
    "capture.chain_limit",
    "capture.opening_turns_without",
    "capture.not_from_single",
    "capture.sweep",
    "capture.pull_across",
    "end.no_moves",
    "end.stuck",
    "end.repetition",
    "end.majority",
    "end.result",
    "end.any_row_empty",
    "end.too_few_seeds",
    "end.unfed_takes_rest",
    "end.mover_row_empty",
    "end.both_stuck",
    "end.win_seeds",
    "owned",
    "owned.count",
    "owned.per_player",
    "owned.row",
    "owned.places",
    "owned.not_mirror",
    "owned.not_facing",
    "owned.sow_past",
    "owned.make",
    "owned.raid",
    "owned.at_start",
    "owned.captures_into",
    "sowing.own_row",
    "moves.empty_or_across",
    "end.empty_row_wins",
    "board.layout",
    "moves.single_to_empty",
    "moves.any_row",
    "rounds",
    "rounds.fill",
    "rounds.blocked",
    "rounds.min_holes",
    "rounds.starter",
    "rounds.loser_only",
    "rounds.territory",
    "rounds.min_seeds",
    "end.too_few_to_mover",
    "sowing.relay_from_next",
    "sowing.passing_counts",
    "sowing.passing_last",
    "capture.take_last",
    "capture.take_facing",
    "moves.extra_turn_once",
    "owned.holder",
    "moves.opening_shift",
    "sowing.lap_captures",
    "capture.take_last_counted",
    "sowing.passing_to_mover",
    "sowing.lap_captures_sown_on",
    "end.opponent_row_empty",
    "end.rest_to_winner",
    "end.too_few_to_starter",
    "sowing.into_opponent_store",
    "moves.extra_turn_opponent_store",
    "sowing.relay_counts",
    "capture.grand_slam_leaves",
    "sowing.lap_keeps_one",
    "capture.opponent_store",
    "sowing.relay_from",
    "capture.store_lost_in",
    "sowing.single_takes_facing",
    "sowing.singles_take_facing",
    "rounds.partial_hole",
    "sowing.passing_from",
    "moves.feed_else_any",
    "sowing.first_moves_direction",
    "sowing.closes_at",
    "sowing.closing_spares_rightmost",
    "sowing.opening_lands_across",
    "sowing.opponent_takes_sown_at",
    "sowing.skip_opponent_count",
    "sowing.skip_not_on_opening",
    "moves.last_resort_count",
    "moves.last_resort_rightmost",
    "capture.take_counted",
    "sowing.stores_on_right",
    "moves.rams",
    "moves.not_facing_single",
    "sowing.relay_from_store",
    "moves.lands_occupied",
    "capture.sweep_board",
    "sowing.hole_limit",
    "rounds.double_win_seeds",
    "capture.chain_direction",
    "rounds.seeds_to_win",
    "capture.moved_from_only",
    "moves.each_hole_first",
    "moves.no_return",
    "board.rows",
    "rows",
    "rows.capture",
    "rows.taken_sown_from",
    "rows.capture_start_max",
    "rows.compulsory_capture",
    "rows.first_lap_decides",
    "rows.non_capturing_from_inner",
    "rows.lone_kichwa_inward",
    "rows.inner_row_empty_loses",
    "rows.capture_behind",
    "rows.taken_out_of_play",
    "rows.singles_last",
    "rows.first_move_from_inner",
    "rows.capture_ends_move",
    "rows.first_move_single_lap",
    "rows.clockwise_capture_holes",
    "rows.chosen_captures",
    "rows.chosen_captures_on_empty",
    "rows.hand",
    "rows.start_inner",
    "rows.nyumba",
];
