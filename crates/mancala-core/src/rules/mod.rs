//! Compiling a validated rule set: [`Rules`].
//!
//! A [`RuleSpec`] is what a file says; [`Rules`] is the same game compiled
//! into flags and lookup tables, which the hot path reads instead of the
//! spec (only rules few games use read `Rules::spec` during play), so that
//! playing a move never allocates. Reading files is in `rule_file.rs`,
//! validation in `validate/`.

use std::sync::Arc;

use crate::Side;
use crate::layout::{Layout, sum_bits};
use crate::position::{DIRECTION_SET, MAX_HOLES, MOVED_AGAIN, Move, Position, SOUTH_CLOCKWISE};
use crate::spec::*;
use crate::validate::{SpecIssue, validate};

mod capture;
mod moves;
mod rows;
mod sowing;

pub(crate) use capture::CaptureRules;
pub(crate) use moves::MoveRules;
pub(crate) use rows::RowRules;
pub(crate) use sowing::{DirectionRule, HoleDirection, SowingRules};

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
    /// `[sowing]`, compiled.
    pub(crate) sowing: SowingRules,
    /// `[moves]`, compiled.
    pub(crate) moves: MoveRules,
    /// `[capture]`, compiled.
    pub(crate) capture: CaptureRules,
    /// `[rows]`, compiled: present exactly on four-row boards, whose moves
    /// `rings.rs` lists and makes.
    pub(crate) rows: Option<RowRules>,
    /// Bits of `opened` that take part in position identity (repetition).
    pub(crate) opened_key_mask: u8,
    /// `[end]`.
    pub(crate) end: EndSpec,
    /// The match's rounds, if it is played in rounds.
    pub(crate) rounds: Option<RoundsSpec>,
    /// The same game sowing clockwise, for the moves that do (games whose
    /// direction varies; these rules then sow counter-clockwise). Stores
    /// stay where they are: the twin's ring is this ring backwards.
    pub(crate) twin: Option<Arc<Rules>>,
    /// `[owned]`, compiled: how holes become a player's own, if they can.
    pub(crate) owning: Option<Owning>,
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
    /// The rules the first move of a game (of a round) sows by: these
    /// without `skip_count` (`sowing.skip_not_on_opening`).
    pub(crate) opening_rules: Option<Arc<Rules>>,
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

impl Rules {
    /// Validates and compiles a rule model.
    pub fn compile(id: &str, spec: RuleSpec) -> Result<Rules, SpecIssue> {
        validate(&spec)?;
        // Games whose direction varies compile counter-clockwise and keep a
        // clockwise twin, so that stores keep their place on the board.
        let varied = !spec.sowing.direction.is_fixed() || !spec.sowing.chosen_holes.is_empty();
        let clockwise = spec.sowing.direction == Direction::Clockwise && !varied;
        let layout = Layout::new(&spec, clockwise);
        let rows = (spec.board.rows == 4).then(|| {
            RowRules::compile(
                &spec.rows.clone().unwrap_or_default(),
                spec.sowing.laps,
                &layout,
            )
        });
        let row_mask = layout.row_mask;
        let capture = CaptureRules::compile(&spec.capture, &layout);
        let sowing = SowingRules::compile(&spec.sowing, &layout, capture.capturing, capture.zone);
        let mut moves = MoveRules::compile(&spec.moves, &spec.sowing, &layout);
        moves.tracks_moved_from |= capture.moved_from_only;
        // Who has opened matters to any rule on the players' first moves.
        let opening_rule = spec.moves.opening != Opening::Any || spec.sowing.opening_lands_across;
        let mut rules = Rules {
            id: id.to_string(),
            layout,
            sowing,
            moves,
            capture,
            rows,
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
            end: spec.end.clone(),
            rounds: spec.rounds.clone(),
            owning: spec
                .owned
                .as_ref()
                .map(|o| Owning::compile(o, spec.board.holes_per_row as usize, row_mask)),
            spec: Arc::new(spec),
            twin: None,
            opening_rules: None,
            rare: false,
            moves_without_sowing: false,
            rare_ends: false,
        };
        rules.rare = rules.sowing.relay.goes_from_next()
            || rules.sowing.lap_captures
            || rules.capture.take_last != 0
            || rules.capture.take_facing
            || rules.moves.extra_turn_once
            || rules.moves.opening_shift
            || rules.moves.any_row
            || rules.capture.pull_across
            || rules.moves.extra_turn_opponent_store
            || rules.moves.feed_else_any
            || rules.sowing.closes_at != 0
            || rules.moves.opening.right_half()
            || rules.sowing.opening_lands_across
            || rules.sowing.skip_count != 0
            || rules.moves.last_resort != 0
            || rules.capture.take_counted
            || rules.capture.grand_slam == GrandSlam::ExtraTurn
            || rules.moves.rams
            || rules.moves.no_return
            || rules.moves.not_facing_single
            || rules.moves.lands_occupied
            || rules.capture.sweep.board()
            || rules.capture.chain_rare
            || rules.moves.tracks_moved_from
            || rules.capture.rule == CaptureRule::NextCounts
            || varied
            || rules.rows.is_some()
            || rules.moves.empty_or_across
            || rules.moves.single_to_empty
            || rules.rounds.as_ref().is_some_and(|r| r.territory);
        let end = &rules.end;
        rules.rare_ends = end.majority
            || end.win_seeds.is_some()
            || end.too_few_seeds.is_some()
            || end.mover_row_empty
            || end.opponent_row_empty
            || end.empty_row_wins
            || rules.rows.is_some_and(|r| r.inner_row_empty_loses);
        rules.moves_without_sowing = !rules.rare
            && !rules.moves.feed.must_feed()
            && !rules.moves.must_leave_seeds
            && rules.capture.grand_slam != GrandSlam::Forbidden
            && !rules.moves.empty_or_across
            && !rules.moves.lands_occupied
            && !rules.moves.single_to_empty
            && !varied
            && !rules.moves.pass_when_stuck
            && !rules.sowing.relay.on()
            && rules.owning.is_none()
            && !rules.moves.opening.rightmost()
            && rules.rounds.is_none();
        if varied {
            rules.twin = Some(Arc::new(rules.clockwise_twin()));
        }
        if rules.spec.sowing.skip_not_on_opening {
            // Refused with varied directions: the twin needs no twin.
            let mut plain = rules.clone();
            plain.sowing.skip_count = 0;
            plain.sowing.lap_rare = plain.sowing.has_rare_lap();
            rules.opening_rules = Some(Arc::new(plain));
        }
        Ok(rules)
    }

    /// These (counter-clockwise) rules sowing clockwise, with the same stores.
    fn clockwise_twin(&self) -> Rules {
        let mut twin = self.clone();
        twin.layout = self.layout.reversed();
        twin.sowing.direction_rule = DirectionRule::Fixed;
        twin
    }

    /// The rules a move sows by: these, or their clockwise twin.
    #[inline(always)]
    pub(crate) fn sower(&self, pos: &Position, mv: Move) -> &Rules {
        if self.sowing.direction_rule == DirectionRule::Fixed {
            return self;
        }
        let twin = self.twin.as_deref().expect("varied directions have a twin");
        if let Some(clockwise) = self.sowing.first_moves_clockwise
            && pos.opened & (1 << pos.to_move.index()) == 0
            && mv.hole().is_some()
        {
            // The mover's first move sows the one way.
            return if clockwise { twin } else { self };
        }
        let origin = match mv {
            Move::Sow(h) => h as usize,
            Move::SowCounterClockwise(_) | Move::Pass | Move::Take(_) => return self,
            Move::SowClockwise(_) => return twin,
        };
        let clockwise = match self.sowing.direction_rule {
            DirectionRule::Alternate => pos.fixed_direction(pos.to_move).unwrap_or(false),
            _ => match self.sowing.hole_direction[origin] {
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
        match self.sowing.direction_rule {
            DirectionRule::Fixed => false,
            // Not on the mover's first move, with `first_moves_direction`.
            DirectionRule::PerHole
                if self.sowing.first_moves_clockwise.is_some()
                    && pos.opened & (1 << pos.to_move.index()) == 0 =>
            {
                false
            }
            DirectionRule::PerHole => {
                self.sowing.hole_direction.get(hole) == Some(&HoleDirection::Chosen)
            }
            DirectionRule::Alternate => pos.fixed_direction(pos.to_move).is_none(),
        }
    }

    /// Whether some move of this game carries a chosen direction (`A>`, `A<`).
    pub fn has_chosen_directions(&self) -> bool {
        self.sowing.direction_rule == DirectionRule::Alternate
            || self.sowing.hole_direction.contains(&HoleDirection::Chosen)
    }

    /// Whether every move sows the same way (the solver's un-sowing needs it).
    pub fn has_fixed_direction(&self) -> bool {
        self.sowing.direction_rule == DirectionRule::Fixed
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
        self.moves.extra_turn.on_store()
            || self.moves.extra_turn.on_capture()
            || self.moves.extra_turn_opponent_store
            // Chosen holes are taken by further moves of the capturer.
            || self.rows.is_some_and(|r| r.chosen_captures != 0)
    }

    /// The holes of the opponent's the player to move has still to take,
    /// one `Move::Take` each, after a capture that earned chosen holes
    /// (`rows.chosen_captures`); 0 in other positions and games.
    #[inline]
    pub fn takes_pending(&self, pos: &Position) -> u32 {
        if self.rows.is_some() { pos.barred } else { 0 }
    }

    /// Whether each player has a store drawn on the board.
    pub fn has_stores(&self) -> bool {
        self.spec.board.stores
    }

    /// Holes in each row.
    pub fn holes_per_row(&self) -> usize {
        self.layout.row_len
    }

    /// Rows of holes on the board: 2, 3 or 4.
    pub fn rows(&self) -> usize {
        self.layout.rows
    }

    /// Holes each player owns: their row on two rows, their outer row and
    /// half the middle row on three, the ring of their two rows on four. Labels run over these (`A B C ...` for South's).
    pub fn holes_per_side(&self) -> usize {
        self.layout.n
    }

    /// Holes on the board (`rows * holes_per_row`).
    pub fn holes(&self) -> usize {
        self.layout.holes
    }

    /// Seeds in the game at the start.
    pub fn total_seeds(&self) -> u32 {
        self.layout.total_seeds
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
        if self.moves.rams { pos.barred } else { 0 }
    }

    /// The rams `board` makes (`moves.rams`; 0 in other games): a
    /// position set up from a board is as a change of turn leaves it.
    pub(crate) fn board_rams(&self, board: &[u8; MAX_HOLES]) -> u32 {
        if self.moves.rams {
            self.rams_of(board)
        } else {
            0
        }
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
        if self.moves.rams {
            if store_turn {
                pos.barred
            } else {
                self.rams_of(&child.board)
            }
        } else if self.moves.no_return
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
            .filter(|&h| board[h] >= self.moves.ram_at[h])
            .fold(0, |bits, h| bits | 1 << h)
    }

    /// Whether `side`'s row holds no seed outside its rams: the emptiness
    /// the end rules test (a row holding seeds only in rams counts as
    /// empty). `occupied` as for [`Rules::row_is_empty_given`].
    #[inline]
    pub(crate) fn row_is_bare(&self, pos: &Position, side: Side, occupied: u32) -> bool {
        self.row_is_empty_given(pos, side, occupied)
            || (self.moves.rams && self.only_rams_in_row(pos, side))
    }

    /// Whether every seed of `side`'s row is in a ram.
    #[cold]
    #[inline(never)]
    fn only_rams_in_row(&self, pos: &Position, side: Side) -> bool {
        sum_bits(&pos.board, self.layout.row_mask[side.index()] & !pos.barred) == 0
    }
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
