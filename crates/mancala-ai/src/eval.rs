//! Position values: what the searches maximise.
//!
//! Every value is an `i32` from the point of view of the player to move
//! (negamax convention: good for the mover is positive).
//!
//! - **Seeds games** (`result = "seeds"`): the seed margin in **half seeds**
//!   (the unit of [`mancala_core::Score`], so that a shared odd board is
//!   exact). A finished game is worth its exact final score difference, as
//!   [`mancala_core::settle`] computes it; a drawn game is worth 0 (this
//!   matters only for an endless sowing, which is a draw whatever the
//!   seeds). A game in progress is worth the captured difference, plus, in
//!   games shaped like Oware (see [`Features`]), positional terms: seeds
//!   and playable holes in each row, holes of `2n` seeds or more, the best
//!   capture each player could make at once and the holes open to one.
//!   Their weights are in sixteenths of a half seed and the sum is rounded
//!   to half seeds, so a finished game's exact value is never mixed with
//!   them and values keep their unit.
//! - **Deprivation games** (`result = "deprivation"`): a won game is worth
//!   [`WIN`] minus the plies to the win (so quicker wins are preferred and
//!   slower losses resisted), a lost one the negation, a draw 0. A game in
//!   progress gets a heuristic much smaller than any won value: seeds in the
//!   mover's row minus the opponent's, plus a mobility term (playable holes).

use std::sync::OnceLock;

use mancala_core::spec::{
    CaptureRule, Chain, Direction, GrandSlam, Laps, ResultRule, RowChoice, SowStart,
};
use mancala_core::{Outcome, Position, Rules, Side};

/// The value of a deprivation game won now; a win `p` plies from the
/// searched position is worth `WIN - p`.
pub const WIN: i32 = 30_000;
/// Values at least this large (in absolute value) are proven wins (losses).
pub const WIN_BOUND: i32 = WIN - 1_000;
/// Larger than any value: the search window's infinity.
pub(crate) const INF: i32 = 32_000;

/// How a game is scored, read once from its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Seeds,
    Deprivation,
}

/// Weights of the positional terms of seeds games, in sixteenths of a half
/// seed (a weight of 32 is one seed), each applied to the mover's figure
/// minus the opponent's except where said.
///
/// Fitted to self-play games by logistic (Texel) regression
/// ([`crate::tune`]) and kept where matches at a fixed node budget
/// confirmed them (see docs/ai.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per seed in the player's row (seeds that are the owner's at the end,
    /// and the means to move and to feed).
    pub row_seeds: i32,
    /// Per playable hole (mobility).
    pub playable: i32,
    /// Per hole of `2n` seeds or more (a kroo: it laps the board and can
    /// capture from many holes at once).
    pub kroo: i32,
    /// Per seed of the best capture the mover can make now (its tempo).
    pub capture_now: i32,
    /// Per seed of the best capture the opponent could make if it were its
    /// turn (a threat the mover may still parry), counted against the mover.
    pub capture_threat: i32,
    /// Per hole of the player's row a seed short of a capturing count (a
    /// target: Oware's holes of one or two seeds), counted against its owner.
    pub targets: i32,
    /// Per seed that the player's holes would sow into the opponent's row
    /// (on their first lap): seeds given away, which feed the opponent's
    /// moves and captures.
    pub reach: i32,
}

/// How many positional terms there are (the fields of [`Weights`]).
pub const TERMS: usize = 7;

impl Weights {
    /// The weights in the order of their fields.
    pub fn to_array(self) -> [i32; TERMS] {
        [
            self.row_seeds,
            self.playable,
            self.kroo,
            self.capture_now,
            self.capture_threat,
            self.targets,
            self.reach,
        ]
    }

    /// Weights from values in the order of the fields.
    pub fn from_array(v: [i32; TERMS]) -> Weights {
        Weights {
            row_seeds: v[0],
            playable: v[1],
            kroo: v[2],
            capture_now: v[3],
            capture_threat: v[4],
            targets: v[5],
            reach: v[6],
        }
    }

    /// Weights from `MANCALA_EVAL_WEIGHTS`' text: seven integers separated
    /// by commas in the order of the fields, or the first six (the weight
    /// of `reach` then 0, the evaluation before it existed).
    pub fn parse(text: &str) -> Option<Weights> {
        let v: Vec<i32> = text
            .split(',')
            .map(|t| t.trim().parse::<i32>().ok())
            .collect::<Option<_>>()?;
        match v.len() {
            TERMS => Some(Weights::from_array(v.try_into().ok()?)),
            6 => {
                let mut all = [0; TERMS];
                all[..6].copy_from_slice(&v);
                Some(Weights::from_array(all))
            }
            _ => None,
        }
    }
}

/// The weights used unless `MANCALA_EVAL_WEIGHTS` overrides them for
/// tuning (see [`Weights::parse`]).
pub const DEFAULT_WEIGHTS: Weights = Weights {
    row_seeds: 8,
    playable: 48,
    kroo: 15,
    capture_now: 25,
    capture_threat: 17,
    targets: 5,
    reach: -18,
};

fn weights() -> Weights {
    static W: OnceLock<Weights> = OnceLock::new();
    *W.get_or_init(|| {
        let Ok(text) = std::env::var("MANCALA_EVAL_WEIGHTS") else {
            return DEFAULT_WEIGHTS;
        };
        Weights::parse(&text).unwrap_or_else(|| {
            // A tuning knob, not user input to refuse: say why it is not
            // used and play with the defaults rather than stop a match.
            eprintln!(
                "warning: MANCALA_EVAL_WEIGHTS={text:?} is not six or seven integers separated by commas; using the default weights"
            );
            DEFAULT_WEIGHTS
        })
    })
}

/// What the positional terms need to know of a game whose moves can be
/// followed by index arithmetic: Oware's shape (one lap, counter-clockwise,
/// from the next hole, no stores, captures of counts in the opponent's row).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Features {
    /// Bit `c` set: a hole brought to `c` seeds is captured (`c < 32`).
    counts: u32,
    /// Whether the holes before the last one are taken too.
    chain: bool,
    /// Whether a capture of the opponent's whole row captures nothing.
    grand_slam_void: bool,
    /// Whether a sowing of `2n` or more passes over its origin.
    skip_origin: bool,
    weights: Weights,
}

impl Features {
    fn of(rules: &Rules) -> Option<Features> {
        let spec = rules.spec();
        let (sow, cap) = (&spec.sowing, &spec.capture);
        let shaped = spec.end.result == ResultRule::Seeds
            && rules.has_fixed_direction()
            && sow.direction == Direction::CounterClockwise
            && sow.laps == Laps::Single
            && sow.start == SowStart::Next
            && sow.chosen_holes.is_empty()
            && !sow.own_row
            && !sow.passing_captures
            && !sow.into_own_store
            && !spec.board.stores
            && !rules.has_owned_holes()
            && !rules.has_extra_turns()
            && cap.rule == CaptureRule::Counts
            && cap.last_hole_in == Some(RowChoice::Opponent)
            && cap.chain_limit.is_none();
        if !shaped {
            return None;
        }
        let mut counts = 0u32;
        for &c in cap.counts.as_deref().unwrap_or(&[]) {
            if c < 32 {
                counts |= 1 << c;
            }
        }
        Some(Features {
            counts,
            chain: matches!(cap.chain, Some(Chain::SameRow)),
            grand_slam_void: matches!(
                cap.grand_slam,
                Some(GrandSlam::NoCapture | GrandSlam::Forbidden)
            ),
            skip_origin: sow.skip_origin,
            weights: weights(),
        })
    }

    /// The best capture, in seeds, that the owner of `b[..n]` could make
    /// with one move (`b` is the board turned so that its row comes first,
    /// both rows in sowing order).
    #[inline]
    fn best_capture(&self, b: &[u8], n: usize) -> i32 {
        let holes = 2 * n;
        let mut best = 0;
        for i in 0..n {
            let s = b[i] as usize;
            if s == 0 {
                continue;
            }
            // Where the last seed falls and how many seeds each hole sown
            // up to it received.
            let (k, added) = if s < holes {
                (s, 1)
            } else if self.skip_origin {
                ((s - 1) % (holes - 1) + 1, (s - 1) / (holes - 1) + 1)
            } else {
                continue;
            };
            let last = (i + k) % holes;
            if last < n {
                continue;
            }
            let mut gain = 0;
            let mut whole = false;
            let mut h = last;
            loop {
                let c = b[h] as usize + added;
                if c >= 32 || self.counts & (1 << c) == 0 {
                    break;
                }
                gain += c as i32;
                if h == n {
                    whole = true;
                    break;
                }
                if !self.chain {
                    break;
                }
                h -= 1;
            }
            // A grand slam (the whole row taken: every hole up to the last
            // captured, none after it holding a seed) that captures nothing.
            if whole
                && self.grand_slam_void
                && s < holes
                && b[last + 1..holes].iter().all(|&x| x == 0)
            {
                gain = 0;
            }
            best = best.max(gain);
        }
        best
    }

    /// The positional terms for the mover of `b` (turned as in
    /// [`Features::best_capture`]), unweighted, in the order of the fields
    /// of [`Weights`], each signed so that its weight multiplies it.
    /// `captures`: whether to compute the two capture terms (0 otherwise).
    #[inline]
    fn raw(&self, b: &[u8], n: usize, captures: bool) -> [i32; TERMS] {
        let holes = 2 * n;
        let (mine, theirs) = b.split_at(n);
        let (mut seeds, mut playable, mut kroo, mut targets, mut reach) =
            (0i32, 0i32, 0i32, 0i32, 0i32);
        for (row, sign) in [(mine, 1), (&theirs[..n], -1)] {
            for (i, &x) in row.iter().enumerate() {
                let x = x as usize;
                seeds += sign * x as i32;
                playable += sign * (x > 0) as i32;
                kroo += sign * (x >= holes) as i32;
                // A seed short of a capturing count.
                targets += sign * (x + 1 < 32 && (self.counts >> (x + 1)) & 1 != 0) as i32;
                // Seeds past the end of the own row, at most a row of them.
                reach += sign * (x.saturating_sub(n - 1 - i).min(n)) as i32;
            }
        }
        let (now, threat) = if captures {
            let mut turned = [0u8; mancala_core::MAX_HOLES];
            turned[..n].copy_from_slice(&theirs[..n]);
            turned[n..holes].copy_from_slice(mine);
            (
                self.best_capture(b, n),
                self.best_capture(&turned[..holes], n),
            )
        } else {
            (0, 0)
        };
        [seeds, playable, kroo, now, -threat, -targets, reach]
    }

    /// The positional terms for the mover of `b` (turned as in
    /// [`Features::best_capture`]), in sixteenths of a half seed.
    #[inline]
    fn terms(&self, b: &[u8], n: usize) -> i32 {
        let w = self.weights.to_array();
        let raw = self.raw(b, n, w[3] != 0 || w[4] != 0);
        raw.iter().zip(w).map(|(&f, w)| f * w).sum()
    }
}

/// Evaluates positions of one game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Evaluator {
    pub kind: Kind,
    n: usize,
    features: Option<Features>,
}

impl Evaluator {
    pub(crate) fn new(rules: &Rules) -> Evaluator {
        let kind = match rules.spec().end.result {
            ResultRule::Seeds => Kind::Seeds,
            ResultRule::Deprivation => Kind::Deprivation,
        };
        Evaluator {
            kind,
            n: rules.holes_per_side(),
            features: Features::of(rules),
        }
    }

    /// The captured difference alone (in seeds games; as
    /// [`Evaluator::static_eval`] in deprivation games): what `greedy`
    /// maximises.
    pub(crate) fn material(&self, pos: &Position) -> i32 {
        let me = pos.to_move();
        match self.kind {
            Kind::Seeds => 2 * (pos.held(me) as i32 - pos.held(me.opponent()) as i32),
            Kind::Deprivation => self.static_eval(pos),
        }
    }

    /// The heuristic value of a live position for its player to move.
    #[inline]
    pub(crate) fn static_eval(&self, pos: &Position) -> i32 {
        let me = pos.to_move();
        let opp = me.opponent();
        match self.kind {
            // Seeds in owned holes are their owner's (0 without `[owned]`).
            Kind::Seeds => {
                let material = 2 * (pos.held(me) as i32 - pos.held(opp) as i32);
                let Some(f) = &self.features else {
                    return material;
                };
                let n = self.n;
                let b = self.turned(pos);
                // Rounded to the nearest half seed, halves away from zero.
                let t = f.terms(&b[..2 * n], n);
                material + (t + 8 * t.signum()) / 16
            }
            Kind::Deprivation => {
                // Seeds are the means to move: running out loses. Playable
                // holes (mobility) break ties between equal seed counts.
                let board = pos.raw_board();
                let (south, north) = board[..2 * self.n].split_at(self.n);
                let (mine, theirs) = if me == Side::South {
                    (south, north)
                } else {
                    (north, south)
                };
                let seeds = |row: &[u8]| row.iter().map(|&s| s as i32).sum::<i32>();
                let holes = |row: &[u8]| row.iter().filter(|&&s| s != 0).count() as i32;
                4 * (seeds(mine) - seeds(theirs)) + (holes(mine) - holes(theirs))
            }
        }
    }

    /// The board turned so that the mover's row comes first, both rows in
    /// sowing order.
    #[inline]
    fn turned(&self, pos: &Position) -> [u8; mancala_core::MAX_HOLES] {
        let n = self.n;
        let board = pos.raw_board();
        let mut b = [0u8; mancala_core::MAX_HOLES];
        if pos.to_move() == Side::South {
            b[..2 * n].copy_from_slice(&board[..2 * n]);
        } else {
            b[..n].copy_from_slice(&board[n..2 * n]);
            b[n..2 * n].copy_from_slice(&board[..n]);
        }
        b
    }

    /// For tuning: the captured difference (half seeds) and the unweighted
    /// positional terms of a live position, for its mover, in games shaped
    /// like Oware (`None` in others).
    pub(crate) fn terms_of(&self, pos: &Position) -> Option<(i32, [i32; TERMS])> {
        let f = self.features.as_ref()?;
        let me = pos.to_move();
        let material = 2 * (pos.held(me) as i32 - pos.held(me.opponent()) as i32);
        let b = self.turned(pos);
        Some((material, f.raw(&b[..2 * self.n], self.n, true)))
    }

    /// The exact value of a finished game for `mover` (the player who would
    /// be to move), reached `ply` plies from the search's root.
    #[inline]
    pub(crate) fn outcome(&self, outcome: &Outcome, mover: Side, ply: usize) -> i32 {
        match (self.kind, outcome.winner) {
            (_, None) => 0,
            (Kind::Seeds, Some(_)) => {
                let score = outcome.score.expect("a seeds game has a score");
                score[mover.index()].0 as i32 - score[mover.opponent().index()].0 as i32
            }
            (Kind::Deprivation, Some(w)) => {
                let v = WIN - ply as i32;
                if w == mover { v } else { -v }
            }
        }
    }

    /// The aspiration window's first half width: about two seeds in seeds
    /// games, the worth of a seed and a hole in deprivation games.
    pub(crate) fn aspiration_delta(&self) -> i32 {
        match self.kind {
            Kind::Seeds => 4,
            Kind::Deprivation => 10,
        }
    }
}

/// A value as text: `+3.5` (seeds, from half seeds), `win in 7` / `loss in 4`
/// (proven deprivation results, in plies) or `+12` (heuristic).
pub fn format_value(rules: &Rules, value: i32) -> String {
    if rules.spec().end.result == ResultRule::Deprivation {
        if value >= WIN_BOUND {
            return format!("win in {}", WIN - value);
        }
        if value <= -WIN_BOUND {
            return format!("loss in {}", WIN + value);
        }
        return format!("{value:+}");
    }
    signed_half_seeds(value)
}

/// A margin in half seeds as seeds with a sign: `+2.5`, `-1`, `+0`.
pub(crate) fn signed_half_seeds(half_seeds: i32) -> String {
    let sign = if half_seeds < 0 { "-" } else { "+" };
    let v = half_seeds.unsigned_abs();
    if v.is_multiple_of(2) {
        format!("{sign}{}", v / 2)
    } else {
        format!("{sign}{}.5", v / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::Game;

    /// The best capture, checked by hand on Oware boards (South to move;
    /// North's row is indices 6..12, sown in index order after South's).
    #[test]
    fn oware_best_capture_by_hand() {
        let rules = Rules::builtin("oware").unwrap();
        let f = Features::of(&rules).expect("Oware has the shape");
        // F (index 5) with 2 seeds reaches 6 and 7: 7 holds 1 -> 2, and 6
        // holds 2 -> 3: a chain of 5 seeds.
        let b = [0, 0, 0, 0, 0, 2, 2, 1, 4, 4, 4, 4];
        assert_eq!(f.best_capture(&b, 6), 5);
        // The same with North's other holes empty is a grand slam, which
        // captures nothing in Oware.
        let b = [0, 0, 0, 0, 0, 2, 2, 1, 0, 0, 0, 0];
        assert_eq!(f.best_capture(&b, 6), 0);
        // 12 seeds from A (index 0) skip their origin: the last seed falls
        // in index 1 (South's own row): no capture; 13 from A end in 2.
        let mut b = [0u8; 12];
        b[0] = 12;
        b[6] = 1;
        assert_eq!(f.best_capture(&b, 6), 0);
        // 17 seeds from A: one seed into each of B..l (11 holes), A
        // skipped, then B..a again: the last in index 6 (North's first
        // hole), which got two seeds, 1 -> 3: captured; not a grand slam,
        // as the rest of North's row got seeds too.
        let mut b = [0u8; 12];
        b[0] = 17;
        b[6] = 1;
        b[11] = 5;
        assert_eq!(f.best_capture(&b, 6), 3);
    }

    /// A game not shaped like Oware keeps the captured difference, and
    /// finished games keep their exact values whatever the weights.
    #[test]
    fn other_games_and_finished_games_unchanged() {
        let kalah = Rules::builtin("kalah").unwrap();
        assert!(Features::of(&kalah).is_none());
        let mut game = Game::new(kalah.clone());
        let e = Evaluator::new(&kalah);
        while !game.is_over() {
            let pos = *game.position();
            let me = pos.to_move();
            assert_eq!(
                e.static_eval(&pos),
                2 * (pos.held(me) as i32 - pos.held(me.opponent()) as i32)
            );
            game.play_index(0);
        }
        let oware = Rules::builtin("oware").unwrap();
        let e = Evaluator::new(&oware);
        let mut game = Game::new(oware);
        while !game.is_over() {
            let n = game.successors().len();
            game.play_index(n - 1);
        }
        let o = game.outcome().unwrap();
        let score = o.score.unwrap();
        let mover = game.position().to_move();
        assert_eq!(
            e.outcome(o, mover, 3),
            score[mover.index()].0 as i32 - score[mover.opponent().index()].0 as i32
        );
    }

    /// The positional terms are the mover's minus the opponent's: the
    /// opening position, where both rows are alike, is worth 0, and a
    /// position is worth the negation of itself with the rows swapped
    /// apart from the capture terms, which are not symmetric (the mover's
    /// capture is made at once).
    #[test]
    fn oware_terms_are_differences() {
        let rules = Rules::builtin("oware").unwrap();
        let e = Evaluator::new(&rules);
        let start = rules.start();
        assert_eq!(e.static_eval(&start), 0);
        // More seeds and holes in South's row, no captures for either.
        let b = [5, 5, 5, 5, 0, 0, 0, 0, 0, 0, 0, 4];
        let south = rules.position(&b, [0, 0], Side::South, 10).unwrap();
        let north = rules.position(&b, [0, 0], Side::North, 10).unwrap();
        assert!(e.static_eval(&south) > 0);
        assert_eq!(e.static_eval(&south), -e.static_eval(&north));
    }

    #[test]
    fn values_format() {
        let modiar = Rules::builtin("modiar").unwrap();
        assert_eq!(format_value(&modiar, 7), "+3.5");
        assert_eq!(format_value(&modiar, -4), "-2");
        assert_eq!(format_value(&modiar, 0), "+0");
        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        assert_eq!(format_value(&sadeqa, WIN - 5), "win in 5");
        assert_eq!(format_value(&sadeqa, -WIN + 4), "loss in 4");
        assert_eq!(format_value(&sadeqa, -12), "-12");
    }
}
