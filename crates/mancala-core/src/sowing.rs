//! Sowing one lap: the seeds lifted from a hole go one by one round the
//! ring of cells the layout gives ([`crate::layout`]), passing over holes
//! out of play; [`Rules::sow`] is the entry point, relaying on
//! ([`crate::relay`]) where the rules say so.

use crate::Side;
use crate::layout::{STORE_CELL, ShortLap};
use crate::position::MAX_HOLES;
use crate::rules::Rules;
use crate::spec::RowChoice;
use crate::trace::{Kept, SowObserver};

/// What the laps of one move's sowing share.
#[derive(Clone, Copy)]
pub(crate) struct Sowing {
    /// The player sowing.
    pub(crate) mover: Side,
    /// Holes the sowing passes over (out of play, or owned and not sown).
    pub(crate) blocked: u32,
    /// In a territory round, the holes played by the other row's player.
    pub(crate) territory: u32,
    /// Each player's owned holes.
    pub(crate) owned: [u32; 2],
    /// Captures are allowed on this move (not in its opening turns).
    pub(crate) may_capture: bool,
}

/// A sowing under way: where its seeds fall (the board, and the stores of
/// games that sow into them), what its laps share, and who is told of each
/// seed. The lap functions take it whole, so that what one lap hands on to
/// the next is said once.
pub(crate) struct Sower<'a, O> {
    pub(crate) board: &'a mut [u8; MAX_HOLES],
    pub(crate) stores: &'a mut [u8; 2],
    pub(crate) sowing: Sowing,
    pub(crate) obs: &'a mut O,
}

impl<O> Sower<'_, O> {
    /// The sower's parts, borrowed apart.
    #[inline(always)]
    pub(crate) fn parts(&mut self) -> (&mut [u8; MAX_HOLES], &mut [u8; 2], &Sowing, &mut O) {
        (self.board, self.stores, &self.sowing, self.obs)
    }
}

/// Where a lap starts: the hole lifted, its seeds, and whether the first
/// seed goes back into it.
#[derive(Clone, Copy)]
pub(crate) struct Lift {
    pub(crate) origin: usize,
    /// `board[origin]`, given where the caller has it from an older write
    /// than the board's (reading the board back would wait for that write).
    pub(crate) seeds: u8,
    pub(crate) into_origin: bool,
}

/// How a sowing ended.
pub(crate) enum Sown {
    /// In hole `last`, after `laps` laps, having sown into the holes of the `sown` mask.
    Ended { last: usize, sown: u32, laps: u64 },
    /// It never ends (relay sowing only).
    Endless,
}

/// The one seed-by-seed lap every lap function runs: the `lift.seeds`
/// seeds, the first into the origin when `lift.into_origin`, each other
/// into `next(board, cell, left)` after the cell before (`left`: the seeds
/// still in hand after this one). `fall(board, stores, cell, left, obs)`
/// drops the seed into its cell and does what the rules do with it there
/// (a capture while sowing, a seed leaving the game ...), and says whether
/// the cell counts as sown. The seeds must already be lifted. Returns the
/// last cell and the mask of holes sown.
#[inline(always)]
pub(crate) fn each_seed<O: SowObserver>(
    board: &mut [u8; MAX_HOLES],
    stores: &mut [u8; 2],
    lift: Lift,
    mut next: impl FnMut(&[u8; MAX_HOLES], usize, u8) -> usize,
    mut fall: impl FnMut(&mut [u8; MAX_HOLES], &mut [u8; 2], usize, u8, &mut O) -> bool,
    obs: &mut O,
) -> (usize, u32) {
    let mut cell = lift.origin;
    let mut sown = 0u32;
    for k in 0..lift.seeds {
        let left = lift.seeds - 1 - k;
        if !(k == 0 && lift.into_origin) {
            cell = next(board, cell, left);
        }
        obs.sow(cell);
        if fall(board, stores, cell, left, obs) {
            sown |= 1 << cell;
        }
    }
    (cell, sown)
}

/// A seed dropped into `cell`, a hole or a store (`STORE_CELL + side`);
/// whether it was a hole.
#[inline(always)]
pub(crate) fn drop_seed(board: &mut [u8; MAX_HOLES], stores: &mut [u8; 2], cell: usize) -> bool {
    if cell < MAX_HOLES {
        board[cell] += 1;
        true
    } else {
        stores[cell - STORE_CELL] += 1;
        false
    }
}

/// The first seed lifted from `origin` goes to `mover`'s store
/// (`sowing.lap_keeps_one`), traced as sown there; the lap sows the rest.
#[cold]
#[inline(never)]
pub(crate) fn keep_one<O: SowObserver>(sower: &mut Sower<'_, O>, origin: usize) {
    let mover = sower.sowing.mover;
    sower.board[origin] -= 1;
    sower.stores[mover.index()] += 1;
    sower.obs.sow(STORE_CELL + mover.index());
}

impl Rules {
    /// Sows the seeds of `origin` (`seeds`, given where the caller has them
    /// from an older write than the board's) for the sower's mover,
    /// relaying if the rules say so. Seeds sown into a store are added to
    /// the sower's stores.
    /// `RARE`: the rules may have any of [`Rules::rare`]'s rules (always
    /// right; `false` only where they have none of them).
    #[inline(always)]
    pub(crate) fn sow<O: SowObserver, const RARE: bool>(
        &self,
        sower: &mut Sower<'_, O>,
        origin: usize,
        seeds: u8,
    ) -> Sown {
        // Territory games are rare (see `Rules::rare`).
        if !RARE {
            sower.sowing.territory = 0;
        }
        // A single seed leaves its hole even where sowing starts in the origin.
        let into_origin =
            self.sowing.start_in_origin && !(self.sowing.single_to_next && seeds == 1);
        let lift = Lift {
            origin,
            seeds,
            into_origin,
        };
        let (last, sown) = self.lap_seeded(sower, lift);
        if RARE && self.sowing.relay.on() && self.sowing.relay.goes_from_next() {
            return self.relay_from_next(sower, last, sown);
        }
        if !self.sowing.relay.on() || self.relay_stops(sower.board, &sower.sowing, last) {
            return Sown::Ended {
                last,
                sown,
                laps: 1,
            };
        }
        self.relay_on(sower, last, sown)
    }

    /// The holes `mover` takes while sowing (`passing_captures`): the
    /// capture zone within `sowing.passing_from`, held holes in a
    /// territory round.
    #[inline(always)]
    pub(crate) fn passing_zone_of(&self, mover: Side, territory: u32) -> u32 {
        if territory == 0 {
            self.sowing.passing_zone[mover.index()]
        } else {
            self.held_capture_zone(mover, territory)
                & self.held_zone(
                    mover,
                    territory,
                    self.spec.sowing.passing_from.unwrap_or(RowChoice::Any),
                )
        }
    }

    /// [`Rules::lap_seeded`] of the seeds in `origin`.
    #[inline(always)]
    pub(crate) fn lap<O: SowObserver>(
        &self,
        sower: &mut Sower<'_, O>,
        origin: usize,
        into_origin: bool,
    ) -> (usize, u32) {
        let lift = Lift {
            origin,
            seeds: sower.board[origin],
            into_origin,
        };
        self.lap_seeded(sower, lift)
    }

    /// One lap, through the stores or not.
    #[inline(always)]
    pub(crate) fn lap_seeded<O: SowObserver>(
        &self,
        sower: &mut Sower<'_, O>,
        lift: Lift,
    ) -> (usize, u32) {
        debug_assert_eq!(lift.seeds, sower.board[lift.origin]);
        sower.obs.lift(lift.origin, lift.seeds);
        if self.sowing.lap_rare {
            return self.lap_of_rare_rules(sower, lift);
        }
        self.lap_sown(sower, lift)
    }

    /// A lap of rules that act before it (`lap_prelude`) or pass over the
    /// opponent's holes by their count (`skip_count`), its lift reported.
    #[cold]
    #[inline(never)]
    pub(crate) fn lap_of_rare_rules<O: SowObserver>(
        &self,
        sower: &mut Sower<'_, O>,
        lift: Lift,
    ) -> (usize, u32) {
        if self.sowing.lap_prelude {
            self.before_lap(sower, lift.origin);
        }
        // The prelude may have changed the seeds.
        let lift = Lift {
            seeds: sower.board[lift.origin],
            ..lift
        };
        if self.sowing.skip_count != 0 || self.sowing.hole_limit != 0 {
            // The holes passed over change as the lap sows: the general lap.
            return self.sow_lap_blocked(sower, lift);
        }
        self.lap_sown(sower, lift)
    }

    /// The sowing of one lap whose lift is reported.
    #[inline(always)]
    pub(crate) fn lap_sown<O: SowObserver>(
        &self,
        sower: &mut Sower<'_, O>,
        lift: Lift,
    ) -> (usize, u32) {
        let sowing = &sower.sowing;
        if sowing.blocked | sowing.territory != 0 {
            // Only games played in rounds have blocked holes or holes owned
            // across the board: off the hot path.
            self.sow_lap_blocked(sower, lift)
        } else if self.layout.ring_table {
            self.sow_lap_with_store(sower, lift)
        } else if self.sowing.passing_captures && sowing.may_capture {
            self.sow_lap_passing(sower, lift)
        } else {
            let Lift {
                origin,
                seeds,
                into_origin,
            } = lift;
            self.sow_lap(sower.board, origin, into_origin, seeds, sower.obs)
        }
    }

    /// One lap in a game that sows into the mover's store, or around the
    /// mover's own row only: the ring of cells is read from a table (holes,
    /// and the store after the mover's row when it is sown).
    /// Returns the last cell (a hole, or `STORE_CELL + side`) and the mask
    /// of holes sown.
    #[inline(always)]
    pub(crate) fn sow_lap_with_store<O: SowObserver>(
        &self,
        sower: &mut Sower<'_, O>,
        lift: Lift,
    ) -> (usize, u32) {
        let (board, stores, sowing, obs) = sower.parts();
        let mover = sowing.mover;
        let Lift {
            origin,
            seeds,
            into_origin,
        } = lift;
        if !O::ACTIVE && !into_origin && (seeds as usize) < self.layout.holes + 2 {
            let stride = self.layout.holes + 2;
            let lap = &self.layout.ring_laps
                [(mover.index() * self.layout.holes + origin) * stride + seeds as usize];
            if lap.last != ShortLap::LONG {
                // No cell sown twice, the origin never (skipped or not).
                return lap.apply(
                    board,
                    stores,
                    origin,
                    seeds as u64,
                    |_| 0,
                    self.layout.board_words,
                );
            }
        }
        board[origin] = 0;
        // Looked up past the table's laps, which most moves are: an
        // address made before them would cost every move.
        let next = &self.layout.ring_next[mover.index()];
        let skip_origin = self.sowing.skip_origin;
        each_seed(
            board,
            stores,
            lift,
            |_, cell, _| {
                let after = next[cell] as usize;
                if skip_origin && after == origin {
                    next[after] as usize
                } else {
                    after
                }
            },
            |board, stores, cell, _, _| drop_seed(board, stores, cell),
            obs,
        )
    }

    /// One lap on a board with holes out of play for the round (`blocked`,
    /// one bit a hole), which the sowing passes over, as it passes over the
    /// opponent's holes holding `skip_count` seeds; the mover's store is
    /// sown in games that sow into it. Each row keeps a hole in play (see
    /// [`Rules::with_blocked`]) and the mover's holes are never passed over
    /// for their count, so the lap always finds the next cell.
    /// Captures while sowing (`passing_captures`) are taken as in
    /// [`Rules::sow_lap_passing`].
    #[cold]
    pub(crate) fn sow_lap_blocked<O: SowObserver>(
        &self,
        sower: &mut Sower<'_, O>,
        lift: Lift,
    ) -> (usize, u32) {
        let (board, stores, sowing, obs) = sower.parts();
        let Sowing {
            mover,
            blocked,
            may_capture,
            ..
        } = *sowing;
        let origin = lift.origin;
        let step = |cell: usize| {
            if self.layout.ring_table {
                self.layout.ring_next[mover.index()][cell] as usize
            } else {
                self.layout.next_hole(cell)
            }
        };
        // The opponent's holes holding `skip_count` seeds are passed over
        // too (`sowing.skip_opponent_count`; no hole holds 0 seeds after a
        // seed falls in, so 0 passes over none).
        let skipped = if self.sowing.skip_count != 0 {
            self.layout.row_mask[mover.opponent().index()]
        } else {
            0
        };
        // So are full holes (`sowing.hole_limit`; 0: none is full).
        let in_play = |board: &[u8; MAX_HOLES], cell: usize| {
            cell >= MAX_HOLES
                || (blocked & (1 << cell) == 0
                    && !(skipped & (1 << cell) != 0 && board[cell] == self.sowing.skip_count)
                    && (self.sowing.hole_limit == 0 || board[cell] < self.sowing.hole_limit))
        };
        let next = |board: &[u8; MAX_HOLES], mut cell: usize| {
            loop {
                cell = step(cell);
                if in_play(board, cell) && !(self.sowing.skip_origin && cell == origin) {
                    return cell;
                }
            }
        };
        // Owned holes passed over by all seeds but the last (the only
        // holes passed over then: rounds are refused with owned holes).
        let last_lands = self.owning.is_some_and(|o| o.past_but_last);
        board[origin] = 0;
        let passing = self.sowing.passing_captures && may_capture;
        each_seed(
            board,
            stores,
            lift,
            |board, cell, left| {
                if last_lands && left == 0 {
                    step(cell)
                } else {
                    next(board, cell)
                }
            },
            |board, stores, cell, left, obs| {
                let sown = drop_seed(board, stores, cell);
                if sown && passing {
                    self.take_passing(board, stores, sowing, cell, left, obs);
                }
                sown
            },
            obs,
        )
    }

    /// One lap: lifts `origin` and sows its seeds. Returns the last hole and
    /// the mask of holes sown.
    #[inline(always)]
    pub(crate) fn sow_lap<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        origin: usize,
        into_origin: bool,
        seeds: u8,
        obs: &mut O,
    ) -> (usize, u32) {
        if !O::ACTIVE {
            return self.sow_lap_by_table(board, origin, into_origin, seeds);
        }
        board[origin] = 0;
        let lift = Lift {
            origin,
            seeds,
            into_origin,
        };
        each_seed(
            board,
            &mut [0, 0],
            lift,
            |_, hole, _| self.next_sown_hole(hole, origin),
            |board, _, hole, _, _| {
                board[hole] += 1;
                true
            },
            obs,
        )
    }

    /// The hole after `hole` in a plain ring (no stores, nothing passed
    /// over), passing over `origin` with `sowing.skip_origin`.
    #[inline(always)]
    pub(crate) fn next_sown_hole(&self, hole: usize, origin: usize) -> usize {
        let after = self.layout.next_hole(hole);
        if self.sowing.skip_origin && after == origin {
            self.layout.next_hole(after)
        } else {
            after
        }
    }

    /// [`Rules::sow_lap`] of the `seeds` seeds of `origin`, untraced,
    /// without a loop over the seeds: the lap's whole rounds of the ring
    /// (every hole, less the origin with `skip_origin`) are one vector add,
    /// and the seeds left over a lap of the short-lap table, which never
    /// sows a hole twice nor reaches the origin.
    #[inline(always)]
    pub(crate) fn sow_lap_by_table(
        &self,
        board: &mut [u8; MAX_HOLES],
        origin: usize,
        into_origin: bool,
        seeds: u8,
    ) -> (usize, u32) {
        let divmod = self.layout.lap_divmod[seeds as usize];
        let (rounds, rest) = ((divmod >> 8) as u8, (divmod & 0xFF) as usize);
        // The table's laps start after their entry's hole.
        let in_origin = into_origin && !self.sowing.skip_origin;
        let before = if in_origin {
            self.layout.prev[origin] as usize
        } else {
            origin
        };
        let lap = &self.layout.short_laps[before * self.layout.holes + rest];
        // Branch-free from here: whether a lap comes round or not is as
        // random as the seeds in its hole.
        let word = |bytes: &[u8; MAX_HOLES], k: usize| {
            u64::from_le_bytes(bytes[8 * k..8 * k + 8].try_into().expect("8 bytes"))
        };
        let [south, north] = &self.layout.row_bytes;
        let each = rounds as u64 * 0x0101_0101_0101_0101;
        let every = |k| (word(south, k) | word(north, k)) & each;
        // Passed over, the origin takes no round either.
        let skipped = self.sowing.skip_origin as u64;
        let lifted = seeds as u64 + skipped * rounds as u64;
        let (last, sown) = lap.apply(
            board,
            &mut [0, 0],
            origin,
            lifted,
            every,
            self.layout.board_words,
        );
        let ring = ((1u64 << self.layout.holes) - 1) as u32 & !((skipped as u32) << origin);
        let sown = if rounds == 0 { sown } else { ring };
        // Whole rounds only: the last seed fell just before the lap's first hole.
        let before_first = if in_origin || self.sowing.skip_origin {
            self.layout.prev[origin] as usize
        } else {
            origin
        };
        let last = if rest == 0 && rounds != 0 {
            before_first
        } else {
            last
        };
        (last, sown)
    }

    /// One lap in which every hole but the last (and the last too with
    /// `passing_last`) that a seed brings to a passing count is emptied into
    /// its owner's store (`passing_captures`).
    pub(crate) fn sow_lap_passing<O: SowObserver>(
        &self,
        sower: &mut Sower<'_, O>,
        lift: Lift,
    ) -> (usize, u32) {
        let (board, stores, sowing, obs) = sower.parts();
        let origin = lift.origin;
        board[origin] = 0;
        each_seed(
            board,
            stores,
            lift,
            |_, hole, _| self.next_sown_hole(hole, origin),
            |board, stores, hole, left, obs| {
                board[hole] += 1;
                self.take_passing(board, stores, sowing, hole, left, obs);
                true
            },
            obs,
        )
    }

    /// A capture while sowing (`passing_captures`): the hole a seed has
    /// just brought to a passing count, in the mover's passing zone, is
    /// emptied into its taker's store; not by a lap's last seed (`left`
    /// seeds still in hand) unless `sowing.passing_last`.
    #[inline(always)]
    pub(crate) fn take_passing<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        sowing: &Sowing,
        hole: usize,
        left: u8,
        obs: &mut O,
    ) {
        let Sowing {
            mover, territory, ..
        } = *sowing;
        if (left > 0 || self.sowing.passing_last)
            && self.sowing.passing[board[hole] as usize]
            && self.passing_zone_of(mover, territory) & (1 << hole) != 0
        {
            let taker = self.passing_taker(mover, hole, territory);
            obs.take(hole, board[hole]);
            obs.keep(taker, board[hole], Kept::Captured);
            stores[taker.index()] += board[hole];
            board[hole] = 0;
        }
    }

    /// Who takes a hole while sowing: the player it belongs to (in a
    /// territory game, whoever owns it: `territory` marks the holes played
    /// by the other row's player), or the mover (`sowing.passing_to_mover`).
    #[inline(always)]
    pub(crate) fn passing_taker(&self, mover: Side, hole: usize, territory: u32) -> Side {
        if self.sowing.passing_to_mover {
            mover
        } else if territory & (1 << hole) != 0 {
            self.owner(hole).opponent()
        } else {
            self.owner(hole)
        }
    }

    /// The hole after `hole` in the sowing direction, holes out of play
    /// (`blocked`) passed over as the sowing passes them (each row keeps a
    /// hole in play, so this ends).
    #[inline]
    pub(crate) fn next_in_play(&self, blocked: u32, hole: usize) -> usize {
        let mut next = self.layout.next[hole] as usize;
        while blocked & (1 << next) != 0 {
            next = self.layout.next[next] as usize;
        }
        next
    }

    /// What a lap does once its seeds are lifted, before it sows them:
    /// its first seed kept by the mover (`sowing.lap_keeps_one`), or, with
    /// a single seed, the hole facing it taken (`sowing.single_takes_facing`);
    /// or every single seed of the mover's row taking the hole facing it
    /// (`sowing.singles_take_facing`).
    #[cold]
    #[inline(never)]
    pub(crate) fn before_lap<O: SowObserver>(&self, sower: &mut Sower<'_, O>, origin: usize) {
        if self.sowing.lap_keeps_one {
            keep_one(sower, origin);
        }
        let (board, stores, sowing, obs) = sower.parts();
        let mover = sowing.mover;
        if self.sowing.singles_take_facing {
            // Only single laps: this lap is the move, its origin not yet lifted.
            for hole in self.row(mover) {
                let facing = self.opposite(hole);
                if board[hole] == 1 && board[facing] > 0 {
                    let seeds = board[facing];
                    board[facing] = 0;
                    obs.take(facing, seeds);
                    stores[mover.index()] += seeds;
                    obs.keep(mover, seeds, Kept::Captured);
                }
            }
        }
        if !self.sowing.single_takes_facing || board[origin] != 1 {
            return;
        }
        let facing = self.opposite(origin);
        let seeds = board[facing];
        board[facing] = 0;
        obs.take(facing, seeds);
        stores[mover.index()] += seeds;
        obs.keep(mover, seeds, Kept::Captured);
    }
}
