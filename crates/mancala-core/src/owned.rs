//! Owned holes (`[owned]`): holes a last seed makes a player's own, which
//! sowings pass over and captures fill.

use crate::Side;
use crate::position::{MAX_HOLES, Position};
use crate::rules::{Owning, Rules};
use crate::sowing::Sowing;
use crate::spec::RowChoice;
use crate::trace::SowObserver;

impl Rules {
    /// [`Rules::relay_stops_owned`] of rules with owned holes.
    #[cold]
    pub(crate) fn owned_relay_stop(
        &self,
        board: &[u8; MAX_HOLES],
        sowing: &Sowing,
        last: usize,
        o: Owning,
    ) -> bool {
        let Sowing {
            owned,
            mover,
            territory,
            ..
        } = *sowing;
        (owned[0] | owned[1]) & (1 << last) != 0
            || self.would_own(board, owned, mover, last, territory, o)
    }

    /// Whether some plain hole holds enough seeds to be played: with owned
    /// holes, seeds that no hole can ever move again do not keep a game of
    /// passes going.
    #[cold]
    pub(crate) fn playable_somewhere(&self, pos: &Position) -> bool {
        let owned = pos.owned[0] | pos.owned[1];
        (0..self.layout.holes)
            .any(|h| owned & (1 << h) == 0 && pos.board[h] >= self.moves.min_seeds)
    }

    /// The owned holes a sowing by `mover` passes over.
    #[cold]
    pub(crate) fn owned_to_skip(&self, pos: &Position, mover: Side, o: Owning) -> u32 {
        let own = if o.past_own {
            pos.owned[mover.index()]
        } else {
            0
        };
        let opp = if o.past_opponent {
            pos.owned[mover.opponent().index()]
        } else {
            0
        };
        own | opp
    }

    /// What a last seed of `mover` in `last` does to owned holes: takes
    /// seeds from an opponent's (`Some(true)`), makes holes the mover's own
    /// (`Some(false)`: not a capture), or nothing (`None`: captures follow).
    #[cold]
    pub(crate) fn own_or_raid<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        last: usize,
        o: Owning,
        obs: &mut O,
    ) -> Option<bool> {
        let bit = 1u32 << last;
        if o.raid > 0
            && child.owned[mover.opponent().index()] & bit != 0
            && !(o.captures_into && child.owned[mover.index()] == 0)
        {
            let taken = child.board[last].min(o.raid);
            child.board[last] -= taken;
            obs.take(last, taken);
            self.keep(child, mover, taken as u32, obs);
            return Some(taken > 0);
        }
        if !self.would_own(&child.board, child.owned, mover, last, child.territory, o) {
            return None;
        }
        child.owned[mover.index()] |= bit;
        obs.own(last, mover);
        if o.pair_opposite {
            let facing = 1u32 << self.opposite(last);
            child.owned[mover.opponent().index()] &= !facing;
            child.owned[mover.index()] |= facing;
            obs.own(self.opposite(last), mover);
        }
        if o.pair_before && self.pair_before(&child.board, child.owned, last, o) {
            let before = self.layout.prev[last] as usize;
            child.owned[mover.index()] |= 1 << before;
            obs.own(before, mover);
        }
        Some(false)
    }

    /// Whether `last` and the hole before it (against the sowing, not
    /// owned) hold `count` and `count - 1` seeds, in either order
    /// (`owned.make = "pair-before"`).
    #[cold]
    #[inline(never)]
    pub(crate) fn pair_before(
        &self,
        board: &[u8; MAX_HOLES],
        owned: [u32; 2],
        last: usize,
        o: Owning,
    ) -> bool {
        let before = self.layout.prev[last] as usize;
        let (a, b) = (board[before], board[last]);
        (owned[0] | owned[1]) & (1 << before) == 0
            && o.count >= 1
            && ((a == o.count && b == o.count - 1) || (a == o.count - 1 && b == o.count))
    }

    /// Whether a last seed of `mover` in `last` makes it `mover`'s own hole.
    // Inlined into its two callers, which owned-hole games run every move.
    #[inline(always)]
    pub(crate) fn would_own(
        &self,
        board: &[u8; MAX_HOLES],
        owned: [u32; 2],
        mover: Side,
        last: usize,
        territory: u32,
        o: Owning,
    ) -> bool {
        if last >= MAX_HOLES {
            return false;
        }
        let bit = 1u32 << last;
        let all = owned[0] | owned[1];
        let mirror = if last < self.layout.n {
            last + self.layout.n
        } else {
            last - self.layout.n
        };
        let made = if o.pair_opposite {
            board[last] == 1 && board[self.opposite(last)] == o.count
        } else {
            board[last] == o.count || (o.pair_before && self.pair_before(board, owned, last, o))
        };
        all & bit == 0
            && made
            && o.zone[mover.index()] & bit != 0
            && (o.per_player == 0 || owned[mover.index()].count_ones() < o.per_player)
            && !(o.not_mirror && all & (1 << mirror) != 0)
            && !(o.not_facing && all & (1 << self.opposite(last)) != 0)
            && match o.holder {
                RowChoice::Any => true,
                // Who plays the hole this round: its row's player, unless
                // the hole is held across the board.
                held => {
                    let holder = if territory & bit != 0 {
                        self.owner(last).opponent()
                    } else {
                        self.owner(last)
                    };
                    (holder == mover) == (held == RowChoice::Own)
                }
            }
    }
}
