//! The rule model: what a `games/*.toml` file says, before it is compiled.
//!
//! Every mechanism the engine knows is a field here. Fields that a game may
//! leave out have the default that the project's spec chose, so a rule file
//! reads as the list of what makes its game different.

use serde::{Deserialize, Serialize};

use crate::Side;

/// A whole game as written in a rule file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// The game's name as people write it, e.g. `"Sadeqa II"`.
    pub name: String,
    /// Where the game is played, e.g. `"Morocco"` (shown in summaries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// What a catalogue says about the game: region, source, overview.
    #[serde(default)]
    pub about: About,
    /// Size of the board and how it is filled.
    pub board: BoardSpec,
    /// How seeds are sown.
    pub sowing: SowingSpec,
    /// Which holes may start a move.
    #[serde(default)]
    pub moves: MovesSpec,
    /// What a move captures.
    #[serde(default)]
    pub capture: CaptureSpec,
    /// How the game ends and who wins.
    #[serde(default)]
    pub end: EndSpec,
    /// `[rounds]`: the game is a match of rounds (absent: a single game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<RoundsSpec>,
    /// `[owned]`: holes that a move can turn into a player's own store
    /// (tuzdik, children; absent: every hole stays plain).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owned: Option<OwnedSpec>,
}

/// `[owned]`: a hole that a move's last seed brings to `count` seeds becomes
/// the mover's own hole (a tuzdik, a child), where the rules below allow it;
/// instead of any capture (`make` names other ways, `at_start` holes owned
/// from the start). An owned hole is never moved from nor captured
/// from; the seeds sown into it stay in it and belong to its owner: they
/// count with the owner's captures towards a majority and at the end of the
/// game, whatever the settlement does with the seeds of the plain holes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnedSpec {
    /// The count the last seed must bring a plain hole to (with `make =
    /// "pair-opposite"`: the count of the facing hole). 0: holes are never
    /// made owned in play (only `at_start`).
    pub count: u32,
    /// How a move makes holes its own.
    #[serde(default)]
    pub make: OwnedMake,
    /// The most holes a player may own (0: no limit).
    #[serde(default)]
    pub per_player: u32,
    /// The row in which the mover may make an owned hole.
    #[serde(default = "any_row")]
    pub row: RowChoice,
    /// Which holes of the rows may be owned at all.
    #[serde(default)]
    pub places: OwnedPlaces,
    /// Not the hole with the same number (counted from its owner's left) as
    /// a hole already owned in the other row (Toguz Kumalak).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_mirror: bool,
    /// Not the hole facing a hole already owned.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_facing: bool,
    /// Which owned holes a sowing passes over (never sown into).
    #[serde(default)]
    pub sow_past: SowPast,
    /// A last seed that falls into an opponent's owned hole takes this many
    /// seeds out of it (itself included; all it holds when fewer) for the
    /// mover: a capture (the wegs of Qelat). 0: nothing is taken.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub raid: u32,
    /// Holes owned from the start of the game.
    #[serde(default)]
    pub at_start: OwnedStart,
    /// Captured seeds go into the mover's first owned hole (by index)
    /// rather than off the board, and a player who owns no hole captures
    /// nothing (children as stores, in games without stores).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub captures_into: bool,
    /// In a territory match (`[rounds] territory`): whose holes this round
    /// the mover may make their own, by who plays them (Weg's wegs: the
    /// opponent's). `"any"` (default): whoever plays them.
    #[serde(default = "any_row", skip_serializing_if = "is_any_row")]
    pub holder: RowChoice,
}

fn is_any_row(r: &RowChoice) -> bool {
    *r == RowChoice::Any
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// How a move makes holes its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnedMake {
    /// The last hole, when its last seed brings it to `count`.
    #[default]
    Count,
    /// The last hole and the hole facing it, when the last seed falls into
    /// an empty hole and the facing hole holds `count` seeds (the qur of
    /// Leyla-Gobale).
    PairOpposite,
    /// The last hole, when its last seed brings it to `count`, or with the
    /// hole before it (against the sowing, not owned) when the two then
    /// hold `count` and `count - 1` seeds, in either order: both become
    /// the mover's (the bulls of Enkeshui; StoneShark's BULL).
    PairBefore,
}

/// Holes owned from the start of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnedStart {
    /// None.
    #[default]
    None,
    /// Each player owns the rightmost hole of their own row (seen from
    /// their seat; Rath).
    Rightmost,
}

fn any_row() -> RowChoice {
    RowChoice::Any
}

/// Which holes may become owned, by position in their row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnedPlaces {
    /// Any hole.
    #[default]
    Anywhere,
    /// Only the two end holes of each row.
    Ends,
    /// Any hole but the end holes of each row.
    NotEnds,
    /// Not the last hole (rightmost, seen from its row's owner) of the
    /// opponent's row (Toguz Kumalak's ninth hole).
    NotOpponentLast,
    /// Not the first hole (leftmost, seen from its row's owner) of the
    /// opponent's row.
    NotOpponentFirst,
    /// The two end holes of the opponent's row and the holes between the
    /// ends of the mover's own row.
    OpponentEndsOwnMiddle,
    /// The end holes of either row, and the second and second-last holes
    /// of the opponent's row.
    EndsAndOpponentNextToEnds,
}

/// Which owned holes a sowing passes over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SowPast {
    /// None: owned holes are sown like any other.
    #[default]
    None,
    /// The opponent's owned holes.
    Opponent,
    /// The opponent's owned holes, except with the last seed.
    OpponentButLast,
    /// Every owned hole.
    All,
}

/// `[rounds]`: a match played in rounds. When a round ends (any end of the
/// game but an endless sowing or the ply limit), each player takes the seeds
/// the end settlement gives them and refills their own row with
/// `board.seeds_per_hole` seeds a hole, in the order `fill` says, keeping
/// the seeds that fill no hole in their store; holes left empty are out of
/// play for the round when `blocked`. The match ends when a player cannot
/// fill `min_holes` holes; the last round's result is the match's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundsSpec {
    /// Which holes of a row are filled first.
    #[serde(default)]
    pub fill: RoundFill,
    /// Whether holes left empty at a round's start are out of play for the
    /// round (never sown into nor moved from); otherwise they are ordinary
    /// empty holes.
    #[serde(default = "yes")]
    pub blocked: bool,
    /// The match ends when a player's seeds cannot fill this many holes.
    #[serde(default = "one")]
    pub min_holes: u32,
    /// Who starts the next round.
    #[serde(default)]
    pub starter: RoundStarter,
    /// Only the round's loser (after a drawn round, North) refills their
    /// row, from the seeds of their row and store; the winner's row, store
    /// and blocked holes stay as the round left them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub loser_only: bool,
    /// Territory: every round starts with every hole filled and no seeds
    /// in the stores, and the holes are shared out by the seeds each player
    /// won in the previous round. The player with more seeds owns as many
    /// holes as their seeds fill (`board.seeds_per_hole` a hole), and one
    /// more when the seeds left over are more than half a hole: their own
    /// row first, then the opponent's row from the opponent's left; the
    /// other player owns the rest. After a drawn round each player owns
    /// their own row. A player moves only from the holes they own, and the
    /// seeds left in them at the end of a round are theirs. `fill` and
    /// `blocked` do not apply.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub territory: bool,
    /// The match ends when a player has fewer than this many seeds at the
    /// end of a round (absent: `min_holes` times `board.seeds_per_hole`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_seeds: Option<u32>,
    /// Territory: who owns the hole that the round's winner's seeds left
    /// over fill only in part.
    #[serde(default, skip_serializing_if = "PartialHole::is_default")]
    pub partial_hole: PartialHole,
    /// A match won by a tally of round wins: the first player to win this
    /// many rounds wins the match (a drawn round counts for neither). Each
    /// round then starts afresh from the opening layout (a new draw when
    /// it is random), the stores empty, whatever the seeds won; `fill`,
    /// `blocked`, `min_holes`, `min_seeds` and `loser_only` do not apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_wins: Option<u32>,
    /// With `round_wins`: a round won with at least this many seeds counts
    /// as two round wins (StoneShark's round points, a point for a win and
    /// one more for a skunk; Urim: 36 of 48).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_win_seeds: Option<u32>,
    /// A match won by a tally of seeds: each round starts afresh from the
    /// opening layout, as with `round_wins`, and the first player whose
    /// seeds over the rounds (each round's total, captures plus the seeds
    /// the round's end gives them) reach this many wins the match; when
    /// both reach it in the same round, the one with more wins (as many:
    /// a draw). The match's totals are these sums (StoneShark's
    /// RND_SEED_COUNT; Centering: 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds_to_win: Option<u32>,
}

/// In a territory match, the hole the winner's seeds left over (fewer than
/// a hole's) would fill in part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PartialHole {
    /// The winner's when the seeds left over are more than half a hole,
    /// else the loser's.
    #[default]
    OverHalf,
    /// Always the loser's.
    Loser,
    /// The loser's, and it starts the round empty: each player keeps the
    /// seeds left over from filling whole holes in their store.
    LoserEmpty,
}

impl PartialHole {
    fn is_default(&self) -> bool {
        *self == PartialHole::OverHalf
    }
}

impl RoundsSpec {
    /// The fewest seeds a player must hold at the end of a round for the
    /// match to go on: `min_seeds`, or `min_holes` holes of `seeds_per_hole`.
    pub fn least_seeds(&self, seeds_per_hole: u32) -> u32 {
        self.min_seeds.unwrap_or(self.min_holes * seeds_per_hole)
    }

    /// Whether the match is won by a tally (of round wins, `round_wins`, or
    /// of seeds, `seeds_to_win`), every round starting afresh from the
    /// opening layout.
    pub fn is_tallied(&self) -> bool {
        self.round_wins.is_some() || self.seeds_to_win.is_some()
    }
}

fn yes() -> bool {
    true
}

/// The order in which a player's holes are filled at a new round, seen from
/// the player's seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundFill {
    /// From the player's left.
    #[default]
    Left,
    /// From the player's right.
    Right,
    /// From both ends towards the middle: leftmost, rightmost, second
    /// leftmost, second rightmost, ...
    Outside,
    /// From both ends towards the middle, both players starting at the
    /// same end of the board: South's left, which is North's right (how
    /// StoneShark fills a row when the player does not choose).
    OutsideWest,
    /// From the board's west end: South from their left, North from their
    /// right.
    West,
}

/// Who starts a round after the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundStarter {
    /// The player who did not start the previous round.
    #[default]
    Alternate,
    /// The loser of the previous round (after a drawn round: alternate).
    Loser,
    /// The winner of the previous round (after a drawn round: alternate).
    Winner,
    /// The player who made the previous round's last move.
    LastMover,
    /// The loser of the previous round; after a drawn round, the player who
    /// made its last move (as StoneShark has it).
    LoserElseLastMover,
    /// The winner, and after a drawn round the player who did not make
    /// its last move (StoneShark's winner rule).
    WinnerElseNotLastMover,
}

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
];

/// `[board]`: two rows of holes, no stores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Holes in each row (1 to 16).
    pub holes_per_row: u32,
    /// Seeds in every hole at the start.
    pub seeds_per_hole: u32,
    /// Who moves first.
    #[serde(default = "south")]
    pub first_player: Side,
    /// Whether each player has a store (drawn at the end of their row, on
    /// their right): where their captures, and in games that sow into
    /// stores their sown seeds, are kept. Without stores captures are kept
    /// beside the board; either way the JSON state's `captured` is what each
    /// player holds off the board.
    #[serde(default)]
    pub stores: bool,
    /// How the seeds lie at the start (the default: `seeds_per_hole` in
    /// every hole).
    #[serde(default, skip_serializing_if = "StartLayout::is_uniform")]
    pub layout: StartLayout,
    /// With `layout = "random"`: the game's seeds, when the holes cannot
    /// share them evenly (Mangala I's 70 on 12 holes); `seeds_per_hole` is
    /// then their share a hole, rounded down. Absent: `2n * seeds_per_hole`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_seeds: Option<u32>,
}

impl BoardSpec {
    /// The seeds of the game at the start: `total_seeds`, or those of
    /// `seeds_per_hole` in every hole (a layout may add some; the compiled
    /// rules' [`total_seeds`](crate::Rules::total_seeds) counts those).
    pub fn seeds(&self) -> u32 {
        self.total_seeds
            .unwrap_or(2 * self.holes_per_row * self.seeds_per_hole)
    }
}

/// How the seeds lie at the start of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartLayout {
    /// `seeds_per_hole` seeds in every hole.
    #[default]
    Uniform,
    /// Numbering the holes from 0 at the first player's leftmost hole in
    /// sowing order (counter-clockwise), holes 2, 4, ..., 2n-2 hold
    /// `seeds_per_hole` seeds and the others none; then the seeds of the
    /// hole opposite hole d = 1 + 2 * ((n - 1) / 4) are moved into hole d
    /// (StoneShark's Gamacha layout; at least 3 holes a row).
    Gamacha,
    /// `seeds_per_hole` seeds in every hole and one more in each player's
    /// rightmost hole (Bay Khom; StoneShark's RIGHTMOST_PLUS_ONE).
    RightmostPlusOne,
    /// The game's `2n * seeds_per_hole` seeds (or `total_seeds`) spread at random: every hole
    /// first gets 2 seeds (none when `seeds_per_hole` is below 2), then the
    /// rest are split among the holes, every split equally likely. The
    /// split is drawn from a seed ([`Rules::start_seeded`](crate::Rules::start_seeded));
    /// [`Rules::start`](crate::Rules::start) is the one of seed 0.
    Random,
    /// In every group of three holes of a row, counted from its player's
    /// left, the first is empty and the other two hold `seeds_per_hole`
    /// (Tapata, Boola; StoneShark's clipped triples). Needs a multiple of 3
    /// holes a row.
    TwoOfThree,
    /// The two rightmost holes of each row (seen from its player's seat)
    /// empty, the others holding `seeds_per_hole` (Enkeshui; StoneShark's
    /// TWOEMPTY). Needs at least 3 holes a row.
    LastTwoEmpty,
}

impl StartLayout {
    /// Whether this is the default layout.
    pub fn is_uniform(&self) -> bool {
        *self == StartLayout::Uniform
    }
}

fn south() -> Side {
    Side::South
}

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

/// `[moves]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovesSpec {
    /// The fewest seeds a hole needs to be played.
    #[serde(default = "one")]
    pub min_seeds: u32,
    /// A restriction on each player's first move.
    #[serde(default)]
    pub opening: Opening,
    /// What a restricted opening falls back to when its hole is empty.
    #[serde(default)]
    pub opening_fallback: OpeningFallback,
    /// When the opponent's row is empty, only moves that sow into it.
    #[serde(default)]
    pub must_feed: bool,
    /// With `must_feed`: a move feeds the opponent only if their row still
    /// holds seeds after the move's captures (sowing seeds into it that the
    /// move then captures does not feed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub feed_after_capture: bool,
    /// What a player with no legal move does.
    #[serde(default)]
    pub when_none: WhenNone,
    /// Only moves that leave the opponent at least one seed in their row
    /// (after captures), whenever such a move exists (Awari).
    #[serde(default)]
    pub must_leave_seeds: bool,
    /// When a move earns its player another move at once.
    #[serde(default)]
    pub extra_turn: ExtraTurn,
    /// Only holes whose first lap ends in the opponent's row, in a store,
    /// or in a hole of the mover's row that was empty before the move; a
    /// hole holding more seeds than a row has holes may always be played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub empty_or_across: bool,
    /// A hole holding a single seed may be played only when the hole after
    /// it in the sowing direction is empty.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub single_to_empty: bool,
    /// With `extra_turn = "capture"`: only a move that is not itself an
    /// extra turn earns one by capturing (StoneShark's CaptRTurn ONCE): at
    /// most two moves in a row.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra_turn_once: bool,
    /// The first move of the game (of each round, in matches) shifts seeds
    /// instead of sowing (StoneShark's PLUS1MINUS1, Gabata): the chosen
    /// hole keeps its seeds; going round the board from the next hole in
    /// the sowing direction, every other hole passes one seed on to the
    /// hole after it, and the last hole before the chosen one passes its
    /// seed to the hole facing the chosen hole, where the move then ends
    /// (captures and owned holes as for a last seed there). A hole without
    /// seeds (only in a position set up by hand) passes none.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opening_shift: bool,
    /// A player may move from any hole of either row, not only their own
    /// (StoneShark's NO_SIDES); the rows still say whose side is whose for
    /// the capture and end rules.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub any_row: bool,
    /// With `sowing.into_opponent_store`: a move whose last seed falls into
    /// the opponent's store earns the mover another move too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra_turn_opponent_store: bool,
    /// With `must_feed`: when no move feeds the opponent, every move may be
    /// played (otherwise none: the player passes or the game ends).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub feed_else_any: bool,
    /// A hole holding exactly this many seeds may be played only when every
    /// hole the mover may otherwise play holds this many (StoneShark's
    /// SINGLE_ONLY_ALL with 1, TWO_ONLY_ALL with 2). Absent (the default):
    /// no such restriction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_resort_count: Option<u32>,
    /// With `last_resort_count`: when every hole the mover may play holds
    /// that many seeds, only the rightmost of them (seen from the mover's
    /// seat) may be played (StoneShark's TWO_ONLY_ALL_RIGHT).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub last_resort_rightmost: bool,
    /// A hole holding at least the seeds its sowing needs to go round the
    /// opponent's row and come back into its own row is a ram (CrossCapt
    /// Six; StoneShark's child type RAM): it may not be played, and its
    /// seeds count for nobody when the game ends: no settlement gives them
    /// to anyone, and a row whose seeds are all in rams counts as empty for
    /// the end rules. A capture may take a ram's seeds, which makes it a
    /// plain hole again. Holes become rams, or stop being rams, when the
    /// turn passes: a move that earns another move by ending in its
    /// player's store leaves the rams as they were (StoneShark makes them
    /// in its capture step, which such a move skips).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rams: bool,
    /// A hole may not be played while the hole facing it holds a single
    /// seed (StoneShark's NOT_XFROM_1S; Gelech).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_facing_single: bool,
    /// No move whose first lap (before any relay) leaves its last hole
    /// holding a single seed, that is ends in a hole that was empty
    /// (StoneShark's OCCUPIED; the long night game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lands_occupied: bool,
    /// Until a player has moved from every hole of their row in this game
    /// (in a match, this round), they may move only from holes they have
    /// not moved from yet; when none of those can be played, they have no
    /// move (StoneShark's MOVE_ALL_HOLES_FIRST; Adji-boto).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub each_hole_first: bool,
    /// A single seed sown from the end hole of one row into the end hole of
    /// the other row beside it (A and the last hole of North's row, South's
    /// last hole and a), left alone there, may not be moved straight back:
    /// the next move may not start from that hole (StoneShark's rule for
    /// its split-sowing games; Alemungula). With `sowing.direction =
    /// "outward"` only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_return: bool,
}

impl Default for MovesSpec {
    fn default() -> Self {
        MovesSpec {
            min_seeds: 1,
            opening: Opening::Any,
            opening_fallback: OpeningFallback::Any,
            must_feed: false,
            feed_after_capture: false,
            when_none: WhenNone::End,
            must_leave_seeds: false,
            extra_turn: ExtraTurn::None,
            empty_or_across: false,
            single_to_empty: false,
            extra_turn_once: false,
            opening_shift: false,
            any_row: false,
            extra_turn_opponent_store: false,
            feed_else_any: false,
            last_resort_count: None,
            last_resort_rightmost: false,
            rams: false,
            not_facing_single: false,
            lands_occupied: false,
            each_hole_first: false,
            no_return: false,
        }
    }
}

/// When a move earns its player another move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExtraTurn {
    /// Never: the players alternate.
    #[default]
    None,
    /// When the last seed falls into the mover's own store (Kalah).
    Store,
    /// When the move captures.
    Capture,
    /// When the last seed falls into the mover's store, or the move captures.
    StoreOrCapture,
}

fn one() -> u32 {
    1
}

/// A restriction on each player's first move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Opening {
    /// No restriction.
    #[default]
    Any,
    /// The first move starts from the player's rightmost hole.
    Rightmost,
    /// Only the game's very first move is restricted: it starts from the
    /// first player's rightmost hole (the second player's first move is free).
    FirstRightmost,
    /// Each player's first move starts from a hole of the right half of
    /// their row, as they see it (an odd row's middle hole excluded), when
    /// one there may be played; `moves.empty_or_across` does not apply to
    /// it (Tapata; StoneShark's allow rule RIGHT_HALF_1ST_OPE).
    RightHalf,
    /// Only the game's very first move (of each round, in matches of
    /// rounds) is restricted: it starts from one of the two rightmost holes
    /// the first player may play (StoneShark's FIRST_TURN_ONLY_RIGHT_TWO).
    FirstTwoRightmost,
}

/// What a restricted opening allows when its hole is empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OpeningFallback {
    /// Any hole that may otherwise be played (the spec's decision).
    #[default]
    Any,
    /// The nearest playable hole to the left of the rightmost.
    Nearest,
}

/// What a player with no legal move does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WhenNone {
    /// The game ends.
    #[default]
    End,
    /// The player passes (the game ends only when the board is empty).
    Pass,
}

/// `[capture]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureSpec {
    /// What triggers a capture.
    #[serde(default)]
    pub rule: CaptureRule,
    /// With `rule = "counts"`: the counts that are captured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<u32>>,
    /// The row the last hole must be in for a capture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_hole_in: Option<RowChoice>,
    /// With `rule = "counts"`: whether the holes before the last one are taken too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<Chain>,
    /// Who gets the captured seeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds_go_to: Option<Destination>,
    /// Whether the first move of the game may capture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_opening: Option<bool>,
    /// A capture that would empty the opponent's row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grand_slam: Option<GrandSlam>,
    /// With `grand_slam = "forbidden"`: how grand slams are played when
    /// every legal move is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grand_slam_fallback: Option<GrandSlamFallback>,
    /// With `rule = "opposite"` or `"next"`: the seed that made the
    /// capture is taken too (Kalah; Je ki n je).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub take_sower: bool,
    /// With `rule = "opposite"`: a last seed in an empty hole captures even
    /// when the opposite hole is empty (then only the sower is taken; the
    /// empty-capture Kalah of Irving, Donkers and Uiterwijk).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub empty_opposite: bool,
    /// With `chain`: the most holes one capture takes, the last hole
    /// included (absent: as many as the chain reaches); with
    /// `chain_direction = "both"`, on each side of the last hole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain_limit: Option<u32>,
    /// With `chain`: which way the chain runs from the last hole.
    #[serde(default, skip_serializing_if = "ChainDirection::is_default")]
    pub chain_direction: ChainDirection,
    /// Nothing is captured during the game's first turns: 1 is the first
    /// player's first turn (as `on_opening = false`), 2 each player's first
    /// turn. 0 (the default): captures from the first move on.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub opening_turns_without: u32,
    /// A move from a hole holding a single seed captures nothing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_from_single: bool,
    /// With `rule = "counts"`: a move whose last seed falls into the
    /// opponent's row, or into the mover's rightmost hole (the last before
    /// the opponent's row), takes every hole of the opponent's row holding
    /// one of `counts`, whatever the last hole holds (Kara).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sweep: bool,
    /// With `rule = "counts"`: every move (whose last seed falls in
    /// `last_hole_in`) takes every hole of both rows holding one of
    /// `counts`, whatever the last hole holds (StoneShark's SINGLETONS with
    /// `counts = [1]`; the long night game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sweep_board: bool,
    /// After every move (its captures done), when 1 to this many seeds are
    /// left on the board, the mover takes them all, which empties the board
    /// (StoneShark's PICKLASTSEEDS). 0 (the default): never.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub take_last: u32,
    /// A move that captures also takes the hole facing the first hole it
    /// captured, when that holds seeds (StoneShark's PICKCROSS). Not with
    /// `chain`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub take_facing: bool,
    /// With `take_last`: the row whose seeds are counted, relative to the
    /// mover (absent: both rows); every seed on the board is taken either
    /// way (StoneShark counts where its captures may be made).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take_last_counted: Option<RowChoice>,
    /// With `rule = "opposite"`: the opposite hole's seeds are pulled into
    /// the last hole, where they stay on the board, instead of being
    /// captured (StoneShark's PULL_ACROSS).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pull_across: bool,
    /// A capture that would take every seed of the opponent's row (a grand
    /// slam) when more than one of its holes holds seeds leaves one of them,
    /// the first from this end as the capturer sees the row, and takes the
    /// others (and nothing from the mover's own row); a single hole is
    /// taken (StoneShark's LEAVE_LEFT and LEAVE_RIGHT). Needs grand slams
    /// allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grand_slam_leaves: Option<SlamLeaves>,
    /// With `sowing.into_opponent_store`: a move whose last seed falls into
    /// the opponent's store (and earns no extra turn there) takes all the
    /// seeds in it into the mover's store (StoneShark's END_OPP_STORE_CAPT).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opponent_store: bool,
    /// A move whose last seed falls into an empty hole of this row (relative
    /// to the mover) gives every seed in the mover's store to the opponent,
    /// and captures nothing else (StoneShark's PASS_STORE_CAPT). Needs
    /// `board.stores`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub store_lost_in: Option<RowChoice>,
    /// With `rule = "opposite"` and `counts`: a move that captures also
    /// takes every other hole of the opponent's row holding one of `counts`
    /// (StoneShark's PICKOPPBASIC with cross captures: Lami, Lamlameta).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub take_counted: bool,
    /// Nothing is captured from a hole before a move has been made from it
    /// in this game (in a match, this round): every hole starts locked,
    /// and playing it unlocks it for good (StoneShark's MOVEUNLOCK; Bechi).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moved_from_only: bool,
}

/// Which hole a grand slam leaves (`capture.grand_slam_leaves`), as the
/// capturer sees the opponent's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SlamLeaves {
    /// The leftmost hole holding seeds.
    Leftmost,
    /// The rightmost hole holding seeds.
    Rightmost,
}

impl CaptureSpec {
    /// The row condition, with its default.
    pub fn last_hole_in(&self) -> RowChoice {
        self.last_hole_in.unwrap_or(RowChoice::Any)
    }
    /// The chain rule, with its default.
    pub fn chain(&self) -> Chain {
        self.chain.unwrap_or(Chain::None)
    }
    /// The destination, with its default.
    pub fn seeds_go_to(&self) -> Destination {
        self.seeds_go_to.unwrap_or(Destination::Mover)
    }
    /// Whether the opening move captures, with its default (not when
    /// `opening_turns_without` says it does not).
    pub fn on_opening(&self) -> bool {
        self.on_opening.unwrap_or(self.opening_turns_without == 0)
    }
    /// The grand-slam policy, with its default.
    pub fn grand_slam(&self) -> GrandSlam {
        self.grand_slam.unwrap_or(GrandSlam::Allowed)
    }
    /// The grand-slam fallback, with its default.
    pub fn grand_slam_fallback(&self) -> GrandSlamFallback {
        self.grand_slam_fallback
            .unwrap_or(GrandSlamFallback::NoCapture)
    }
}

/// What triggers a capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRule {
    /// Nothing is ever captured.
    #[default]
    None,
    /// The last hole is captured when it holds one of `counts`.
    Counts,
    /// When the last seed falls into an empty hole, the opposite hole is taken.
    Opposite,
    /// Across the gap: when the hole after the last one (in the sowing
    /// direction) is empty, the hole after that gap is taken. In a
    /// single-lap game the last hole must have held seeds before the last
    /// seed (StoneShark's TWO_OUT; Pallanguzhi's rule with relay sowing).
    AcrossGap,
    /// The next hole: when the last seed falls into an empty hole, the
    /// hole after it (in the sowing direction, of either row) is taken
    /// when it holds seeds (StoneShark's NEXT; Je ki n je).
    Next,
    /// Matching holes: when the last hole then holds as many seeds as the
    /// hole opposite it (and not none), both are taken (StoneShark's
    /// MATCH_OPP; Mangala I).
    Match,
    /// The next hole by its count: the hole after the last one (in the
    /// sowing direction, of either row) is taken when it holds one of
    /// `counts`, whatever the last hole holds (StoneShark's NEXT with
    /// single laps; Adji-boto).
    NextCounts,
}

/// A choice of row, relative to the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RowChoice {
    /// Either row.
    Any,
    /// The mover's own row.
    Own,
    /// The opponent's row.
    Opponent,
}

/// How far a capture chains from the last hole (backwards, unless
/// `capture.chain_direction` says otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Chain {
    /// Only the last hole.
    None,
    /// Backwards while each hole was sown this move and holds a capturing
    /// count (with `rule = "match"`: holds as many seeds as the hole
    /// opposite it, not none; both are taken), never leaving the last
    /// hole's row.
    SameRow,
    /// As `same-row`, but the chain may cross into the other row. With
    /// `rule = "across-gap"`: after a capture, the next gap and the hole
    /// after it are taken in the same way, onwards in the sowing direction
    /// (in relay games only: a single lap never goes on).
    BothRows,
}

/// Which way a capture chain (`capture.chain`) runs from the last hole.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChainDirection {
    /// Backwards, against the sowing, over holes sown this move.
    #[default]
    Against,
    /// Onwards, in the sowing direction, sown this move or not
    /// (StoneShark's capt_dir SOW).
    Along,
    /// Onwards first, then backwards as `against` does, once the last
    /// hole captured (StoneShark's capt_dir BOTH).
    Both,
}

impl ChainDirection {
    fn is_default(&self) -> bool {
        *self == ChainDirection::Against
    }
}

/// Who receives captured seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Destination {
    /// The mover keeps them.
    Mover,
    /// They leave the game.
    Removed,
}

/// A capture that takes seeds from the opponent's row and leaves it empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlam {
    /// It captures like any other move.
    Allowed,
    /// It is played but captures nothing.
    NoCapture,
    /// It is legal only when every legal move is a grand slam; see the fallback.
    Forbidden,
    /// It captures, and then the opponent takes every seed left in the
    /// mover's own row (StoneShark's OPP_GETS_REMAIN).
    OpponentTakesRow,
    /// It captures, and the mover moves again at once (StoneShark's
    /// LEGAL_SHARE; with `moves.must_feed` that move must feed the emptied
    /// row, and without one the game ends).
    ExtraTurn,
}

/// How forbidden grand slams are played when they are the only moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlamFallback {
    /// Without any capture (the spec's decision for Modiar).
    NoCapture,
    /// With their captures.
    Capture,
    /// Not at all: the player has no legal move (and the game ends, or
    /// they pass, as `moves.when_none` says).
    NotPlayed,
}

/// `[end]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndSpec {
    /// With `result = "seeds"`: what happens to the seeds on the board when
    /// the player to move has no legal move.
    #[serde(default)]
    pub no_moves: Settlement,
    /// With `result = "deprivation"`: the result when the player to move has
    /// seeds but no legal move.
    #[serde(default)]
    pub stuck: Stuck,
    /// What a repeated position does.
    #[serde(default)]
    pub repetition: Repetition,
    /// The game ends once a player holds more than half the seeds, or both half.
    #[serde(default)]
    pub majority: bool,
    /// How the winner is decided.
    #[serde(default)]
    pub result: ResultRule,
    /// The game ends as soon as either row is empty, whoever is to move;
    /// the seeds left are settled as `no_moves` says (Kalah).
    #[serde(default)]
    pub any_row_empty: bool,
    /// The game ends as soon as fewer than this many seeds (but some) are
    /// left on the board: too few for any capture to change the outcome.
    /// The seeds left are settled as `no_moves` says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub too_few_seeds: Option<u32>,
    /// With `moves.must_feed`: when the game ends because the player to
    /// move has seeds but cannot feed the opponent's empty row, the
    /// opponent (who could not be fed) takes the seeds left.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unfed_takes_rest: bool,
    /// The game ends as soon as the player who just moved has no seeds left
    /// in their row; the seeds left are settled as `no_moves` says (with
    /// `result = "deprivation"`: that player loses, unless the opponent's
    /// row is empty too).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mover_row_empty: bool,
    /// With `moves.when_none = "pass"`: the game ends when neither player
    /// has a legal move (rather than both passing for ever, as can happen
    /// when `moves.min_seeds` leaves seeds no one may play); the seeds left
    /// are settled as `no_moves` says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub both_stuck: bool,
    /// The game ends once a player has captured more than this many seeds
    /// (a majority rule at another threshold: in a match of rounds, the
    /// point past which the opponent cannot fill `rounds.min_holes` holes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win_seeds: Option<u32>,
    /// With `result = "deprivation"`: the goal is to empty one's own row.
    /// The game ends as soon as a row is empty after a move, won by the
    /// player who moved if their row is empty, else by the opponent.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub empty_row_wins: bool,
    /// With `too_few_seeds`: the player who made the last move takes the
    /// seeds left when too few are left, whatever `no_moves` says for the
    /// other ends (StoneShark's last seeds picked by the mover).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub too_few_to_mover: bool,
    /// The game ends when a move leaves the row of its mover's opponent
    /// empty (StoneShark's CLEARED_OPP); the seeds left are settled as
    /// `no_moves` says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opponent_row_empty: bool,
    /// When the game ends because a player holds a majority or more than
    /// `win_seeds` (counting the seeds of the holes they own), that player
    /// takes every seed left on the board, whatever `no_moves` says for the
    /// other ends (StoneShark's territory rounds).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rest_to_winner: bool,
    /// With `too_few_seeds`: the player who made the first move of the
    /// game (in a match of rounds, of the round) takes the seeds left when
    /// too few are left, whatever `no_moves` says for the other ends
    /// (StoneShark's last seeds picked by the round's starter).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub too_few_to_starter: bool,
}

impl Default for EndSpec {
    fn default() -> Self {
        EndSpec {
            no_moves: Settlement::CollectOwn,
            stuck: Stuck::Draw,
            repetition: Repetition::None,
            majority: false,
            result: ResultRule::Seeds,
            any_row_empty: false,
            too_few_seeds: None,
            unfed_takes_rest: false,
            mover_row_empty: false,
            both_stuck: false,
            win_seeds: None,
            empty_row_wins: false,
            too_few_to_mover: false,
            opponent_row_empty: false,
            rest_to_winner: false,
            too_few_to_starter: false,
        }
    }
}

/// What happens to the seeds left on the board when a game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Settlement {
    /// Each player adds the seeds in their own row.
    #[default]
    CollectOwn,
    /// The seeds are shared equally (a share may be half a seed).
    Share,
    /// All the seeds left go to the player who made the last move.
    LastMover,
    /// The seeds left leave the game, counted for nobody.
    Removed,
    /// The seeds left are shared equally; an odd seed goes to the player
    /// with fewer seeds so far (halved when they have as many).
    ShareOddToBehind,
}

/// The result when a deprivation game's mover has seeds but no legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stuck {
    /// A draw (the spec's decision for Sadeqa II).
    #[default]
    Draw,
    /// The player who cannot move loses.
    Loss,
}

/// What happens when a position recurs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// Nothing: play goes on.
    #[default]
    None,
    /// The game ends and the board is shared equally.
    Share,
    /// The game ends and each player collects their own row.
    CollectOwn,
    /// The game ends in a draw.
    Draw,
}

/// How the winner is decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultRule {
    /// Most seeds (captured plus the end-of-game settlement) wins.
    #[default]
    Seeds,
    /// A player left without a move and without seeds loses.
    Deprivation,
}
