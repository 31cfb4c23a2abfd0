//! Captures: what the last seed of a sowing takes, and where the taken
//! seeds go.

use crate::Side;
use crate::layout::STORE_CELL;
use crate::position::{MAX_HOLES, Position};
use crate::rules::Rules;
use crate::spec::{CaptureRule, Chain, ChainDirection, GrandSlam, RowChoice};
use crate::trace::{Kept, SowObserver};

/// What a move's capture did.
#[derive(Clone, Copy)]
pub(crate) struct Capture {
    /// The capture would take seeds from the opponent's row and leave it
    /// empty (whether or not the rules let it take them).
    pub(crate) slam: bool,
    /// Seeds were taken.
    pub(crate) took: bool,
}

/// What a grand slam takes when it leaves one hole: the holes of
/// `opponent_row` holding seeds but the lowest- (or highest-) numbered, or
/// that hole alone when it is the only one.
#[cold]
#[inline(never)]
pub(crate) fn slam_leaving_one(board: &[u8; MAX_HOLES], opponent_row: u32, lowest: bool) -> u32 {
    let full = (0..MAX_HOLES)
        .filter(|&h| opponent_row & (1 << h) != 0 && board[h] != 0)
        .fold(0u32, |m, h| m | 1 << h);
    if full.count_ones() <= 1 {
        return full;
    }
    let keeper = if lowest {
        full.trailing_zeros()
    } else {
        31 - full.leading_zeros()
    };
    full & !(1 << keeper)
}

/// An observer that reports captured seeds as kept in one hole
/// (`sowing.lap_captures_sown_on`: a lap's capture is sown on from its last
/// hole) and passes everything else on.
pub(crate) struct KeptInto<'a, O> {
    inner: &'a mut O,
    hole: usize,
}

impl<O: SowObserver> SowObserver for KeptInto<'_, O> {
    const ACTIVE: bool = O::ACTIVE;
    #[inline(always)]
    fn lift(&mut self, hole: usize, seeds: u8) {
        self.inner.lift(hole, seeds);
    }
    #[inline(always)]
    fn sow(&mut self, cell: usize) {
        self.inner.sow(cell);
    }
    #[inline(always)]
    fn take(&mut self, hole: usize, seeds: u8) {
        self.inner.take(hole, seeds);
    }
    #[inline(always)]
    fn keep(&mut self, side: Side, seeds: u8, _: Kept) {
        self.inner.keep(side, seeds, Kept::Hole(self.hole));
    }
    #[inline(always)]
    fn own(&mut self, hole: usize, side: Side) {
        self.inner.own(hole, side);
    }
    #[inline(always)]
    fn take_store(&mut self, side: Side, seeds: u8) {
        self.inner.take_store(side, seeds);
    }
    #[inline(always)]
    fn lift_store(&mut self, side: Side, seeds: u8) {
        self.inner.lift_store(side, seeds);
    }
}

impl Rules {
    /// Gives `mover` the `amount` seeds a capture took.
    #[inline(always)]
    pub(crate) fn keep<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        amount: u32,
        obs: &mut O,
    ) {
        let side = mover.index();
        if let Some(o) = self.owning
            && o.captures_into
        {
            let owned = child.owned[side];
            if owned != 0 {
                let hole = owned.trailing_zeros() as usize;
                child.board[hole] += amount as u8;
                obs.keep(mover, amount as u8, Kept::Hole(hole));
                return;
            }
        }
        if self.capture.to_mover {
            child.captured[side] += amount as u8;
            obs.keep(mover, amount as u8, Kept::Captured);
        } else {
            child.removed[side] += amount as u8;
            obs.keep(mover, amount as u8, Kept::Removed);
        }
    }

    /// The holes where `mover` may capture (`capture.last_hole_in`): rows,
    /// but in a territory round (`territory`, the holes played by the other
    /// row's player) the holes the mover or the opponent owns.
    #[inline(always)]
    pub(crate) fn capture_zone_of(&self, mover: Side, territory: u32) -> u32 {
        if territory == 0 {
            self.capture.zone[mover.index()]
        } else {
            self.held_capture_zone(mover, territory)
        }
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn held_capture_zone(&self, mover: Side, territory: u32) -> u32 {
        self.held_zone(mover, territory, self.spec.capture.last_hole_in())
    }

    /// The holes of `row` (relative to `mover`) in a territory round: the
    /// holes the mover or the opponent owns.
    pub(crate) fn held_zone(&self, mover: Side, territory: u32, row: RowChoice) -> u32 {
        let holes_of = |side: Side| {
            (self.layout.row_mask[side.index()] & !territory)
                | (self.layout.row_mask[side.opponent().index()] & territory)
        };
        match row {
            RowChoice::Any => self.layout.row_mask[0] | self.layout.row_mask[1],
            RowChoice::Own => holes_of(mover),
            RowChoice::Opponent => holes_of(mover.opponent()),
        }
    }

    /// Whether `hole` holds seeds, as many as the hole opposite it, neither
    /// of them owned (`capture.rule = "match"`).
    #[inline]
    pub(crate) fn holes_match(&self, board: &[u8; MAX_HOLES], hole: usize, owned: u32) -> bool {
        let opposite = self.opposite(hole);
        board[hole] != 0
            && board[hole] == board[opposite]
            && owned & (1 << hole | 1 << opposite) == 0
    }

    /// A lap's capture whose seeds are put into the last hole, to be sown on
    /// from it (`sowing.lap_captures_sown_on`); whether it took any.
    pub(crate) fn capture_sown_on<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        sown: u32,
        obs: &mut O,
    ) -> bool {
        let side = mover.index();
        let kept = child.captured[side] as u32 + child.removed[side] as u32;
        // The trace says where the seeds really go: into the last hole.
        let mut into_last = KeptInto {
            inner: obs,
            hole: last,
        };
        if !self
            .capture::<_, true>(child, before, mover, last, sown, &mut into_last)
            .took
        {
            return false;
        }
        let taken = child.captured[side] as u32 + child.removed[side] as u32 - kept;
        // Captures go to `captured` or to `removed`, never both.
        if self.capture.to_mover {
            child.captured[side] -= taken as u8;
        } else {
            child.removed[side] -= taken as u8;
        }
        child.board[last] += taken as u8;
        true
    }

    /// The move's opposite capture pulled into its last hole, where the
    /// seeds stay (`capture.pull_across`).
    #[cold]
    #[inline(never)]
    pub(crate) fn pull_across<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        sown: u32,
        obs: &mut O,
    ) -> Capture {
        self.capture_sown_on(child, before, mover, last, sown, obs);
        // Nothing left the board: no capture for the rules that count them.
        Capture {
            slam: false,
            took: false,
        }
    }

    /// Gives the mover every seed left on the board when there are 1 to
    /// `take_last` of them in the rows counted (`capture.take_last`).
    #[cold]
    pub(crate) fn take_last_seeds<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        obs: &mut O,
    ) {
        let counted = self.capture.take_last_counted[mover.index()];
        let left: u32 = (0..self.layout.holes)
            .filter(|&h| counted & (1 << h) != 0)
            .map(|h| child.board[h] as u32)
            .sum();
        if left == 0 || left > self.capture.take_last {
            return;
        }
        let left = child.board[..self.layout.holes]
            .iter()
            .map(|&s| s as u32)
            .sum();
        if O::ACTIVE {
            for (hole, &seeds) in child.board[..self.layout.holes].iter().enumerate() {
                if seeds != 0 {
                    obs.take(hole, seeds);
                }
            }
        }
        child.board[..self.layout.holes].fill(0);
        self.keep(child, mover, left, obs);
    }

    /// The captures that move a store's seeds, before any other: a last
    /// seed in the opponent's store takes it (`capture.opponent_store`), one
    /// in an empty hole may lose the mover's (`capture.store_lost_in`).
    /// `None`: neither applies, the other captures follow.
    #[cold]
    #[inline(never)]
    pub(crate) fn store_capture<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        obs: &mut O,
    ) -> Option<Capture> {
        if last >= MAX_HOLES && self.capture.opponent_store {
            return Some(self.take_store(child, before, mover, last, obs));
        }
        if last < MAX_HOLES
            && self.capture.store_lost[mover.index()] & (1 << last) != 0
            && child.board[last] == 1
            && child.captured[mover.index()] != 0
            && !self.captures_inhibited(before)
        {
            return Some(self.lose_store(child, mover, obs));
        }
        None
    }

    /// A sowing ending in a store, in a game whose last seed in the
    /// opponent's store takes all of it (`capture.opponent_store`).
    pub(crate) fn take_store<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        obs: &mut O,
    ) -> Capture {
        let opponent = mover.opponent().index();
        if last != STORE_CELL + opponent || self.captures_inhibited(before) {
            return Capture {
                slam: false,
                took: false,
            };
        }
        let seeds = child.captured[opponent];
        child.captured[opponent] = 0;
        obs.take_store(mover.opponent(), seeds);
        child.captured[mover.index()] += seeds;
        obs.keep(mover, seeds, Kept::Captured);
        Capture {
            slam: false,
            took: seeds > 0,
        }
    }

    /// A last seed into an empty hole where the mover's store is lost
    /// (`capture.store_lost_in`): the opponent takes all of it.
    #[cold]
    #[inline(never)]
    pub(crate) fn lose_store<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        obs: &mut O,
    ) -> Capture {
        let seeds = child.captured[mover.index()];
        child.captured[mover.index()] = 0;
        obs.take_store(mover, seeds);
        child.captured[mover.opponent().index()] += seeds;
        obs.keep(mover.opponent(), seeds, Kept::Captured);
        Capture {
            slam: false,
            took: true,
        }
    }

    /// Applies the capture of a move that ended in `last`. Returns whether
    /// the move is a grand slam (its capture would take seeds from the
    /// opponent's row and leave it empty).
    /// `RARE` as for [`Rules::sow`].
    #[inline(always)]
    pub(crate) fn capture<O: SowObserver, const RARE: bool>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        sown: u32,
        obs: &mut O,
    ) -> Capture {
        const NOTHING: Capture = Capture {
            slam: false,
            took: false,
        };
        if let Some(o) = &self.owning
            && last < MAX_HOLES
        {
            let o = *o;
            if let Some(took) = self.own_or_raid(child, mover, last, o, obs) {
                return Capture { slam: false, took };
            }
            if o.captures_into && child.owned[mover.index()] == 0 {
                // Captures go into an owned hole: none, no capture.
                return NOTHING;
            }
        }
        if self.capture.store_captures
            && let Some(taken) = self.store_capture(child, before, mover, last, obs)
        {
            return taken;
        }
        // Owned holes are never captured from; nor, where captures need a
        // hole moved from (`capture.moved_from_only`), the others.
        let owned = child.owned[0]
            | child.owned[1]
            | if RARE && self.capture.moved_from_only {
                !child.moved_from
            } else {
                0
            };
        if self.capture.rule == CaptureRule::None
            || last >= MAX_HOLES
            || self.captures_inhibited(before)
            || (if RARE {
                self.capture_zone_of(mover, child.territory)
            } else {
                self.capture.zone[mover.index()]
            }) & (1 << last)
                == 0
        {
            return NOTHING;
        }
        let Some(taken) = self.taken::<RARE>(&child.board, before, mover, last, sown, owned) else {
            return NOTHING;
        };
        let board = &mut child.board;
        let opponent_row = self.layout.row_mask[mover.opponent().index()];
        // Where grand slams are allowed and taken as any capture, whether
        // this is one changes nothing: the rows are not counted.
        let slam = (self.capture.grand_slam != GrandSlam::Allowed
            || self.capture.slam_leaves_lowest.is_some())
            && {
                let from_opponent = crate::layout::sum_bits(board, taken & opponent_row);
                from_opponent > 0 && from_opponent == crate::layout::sum_bits(board, opponent_row)
            };
        if slam {
            let captures = match self.capture.grand_slam {
                GrandSlam::Allowed | GrandSlam::OpponentTakesRow | GrandSlam::ExtraTurn => true,
                GrandSlam::NoCapture => false,
                GrandSlam::Forbidden => self.capture.slam_fallback.captures(),
            };
            if !captures {
                return Capture {
                    slam: true,
                    took: false,
                };
            }
        }
        let taken = match self.capture.slam_leaves_lowest {
            Some(lowest) if slam => slam_leaving_one(board, opponent_row, lowest),
            _ => taken,
        };
        let amount = self.take_holes(child, mover, taken, obs);
        if slam && self.capture.grand_slam == GrandSlam::OpponentTakesRow {
            self.row_to_opponent(child, mover, obs);
        }
        Capture {
            slam,
            took: amount > 0,
        }
    }

    /// What a capture by `mover`'s last seed in `last` takes, one bit a
    /// hole, on `board` as the sowing left it: `None` when it takes
    /// nothing. Only reads; [`Rules::capture`] takes the seeds. `owned`:
    /// holes never taken. `RARE` as for [`Rules::sow`].
    #[inline(always)]
    pub(crate) fn taken<const RARE: bool>(
        &self,
        board: &[u8; MAX_HOLES],
        before: &Position,
        mover: Side,
        last: usize,
        sown: u32,
        owned: u32,
    ) -> Option<u32> {
        let taken = match self.capture.rule {
            CaptureRule::Counts if self.capture.sweep.row() => {
                let opponent_row = self.layout.row_mask[mover.opponent().index()];
                let trigger = opponent_row | 1 << self.layout.rightmost[mover.index()];
                if trigger & (1 << last) == 0 {
                    return None;
                }
                self.capturing_holes(board, opponent_row)
            }
            CaptureRule::Counts if RARE && self.capture.sweep.board() => {
                let all = self.layout.row_mask[0] | self.layout.row_mask[1];
                let taken = self.capturing_holes(board, all & !owned);
                if taken == 0 {
                    return None;
                }
                taken
            }
            CaptureRule::Counts => {
                if !self.capture.capturing[board[last] as usize] || owned & (1 << last) != 0 {
                    return None;
                }
                let mut taken = 1u32 << last;
                if RARE && self.capture.chain_rare {
                    taken = self.rare_chain(board, before, last, sown, owned, taken);
                } else if self.capture.chain != Chain::None {
                    let zone = if self.capture.chain == Chain::SameRow {
                        if RARE && before.territory != 0 {
                            // A territory round: the holes of the last
                            // hole's owner.
                            let holder = self.holder(before, last);
                            self.holes_of(before, holder)
                        } else {
                            self.layout.row_mask[self.owner(last).index()]
                        }
                    } else {
                        self.layout.row_mask[0] | self.layout.row_mask[1]
                    };
                    let allowed = zone & sown & !owned;
                    // The chain passes over holes out of play, as the sowing did
                    // (each row keeps a hole in play, so this ends).
                    let skip = |mut hole: usize| {
                        while before.blocked & (1 << hole) != 0 {
                            hole = self.layout.prev[hole] as usize;
                        }
                        hole
                    };
                    let mut hole = skip(self.layout.prev[last] as usize);
                    let mut holes = 1;
                    while holes < self.capture.chain_limit
                        && allowed & !taken & (1 << hole) != 0
                        && self.capture.capturing[board[hole] as usize]
                    {
                        taken |= 1 << hole;
                        holes += 1;
                        hole = skip(self.layout.prev[hole] as usize);
                    }
                }
                taken
            }
            CaptureRule::Opposite => {
                let opposite = self.opposite(last);
                if board[last] != 1
                    || (board[opposite] == 0 && !self.capture.empty_opposite)
                    || owned & (1 << opposite) != 0
                    || (self.capture.opposite_counted
                        && !self.capture.capturing[board[opposite] as usize])
                {
                    return None;
                }
                let sower = if self.capture.take_sower {
                    1u32 << last
                } else {
                    0
                };
                let counted = if RARE && self.capture.take_counted {
                    self.counted_holes(board, mover, owned)
                } else {
                    0
                };
                let taken = (1u32 << opposite) | sower | counted;
                if RARE && self.capture.chain_rare {
                    self.rare_chain(board, before, last, sown, owned, taken)
                } else {
                    taken
                }
            }
            CaptureRule::AcrossGap => {
                if !self.sowing.relay.on() && board[last] <= 1 {
                    return None;
                }
                let mut taken = 0u32;
                let mut holes = 0u32;
                let mut at = last;
                loop {
                    let gap = self.next_in_play(before.blocked, at);
                    let target = self.next_in_play(before.blocked, gap);
                    // A hole taken earlier in the chain is empty by now.
                    let gap_empty = board[gap] == 0 || taken & (1 << gap) != 0;
                    if !gap_empty || board[target] == 0 || taken & (1 << target) != 0 {
                        break;
                    }
                    taken |= 1 << target;
                    holes += 1;
                    // A single lap's chain would go on from the hole just
                    // emptied, which never held seeds: only relays go on.
                    if self.capture.chain == Chain::None
                        || !self.sowing.relay.on()
                        || holes >= self.capture.chain_limit
                    {
                        break;
                    }
                    at = target;
                }
                if taken == 0 {
                    return None;
                }
                taken
            }
            CaptureRule::Next => {
                let next = self.next_in_play(before.blocked, last);
                if board[last] != 1 || board[next] == 0 || owned & (1 << next) != 0 {
                    return None;
                }
                let sower = if self.capture.take_sower {
                    1u32 << last
                } else {
                    0
                };
                (1u32 << next) | sower
            }
            CaptureRule::Match => {
                if !self.holes_match(board, last, owned) {
                    return None;
                }
                let taken = (1u32 << last) | (1u32 << self.opposite(last));
                if RARE && self.capture.chain_rare {
                    self.rare_chain(board, before, last, sown, owned, taken)
                } else {
                    taken
                }
            }
            CaptureRule::NextCounts if RARE => {
                let next = self.next_in_play(before.blocked, last);
                if owned & (1 << next) != 0 || !self.capture.capturing[board[next] as usize] {
                    return None;
                }
                if RARE && self.capture.chain_rare {
                    self.rare_chain(board, before, next, sown, owned, 1 << next)
                } else {
                    1 << next
                }
            }
            // Rules capturing the next hole by its count are rare.
            CaptureRule::None | CaptureRule::NextCounts => unreachable!("checked above"),
        };
        let taken = if RARE && self.capture.take_facing {
            // Without chains a capture takes one hole: its facing one goes too.
            let facing = self.opposite(taken.trailing_zeros() as usize);
            if board[facing] != 0 && owned & (1 << facing) == 0 {
                taken | 1 << facing
            } else {
                taken
            }
        } else {
            taken
        };
        Some(taken)
    }

    /// Takes the seeds of the holes of `taken` off the board and gives
    /// them to `mover` where the rules keep captures ([`Rules::keep`]);
    /// returns how many.
    #[inline(always)]
    fn take_holes<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        taken: u32,
        obs: &mut O,
    ) -> u32 {
        let board = &mut child.board;
        let mut amount = 0u32;
        let mut bits = taken;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            amount += board[hole] as u32;
            obs.take(hole, board[hole]);
            board[hole] = 0;
        }
        self.keep(child, mover, amount, obs);
        amount
    }

    /// The holes a capture chain adds to `taken`, the capture of `first`
    /// (the last hole, or for `"next-counts"` the hole after it), where the
    /// common path does not follow it: a chain of matching holes
    /// (`capture.rule = "match"`, each hole taken with the one opposite
    /// it), of next holes, or one that runs onwards in the sowing
    /// direction (`capture.chain_direction`). Backwards, a hole must have
    /// been sown this move; onwards, not. Each way the chain stops at the
    /// first hole that does not capture, takes at most `chain_limit` holes
    /// counting `first`, and passes over holes out of play.
    #[cold]
    #[inline(never)]
    pub(crate) fn rare_chain(
        &self,
        board: &[u8; MAX_HOLES],
        before: &Position,
        first: usize,
        sown: u32,
        owned: u32,
        mut taken: u32,
    ) -> u32 {
        let zone = if self.capture.chain == Chain::SameRow {
            if before.territory != 0 {
                // A territory round: the holes of the first hole's owner.
                self.holes_of(before, self.holder(before, first))
            } else {
                self.layout.row_mask[self.owner(first).index()]
            }
        } else {
            self.layout.row_mask[0] | self.layout.row_mask[1]
        } & !owned;
        let pairs = self.capture.rule == CaptureRule::Match;
        let across = self.capture.rule == CaptureRule::Opposite;
        // A hole taken earlier in the chain is empty by now.
        let captures = |taken: u32, hole: usize| {
            let facing = self.opposite(hole);
            if taken & (1 << hole) != 0 || zone & (1 << hole) == 0 {
                false
            } else if pairs {
                taken & (1 << facing) == 0 && self.holes_match(board, hole, owned)
            } else if across {
                // An empty hole takes the one facing it, as the last did.
                board[hole] == 0
                    && taken & (1 << facing) == 0
                    && board[facing] != 0
                    && owned & (1 << facing) == 0
                    && (!self.capture.opposite_counted
                        || self.capture.capturing[board[facing] as usize])
            } else {
                self.capture.capturing[board[hole] as usize]
            }
        };
        let onward = self.capture.chain_direction != ChainDirection::Against;
        let backward = self.capture.chain_direction != ChainDirection::Along;
        for (step, needs_sown) in [(&self.layout.next, false), (&self.layout.prev, true)] {
            if (needs_sown && !backward) || (!needs_sown && !onward) {
                continue;
            }
            let skip = |mut hole: usize| {
                hole = step[hole] as usize;
                while before.blocked & (1 << hole) != 0 {
                    hole = step[hole] as usize;
                }
                hole
            };
            let mut hole = skip(first);
            let mut holes = 1;
            while holes < self.capture.chain_limit
                && (!needs_sown || sown & (1 << hole) != 0)
                && captures(taken, hole)
            {
                if across {
                    taken |= 1 << self.opposite(hole);
                } else {
                    taken |= 1 << hole;
                }
                if pairs {
                    taken |= 1 << self.opposite(hole);
                }
                holes += 1;
                hole = skip(hole);
            }
        }
        taken
    }

    /// The holes of the opponent's row holding one of the capturing counts
    /// (`capture.take_counted`), owned holes left out.
    #[cold]
    #[inline(never)]
    pub(crate) fn counted_holes(&self, board: &[u8; MAX_HOLES], mover: Side, owned: u32) -> u32 {
        self.capturing_holes(
            board,
            self.layout.row_mask[mover.opponent().index()] & !owned,
        )
    }

    /// The holes of `holes` (one bit a hole) holding a capturing count
    /// (`capture.counts`).
    #[inline(always)]
    pub(crate) fn capturing_holes(&self, board: &[u8; MAX_HOLES], holes: u32) -> u32 {
        let mut counted = 0u32;
        let mut bits = holes;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.capture.capturing[board[hole] as usize] {
                counted |= 1 << hole;
            }
        }
        counted
    }

    /// Whether a lap's last seed, in `last`, captures there by the capture
    /// rule's own test: its count (`counts`), matching the hole opposite
    /// (`match`), or in an empty hole facing seeds (`opposite`, of a count
    /// of `counts` where it has them); within the mover's capture zone
    /// (`territory` as for [`Rules::capture_zone_of`]). What is then taken,
    /// and the rules around it (chains, grand slams, owned holes), is
    /// [`Rules::capture`]'s; relays that stop where they capture and laps
    /// that keep a capturing seed ask this.
    #[inline]
    pub(crate) fn last_seed_captures(
        &self,
        board: &[u8; MAX_HOLES],
        mover: Side,
        last: usize,
        territory: u32,
    ) -> bool {
        self.capture_zone_of(mover, territory) & (1 << last) != 0
            && match self.capture.rule {
                CaptureRule::Match => self.holes_match(board, last, 0),
                CaptureRule::Opposite => {
                    let facing = board[self.opposite(last)];
                    board[last] == 1
                        && facing != 0
                        && (!self.capture.opposite_counted
                            || self.capture.capturing[facing as usize])
                }
                _ => self.capture.capturing[board[last] as usize],
            }
    }

    /// After a grand slam, the opponent takes the seeds of the mover's row
    /// (`grand_slam = "opponent-takes-row"`).
    #[cold]
    #[inline(never)]
    pub(crate) fn row_to_opponent<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        obs: &mut O,
    ) {
        let mut amount = 0u32;
        for hole in self.row(mover) {
            let seeds = child.board[hole];
            if seeds != 0 {
                amount += seeds as u32;
                obs.take(hole, seeds);
                child.board[hole] = 0;
            }
        }
        if amount != 0 {
            self.keep(child, mover.opponent(), amount, obs);
        }
    }
}
