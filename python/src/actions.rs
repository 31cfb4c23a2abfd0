//! The fixed action numbering of a game and its observation tensor.
//!
//! Learning code wants every move of a game as one small integer that means
//! the same thing whoever moves, and a position as a vector of numbers seen
//! from the mover's seat. Both are fixed per game: they depend on the
//! rules' board size and on which kinds of move the rule file allows, never
//! on the position. Which moves are legal is always asked of the core.
//!
//! An action is `slot * variants + variant`:
//! - `slot` is a hole counted from the mover's first hole in sowing order
//!   (`A` for South, `a` for North): `0..n` is the mover's own holes (its
//!   row, or on four rows the ring of its two rows), and in
//!   territory games, where a player may move from holes of the other row,
//!   `n..2n` is the opponent's row from its first hole;
//! - `variants` is 3 in games where some move carries a chosen direction
//!   (`0`: the direction the rules give, `1`: counter-clockwise `A>`, `2`:
//!   clockwise `A<`), else 1;
//! - then `pass` in games where a player without a move passes
//!   (`moves.when_none = "pass"`);
//! - last, in games where a capture earns holes taken by choice
//!   (`rows.chosen_captures`), one action for each hole of the opponent's,
//!   counted from their first hole: taking it (`+e`).

use mancala_core::spec::WhenNone;
use mancala_core::{Move, Position, Rules, Side};

/// `i` (below `2 * holes`) round the board: a subtraction, not a division,
/// as it runs for every hole of every observation.
#[inline]
fn wrap(i: usize, holes: usize) -> usize {
    if i >= holes { i - holes } else { i }
}

/// The action numbering and observation layout of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Holes each player owns: a row, or the ring of two rows on four.
    pub n: usize,
    /// Hole slots an action may name: `n`, or `2n` in territory games.
    pub slots: usize,
    /// Actions per slot: 1, or 3 where moves may carry a direction.
    pub variants: usize,
    /// Whether the action after the sowings is a pass.
    pub pass: bool,
    /// Actions for the opponent's holes taken by choice after a capture:
    /// `n` in games with `rows.chosen_captures`, else 0.
    pub takes: usize,
    /// Whether the observation carries the hole-state planes (games with
    /// owned holes or rounds).
    pub hole_planes: bool,
    /// Seeds in the game, the observation's scale.
    pub total_seeds: u32,
}

impl Layout {
    pub fn of(rules: &Rules) -> Layout {
        let n = rules.holes_per_side();
        let spec = rules.spec();
        let territory = spec.rounds.as_ref().is_some_and(|r| r.territory);
        Layout {
            n,
            slots: if territory { 2 * n } else { n },
            variants: if rules.has_chosen_directions() { 3 } else { 1 },
            pass: spec.moves.when_none == WhenNone::Pass,
            takes: if spec
                .rows
                .as_ref()
                .is_some_and(|r| r.chosen_captures.is_some())
            {
                n
            } else {
                0
            },
            hole_planes: rules.has_owned_holes() || rules.has_rounds(),
            total_seeds: rules.total_seeds().max(1),
        }
    }

    /// How many actions the game has.
    pub fn num_actions(&self) -> usize {
        self.slots * self.variants + usize::from(self.pass) + self.takes
    }

    /// The length of the observation vector.
    pub fn observation_size(&self) -> usize {
        let holes = 2 * self.n;
        holes + 2 + if self.hole_planes { 4 * holes } else { 0 }
    }

    /// The first hole of `side`'s row: where its slots start.
    fn offset(&self, side: Side) -> usize {
        match side {
            Side::South => 0,
            Side::North => self.n,
        }
    }

    /// The hole that slot `slot` names for `mover`.
    pub fn hole_of_slot(&self, mover: Side, slot: usize) -> usize {
        wrap(slot + self.offset(mover), 2 * self.n)
    }

    /// The legal actions of the player to move in `game`, one bit an action
    /// (at most 113 actions: 32 slots of 3, a pass and 16 holes to take), and how many legal
    /// moves have no action in the numbering (0 unless the numbering does
    /// not foresee a rule file).
    #[inline]
    pub fn legal_bits(&self, game: &mancala_core::Game) -> (u128, usize) {
        let mover = game.position().to_move();
        if self.variants == 1 && !self.pass && self.takes == 0 {
            // One action a hole: the legal holes turned round the board to
            // start at the mover's first hole, a few word operations (a
            // batch step does this for every game).
            let ring = 2 * self.n;
            let holes = game.legal_sow_holes();
            let offset = self.offset(mover);
            let turned = holes >> offset | holes << (ring - offset);
            let bits = turned & ((1u64 << self.slots) - 1);
            let unmapped = game.legal_len() - bits.count_ones() as usize;
            return (u128::from(bits), unmapped);
        }
        let mut bits = 0u128;
        let mut unmapped = 0;
        for mv in game.legal_moves().iter() {
            match self.action_of(mover, mv) {
                Some(a) => bits |= 1 << a,
                None => unmapped += 1,
            }
        }
        (bits, unmapped)
    }

    /// The action of move `mv` by `mover`, or `None` when the numbering has
    /// no action for it.
    pub fn action_of(&self, mover: Side, mv: Move) -> Option<usize> {
        if let Some(hole) = mv.taken_hole() {
            let holes = 2 * self.n;
            let k = wrap(hole + holes - self.offset(mover.opponent()), holes);
            let first = self.slots * self.variants + usize::from(self.pass);
            return (k < self.takes).then_some(first + k);
        }
        let Some(hole) = mv.hole() else {
            return self.pass.then(|| self.slots * self.variants);
        };
        let holes = 2 * self.n;
        let slot = wrap(hole + holes - self.offset(mover), holes);
        let variant = match mv {
            Move::SowCounterClockwise(_) => 1,
            Move::SowClockwise(_) => 2,
            _ => 0,
        };
        (slot < self.slots && variant < self.variants).then_some(slot * self.variants + variant)
    }

    /// The move that action `action` is for `mover`, or `None` past the
    /// numbering.
    pub fn move_of(&self, mover: Side, action: usize) -> Option<Move> {
        let sowing = self.slots * self.variants;
        if action >= sowing {
            if self.pass && action == sowing {
                return Some(Move::Pass);
            }
            let k = action - sowing - usize::from(self.pass);
            return (k < self.takes)
                .then(|| Move::Take(self.hole_of_slot(mover.opponent(), k) as u8));
        }
        // Most games have one action a slot: no division then (a batch
        // step makes this call for every game).
        let (slot, variant) = match self.variants {
            1 => (action, 0),
            _ => (action / 3, action % 3),
        };
        let hole = self.hole_of_slot(mover, slot) as u8;
        Some(match variant {
            0 => Move::Sow(hole),
            1 => Move::SowCounterClockwise(hole),
            _ => Move::SowClockwise(hole),
        })
    }

    /// Writes the observation of `pos` seen by `viewer` into `out` (of
    /// [`Layout::observation_size`]): seeds by slot from the viewer's first
    /// hole round the board, then the seeds the viewer and the opponent
    /// took, all divided by the game's seeds; then, in games with owned
    /// holes or rounds, four planes of 0/1 by slot: owned by the viewer,
    /// owned by the opponent, out of play this round, played this round by
    /// the other row's player.
    pub fn observe(&self, pos: &Position, viewer: Side, out: &mut [f32]) {
        let (n, holes) = (self.n, 2 * self.n);
        let scale = 1.0 / self.total_seeds as f32;
        // The viewer's row, then the opponent's: two runs of the board,
        // sliced to their length first so that the loops need no checks.
        let board = pos.raw_board();
        let own = &board[self.offset(viewer)..][..n];
        let other = &board[self.offset(viewer.opponent())..][..n];
        let (own_out, rest) = out.split_at_mut(n);
        let (other_out, rest) = rest.split_at_mut(n);
        for (cell, &seeds) in own_out.iter_mut().zip(own) {
            *cell = f32::from(seeds) * scale;
        }
        for (cell, &seeds) in other_out.iter_mut().zip(other) {
            *cell = f32::from(seeds) * scale;
        }
        for (cell, side) in rest[..2].iter_mut().zip([viewer, viewer.opponent()]) {
            *cell = (pos.captured(side) + pos.removed(side)) as f32 * scale;
        }
        if !self.hole_planes {
            return;
        }
        let planes = &mut out[holes + 2..holes + 2 + 4 * holes];
        let masks = [
            pos.owned_mask(viewer),
            pos.owned_mask(viewer.opponent()),
            pos.blocked_mask(),
            pos.territory_mask(),
        ];
        for (plane, mask) in planes.chunks_exact_mut(holes).zip(masks) {
            for (slot, cell) in plane.iter_mut().enumerate() {
                let hole = self.hole_of_slot(viewer, slot);
                *cell = f32::from(u8::from(mask & (1 << hole) != 0));
            }
        }
    }
}
