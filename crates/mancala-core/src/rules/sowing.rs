//! `[sowing]`, compiled: how a lap runs, relays, captures while sowing.

use crate::Side;
use crate::layout::{Layout, rows_of};
use crate::position::MAX_HOLES;
use crate::spec::{Direction, Endless, Laps, SowStart, SowingSpec};

/// `[sowing]`, compiled (`Rules::sowing`).
#[derive(Clone, Debug)]
pub(crate) struct SowingRules {
    /// Whether a lap's last seed goes on as a relay, and from where.
    pub(crate) relay: Relay,
    pub(crate) start_in_origin: bool,
    /// A relay ends where its last seed can capture.
    pub(crate) relay_stops_at_capture: bool,
    /// Holes reaching a capturing count while sown are taken by their owner.
    pub(crate) passing_captures: bool,
    pub(crate) skip_origin: bool,
    pub(crate) endless_draws: bool,
    /// Each player's first move sows this way, clockwise when `true`,
    /// where the mover otherwise chooses (`sowing.first_moves_direction`).
    pub(crate) first_moves_clockwise: Option<bool>,
    /// Whether the mover's own store is in the sowing ring.
    pub(crate) into_store: bool,
    /// Each player sows their own row only (`sowing.own_row`).
    pub(crate) own_row: bool,
    /// How a move's sowing direction is found; with `Fixed` (every game
    /// that sows one way) the next two fields are unused.
    pub(crate) direction_rule: DirectionRule,
    /// Per hole: how a move from it finds its direction.
    pub(crate) hole_direction: [HoleDirection; MAX_HOLES],
    /// With `sowing.start = "origin"`: a single seed is sown into the next hole.
    pub(crate) single_to_next: bool,
    /// `passing[c]`: a hole a seed brings to `c` seeds is taken by its
    /// owner while sowing (`passing_captures`; `capture.counts` unless
    /// `sowing.passing_counts` says otherwise).
    pub(crate) passing: [bool; 256],
    /// A lap's last seed takes part in passing captures (`sowing.passing_last`).
    pub(crate) passing_last: bool,
    /// Each relay lap's end captures (`sowing.lap_captures`).
    pub(crate) lap_captures: bool,
    /// Holes taken while sowing go to the mover (`sowing.passing_to_mover`).
    pub(crate) passing_to_mover: bool,
    /// A lap's captured seeds are sown on (`sowing.lap_captures_sown_on`).
    pub(crate) lap_captures_sown_on: bool,
    /// The opponent's store is in the sowing ring too
    /// (`sowing.into_opponent_store`).
    pub(crate) into_opponent_store: bool,
    /// A relay goes on only from the counts of `relay_goes_on`
    /// (`sowing.relay_counts`).
    pub(crate) relay_counted: bool,
    /// `relay_goes_on[c]`: a lap whose last hole then holds `c` seeds may go
    /// on (with `relay_counted`).
    pub(crate) relay_goes_on: [bool; 256],
    /// Each lap's first lifted seed goes to the mover (`sowing.lap_keeps_one`).
    pub(crate) lap_keeps_one: bool,
    /// Per mover: the holes a relay lap may go on from
    /// (`sowing.relay_from`; with `relay_counted`).
    pub(crate) relay_rows: [u32; 2],
    /// Per mover: the holes taken while sowing (`passing_captures`): the
    /// capture zone, within the rows of `sowing.passing_from`.
    pub(crate) passing_zone: [u32; 2],
    /// A lap lifting one seed takes the facing hole (`sowing.single_takes_facing`).
    pub(crate) single_takes_facing: bool,
    /// Singles in the mover's row take their facing holes before a move
    /// (`sowing.singles_take_facing`).
    pub(crate) singles_take_facing: bool,
    /// `lap_keeps_one || single_takes_facing || singles_take_facing`: one
    /// test a lap for all of them.
    pub(crate) lap_prelude: bool,
    /// A lap's last seed bringing a hole of `closable` to this count closes
    /// it (`sowing.closes_at`; 0: no hole is ever closed).
    pub(crate) closes_at: u8,
    /// Per mover: the holes a lap may close (the opponent's row, less its
    /// rightmost hole with `sowing.closing_spares_rightmost`).
    pub(crate) closable: [u32; 2],
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
    /// Any rule that changes how a lap sows or what it does first
    /// (`lap_prelude`, `skip_count` or `hole_limit`): one test a lap for
    /// all of them, derived by [`Rules::has_rare_lap`].
    pub(crate) lap_rare: bool,
}

/// How a lap's end goes on (`sowing.laps`, `relay_from_next`,
/// `relay_from_store`): one choice, where three keys only make sense
/// together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relay {
    /// A single lap: the move ends when the hand is empty.
    None,
    /// The last hole's seeds are lifted and sown on (`laps = "relay"`).
    FromLastHole,
    /// The relay goes on from the hole after each lap's last hole
    /// (`sowing.relay_from_next`).
    FromNextHole,
    /// ... and from the mover's store when a lap ends there
    /// (`sowing.relay_from_store`).
    FromNextHoleOrStore,
}

impl Relay {
    /// Whether a lap may be followed by another.
    #[inline(always)]
    pub(crate) fn on(self) -> bool {
        self != Relay::None
    }

    /// Whether a relay goes on from the hole after each lap's last hole.
    #[inline(always)]
    pub(crate) fn goes_from_next(self) -> bool {
        matches!(self, Relay::FromNextHole | Relay::FromNextHoleOrStore)
    }

    /// Whether a relay from the next hole goes on from the mover's store.
    #[inline(always)]
    pub(crate) fn goes_from_store(self) -> bool {
        self == Relay::FromNextHoleOrStore
    }
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
    ///
    /// [`Position::fixed_direction`]: crate::Position::fixed_direction
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

/// Holes of `counts`, as a table by count.
pub(crate) fn count_table(counts: &[u32]) -> [bool; 256] {
    let mut t = [false; 256];
    for &c in counts {
        t[c as usize] = true;
    }
    t
}

impl SowingRules {
    /// Compiles `[sowing]` on `layout`; `capturing` and `capture_zone`
    /// (`[capture]`, compiled) bound the captures made while sowing.
    pub(crate) fn compile(
        s: &SowingSpec,
        layout: &Layout,
        capturing: [bool; 256],
        capture_zone: [u32; 2],
    ) -> SowingRules {
        let row_mask = layout.row_mask;
        let (direction_rule, hole_direction) = hole_directions(s, layout.n);
        let relay = match s.laps {
            Laps::Single => Relay::None,
            Laps::Relay if s.relay_from_store => Relay::FromNextHoleOrStore,
            Laps::Relay if s.relay_from_next => Relay::FromNextHole,
            Laps::Relay => Relay::FromLastHole,
        };
        let mut rules = SowingRules {
            relay,
            start_in_origin: s.start == SowStart::Origin,
            relay_stops_at_capture: s.relay_stops_at_capture,
            passing_captures: s.passing_captures,
            skip_origin: s.skip_origin,
            endless_draws: s.endless == Endless::Draw,
            first_moves_clockwise: s.first_moves_direction.map(|d| d == Direction::Clockwise),
            into_store: s.into_own_store,
            own_row: s.own_row,
            direction_rule,
            hole_direction,
            single_to_next: s.single_to_next,
            passing: match &s.passing_counts {
                None => capturing,
                Some(counts) => count_table(counts),
            },
            passing_last: s.passing_last,
            lap_captures: s.lap_captures,
            passing_to_mover: s.passing_to_mover,
            lap_captures_sown_on: s.lap_captures_sown_on,
            into_opponent_store: s.into_opponent_store,
            relay_counted: s.relay_counts.is_some() || s.relay_from.is_some(),
            relay_goes_on: match &s.relay_counts {
                Some(counts) => count_table(counts),
                None => std::array::from_fn(|c| c >= 2),
            },
            lap_keeps_one: s.lap_keeps_one,
            relay_rows: rows_of(s.relay_from, row_mask),
            passing_zone: {
                let rows = rows_of(s.passing_from, row_mask);
                [capture_zone[0] & rows[0], capture_zone[1] & rows[1]]
            },
            single_takes_facing: s.single_takes_facing,
            singles_take_facing: s.singles_take_facing,
            lap_prelude: s.lap_keeps_one || s.single_takes_facing || s.singles_take_facing,
            closes_at: s.closes_at.unwrap_or(0) as u8,
            closable: Side::BOTH.map(|mover| {
                let theirs = mover.opponent();
                let spared = if s.closing_spares_rightmost {
                    1 << layout.rightmost[theirs.index()]
                } else {
                    0
                };
                row_mask[theirs.index()] & !spared
            }),
            opening_lands_across: s.opening_lands_across,
            opponent_takes_at: s.opponent_takes_sown_at.unwrap_or(0),
            skip_count: s.skip_opponent_count.unwrap_or(0) as u8,
            hole_limit: s.hole_limit.unwrap_or(0) as u8,
            lap_rare: false,
        };
        rules.lap_rare = rules.has_rare_lap();
        rules
    }

    /// Whether a lap needs the general sowing (`lap_rare`): a prelude
    /// before it, or holes passed over for their count.
    pub(crate) fn has_rare_lap(&self) -> bool {
        self.lap_prelude || self.skip_count != 0 || self.hole_limit != 0
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
