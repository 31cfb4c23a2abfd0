//! Compiling a validated rule set: [`Rules`].
//!
//! A [`RuleSpec`] is what a file says; [`Rules`] is the same game compiled
//! into flags and lookup tables, which the hot path reads instead of the
//! spec (only rules few games use read `Rules::spec` during play), so that
//! playing a move never allocates. Reading files is in `rule_file.rs`,
//! validation in `validate/`.

use std::sync::Arc;

use crate::Side;
use crate::layout::{Layout, ram_counts, rows_of, start_layout, sum_bits};
use crate::position::{
    DIRECTION_SET, MAX_HOLES, MOVED_AGAIN, Move,
    Position, SOUTH_CLOCKWISE,
};
use crate::spec::*;
use crate::validate::{SpecIssue, validate};


/// A game's rules, validated and compiled.
///
/// Build one with [`Rules::builtin`], [`Rules::load`] (a built-in name or a
/// path), [`Rules::from_toml`] or [`Rules::compile`]. Then
/// [`start`](Rules::start) gives the opening position and
/// [`legal_moves`](Rules::legal_moves) / [`play`](Rules::play) drive it;
/// [`Game`](crate::Game) adds the history that repetition rules need.
#[derive(Clone, Debug)]
pub struct Rules {
    pub(crate) spec: Arc<RuleSpec>,
    pub(crate) id: String,
    /// The board: rows, holes, the rings laps follow.
    pub(crate) layout: Layout,
    pub(crate) total_seeds: u32,
    /// The board at the start (`board.layout`).
    pub(crate) start_board: [u8; MAX_HOLES],
    /// With `rule = "across-gap"`: the last hole need not have held seeds
    /// before the last seed (relay games).
    pub(crate) gap_from_any: bool,
    pub(crate) min_seeds: u8,
    pub(crate) start_in_origin: bool,
    pub(crate) relay: bool,
    /// A relay ends where its last seed can capture.
    pub(crate) relay_stops_at_capture: bool,
    /// Holes reaching a capturing count while sown are taken by their owner.
    pub(crate) passing_captures: bool,
    pub(crate) skip_origin: bool,
    pub(crate) endless_draws: bool,
    pub(crate) opening_rightmost: bool,
    /// The opening restriction holds for the game's first move only.
    pub(crate) opening_first_only: bool,
    pub(crate) opening_nearest: bool,
    /// Bits of `opened` that take part in position identity (repetition).
    pub(crate) opened_key_mask: u8,
    /// Each player's first move sows this way, clockwise when `true`,
    /// where the mover otherwise chooses (`sowing.first_moves_direction`).
    pub(crate) first_moves_clockwise: Option<bool>,
    pub(crate) must_feed: bool,
    /// Under must-feed, feeding is judged after the move's captures.
    pub(crate) feed_after_capture: bool,
    /// Under must-feed, every move stays legal when none feeds
    /// (`moves.feed_else_any`).
    pub(crate) feed_else_any: bool,
    pub(crate) pass_when_stuck: bool,
    pub(crate) capture: CaptureKind,
    /// `capturing[c]`: a hole holding `c` seeds is captured (count rule).
    pub(crate) capturing: [bool; 256],
    /// Per mover: holes in which a last seed may capture.
    pub(crate) capture_zone: [u32; 2],
    pub(crate) chain: Chain,
    pub(crate) to_mover: bool,
    pub(crate) capture_on_opening: bool,
    pub(crate) grand_slam: GrandSlam,
    pub(crate) grand_slam_fallback_captures: bool,
    /// With forbidden grand slams: when every move is one, none may be played.
    pub(crate) grand_slam_fallback_none: bool,
    /// With `rule = "opposite"`: the capturing seed is taken too.
    pub(crate) take_sower: bool,
    /// With `rule = "opposite"`: an empty opposite hole still captures (the sower).
    pub(crate) empty_opposite: bool,
    /// With `rule = "opposite"` and `counts`: the opposite hole is taken
    /// only when it holds a count of `capturing`.
    pub(crate) opposite_counted: bool,
    /// With `rule = "opposite"`: the opposite seeds go into the last hole
    /// (`capture.pull_across`).
    pub(crate) pull_across: bool,
    /// With a chain: the most holes one capture takes (`u32::MAX`: no limit).
    pub(crate) chain_limit: u32,
    /// Which way a chain runs (`capture.chain_direction`).
    pub(crate) chain_direction: ChainDirection,
    /// A chain that the rare path takes (`Rules::rare_chain`): one that runs
    /// onwards, or one of matching holes.
    pub(crate) chain_rare: bool,
    /// Holes not yet moved from are never captured from
    /// (`capture.moved_from_only`).
    pub(crate) moved_from_only: bool,
    /// A player moves from every hole of their row once before moving
    /// from one again (`moves.each_hole_first`).
    pub(crate) each_hole_first: bool,
    /// Positions record the holes moved from (`Position::moved_from`): a
    /// rule reads them.
    pub(crate) tracks_moved_from: bool,
    /// With `!capture_on_opening`: nothing is captured until both players
    /// have moved (not only until the first player has).
    pub(crate) capture_after_both: bool,
    /// Whether captures wait, by who has moved (`Position::opened & 0b11`):
    /// `capture_on_opening` and `capture_after_both` as one lookup, which
    /// every capture asks.
    pub(crate) captures_wait: [bool; 4],
    /// A move from a hole of one seed captures nothing.
    pub(crate) not_from_single: bool,
    /// With the count rule: the move takes every capturing hole of the
    /// opponent's row when it ends there or in the mover's rightmost hole.
    pub(crate) sweep: bool,
    /// With the count rule: the move takes every capturing hole of the
    /// board, wherever it ends (`capture.sweep_board`).
    pub(crate) sweep_board: bool,
    /// Only moves that leave the opponent seeds, when there are such.
    pub(crate) must_leave_seeds: bool,
    /// Whether the mover's own store is in the sowing ring.
    pub(crate) sow_into_store: bool,
    pub(crate) extra_turn_store: bool,
    pub(crate) extra_turn_capture: bool,
    /// Each player sows their own row only (`sowing.own_row`).
    pub(crate) own_row: bool,
    /// Only moves whose first lap ends across, in a store or in an empty
    /// hole of the mover's row (`moves.empty_or_across`).
    pub(crate) empty_or_across: bool,
    /// A single seed moves only into an empty next hole (`moves.single_to_empty`).
    pub(crate) single_to_empty: bool,
    /// Moves may start in either row (`moves.any_row`).
    pub(crate) any_row: bool,
    pub(crate) end: EndSpec,
    /// The match's rounds, if it is played in rounds.
    pub(crate) rounds: Option<RoundsSpec>,
    /// How a move's sowing direction is found; with `Fixed` (every game
    /// that sows one way) the next two fields are unused.
    pub(crate) direction_rule: DirectionRule,
    /// Per hole: how a move from it finds its direction.
    pub(crate) hole_direction: [HoleDirection; MAX_HOLES],
    /// The same game sowing clockwise, for the moves that do (games whose
    /// direction varies; these rules then sow counter-clockwise). Stores
    /// stay where they are: the twin's ring is this ring backwards.
    pub(crate) twin: Option<Arc<Rules>>,
    /// With `sowing.start = "origin"`: a single seed is sown into the next hole.
    pub(crate) single_to_next: bool,
    /// How holes become a player's own (`[owned]`), if they can.
    pub(crate) owning: Option<Owning>,
    /// A relay goes on from the hole after each lap's last hole
    /// (`sowing.relay_from_next`).
    pub(crate) relay_next: bool,
    /// `passing[c]`: a hole a seed brings to `c` seeds is taken by its
    /// owner while sowing (`passing_captures`; `capture.counts` unless
    /// `sowing.passing_counts` says otherwise).
    pub(crate) passing: [bool; 256],
    /// A lap's last seed takes part in passing captures (`sowing.passing_last`).
    pub(crate) passing_last: bool,
    /// After each move, 1 to this many seeds left on the board go to the
    /// mover (`capture.take_last`; 0: never).
    pub(crate) take_last: u32,
    /// A capture takes the hole facing its first hole too (`capture.take_facing`).
    pub(crate) take_facing: bool,
    /// A capture earns an extra turn only on a move that is not one
    /// (`moves.extra_turn_once`).
    pub(crate) extra_turn_once: bool,
    /// Each relay lap's end captures (`sowing.lap_captures`).
    pub(crate) lap_captures: bool,
    /// Per mover: the holes whose seeds count for `take_last`.
    pub(crate) take_last_counted: [u32; 2],
    /// Holes taken while sowing go to the mover (`sowing.passing_to_mover`).
    pub(crate) passing_to_mover: bool,
    /// A lap's captured seeds are sown on (`sowing.lap_captures_sown_on`).
    pub(crate) lap_captures_sown_on: bool,
    /// Any of the rules few games use and whose checks would cost every
    /// move of the others: relays from the next hole, lap captures,
    /// `take_last`, `take_facing`, `extra_turn_once`, territory, a shifting
    /// opening, moves from either row, captures pulled across, extra turns
    /// in the opponent's store, a sowing direction chosen or alternating
    /// (`sowing.direction`, `sowing.chosen_holes`), moves that must end
    /// empty or across or may not move a single seed into an occupied hole
    /// (`moves.empty_or_across`, `moves.single_to_empty`). A new rule
    /// checked on every move belongs here. The engine
    /// compiles a move generator without those checks for games without
    /// them (see `Rules::successors_with`).
    pub(crate) rare: bool,
    /// Every hole the mover may sow from is a legal move (see
    /// `Rules::lists_moves_without_sowing`).
    pub(crate) moves_without_sowing: bool,
    /// Any end rule checked after every move besides an empty board and
    /// an empty row (`end.majority`, `end.win_seeds`, `end.too_few_seeds`,
    /// the rows emptied by or for the mover, `end.empty_row_wins`): one
    /// test a move in the games without them (see
    /// `Rules::end_before_moves`).
    pub(crate) rare_ends: bool,
    /// The first move shifts seeds instead of sowing (`moves.opening_shift`).
    pub(crate) opening_shift: bool,
    /// The opponent's store is in the sowing ring too
    /// (`sowing.into_opponent_store`).
    pub(crate) sow_into_opponent_store: bool,
    /// A last seed in the opponent's store earns another move
    /// (`moves.extra_turn_opponent_store`).
    pub(crate) extra_turn_opponent_store: bool,
    /// A relay goes on only from the counts of `relay_goes_on`
    /// (`sowing.relay_counts`).
    pub(crate) relay_counted: bool,
    /// `relay_goes_on[c]`: a lap whose last hole then holds `c` seeds may go
    /// on (with `relay_counted`).
    pub(crate) relay_goes_on: [bool; 256],
    /// A grand slam leaves one hole (`capture.grand_slam_leaves`): `Some(true)`
    /// the lowest-numbered holding seeds (the rightmost as the capturer sees
    /// the opponent's row), `Some(false)` the highest.
    pub(crate) slam_leaves_lowest: Option<bool>,
    /// Each lap's first lifted seed goes to the mover (`sowing.lap_keeps_one`).
    pub(crate) lap_keeps_one: bool,
    /// A last seed in the opponent's store takes it (`capture.opponent_store`).
    pub(crate) take_opponent_store: bool,
    /// Per mover: the holes a relay lap may go on from
    /// (`sowing.relay_from`; with `relay_counted`).
    pub(crate) relay_rows: [u32; 2],
    /// Per mover: the holes taken while sowing (`passing_captures`): the
    /// capture zone, within the rows of `sowing.passing_from`.
    pub(crate) passing_zone: [u32; 2],
    /// Per mover: the holes where a last seed into an empty hole loses the
    /// mover's store to the opponent (`capture.store_lost_in`; 0: nowhere).
    pub(crate) store_lost: [u32; 2],
    /// A lap lifting one seed takes the facing hole (`sowing.single_takes_facing`).
    pub(crate) single_takes_facing: bool,
    /// Singles in the mover's row take their facing holes before a move
    /// (`sowing.singles_take_facing`).
    pub(crate) singles_take_facing: bool,
    /// `lap_keeps_one || single_takes_facing || singles_take_facing`: one
    /// test a lap for all of them.
    pub(crate) lap_prelude: bool,
    /// `take_opponent_store` or some `store_lost`: one test a capture for both.
    pub(crate) store_captures: bool,
    /// A lap's last seed bringing a hole of `closable` to this count closes
    /// it (`sowing.closes_at`; 0: no hole is ever closed).
    pub(crate) closes_at: u8,
    /// Per mover: the holes a lap may close (the opponent's row, less its
    /// rightmost hole with `sowing.closing_spares_rightmost`).
    pub(crate) closable: [u32; 2],
    /// Each player's first move starts in the right half of their row
    /// when it can (`moves.opening = "right-half"`).
    pub(crate) opening_right_half: bool,
    /// Per side: the right half of the row, as its player sees it.
    pub(crate) right_half: [u32; 2],
    /// Each player's first move is one lap whose last seed lands in the
    /// opponent's row (`sowing.opening_lands_across`).
    pub(crate) opening_lands_across: bool,
    /// A lap of `lap_captures` that starts with at most this many seeds
    /// on the board gives the seeds it sows across to the opponent
    /// (`sowing.opponent_takes_sown_at`; 0: never).
    pub(crate) opponent_takes_at: u32,
    /// A sowing passes over the opponent's holes holding this many seeds
    /// (`sowing.skip_opponent_count`; 0: none).
    pub(crate) skip_count: u8,
    /// Holes holding this many seeds or more are passed over by the
    /// sowing (`sowing.hole_limit`; 0: none).
    pub(crate) hole_limit: u8,
    /// The rules the first move of a game (of a round) sows by: these
    /// without `skip_count` (`sowing.skip_not_on_opening`).
    pub(crate) opening_rules: Option<Arc<Rules>>,
    /// Any rule that changes how a lap sows or what it does first
    /// (`lap_prelude`, `skip_count` or `hole_limit`): one test a lap for
    /// all of them, derived by [`Rules::has_rare_lap`].
    pub(crate) lap_rare: bool,
    /// Holes holding this many seeds are played only when all do
    /// (`moves.last_resort_count`; 0: no such rule).
    pub(crate) last_resort: u8,
    /// ... and then only the rightmost (`moves.last_resort_rightmost`).
    pub(crate) last_resort_rightmost: bool,
    /// The opening starts from one of the two rightmost playable holes
    /// (`moves.opening = "first-two-rightmost"`).
    pub(crate) opening_two: bool,
    /// A capture takes every counted hole of the opponent's row too
    /// (`capture.take_counted`).
    pub(crate) take_counted: bool,
    /// Holes holding enough seeds to sow round and back are rams
    /// (`moves.rams`).
    pub(crate) rams: bool,
    /// A single seed sown across the ends of the rows may not be moved
    /// straight back (`moves.no_return`).
    pub(crate) no_return: bool,
    /// No move from a hole facing a single seed (`moves.not_facing_single`).
    pub(crate) not_facing_single: bool,
    /// No move whose first lap ends in an empty hole (`moves.lands_occupied`).
    pub(crate) lands_occupied: bool,
    /// A relay from the next hole goes on from the mover's store
    /// (`sowing.relay_from_store`).
    pub(crate) relay_from_store: bool,
    /// Per hole: the seeds that make it a ram (with `rams`).
    pub(crate) ram_at: [u8; MAX_HOLES],
}

/// How a game's moves find their sowing direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DirectionRule {
    /// Every move sows as `Rules::clockwise` says.
    Fixed,
    /// Each hole's [`HoleDirection`] says.
    PerHole,
    /// The first move chooses; then each player keeps a direction
    /// (kept in the position, see [`Position::fixed_direction`]).
    Alternate,
}

/// How a move from one hole finds its direction, in games whose direction varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HoleDirection {
    CounterClockwise,
    Clockwise,
    /// The mover chooses: `Move::Sow` counter-clockwise, `Move::SowClockwise` clockwise.
    Chosen,
    /// Odd counts sow counter-clockwise, even ones clockwise.
    Parity,
}

/// `[owned]`, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Owning {
    /// The count a last seed must bring a plain hole to.
    pub(crate) count: u8,
    /// The most holes a player may own (0: no limit).
    pub(crate) per_player: u32,
    /// Per mover: the holes the mover may make their own (row and places).
    pub(crate) zone: [u32; 2],
    pub(crate) not_mirror: bool,
    pub(crate) not_facing: bool,
    /// A sowing passes over the mover's own owned holes.
    pub(crate) past_own: bool,
    /// A sowing passes over the opponent's owned holes.
    pub(crate) past_opponent: bool,
    /// ... but not with the last seed.
    pub(crate) past_but_last: bool,
    /// The last hole and the one facing it are made owned together.
    pub(crate) pair_opposite: bool,
    /// With the hole before the last one (`make = "pair-before"`).
    pub(crate) pair_before: bool,
    /// Seeds a last seed takes from an opponent's owned hole.
    pub(crate) raid: u8,
    /// Holes owned at the start.
    pub(crate) at_start: [u32; 2],
    /// Captures go into the mover's first owned hole.
    pub(crate) captures_into: bool,
    /// Whose holes this territory round the mover may make their own.
    pub(crate) holder: RowChoice,
}

impl Owning {
    fn compile(o: &OwnedSpec, n: usize, row_mask: [u32; 2]) -> Owning {
        let all = row_mask[0] | row_mask[1];
        // Hole `k` of a row counted from its owner's left: South's row runs
        // left to right from South's seat, North's from North's.
        let at = |k: usize| (1u32 << k) | (1u32 << (n + k));
        let ends = at(0) | at(n - 1);
        let zone = Side::BOTH.map(|mover| {
            let own = row_mask[mover.index()];
            let opp = row_mask[mover.opponent().index()];
            let row = match o.row {
                RowChoice::Any => all,
                RowChoice::Own => own,
                RowChoice::Opponent => opp,
            };
            let places = match o.places {
                OwnedPlaces::Anywhere => all,
                OwnedPlaces::Ends => ends,
                OwnedPlaces::NotEnds => all & !ends,
                OwnedPlaces::NotOpponentLast => all & !(at(n - 1) & opp),
                OwnedPlaces::NotOpponentFirst => all & !(at(0) & opp),
                OwnedPlaces::OpponentEndsOwnMiddle => (ends & opp) | (own & !ends),
                OwnedPlaces::EndsAndOpponentNextToEnds => ends | ((at(1) | at(n - 2)) & opp),
            };
            row & places
        });
        Owning {
            count: o.count as u8,
            per_player: o.per_player,
            zone,
            not_mirror: o.not_mirror,
            not_facing: o.not_facing,
            past_own: o.sow_past == SowPast::All,
            past_opponent: o.sow_past != SowPast::None,
            past_but_last: o.sow_past == SowPast::OpponentButLast,
            pair_opposite: o.make == OwnedMake::PairOpposite,
            pair_before: o.make == OwnedMake::PairBefore,
            raid: o.raid.min(255) as u8,
            at_start: match o.at_start {
                OwnedStart::None => [0, 0],
                OwnedStart::Rightmost => [1 << (n - 1), 1 << (2 * n - 1)],
            },
            captures_into: o.captures_into,
            holder: o.holder,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CaptureKind {
    None,
    Counts,
    Opposite,
    AcrossGap,
    Next,
    Match,
    NextCounts,
}

impl Rules {
    /// Validates and compiles a rule model.
    pub fn compile(id: &str, spec: RuleSpec) -> Result<Rules, SpecIssue> {
        validate(&spec)?;
        let n = spec.board.holes_per_row as usize;
        // Games whose direction varies compile counter-clockwise and keep a
        // clockwise twin, so that stores keep their place on the board.
        let varied = !spec.sowing.direction.is_fixed() || !spec.sowing.chosen_holes.is_empty();
        let clockwise = spec.sowing.direction == Direction::Clockwise && !varied;
        let layout = Layout::new(&spec, clockwise);
        let row_mask = layout.row_mask;
        let rightmost = layout.rightmost;
        let cap = &spec.capture;
        let capture_on_opening = cap.on_opening() && cap.opening_turns_without == 0;
        let capture_after_both = cap.opening_turns_without == 2;
        let capture = match cap.rule {
            CaptureRule::None => CaptureKind::None,
            CaptureRule::Counts => CaptureKind::Counts,
            CaptureRule::Opposite => CaptureKind::Opposite,
            CaptureRule::AcrossGap => CaptureKind::AcrossGap,
            CaptureRule::Next => CaptureKind::Next,
            CaptureRule::Match => CaptureKind::Match,
            CaptureRule::NextCounts => CaptureKind::NextCounts,
        };
        let mut capturing = [false; 256];
        for &c in cap.counts.iter().flatten() {
            capturing[c as usize] = true;
        }
        let all = row_mask[0] | row_mask[1];
        let capture_zone = match cap.last_hole_in() {
            RowChoice::Any => [all, all],
            RowChoice::Own => [row_mask[0], row_mask[1]],
            RowChoice::Opponent => [row_mask[1], row_mask[0]],
        };
        let opening_rightmost = matches!(
            spec.moves.opening,
            Opening::Rightmost | Opening::FirstRightmost | Opening::FirstTwoRightmost
        );
        // Who has opened matters to any rule on the players' first moves.
        let opening_rule = spec.moves.opening != Opening::Any || spec.sowing.opening_lands_across;
        let ram_at = if spec.moves.rams {
            ram_counts(&spec.sowing, n, &layout.next, &layout.ring_next)
        } else {
            [0; MAX_HOLES]
        };
        let start_board = start_layout(&spec.board);
        let extra = spec.moves.extra_turn;
        let (direction_rule, hole_direction) = hole_directions(&spec.sowing, n);
        let mut rules = Rules {
            id: id.to_string(),
            layout,
            total_seeds: start_board.iter().map(|&s| s as u32).sum(),
            start_board,
            gap_from_any: spec.sowing.laps != Laps::Single,
            min_seeds: spec.moves.min_seeds as u8,
            start_in_origin: spec.sowing.start == SowStart::Origin,
            relay: spec.sowing.laps == Laps::Relay,
            relay_stops_at_capture: spec.sowing.relay_stops_at_capture,
            passing_captures: spec.sowing.passing_captures,
            skip_origin: spec.sowing.skip_origin,
            endless_draws: spec.sowing.endless == Endless::Draw,
            opening_rightmost,
            opening_first_only: matches!(
                spec.moves.opening,
                Opening::FirstRightmost | Opening::FirstTwoRightmost
            ),
            opening_two: spec.moves.opening == Opening::FirstTwoRightmost,
            opening_nearest: spec.moves.opening_fallback == OpeningFallback::Nearest,
            // Who has opened matters under a restricted opening; the
            // directions the first move fixed, in `alternate` games; whether
            // the move to come is an extra turn, where that stops a capture
            // earning another.
            opened_key_mask: if opening_rule || spec.sowing.skip_not_on_opening {
                0b11
            } else {
                0
            } | if spec.sowing.direction == Direction::Alternate {
                DIRECTION_SET | SOUTH_CLOCKWISE | SOUTH_CLOCKWISE << 1
            } else {
                0
            } | if spec.moves.extra_turn_once {
                MOVED_AGAIN
            } else {
                0
            } | if spec.sowing.first_moves_direction.is_some() {
                0b11
            } else {
                0
            },
            first_moves_clockwise: spec
                .sowing
                .first_moves_direction
                .map(|d| d == Direction::Clockwise),
            must_feed: spec.moves.must_feed,
            feed_after_capture: spec.moves.feed_after_capture,
            feed_else_any: spec.moves.feed_else_any,
            pass_when_stuck: spec.moves.when_none == WhenNone::Pass,
            capture,
            capturing,
            capture_zone,
            chain: cap.chain(),
            to_mover: cap.seeds_go_to() == Destination::Mover,
            capture_on_opening,
            grand_slam: cap.grand_slam(),
            grand_slam_fallback_captures: cap.grand_slam_fallback() == GrandSlamFallback::Capture,
            grand_slam_fallback_none: cap.grand_slam_fallback() == GrandSlamFallback::NotPlayed,
            take_sower: cap.take_sower,
            empty_opposite: cap.empty_opposite,
            opposite_counted: cap.rule == CaptureRule::Opposite && cap.counts.is_some(),
            pull_across: cap.pull_across,
            chain_limit: cap.chain_limit.unwrap_or(u32::MAX),
            chain_direction: cap.chain_direction,
            chain_rare: cap.chain() != Chain::None
                && (cap.chain_direction != ChainDirection::Against
                    || matches!(
                        cap.rule,
                        CaptureRule::Match | CaptureRule::NextCounts | CaptureRule::Opposite
                    )),
            moved_from_only: cap.moved_from_only,
            each_hole_first: spec.moves.each_hole_first,
            tracks_moved_from: cap.moved_from_only || spec.moves.each_hole_first,
            capture_after_both,
            captures_wait: std::array::from_fn(|opened| {
                !capture_on_opening && (opened == 0 || (capture_after_both && opened != 0b11))
            }),
            not_from_single: cap.not_from_single,
            sweep: cap.sweep,
            sweep_board: cap.sweep_board,
            must_leave_seeds: spec.moves.must_leave_seeds,
            sow_into_store: spec.sowing.into_own_store,
            extra_turn_store: matches!(extra, ExtraTurn::Store | ExtraTurn::StoreOrCapture),
            extra_turn_capture: matches!(extra, ExtraTurn::Capture | ExtraTurn::StoreOrCapture),
            own_row: spec.sowing.own_row,
            empty_or_across: spec.moves.empty_or_across,
            single_to_empty: spec.moves.single_to_empty,
            any_row: spec.moves.any_row,
            end: spec.end.clone(),
            rounds: spec.rounds.clone(),
            single_to_next: spec.sowing.single_to_next,
            relay_next: spec.sowing.relay_from_next,
            passing: match &spec.sowing.passing_counts {
                None => capturing,
                Some(counts) => {
                    let mut t = [false; 256];
                    for &c in counts {
                        t[c as usize] = true;
                    }
                    t
                }
            },
            passing_last: spec.sowing.passing_last,
            take_last: cap.take_last,
            take_facing: cap.take_facing,
            extra_turn_once: spec.moves.extra_turn_once,
            lap_captures: spec.sowing.lap_captures,
            passing_to_mover: spec.sowing.passing_to_mover,
            lap_captures_sown_on: spec.sowing.lap_captures_sown_on,
            opening_shift: spec.moves.opening_shift,
            sow_into_opponent_store: spec.sowing.into_opponent_store,
            extra_turn_opponent_store: spec.moves.extra_turn_opponent_store,
            slam_leaves_lowest: cap.grand_slam_leaves.map(|l| l == SlamLeaves::Rightmost),
            lap_keeps_one: spec.sowing.lap_keeps_one,
            take_opponent_store: cap.opponent_store,
            single_takes_facing: spec.sowing.single_takes_facing,
            singles_take_facing: spec.sowing.singles_take_facing,
            lap_prelude: spec.sowing.lap_keeps_one
                || spec.sowing.single_takes_facing
                || spec.sowing.singles_take_facing,
            relay_from_store: spec.sowing.relay_from_store,
            store_captures: cap.opponent_store || cap.store_lost_in.is_some(),
            closes_at: spec.sowing.closes_at.unwrap_or(0) as u8,
            closable: Side::BOTH.map(|mover| {
                let theirs = mover.opponent();
                let spared = if spec.sowing.closing_spares_rightmost {
                    1 << rightmost[theirs.index()]
                } else {
                    0
                };
                row_mask[theirs.index()] & !spared
            }),
            opening_right_half: spec.moves.opening == Opening::RightHalf,
            // South's row runs left to right from South's seat, North's
            // from North's: the right half is the upper half either way.
            right_half: {
                let half = (1u32 << (n / 2)) - 1;
                let upper = half << (n - n / 2);
                [upper, upper << n]
            },
            opening_lands_across: spec.sowing.opening_lands_across,
            opponent_takes_at: spec.sowing.opponent_takes_sown_at.unwrap_or(0),
            skip_count: spec.sowing.skip_opponent_count.unwrap_or(0) as u8,
            hole_limit: spec.sowing.hole_limit.unwrap_or(0) as u8,
            opening_rules: None,
            // Derived below, from the lap rules compiled above.
            lap_rare: false,
            last_resort: spec.moves.last_resort_count.unwrap_or(0) as u8,
            last_resort_rightmost: spec.moves.last_resort_rightmost,
            take_counted: cap.take_counted,
            rams: spec.moves.rams,
            no_return: spec.moves.no_return,
            not_facing_single: spec.moves.not_facing_single,
            lands_occupied: spec.moves.lands_occupied,
            ram_at,
            relay_rows: rows_of(spec.sowing.relay_from, row_mask),
            passing_zone: {
                let rows = rows_of(spec.sowing.passing_from, row_mask);
                [capture_zone[0] & rows[0], capture_zone[1] & rows[1]]
            },
            store_lost: match cap.store_lost_in {
                None => [0, 0],
                some => rows_of(some, row_mask),
            },
            relay_counted: spec.sowing.relay_counts.is_some() || spec.sowing.relay_from.is_some(),
            relay_goes_on: {
                let mut t = [false; 256];
                match &spec.sowing.relay_counts {
                    Some(counts) => counts.iter().for_each(|&c| t[c as usize] = true),
                    None => t[2..].fill(true),
                }
                t
            },
            take_last_counted: match cap.take_last_counted.unwrap_or(RowChoice::Any) {
                RowChoice::Any => [all, all],
                RowChoice::Own => [row_mask[0], row_mask[1]],
                RowChoice::Opponent => [row_mask[1], row_mask[0]],
            },
            owning: spec.owned.as_ref().map(|o| Owning::compile(o, n, row_mask)),
            spec: Arc::new(spec),
            direction_rule,
            hole_direction,
            twin: None,
            rare: false,
            moves_without_sowing: false,
            rare_ends: false,
        };
        rules.rare = rules.relay_next
            || rules.lap_captures
            || rules.take_last != 0
            || rules.take_facing
            || rules.extra_turn_once
            || rules.opening_shift
            || rules.any_row
            || rules.pull_across
            || rules.extra_turn_opponent_store
            || rules.feed_else_any
            || rules.closes_at != 0
            || rules.opening_right_half
            || rules.opening_lands_across
            || rules.skip_count != 0
            || rules.last_resort != 0
            || rules.take_counted
            || rules.grand_slam == GrandSlam::ExtraTurn
            || rules.rams
            || rules.no_return
            || rules.not_facing_single
            || rules.lands_occupied
            || rules.sweep_board
            || rules.chain_rare
            || rules.tracks_moved_from
            || rules.capture == CaptureKind::NextCounts
            || varied
            || rules.empty_or_across
            || rules.single_to_empty
            || rules.rounds.as_ref().is_some_and(|r| r.territory);
        let end = &rules.end;
        rules.rare_ends = end.majority
            || end.win_seeds.is_some()
            || end.too_few_seeds.is_some()
            || end.mover_row_empty
            || end.opponent_row_empty
            || end.empty_row_wins;
        rules.moves_without_sowing = !rules.rare
            && !rules.must_feed
            && !rules.must_leave_seeds
            && rules.grand_slam != GrandSlam::Forbidden
            && !rules.empty_or_across
            && !rules.lands_occupied
            && !rules.single_to_empty
            && !varied
            && !rules.pass_when_stuck
            && !rules.relay
            && rules.owning.is_none()
            && !rules.opening_rightmost
            && rules.rounds.is_none();
        rules.lap_rare = rules.has_rare_lap();
        if varied {
            rules.twin = Some(Arc::new(rules.clockwise_twin()));
        }
        if rules.spec.sowing.skip_not_on_opening {
            // Refused with varied directions: the twin needs no twin.
            let mut plain = rules.clone();
            plain.skip_count = 0;
            plain.lap_rare = plain.has_rare_lap();
            rules.opening_rules = Some(Arc::new(plain));
        }
        Ok(rules)
    }

    /// These (counter-clockwise) rules sowing clockwise, with the same stores.
    /// Whether a lap needs the general sowing (`lap_rare`): a prelude
    /// before it, or holes passed over for their count.
    fn has_rare_lap(&self) -> bool {
        self.lap_prelude || self.skip_count != 0 || self.hole_limit != 0
    }

    fn clockwise_twin(&self) -> Rules {
        let mut twin = self.clone();
        twin.layout = self.layout.reversed();
        twin.direction_rule = DirectionRule::Fixed;
        twin
    }

    /// The rules a move sows by: these, or their clockwise twin.
    #[inline(always)]
    pub(crate) fn sower(&self, pos: &Position, mv: Move) -> &Rules {
        if self.direction_rule == DirectionRule::Fixed {
            return self;
        }
        let twin = self.twin.as_deref().expect("varied directions have a twin");
        if let Some(clockwise) = self.first_moves_clockwise
            && pos.opened & (1 << pos.to_move.index()) == 0
            && mv.hole().is_some()
        {
            // The mover's first move sows the one way.
            return if clockwise { twin } else { self };
        }
        let origin = match mv {
            Move::Sow(h) => h as usize,
            Move::SowCounterClockwise(_) | Move::Pass => return self,
            Move::SowClockwise(_) => return twin,
        };
        let clockwise = match self.direction_rule {
            DirectionRule::Alternate => pos.fixed_direction(pos.to_move).unwrap_or(false),
            _ => match self.hole_direction[origin] {
                HoleDirection::CounterClockwise | HoleDirection::Chosen => false,
                HoleDirection::Clockwise => true,
                HoleDirection::Parity => pos.board[origin].is_multiple_of(2),
            },
        };
        if clockwise { twin } else { self }
    }

    /// Whether the move `mv` from `pos` sows clockwise (`None` for a pass).
    pub fn sows_clockwise(&self, pos: &Position, mv: Move) -> Option<bool> {
        mv.hole()?;
        Some(self.sower(pos, mv).layout.clockwise)
    }

    /// Whether the mover of `pos` chooses the direction of a move from `hole`.
    #[inline]
    pub fn chooses_direction(&self, pos: &Position, hole: usize) -> bool {
        match self.direction_rule {
            DirectionRule::Fixed => false,
            // Not on the mover's first move, with `first_moves_direction`.
            DirectionRule::PerHole
                if self.first_moves_clockwise.is_some()
                    && pos.opened & (1 << pos.to_move.index()) == 0 =>
            {
                false
            }
            DirectionRule::PerHole => self.hole_direction.get(hole) == Some(&HoleDirection::Chosen),
            DirectionRule::Alternate => pos.fixed_direction(pos.to_move).is_none(),
        }
    }

    /// Whether some move of this game carries a chosen direction (`A>`, `A<`).
    pub fn has_chosen_directions(&self) -> bool {
        self.direction_rule == DirectionRule::Alternate
            || self.hole_direction.contains(&HoleDirection::Chosen)
    }

    /// Whether every move sows the same way (the solver's un-sowing needs it).
    pub fn has_fixed_direction(&self) -> bool {
        self.direction_rule == DirectionRule::Fixed
    }

    /// The game's id: the built-in name or the rule file's stem.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The game's display name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The rule model this was compiled from.
    pub fn spec(&self) -> &RuleSpec {
        &self.spec
    }

    /// Whether some move can earn its player another move at once, so that
    /// the same player moves twice in a row.
    pub fn has_extra_turns(&self) -> bool {
        self.extra_turn_store || self.extra_turn_capture || self.extra_turn_opponent_store
    }

    /// Whether each player has a store drawn on the board.
    pub fn has_stores(&self) -> bool {
        self.spec.board.stores
    }

    /// Holes in each row.
    pub fn holes_per_row(&self) -> usize {
        self.layout.n
    }

    /// Holes on the board (`2 * holes_per_row`).
    pub fn holes(&self) -> usize {
        self.layout.holes
    }

    /// Seeds in the game at the start.
    pub fn total_seeds(&self) -> u32 {
        self.total_seeds
    }

    /// The side that owns `hole`.
    #[inline]
    pub fn owner(&self, hole: usize) -> Side {
        self.layout.owner(hole)
    }

    /// The holes of `side`'s row, in index order.
    pub fn row(&self, side: Side) -> std::ops::Range<usize> {
        self.layout.row(side)
    }

    /// The hole opposite `hole` (`2n-1-hole`).
    #[inline]
    pub fn opposite(&self, hole: usize) -> usize {
        self.layout.opposite(hole)
    }

    /// Seeds in `side`'s row; in a territory game (`[rounds] territory`),
    /// in the holes `side` plays this round.
    #[inline]
    pub fn row_seeds(&self, pos: &Position, side: Side) -> u32 {
        if pos.territory != 0 {
            return sum_bits(&pos.board, self.holes_of(pos, side));
        }
        crate::position::masked_sum(&pos.board, &self.layout.row_bytes[side.index()])
    }

    /// Whether [`Rules::row_seeds`] is 0, faster.
    #[inline]
    pub fn row_is_empty(&self, pos: &Position, side: Side) -> bool {
        self.row_is_empty_given(pos, side, pos.occupied())
    }

    /// [`Rules::row_is_empty`] given `occupied`, the holes of `pos` holding
    /// seeds ([`Position::occupied`]): the end checks find those once for
    /// all the rows they test.
    #[inline(always)]
    pub(crate) fn row_is_empty_given(&self, pos: &Position, side: Side, occupied: u32) -> bool {
        if pos.territory != 0 {
            return sum_bits(&pos.board, self.holes_of(pos, side)) == 0;
        }
        occupied & self.layout.row_mask[side.index()] == 0
    }

    /// The holes `side` plays in `pos`, one bit a hole: their row, but in a
    /// territory game (`[rounds] territory`) the holes they own this round.
    #[inline]
    pub fn holes_of(&self, pos: &Position, side: Side) -> u32 {
        let own = self.layout.row_mask[side.index()];
        let across = self.layout.row_mask[side.opponent().index()];
        (own & !pos.territory) | (across & pos.territory)
    }

    /// The player who plays `hole` in `pos`: its row's player, but in a
    /// territory game the player owning it this round.
    #[inline]
    pub fn holder(&self, pos: &Position, hole: usize) -> Side {
        let row = self.owner(hole);
        if pos.territory & (1 << hole) != 0 {
            row.opponent()
        } else {
            row
        }
    }

    /// Seeds in `side`'s row outside owned holes (those are their owner's)
    /// and rams (nobody's, `moves.rams`).
    pub fn plain_row_seeds(&self, pos: &Position, side: Side) -> u32 {
        let mut mask =
            self.holes_of(pos, side) & !(pos.owned[0] | pos.owned[1]) & !self.ram_holes(pos);
        let mut sum = 0;
        while mask != 0 {
            sum += pos.board[mask.trailing_zeros() as usize] as u32;
            mask &= mask - 1;
        }
        sum
    }

    /// Seeds on the board that a settlement shares out: outside owned holes
    /// and rams.
    pub fn unclaimed_seeds(&self, pos: &Position) -> u32 {
        pos.plain_seeds() - sum_bits(&pos.board, self.ram_holes(pos))
    }

    /// The rams of `pos`, one bit a hole (`moves.rams`; 0 in other games):
    /// the holes that held at least the seeds that would sow them round
    /// the opponent's row and back into their own when the turn last
    /// passed ([`Rules::barred_after`]).
    #[inline]
    pub fn ram_holes(&self, pos: &Position) -> u32 {
        if self.rams { pos.barred } else { 0 }
    }

    /// The rams `board` makes (`moves.rams`; 0 in other games): a
    /// position set up from a board is as a change of turn leaves it.
    pub(crate) fn board_rams(&self, board: &[u8; MAX_HOLES]) -> u32 {
        if self.rams { self.rams_of(board) } else { 0 }
    }

    /// The barred holes of `child`, made from `pos` by a move of `seeds`
    /// seeds from `origin` whose last seed fell in cell `last`
    /// (`store_turn`: into the mover's store, earning another move).
    ///
    /// Rams (`moves.rams`) change only when the turn passes: StoneShark
    /// makes and unmakes them in its capture step, which a move ending in
    /// its player's store skips, so a hole filled by such a move may still
    /// be played in the extra turn. With `moves.no_return`, a single seed
    /// sown from the end of one row into the end of the other, left alone
    /// there, bars that hole for the next move.
    #[cold]
    #[inline(never)]
    pub(crate) fn barred_after(
        &self,
        pos: &Position,
        child: &Position,
        (origin, seeds, last): (usize, u8, usize),
        store_turn: bool,
    ) -> u32 {
        if self.rams {
            if store_turn {
                pos.barred
            } else {
                self.rams_of(&child.board)
            }
        } else if self.no_return
            && seeds == 1
            && last < self.layout.holes
            && child.board[last] == 1
        {
            let n = self.layout.n;
            let across_ends = match origin {
                0 => 2 * n - 1,
                o if o == n - 1 => n,
                o if o == n => n - 1,
                o if o == 2 * n - 1 => 0,
                _ => usize::MAX,
            };
            if last == across_ends { 1 << last } else { 0 }
        } else {
            0
        }
    }

    #[cold]
    #[inline(never)]
    fn rams_of(&self, board: &[u8; MAX_HOLES]) -> u32 {
        (0..self.layout.holes)
            .filter(|&h| board[h] >= self.ram_at[h])
            .fold(0, |bits, h| bits | 1 << h)
    }

    /// Whether `side`'s row holds no seed outside its rams: the emptiness
    /// the end rules test (a row holding seeds only in rams counts as
    /// empty). `occupied` as for [`Rules::row_is_empty_given`].
    #[inline]
    pub(crate) fn row_is_bare(&self, pos: &Position, side: Side, occupied: u32) -> bool {
        self.row_is_empty_given(pos, side, occupied)
            || (self.rams && self.only_rams_in_row(pos, side))
    }

    /// Whether every seed of `side`'s row is in a ram.
    #[cold]
    #[inline(never)]
    fn only_rams_in_row(&self, pos: &Position, side: Side) -> bool {
        sum_bits(
            &pos.board,
            self.layout.row_mask[side.index()] & !pos.barred,
        ) == 0
    }
}


/// How each hole finds its direction, for `sowing.direction` and
/// `sowing.chosen_holes` (validated: holes within the row).
fn hole_directions(s: &SowingSpec, n: usize) -> (DirectionRule, [HoleDirection; MAX_HOLES]) {
    use HoleDirection as H;
    let mut table = [H::CounterClockwise; MAX_HOLES];
    let rule = match s.direction {
        Direction::Alternate => DirectionRule::Alternate,
        _ if s.direction.is_fixed() && s.chosen_holes.is_empty() => DirectionRule::Fixed,
        _ => DirectionRule::PerHole,
    };
    for (h, entry) in table.iter_mut().enumerate().take(2 * n) {
        // Counted from the owner's left: South's row and North's row both
        // run left to right from their owner's seat.
        let from_left = h % n;
        let left_half = from_left < n / 2;
        let middle = n % 2 == 1 && from_left == n / 2;
        *entry = if s.chosen_holes.contains(&(from_left as u32 + 1)) {
            H::Chosen
        } else {
            match s.direction {
                Direction::CounterClockwise | Direction::Alternate => H::CounterClockwise,
                Direction::Clockwise => H::Clockwise,
                Direction::Chosen => H::Chosen,
                Direction::Parity => H::Parity,
                // The middle hole is chosen (validation insists).
                _ if middle => H::Chosen,
                Direction::Outward if left_half => H::Clockwise,
                Direction::Outward => H::CounterClockwise,
                Direction::Inward if left_half => H::CounterClockwise,
                Direction::Inward => H::Clockwise,
            }
        };
    }
    (rule, table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleError;

    fn err(text: &str) -> RuleError {
        Rules::from_toml("t", text, "t.toml").unwrap_err()
    }

    const BASE: &str = "name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n[sowing]\nstart = \"next\"\n";

    #[test]
    fn builtins_compile() {
        for id in Rules::builtin_ids() {
            let r = Rules::builtin(id).unwrap();
            assert_eq!(r.id(), id);
        }
    }

    #[test]
    fn unknown_key_names_key_and_line() {
        let e = err(&format!("{BASE}colour = \"red\"\n"));
        assert_eq!(e.line, Some(7));
        assert_eq!(e.key.as_deref(), Some("sowing.colour"));
        assert!(e.reason.contains("unknown field"), "{e}");
        assert!(
            e.to_string().starts_with("t.toml:7: key `sowing.colour`"),
            "{e}"
        );
    }

    #[test]
    fn house_rules_and_disagreements_name_rule_keys() {
        let ok = format!(
            "{BASE}[about]\nhouse_rules = [\"sowing.skip_origin\", \"end.repetition\"]\n\
             disagreements = [{{ key = \"sowing.direction\", note = \"One page says clockwise.\" }}]\n"
        );
        let r = Rules::from_toml("t", &ok, "t.toml").unwrap();
        assert_eq!(
            r.spec().about.house_rules,
            ["sowing.skip_origin", "end.repetition"]
        );
        assert_eq!(r.spec().about.disagreements[0].key, "sowing.direction");
        let e = err(&format!(
            "{BASE}[about]\nhouse_rules = [\"sowing.speed\"]\n"
        ));
        assert_eq!(e.key.as_deref(), Some("about.house_rules"));
        assert!(
            e.reason.contains("\"sowing.speed\"") && e.reason.contains("sowing.skip_origin"),
            "{e}"
        );
        assert!(e.to_string().starts_with("t.toml"), "{e}");
        let e = err(&format!(
            "{BASE}[about]\ndisagreements = [{{ key = \"colour\", note = \"x\" }}]\n"
        ));
        assert_eq!(e.key.as_deref(), Some("about.disagreements"));
        let e = err(&format!(
            "{BASE}[about]\ndisagreements = [{{ key = \"board\", note = \" \" }}]\n"
        ));
        assert!(e.reason.contains("needs a note"), "{e}");
    }

    #[test]
    fn rule_keys_cover_every_rule_field() {
        let mut spec = Rules::builtin("oware").unwrap().spec().clone();
        let c = &mut spec.capture;
        c.last_hole_in = Some(RowChoice::Any);
        c.chain = Some(Chain::None);
        c.seeds_go_to = Some(Destination::Mover);
        c.on_opening = Some(true);
        c.grand_slam = Some(GrandSlam::Allowed);
        c.grand_slam_fallback = Some(GrandSlamFallback::NoCapture);
        c.take_sower = true;
        c.empty_opposite = true;
        spec.sowing.relay_stops_at_capture = true;
        spec.sowing.passing_captures = true;
        spec.sowing.chosen_holes = vec![1];
        spec.end.too_few_seeds = Some(1);
        spec.end.unfed_takes_rest = true;
        spec.end.mover_row_empty = true;
        spec.end.both_stuck = true;
        let json = serde_json::to_value(&spec).unwrap();
        for table in ["board", "sowing", "moves", "capture", "end"] {
            for key in json[table].as_object().unwrap().keys() {
                let full = format!("{table}.{key}");
                assert!(
                    RULE_KEYS.contains(&full.as_str()),
                    "{full} is not in RULE_KEYS"
                );
            }
        }
    }

    #[test]
    fn wrong_type_names_key() {
        let e = err(&BASE.replace("holes_per_row = 3", "holes_per_row = \"three\""));
        assert_eq!(e.key.as_deref(), Some("board.holes_per_row"));
        assert_eq!(e.line, Some(3));
    }

    #[test]
    fn impossible_combinations_are_rejected() {
        let cases = [
            (
                BASE.replace("holes_per_row = 3", "holes_per_row = 0"),
                "board.holes_per_row",
                3,
            ),
            (
                BASE.replace("holes_per_row = 3", "holes_per_row = 17"),
                "board.holes_per_row",
                3,
            ),
            (
                BASE.replace("seeds_per_hole = 4", "seeds_per_hole = 50"),
                "board.seeds_per_hole",
                4,
            ),
            (
                format!("{BASE}[capture]\nchain = \"same-row\"\n"),
                "capture.chain",
                8,
            ),
            (
                format!("{BASE}[capture]\nrule = \"counts\"\n"),
                "capture.counts",
                7,
            ),
            (
                format!("{BASE}[capture]\nrule = \"counts\"\ncounts = [0]\n"),
                "capture.counts",
                9,
            ),
            (
                format!("{BASE}skip_origin = true\n").replace("\"next\"", "\"origin\""),
                "sowing.skip_origin",
                7,
            ),
            (
                format!("{BASE}[end]\nresult = \"deprivation\"\nrepetition = \"share\"\n"),
                "end.repetition",
                9,
            ),
            (
                format!("{BASE}[moves]\nmin_seeds = 0\n"),
                "moves.min_seeds",
                8,
            ),
        ];
        for (text, key, line) in cases {
            let e = err(&text);
            assert_eq!(e.key.as_deref(), Some(key), "{e}");
            assert_eq!(e.line, Some(line), "{e}");
        }
    }

    #[test]
    fn unknown_game_lists_builtins() {
        let e = Rules::load("chess").unwrap_err();
        assert!(e.reason.contains("modiar"), "{e}");
    }

    #[test]
    fn missing_file_is_an_error() {
        let e = Rules::load("/nonexistent/x.toml").unwrap_err();
        assert!(e.reason.contains("cannot read"), "{e}");
    }

    /// Each of these names what is wrong.
    #[test]
    fn shape_errors_and_control_characters_are_explained() {
        // An enumerated key given a number lists the valid values.
        let e = err(&BASE.replace("start = \"next\"", "start = 3"));
        assert_eq!(e.key.as_deref(), Some("sowing.start"));
        assert!(
            e.reason
                .contains("3 is not a valid value: expected `origin` or `next`"),
            "{e}"
        );
        let e = err(&format!("{BASE}[end]\nresult = true\n"));
        assert!(
            e.reason.contains("expected `seeds` or `deprivation`")
                || e.reason.contains("`deprivation`"),
            "{e}"
        );
        // A missing [sowing] is not blamed on `name` at line 1.
        let e = err("name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n");
        assert_eq!((e.key.as_deref(), e.line), (None, None));
        assert!(e.reason.contains("the [sowing] table is missing"), "{e}");
        // [[end]] twice (or once) says to write [end] once.
        let e = err(&format!(
            "{BASE}[[end]]\nresult = \"seeds\"\n[[end]]\nresult = \"seeds\"\n"
        ));
        assert_eq!((e.key.as_deref(), e.line), (Some("end"), Some(7)));
        assert!(
            e.reason.contains(
                "[[end]] written 2 times makes a list of tables; write the table once, as [end]"
            ),
            "{e}"
        );
        // Control characters are printed escaped, and refused in names.
        let e = err(&BASE.replace("\"next\"", "\"ne\\u001bxt\""));
        let shown = e.to_string();
        assert!(
            !shown.chars().any(char::is_control) && shown.contains("ne\\u{1b}xt"),
            "{shown:?}"
        );
        let e = err(&format!("{BASE}\"k\\u0007\" = 1\n"));
        assert!(
            !e.to_string().chars().any(char::is_control),
            "{:?}",
            e.to_string()
        );
        let e = err(&BASE.replace("name = \"T\"", "name = \"T\\u0007\\u001b[31m\""));
        assert_eq!(e.key.as_deref(), Some("name"));
        let shown = e.to_string();
        assert!(
            !shown.chars().any(char::is_control) && shown.contains("control character"),
            "{shown:?}"
        );
        let e = Rules::from_toml("t", BASE, "bad\u{7}file.toml");
        assert!(e.is_ok());
        let e = RuleError {
            file: "bad\u{7}.toml".into(),
            key: None,
            line: None,
            reason: "x".into(),
        };
        assert_eq!(e.to_string(), "bad\\u{7}.toml: x");
    }

    #[test]
    fn random_layout_draws_every_split_alike() {
        // 2 holes a row, 3 seeds a hole: 2 in every hole, the other 4 split
        // among 4 holes, C(7, 3) = 35 splits.
        let r = Rules::from_toml(
            "t",
            "name = \"T\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 3\nlayout = \"random\"\n[sowing]\nstart = \"next\"\n",
            "t.toml",
        )
        .unwrap();
        let mut seen = std::collections::HashMap::new();
        for seed in 0..7000 {
            let pos = r.start_seeded(seed);
            let board: Vec<u8> = (0..4).map(|h| pos.seeds(h)).collect();
            assert!(r.is_start_board(&board), "{board:?}");
            *seen.entry(board).or_insert(0u32) += 1;
        }
        assert_eq!(seen.len(), 35);
        // 200 each on average; a fair draw stays well inside these bounds.
        assert!(seen.values().all(|&n| (120..=280).contains(&n)), "{seen:?}");
        // Seed 0 is the start; a seed's board never changes.
        assert_eq!(r.start_seeded(0), r.start());
        assert_eq!(r.start_seeded(41), r.start_seeded(41));
        // Fewer than 2 seeds a hole in a hole, or seeds missing, is no start.
        assert!(!r.is_start_board(&[1, 3, 4, 4]));
        assert!(!r.is_start_board(&[2, 2, 2, 5]));
        assert!(r.is_start_board(&[2, 2, 2, 6]));
        // One seed a hole: no floor, a hole may start empty.
        let one = Rules::from_toml(
            "t",
            "name = \"T\"\n[board]\nholes_per_row = 1\nseeds_per_hole = 1\nlayout = \"random\"\n[sowing]\nstart = \"next\"\n",
            "t.toml",
        )
        .unwrap();
        assert!(one.is_start_board(&[0, 2]));
        let boards: std::collections::HashSet<[u8; 2]> = (0..100)
            .map(|seed| {
                let p = one.start_seeded(seed);
                [p.seeds(0), p.seeds(1)]
            })
            .collect();
        assert_eq!(boards.len(), 3, "{boards:?}");
        // The uniform layout has one start board.
        let plain = Rules::from_toml("t", BASE, "t.toml").unwrap();
        assert!(plain.is_start_board(&[4; 6]));
        assert!(!plain.is_start_board(&[3, 5, 4, 4, 4, 4]));
        assert_eq!(plain.start_seeded(3), plain.start());
    }
}
