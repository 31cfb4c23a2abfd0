//! `[sowing]`: how seeds are sown, laps and relays, captures while sowing.

use super::RowChoice;
use serde::{Deserialize, Serialize};

/// `[sowing]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SowingSpec {
    /// Where the first lifted seed goes.
    pub start: SowStart,
    /// Whether a sowing can continue from the hole it ended in.
    #[serde(default)]
    pub laps: Laps,
    /// Sowing direction. Hole indices follow counter-clockwise order.
    #[serde(default)]
    pub direction: Direction,
    /// Whether a sowing that laps the board passes over its origin.
    #[serde(default)]
    pub skip_origin: bool,
    /// What happens to a relay sowing that would go on for ever.
    #[serde(default)]
    pub endless: Endless,
    /// Whether the mover's own store is sown like a hole when the sowing
    /// passes it (it stands after the mover's row in the sowing direction);
    /// the opponent's store is always passed over. Needs `board.stores`.
    #[serde(default)]
    pub into_own_store: bool,
    /// With relay sowing: a lap whose last seed makes a capture ends the
    /// sowing there (and captures), instead of lifting that hole and going
    /// on. With `capture.rule = "opposite"` (only with `relay_from_next`): a
    /// lap ending in an empty hole whose opposite hole would be taken.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub relay_stops_at_capture: bool,
    /// While sowing, a hole that a seed (not a lap's last) brings to one of
    /// `capture.counts` is taken at once by the player who owns it (Obridjie's
    /// fours). Needs `capture.rule = "counts"`; the rows of
    /// `capture.last_hole_in` are where it happens.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub passing_captures: bool,
    /// Holes, counted from each player's left (1 = leftmost), in which the
    /// mover chooses the sowing direction; the other holes sow as
    /// `direction` says. A chosen-direction move is written with its
    /// direction: `C>` (counter-clockwise) or `C<` (clockwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen_holes: Vec<u32>,
    /// With `start = "origin"`: a hole holding a single seed sows it into
    /// the next hole instead (Toguz Kumalak).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub single_to_next: bool,
    /// Each player sows around their own row only (and their own store,
    /// with `into_own_store`): seeds never reach the opponent's row
    /// (StoneShark's north-south cycle).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_row: bool,
    /// With `laps = "relay"`: when a lap ends, the sowing goes on from the
    /// hole after its last hole (its seeds are lifted and sown from the hole
    /// after it) whenever that hole holds seeds, whatever the last hole
    /// holds; the sowing ends when the hole after the last is empty
    /// (StoneShark's LAPPER_NEXT, the "Indian" relay of Pallanguzhi and its
    /// kin).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub relay_from_next: bool,
    /// With `passing_captures`: the counts a seed must bring a hole to for
    /// its owner to take it while sowing (absent: `capture.counts`, which
    /// then needs `capture.rule = "counts"`). With these, the move's own
    /// capture may follow any rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passing_counts: Option<Vec<u32>>,
    /// With `passing_captures`: a lap's last seed takes part too: its hole,
    /// brought to a passing count, is taken by its owner before the move's
    /// capture (StoneShark's ENPAS_ALL_OWNER_OWN).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub passing_last: bool,
    /// With `laps = "relay"` and `capture.rule = "across-gap"` or
    /// `"opposite"`: every lap's end captures as a move's end does, and the
    /// relay goes on. Across the gap, a lap ending in an occupied hole
    /// captures, then its hole is lifted as usual. Opposite, a lap ending in
    /// an empty hole that captures goes on by lifting its single seed; one
    /// that captures nothing ends the sowing (StoneShark's LAP_CAPT).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lap_captures: bool,
    /// With `passing_captures`: the mover takes the holes instead of their
    /// owners (StoneShark's ENPAS_ALL_SOWER).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub passing_to_mover: bool,
    /// With `lap_captures` and `capture.rule = "opposite"`: the seeds a
    /// lap's capture takes are not kept but join the last hole's seed and
    /// are sown on from it; the relay ends when the opponent's row is empty
    /// (StoneShark's LAP_CAPT_SEEDS).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lap_captures_sown_on: bool,
    /// With `into_own_store`: the opponent's store is sown too, where the
    /// sowing passes it (after the opponent's row, in the sowing direction):
    /// both stores are in the ring of every sowing (StoneShark's sow_stores
    /// BOTH).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub into_opponent_store: bool,
    /// With `laps = "relay"`: a lap goes on only when its last hole then
    /// holds one of these counts (each at least 2); otherwise the sowing
    /// ends there, as it does in a hole that was empty (StoneShark's
    /// mlap_cont ON_PARAM and GREQ_PARAM).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relay_counts: Option<Vec<u32>>,
    /// Each lap's first lifted seed goes to the mover (into their store, or
    /// their captures beside the board) instead of being sown; the others
    /// are sown as usual (StoneShark's presowcapt CAPT_ONE). Needs
    /// `moves.min_seeds` of at least 2, so that every lap sows a seed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lap_keeps_one: bool,
    /// With `laps = "relay"`: a lap goes on only when its last hole is in
    /// this row, relative to the mover (absent: either row); otherwise the
    /// sowing ends there (StoneShark's mlap_cont OWN_SIDE and OPP_SIDE).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relay_from: Option<RowChoice>,
    /// A lap that lifts a single seed first takes the seeds of the hole
    /// facing the one it lifts, for the mover, then sows its seed
    /// (StoneShark's presowcapt DRAW_1_XCAPT).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub single_takes_facing: bool,
    /// Before a move is sown, every hole of the mover's row holding a
    /// single seed (the hole played among them) takes the seeds of the hole
    /// facing it, for the mover (StoneShark's presowcapt ALL_SINGLE_XCAPT).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub singles_take_facing: bool,
    /// With `passing_captures`: only the holes of this row, relative to the
    /// mover, are taken while sowing (absent: either row); in a territory
    /// match, the holes the mover (`own`) or the opponent owns this round
    /// (StoneShark's ENPAS_SOW_SOWER and ENPAS_OPP_SOWER).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passing_from: Option<RowChoice>,
    /// Where the mover chooses the direction (`direction = "chosen"` or
    /// `chosen_holes`): each player's first move sows this way instead,
    /// `counter-clockwise` or `clockwise` (StoneShark's NO_UDIR_FIRSTS).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_moves_direction: Option<Direction>,
    /// A lap whose last seed brings a hole of the opponent's row to this
    /// many seeds closes that hole: in a relay its seeds are lifted and
    /// sown on as usual, after a single lap they leave the game. A closed
    /// hole is out of play for the rest of the game: never played from,
    /// passed over by its own row's player's sowing, and a seed the other
    /// player sows into it leaves the game (ending the lap when it is the
    /// last). Nothing is closed while captures are not yet allowed
    /// (`capture.on_opening`, `opening_turns_without`). StoneShark's
    /// SOW_BLKD_DIV (Deka, Embeli, Nambayi). Absent: no hole is closed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closes_at: Option<u32>,
    /// With `closes_at`: each player's rightmost hole is never closed
    /// (StoneShark's SOW_BLKD_DIV_NR).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closing_spares_rightmost: bool,
    /// Each player's first move is sown as a single lap (no relay) whose
    /// last seed, were it to fall into the mover's own row, goes on to the
    /// first hole of the opponent's row (Tapata; StoneShark's prescribed
    /// opening SOW1OPP).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opening_lands_across: bool,
    /// With `lap_captures` and `capture.rule = "counts"`: a lap that
    /// starts with at most this many seeds left on the board (those in
    /// hand aside) gives every seed it sows into the opponent's row to the
    /// opponent, except a last seed that captures there (StoneShark's
    /// LAP_CAPT_OPP_GETS, Meusueb).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent_takes_sown_at: Option<u32>,
    /// A seed is never sown into a hole of the opponent's row that holds
    /// this many seeds when the seed comes to it: the sowing passes over
    /// that hole as over a hole out of play (StoneShark's NO_SOW_OPP_NS;
    /// Lami, Mbothe: 2). Absent (the default): no hole is passed over for
    /// what it holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip_opponent_count: Option<u32>,
    /// No hole is sown beyond this many seeds: a sowing passes over every
    /// hole, of either row, holding this many or more when the seed comes
    /// to it (StoneShark's MAX_SOW; Urim: 17). Absent (the default): no
    /// limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hole_limit: Option<u32>,
    /// With `skip_opponent_count`: the first move of the game (of each
    /// round, in matches of rounds) sows into every hole, passing over none
    /// for what it holds (at the start every hole holds as many seeds;
    /// StoneShark's prescribed opening MLAPS_SOWER).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip_not_on_opening: bool,
    /// With `direction = "clockwise"` and `into_own_store`: each store
    /// stands at its owner's right, where counter-clockwise sowing puts
    /// it, so that a sowing reaches the mover's store only after going
    /// round the opponent's row, just before the mover's own row
    /// (StoneShark keeps its stores there whatever the direction;
    /// Lagerung). Without it a store stands after its owner's row in the
    /// sowing direction.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stores_on_right: bool,
    /// With `relay_from_next` and `into_own_store`: a lap whose next cell
    /// is the mover's store goes on from the store, its seeds lifted and
    /// sown from the cell after it (CrossCapt Eight; StoneShark's LAPPER_NEXT
    /// sowing its stores). Without it, such a lap ends the sowing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub relay_from_store: bool,
}

/// Where the first seed of a move is sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SowStart {
    /// Back into the origin, then onwards (Modiar, Tihbat).
    Origin,
    /// Into the hole after the origin (Oware, Sadeqa II).
    Next,
}

/// Single lap or relay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Laps {
    /// The move ends when the hand is empty.
    #[default]
    Single,
    /// When the hand is empty in an occupied hole, its seeds are lifted and
    /// sowing goes on from the next hole; it ends in a hole that was empty.
    Relay,
}

/// Sowing direction, as seen from above the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Increasing hole index.
    #[default]
    CounterClockwise,
    /// Decreasing hole index.
    Clockwise,
    /// The mover chooses the direction of every move (`A>` or `A<`).
    Chosen,
    /// Each player's left half of the row sows clockwise (to the player's
    /// left, round the end of the row) and the right half counter-clockwise:
    /// away from the middle. An odd row's middle hole must be in
    /// `chosen_holes`.
    Outward,
    /// The opposite of `outward`: each half sows towards the middle of the
    /// row. An odd row's middle hole must be in `chosen_holes`.
    Inward,
    /// A hole holding an odd number of seeds sows counter-clockwise, an
    /// even one clockwise.
    Parity,
    /// The game's first move chooses its direction (`A>` or `A<`); from
    /// then on its player always sows that way and the other player the
    /// other way.
    Alternate,
}

impl Direction {
    /// Whether every move sows one way, the same for both players.
    pub fn is_fixed(self) -> bool {
        matches!(self, Direction::CounterClockwise | Direction::Clockwise)
    }
}

/// What happens to a relay sowing that would cycle for ever.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Endless {
    /// Such a move may not be played (the spec's decision for Sadeqa II).
    #[default]
    Illegal,
    /// Such a move may be played and ends the game in a draw.
    Draw,
}
