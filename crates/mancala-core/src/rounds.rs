//! Games played in rounds (`[rounds]`): when a round ends, each player
//! refills their own row from the seeds they won, holes that cannot be
//! filled may be out of play (blocked) for the next round, and the match
//! ends when a player cannot fill `min_holes` holes.
//!
//! A round's end is an ordinary end of the game for [`Rules::judge`] (a
//! search stops there and values the round's result, seeds won); the
//! [`Game`](crate::Game) then asks [`Rules::next_round`] whether the match
//! goes on, and from which position.

use crate::Side;
use crate::end::{EndReason, Outcome, Score};
use crate::position::{MAX_HOLES, Position};
use crate::rules::Rules;
use crate::spec::{PartialHole, RoundFill, RoundStarter};

/// A round after the first, as a [`Game`](crate::Game) set it up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundStart {
    /// The round's number (2 for the second round).
    pub round: u32,
    /// Moves of the game played before the round started.
    pub after_moves: usize,
    /// How the previous round ended.
    pub previous: Outcome,
    /// The position the previous round ended in (before its settlement).
    pub ended: Position,
    /// The round's opening position.
    pub position: Position,
}

impl Rules {
    /// Whether the game is a match played in rounds.
    #[inline]
    pub fn has_rounds(&self) -> bool {
        self.rounds.is_some()
    }

    /// Whether an end of the game for `reason` ends only the round, the
    /// match going on if both players can refill enough holes. An endless
    /// sowing and the ply limit end the match at once (their settlement may
    /// share seeds by halves).
    #[inline]
    pub fn ends_round(&self, reason: EndReason) -> bool {
        self.rounds.is_some() && !matches!(reason, EndReason::EndlessMove | EndReason::PlyLimit)
    }

    /// The opening position of the next round after a round that ended in
    /// `end` with `outcome` (from [`settle`](crate::settle)) and was started
    /// by `round_starter`; `None` when the match is over: no rounds, an end
    /// that ends the match (see [`Rules::ends_round`]), or a player whose
    /// seeds cannot fill `rounds.min_holes` holes.
    ///
    /// Each player fills as many holes of their row as their seeds allow
    /// with `board.seeds_per_hole` seeds each, in the `rounds.fill` order,
    /// and keeps the rest in their store; the holes left empty are blocked
    /// when `rounds.blocked`.
    pub fn next_round(
        &self,
        end: &Position,
        outcome: &Outcome,
        round_starter: Side,
    ) -> Option<Position> {
        self.next_round_tallied(end, outcome, round_starter, [0, 0])
    }

    /// The round wins (South, North) a round that ended with `outcome`
    /// adds to the tally of a match won by one (`rounds.round_wins`): one
    /// for its winner, two when the winner has at least
    /// `rounds.double_win_seeds` seeds; none for a draw.
    pub fn round_wins_earned(&self, outcome: &Outcome) -> [u32; 2] {
        let mut earned = [0u32; 2];
        if let Some(w) = outcome.winner {
            let double = self
                .rounds
                .as_ref()
                .and_then(|r| r.double_win_seeds)
                .zip(outcome.score)
                .is_some_and(|(at, score)| score[w.index()] >= Score::seeds(at));
            earned[w.index()] = if double { 2 } else { 1 };
        }
        earned
    }

    /// What a round that ended with `outcome` adds to the tally of a match
    /// won by one (South, North): its round wins
    /// ([`round_wins_earned`](Rules::round_wins_earned)) in a match of
    /// `rounds.round_wins`, its totals in half seeds (a [`Score`]'s unit)
    /// in a match of `rounds.seeds_to_win`; nothing in other matches.
    pub fn tally_earned(&self, outcome: &Outcome) -> [u32; 2] {
        match self.rounds.as_ref() {
            Some(r) if r.round_wins.is_some() => self.round_wins_earned(outcome),
            Some(r) if r.seeds_to_win.is_some() => outcome.score.map_or([0, 0], |s| s.map(|x| x.0)),
            _ => [0, 0],
        }
    }

    /// What the rounds `played` earned towards a tallied match's goal
    /// (see [`tally_earned`](Rules::tally_earned)), South first.
    // Out of line: a game calls it once, at its end, from its move loop.
    #[cold]
    #[inline(never)]
    pub fn tally_of(&self, played: &[RoundStart]) -> [u32; 2] {
        played.iter().fold([0, 0], |sum, r| {
            let earned = self.tally_earned(&r.previous);
            [sum[0] + earned[0], sum[1] + earned[1]]
        })
    }

    /// Whether a tally (South, North, in the unit of
    /// [`tally_earned`](Rules::tally_earned)) wins the match: a player has
    /// `rounds.round_wins` round wins, or `rounds.seeds_to_win` seeds.
    fn tally_reached(&self, tally: [u32; 2]) -> bool {
        let needed = match self.rounds.as_ref() {
            Some(r) => match (r.round_wins, r.seeds_to_win) {
                (Some(wins), _) => wins,
                (None, Some(seeds)) => Score::seeds(seeds).0,
                (None, None) => return false,
            },
            None => return false,
        };
        tally.iter().any(|&t| t >= needed)
    }

    /// How a match ends whose last round ended with `last`, after rounds
    /// that earned `tally` (see [`tally_earned`](Rules::tally_earned)): in
    /// a match of `rounds.seeds_to_win`, the totals are the seeds over all
    /// the rounds and the player with more wins (the round's winner does
    /// not matter); every other match ends with its last round's outcome.
    // Out of line: a game calls it once, at its end, from its move loop.
    #[cold]
    #[inline(never)]
    pub fn match_outcome(&self, last: &Outcome, tally: [u32; 2]) -> Outcome {
        let seed_tally = self
            .rounds
            .as_ref()
            .is_some_and(|r| r.seeds_to_win.is_some());
        let Some(score) = last.score.filter(|_| seed_tally) else {
            return *last;
        };
        let totals = [Score(score[0].0 + tally[0]), Score(score[1].0 + tally[1])];
        // An endless sowing or the ply limit ends the match drawn.
        let winner = if matches!(last.reason, EndReason::EndlessMove | EndReason::PlyLimit) {
            None
        } else {
            crate::end::ahead(totals[0], totals[1])
        };
        Outcome {
            reason: last.reason,
            winner,
            score: Some(totals),
        }
    }

    /// [`next_round`](Rules::next_round) in a match won by a tally (of
    /// round wins, `rounds.round_wins`, or seeds, `rounds.seeds_to_win`),
    /// where `tally` is what the rounds before this one earned (see
    /// [`tally_earned`](Rules::tally_earned)): the match is over once a
    /// player reaches the tally; otherwise the next round starts from the
    /// opening layout (a random one drawn anew), the stores empty. Other
    /// matches ignore `tally`.
    pub fn next_round_tallied(
        &self,
        end: &Position,
        outcome: &Outcome,
        round_starter: Side,
        tally: [u32; 2],
    ) -> Option<Position> {
        let rounds = self.rounds.as_ref()?;
        if !self.ends_round(outcome.reason) {
            return None;
        }
        if rounds.is_tallied() {
            let earned = self.tally_earned(outcome);
            let wins = [tally[0] + earned[0], tally[1] + earned[1]];
            if self.tally_reached(wins) {
                return None;
            }
            let to_move = self.round_first_player(rounds.starter, end, outcome, round_starter);
            let pos = if self.spec.board.layout == crate::spec::StartLayout::Random {
                // A new draw, the same for the same match so far.
                let mut seed = end.ply as u64 ^ ((wins[0] as u64) << 40) ^ ((wins[1] as u64) << 48);
                for &s in &end.board[..self.layout.holes] {
                    seed = seed.wrapping_mul(0x100_0000_01b3).wrapping_add(s as u64);
                }
                self.start_seeded(seed)
            } else {
                self.start()
            };
            // The opening position (no owned holes: rounds refuse them),
            // started by the round's first player at the match's ply.
            return Some(Position {
                to_move,
                opened: self.starter_bit(to_move),
                ply: end.ply,
                ..pos
            });
        }
        let score = outcome.score?;
        if !score.iter().all(|s| s.is_whole()) {
            return None;
        }
        let seeds = score.map(|s| s.0 / 2);
        let per_hole = self.spec.board.seeds_per_hole;
        let least = rounds.least_seeds(per_hole);
        if seeds.iter().any(|&s| s < least) {
            return None;
        }
        let to_move = self.round_first_player(rounds.starter, end, outcome, round_starter);
        if rounds.territory {
            let (territory, partial) = self.territory_won(seeds, rounds.partial_hole);
            let mut board = self.layout.start_board;
            let mut captured = [0u8; 2];
            if rounds.partial_hole == PartialHole::LoserEmpty
                && let Some(hole) = partial
            {
                // The partly filled hole starts empty; each player keeps
                // what is left over from whole holes.
                board[hole] = 0;
                captured = seeds.map(|s| (s % per_hole) as u8);
            }
            return Some(Position {
                board,
                captured,
                removed: [0, 0],
                to_move,
                opened: self.starter_bit(to_move),
                ply: end.ply,
                blocked: 0,
                owned: [0, 0],
                territory,
                moved_from: 0,
                barred: 0,
            });
        }
        let mut board = [0u8; MAX_HOLES];
        let mut captured = [0u8; 2];
        let mut blocked = 0u32;
        if rounds.loser_only {
            // The winner's row and store stay; the loser's seeds are those
            // of their store and row.
            let loser = outcome.winner.map_or(Side::North, Side::opponent);
            let winner = loser.opponent();
            for h in self.row(winner) {
                board[h] = end.board[h];
                blocked |= end.blocked & (1 << h);
            }
            captured[winner.index()] = end.captured[winner.index()];
            let seeds = end.captured[loser.index()] as u32 + self.row_seeds(end, loser);
            if seeds < rounds.min_holes * per_hole {
                return None;
            }
            let filled = (seeds / per_hole).min(self.layout.n as u32) as usize;
            captured[loser.index()] = (seeds - filled as u32 * per_hole) as u8;
            for (i, hole) in self.fill_order(loser).enumerate() {
                if i < filled {
                    board[hole] = per_hole as u8;
                } else if rounds.blocked {
                    blocked |= 1 << hole;
                }
            }
            return Some(Position {
                board,
                captured,
                removed: end.removed,
                to_move,
                opened: self.starter_bit(to_move),
                ply: end.ply,
                blocked,
                // Only territory rounds allow owned holes.
                owned: [0, 0],
                territory: 0,
                moved_from: 0,
                barred: 0,
            });
        }
        for side in Side::BOTH {
            let filled = (seeds[side.index()] / per_hole).min(self.layout.n as u32) as usize;
            captured[side.index()] = (seeds[side.index()] - filled as u32 * per_hole) as u8;
            for (i, hole) in self.fill_order(side).enumerate() {
                if i < filled {
                    board[hole] = per_hole as u8;
                } else if rounds.blocked {
                    blocked |= 1 << hole;
                }
            }
        }
        Some(Position {
            board,
            captured,
            removed: [0, 0],
            to_move,
            opened: self.starter_bit(to_move),
            ply: end.ply,
            blocked,
            owned: [0, 0],
            territory: 0,
            moved_from: 0,
            barred: 0,
        })
    }

    /// Who starts the round after one that ended in `end` with `outcome`
    /// and was started by `round_starter`.
    fn round_first_player(
        &self,
        starter: RoundStarter,
        end: &Position,
        outcome: &Outcome,
        round_starter: Side,
    ) -> Side {
        let alternate = round_starter.opponent();
        match starter {
            RoundStarter::Alternate => alternate,
            RoundStarter::Loser => outcome.winner.map_or(alternate, Side::opponent),
            RoundStarter::Winner => outcome.winner.unwrap_or(alternate),
            RoundStarter::LastMover => end.last_mover(),
            // After a drawn round, who is to move at its end decides: a
            // last move that earned another leaves its mover to move.
            RoundStarter::LoserElseLastMover => outcome
                .winner
                .map_or(end.to_move.opponent(), Side::opponent),
            RoundStarter::WinnerElseNotLastMover => outcome.winner.unwrap_or(end.to_move),
        }
    }

    /// The holes that change hands for a territory round after a round in
    /// which the players won `seeds`: the player with more seeds owns as
    /// many holes as their seeds fill, and the hole their seeds left over
    /// fill in part as `partial` says (by default when those are more than
    /// half a hole); those past their own row are the first holes of the
    /// opponent's row, from the opponent's left. With the mask, the hole
    /// the seeds left over would fill in part, when some are left over.
    fn territory_won(&self, seeds: [u32; 2], partial: PartialHole) -> (u32, Option<usize>) {
        let per_hole = self.spec.board.seeds_per_hole;
        let greater = match seeds[0].cmp(&seeds[1]) {
            std::cmp::Ordering::Equal => return (0, None),
            std::cmp::Ordering::Greater => Side::South,
            std::cmp::Ordering::Less => Side::North,
        };
        let won = seeds[greater.index()];
        let mut holes = (won / per_hole) as usize;
        let over = won % per_hole;
        // The winner's holes run through their row, then the opponent's
        // from its start: the partly filled hole is the next one.
        let next = |holes: usize| {
            (over != 0 && holes < 2 * self.layout.n).then(|| {
                let row = if holes < self.layout.n {
                    greater
                } else {
                    greater.opponent()
                };
                self.row(row).start + holes % self.layout.n
            })
        };
        let part = next(holes);
        if partial == PartialHole::OverHalf && over > per_hole / 2 {
            holes += 1;
        }
        let across = holes.saturating_sub(self.layout.n).min(self.layout.n);
        let first = self.row(greater.opponent()).start;
        ((first..first + across).fold(0, |m, h| m | 1 << h), part)
    }

    /// `side`'s holes in the order a new round fills them.
    fn fill_order(&self, side: Side) -> impl Iterator<Item = usize> + use<> {
        // A row's holes from its owner's left are its indices in increasing order.
        let first = self.row(side).start;
        let n = self.layout.n;
        let fill = self.rounds.as_ref().map_or(RoundFill::Left, |r| r.fill);
        (0..n).map(move |i| {
            first
                + match fill {
                    RoundFill::Left => i,
                    RoundFill::Right => n - 1 - i,
                    RoundFill::Outside if i % 2 == 0 => i / 2,
                    RoundFill::Outside => n - 1 - i / 2,
                    // South's left end is North's right end.
                    RoundFill::OutsideWest if side == Side::South => [i / 2, n - 1 - i / 2][i % 2],
                    RoundFill::OutsideWest => [n - 1 - i / 2, i / 2][i % 2],
                    RoundFill::West if side == Side::South => i,
                    RoundFill::West => n - 1 - i,
                }
        })
    }

    /// `pos` with the holes marked in `blocked` (by hole index) out of play
    /// for the round, as a trace or a saved match gives them. Refused in
    /// games without blocked holes, for a blocked hole holding seeds, and
    /// when a row would have no hole in play.
    pub fn with_blocked(&self, mut pos: Position, blocked: &[bool]) -> Result<Position, String> {
        if blocked.len() != self.layout.holes {
            return Err(format!(
                "a {} board has {} holes, not {}",
                self.name(),
                self.layout.holes,
                blocked.len()
            ));
        }
        let mask = blocked
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b)
            .fold(0u32, |m, (h, _)| m | 1 << h);
        if mask != 0 && !self.rounds.as_ref().is_some_and(|r| r.blocked) {
            return Err(format!(
                "{} has no blocked holes (it needs [rounds] with blocked = true)",
                self.name()
            ));
        }
        if let Some(h) = (0..self.layout.holes).find(|&h| mask & (1 << h) != 0 && pos.board[h] != 0)
        {
            return Err(format!(
                "hole {h} is blocked but holds {} seeds",
                pos.board[h]
            ));
        }
        for side in Side::BOTH {
            if self.row(side).all(|h| mask & (1 << h) != 0) {
                return Err(format!("every hole of {side}'s row is blocked"));
            }
        }
        pos.blocked = mask;
        Ok(pos)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::Score;
    use crate::game::Game;

    /// Six holes of four seeds, a store each, captures of 2 and 4 in the
    /// opponent's row, the round decided by a majority.
    const ROUNDS: &str = "name = \"R\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n\
        [sowing]\nstart = \"next\"\n[capture]\nrule = \"counts\"\ncounts = [2, 4]\nlast_hole_in = \"opponent\"\n\
        [end]\nmajority = true\n[rounds]\n";

    fn rules(extra: &str) -> Rules {
        Rules::from_toml("r", &format!("{ROUNDS}{extra}"), "r.toml").unwrap()
    }

    fn outcome(reason: EndReason, south: u32, north: u32) -> Outcome {
        let winner = crate::end::ahead(south, north);
        Outcome {
            reason,
            winner,
            score: Some([Score::seeds(south), Score::seeds(north)]),
        }
    }

    fn board(pos: &Position) -> Vec<u8> {
        pos.raw_board()[..12].to_vec()
    }

    /// Hand-checked: South won 17 seeds, North 31. South fills 4 holes
    /// (16 seeds, 1 left in the store), North all 6 (24, 7 in the store).
    #[test]
    fn each_fill_order_fills_from_the_players_seat() {
        let end = rules("").start();
        let o = outcome(EndReason::Majority, 17, 31);
        let r = rules("fill = \"left\"\n");
        let next = r.next_round(&end, &o, Side::South).unwrap();
        assert_eq!(board(&next), [4, 4, 4, 4, 0, 0, 4, 4, 4, 4, 4, 4]);
        assert_eq!(
            [next.captured(Side::South), next.captured(Side::North)],
            [1, 7]
        );
        assert_eq!(next.blocked_mask(), 0b11_0000);
        assert!(next.is_blocked(4) && next.is_blocked(5) && !next.is_blocked(3));
        let next = rules("fill = \"right\"\n")
            .next_round(&end, &o, Side::South)
            .unwrap();
        assert_eq!(board(&next), [0, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
        // Outside: leftmost, rightmost, second leftmost, second rightmost.
        let next = rules("fill = \"outside\"\n")
            .next_round(&end, &o, Side::South)
            .unwrap();
        assert_eq!(board(&next), [4, 4, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4]);
        // North fills from North's left (index 6) too: North with 13 seeds.
        let o = outcome(EndReason::Majority, 35, 13);
        let next = rules("fill = \"outside\"\n")
            .next_round(&end, &o, Side::South)
            .unwrap();
        assert_eq!(board(&next), [4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 4]);
        assert_eq!(
            [next.captured(Side::South), next.captured(Side::North)],
            [11, 1]
        );
        // Outside from the west end: North's right (index 11) first.
        let next = rules("fill = \"outside-west\"\n")
            .next_round(&end, &o, Side::South)
            .unwrap();
        assert_eq!(board(&next), [4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 4, 4]);
        let o5 = outcome(EndReason::Majority, 28, 20);
        let next = rules("fill = \"outside-west\"\n")
            .next_round(&end, &o5, Side::South)
            .unwrap();
        assert_eq!(board(&next), [4, 4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4]);
        let next = rules("fill = \"outside\"\n")
            .next_round(&end, &o5, Side::South)
            .unwrap();
        assert_eq!(board(&next), [4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 4, 4]);
        // Without blocking, the empty holes stay in play.
        let next = rules("blocked = false\n")
            .next_round(&end, &o, Side::South)
            .unwrap();
        assert_eq!(next.blocked_mask(), 0);
    }

    /// Hand-checked (Jongkak, a StoneShark trace): seven holes of five
    /// seeds. North's g emptied North's row: South holds 30 + 14 on the
    /// board, North 26. Only North, the loser, refills: five holes from the
    /// board's west end (g, f, e, d, c), 1 seed in the store, a and b
    /// blocked; South's row and store stay. South, the winner, starts.
    #[test]
    fn only_the_loser_refills() {
        let text = "name = \"J\"\n[board]\nholes_per_row = 7\nseeds_per_hole = 5\nstores = true\n\
            [sowing]\nstart = \"next\"\n[rounds]\nfill = \"west\"\nloser_only = true\nstarter = \"winner\"\n";
        let r = Rules::from_toml("j", text, "j.toml").unwrap();
        let end = r
            .position(
                &[0, 1, 1, 0, 0, 11, 1, 0, 0, 0, 0, 0, 0, 0],
                [30, 26],
                Side::South,
                23,
            )
            .unwrap();
        let o = outcome(EndReason::RowEmpty, 44, 26);
        let next = r.next_round(&end, &o, Side::South).unwrap();
        assert_eq!(
            next.raw_board()[..14],
            [0, 1, 1, 0, 0, 11, 1, 0, 0, 5, 5, 5, 5, 5]
        );
        assert_eq!(
            [next.captured(Side::South), next.captured(Side::North)],
            [30, 1]
        );
        assert_eq!(next.blocked_mask(), 0b11 << 7);
        assert_eq!(next.to_move(), Side::South);
        // A loser with fewer than five seeds ends the match.
        let end = r
            .position(
                &[0, 1, 1, 0, 0, 11, 1, 0, 0, 0, 0, 0, 0, 0],
                [52, 4],
                Side::South,
                23,
            )
            .unwrap();
        assert!(
            r.next_round(&end, &outcome(EndReason::RowEmpty, 66, 4), Side::South)
                .is_none()
        );
        assert_ne!(
            r.play_fingerprint(),
            Rules::from_toml("j", &text.replace("loser_only = true\n", ""), "j.toml")
                .unwrap()
                .play_fingerprint()
        );
    }

    #[test]
    fn the_match_ends_when_a_player_cannot_fill_min_holes() {
        let end = rules("").start();
        assert!(
            rules("")
                .next_round(&end, &outcome(EndReason::Majority, 45, 3), Side::South)
                .is_none()
        );
        assert!(
            rules("")
                .next_round(&end, &outcome(EndReason::Majority, 44, 4), Side::South)
                .is_some()
        );
        let two = rules("min_holes = 2\n");
        assert!(
            two.next_round(&end, &outcome(EndReason::NoMoves, 41, 7), Side::South)
                .is_none()
        );
        assert!(
            two.next_round(&end, &outcome(EndReason::NoMoves, 40, 8), Side::South)
                .is_some()
        );
        // The ply limit ends the match, whatever the seeds.
        assert!(
            rules("")
                .next_round(&end, &outcome(EndReason::PlyLimit, 24, 24), Side::South)
                .is_none()
        );
    }

    #[test]
    fn each_starter_rule_names_the_next_rounds_first_player() {
        // The round ended with South's move: North is to move.
        let mut end = rules("").start();
        end.to_move = Side::North;
        let won = outcome(EndReason::Majority, 30, 18);
        let drawn = outcome(EndReason::Majority, 24, 24);
        let starter = |extra: &str, o: &Outcome, first: Side| {
            rules(extra).next_round(&end, o, first).unwrap().to_move()
        };
        assert_eq!(
            starter("starter = \"alternate\"\n", &won, Side::South),
            Side::North
        );
        assert_eq!(
            starter("starter = \"alternate\"\n", &won, Side::North),
            Side::South
        );
        assert_eq!(
            starter("starter = \"loser\"\n", &won, Side::South),
            Side::North
        );
        assert_eq!(
            starter("starter = \"winner\"\n", &won, Side::North),
            Side::South
        );
        assert_eq!(
            starter("starter = \"winner\"\n", &drawn, Side::South),
            Side::North
        );
        assert_eq!(
            starter("starter = \"loser\"\n", &drawn, Side::North),
            Side::South
        );
        assert_eq!(
            starter("starter = \"last-mover\"\n", &won, Side::North),
            Side::South
        );
    }

    /// Hand-checked: South's D (4 seeds) on a board whose North holes b, c
    /// (7, 8) are blocked sows e, f, a and d, passing over them.
    #[test]
    fn sowing_passes_over_blocked_holes() {
        let r = rules("");
        let pos = r
            .position(
                &[0, 0, 0, 4, 0, 0, 4, 0, 0, 4, 4, 4],
                [12, 12],
                Side::South,
                10,
            )
            .unwrap();
        let mut blocked = [false; 12];
        blocked[7] = true;
        blocked[8] = true;
        let pos = r.with_blocked(pos, &blocked).unwrap();
        let after = r.play(&pos, crate::Move::Sow(3)).unwrap();
        assert_eq!(board(&after), [0, 0, 0, 0, 1, 1, 5, 0, 0, 5, 4, 4]);
        // d reached 5: no capture. Blocked holes are never moves.
        assert!(
            r.legal_moves(&pos)
                .iter()
                .all(|m| m.hole().is_none_or(|h| !pos.is_blocked(h)))
        );
        assert!(r.with_blocked(pos, &[true; 12]).is_err());
        let mut full = [false; 12];
        full[6] = true;
        assert!(
            r.with_blocked(pos, &full)
                .unwrap_err()
                .contains("holds 4 seeds")
        );
        assert!(
            Rules::builtin("oware")
                .unwrap()
                .with_blocked(Rules::builtin("oware").unwrap().start(), &blocked)
                .is_err()
        );
    }

    /// Hand-checked: captures while sowing on a board with blocked holes.
    /// South's D (4 seeds), North's b and c (7, 8) blocked, counts of 4:
    /// e (3) reaches 4 and is taken by South, f reaches 1, a (3) reaches 4
    /// and is taken by North (its owner), b and c are passed over, d gets
    /// the last seed: 4, taken by South as an ordinary capture.
    #[test]
    fn captures_while_sowing_pass_over_blocked_holes() {
        let text = "name = \"P\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n\
            [sowing]\nstart = \"next\"\npassing_captures = true\n[capture]\nrule = \"counts\"\ncounts = [4]\n[rounds]\n";
        let r = Rules::from_toml("p", text, "p.toml").unwrap();
        let pos = r
            .position(
                &[0, 0, 0, 4, 3, 0, 3, 0, 0, 3, 4, 4],
                [12, 15],
                Side::South,
                10,
            )
            .unwrap();
        let mut blocked = [false; 12];
        blocked[7] = true;
        blocked[8] = true;
        let pos = r.with_blocked(pos, &blocked).unwrap();
        let after = r.play(&pos, crate::Move::Sow(3)).unwrap();
        assert_eq!(
            after.raw_board()[..12],
            [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 4, 4]
        );
        assert_eq!(
            [after.captured(Side::South), after.captured(Side::North)],
            [20, 19]
        );
    }

    /// A game goes on into the next round and reports it; the match ends
    /// when the loser cannot fill a hole. Hand-checked: South's F (2 seeds)
    /// sows a and b, and takes b's 2, for 25 of the 48 seeds: a majority.
    #[test]
    fn a_game_plays_across_rounds() {
        let r = rules("");
        let pos = r
            .position(
                &[0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0],
                [23, 21],
                Side::South,
                40,
            )
            .unwrap();
        let mut game = Game::from_position(r.clone(), pos);
        assert_eq!(game.round(), 1);
        game.play_label("F").unwrap();
        assert!(!game.is_over());
        assert_eq!(game.round(), 2);
        // South: 25 seeds, six holes and 1 in store; North: 21 + a's 2 = 23,
        // five holes and 3 in store, f blocked. North starts (alternate).
        let next = *game.position();
        assert_eq!(board(&next), [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0]);
        assert_eq!(
            [next.captured(Side::South), next.captured(Side::North)],
            [1, 3]
        );
        assert_eq!(next.blocked_mask(), 1 << 11);
        assert_eq!(next.to_move(), Side::North);
        let starts = game.round_starts();
        assert_eq!(starts.len(), 1);
        assert_eq!((starts[0].round, starts[0].after_moves), (2, 1));
        assert_eq!(starts[0].previous.winner, Some(Side::South));
        assert_eq!(game.movers(), [Side::South]);
        game.play_label("a").unwrap();
        assert_eq!(game.movers(), [Side::South, Side::North]);
        assert_eq!(game.undo(), Some(crate::Move::Sow(6)));
        assert_eq!((game.round(), *game.position()), (2, next));
        assert!(game.legal_moves().iter().all(|m| m.hole() != Some(11)));

        // Without the majority rule (which would end this round at once):
        // F takes a's 2 and empties the board, North keeps 3 seeds, not a
        // hole's worth, and the match is over.
        let r = Rules::from_toml(
            "r",
            &ROUNDS.replace("majority = true", "majority = false"),
            "r.toml",
        )
        .unwrap();
        let pos = r
            .position(
                &[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0],
                [43, 3],
                Side::South,
                40,
            )
            .unwrap();
        let mut game = Game::from_position(r, pos);
        game.play_label("F").unwrap();
        let outcome = game.outcome().expect("the match is over");
        assert_eq!(
            (outcome.winner, outcome.score),
            (Some(Side::South), Some([Score::seeds(45), Score::seeds(3)]))
        );
        assert_eq!(game.round(), 1);
        assert!(game.round_starts().is_empty());
    }

    /// Hand-checked (Erherhe, a StoneShark trace): North's a (9 seeds)
    /// sows into South's empty row, but its last seed makes D a single,
    /// which captures with C, B and A: South is left empty again. Judged
    /// after captures, a does not feed; c does not reach South's row.
    #[test]
    fn feeding_may_be_judged_after_the_captures() {
        let text = "name = \"F\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n\
            [sowing]\nstart = \"next\"\nskip_origin = true\n[moves]\nmust_feed = true\n\
            [capture]\nrule = \"counts\"\ncounts = [1, 3]\nlast_hole_in = \"opponent\"\nchain = \"same-row\"\n";
        let before = Rules::from_toml("f", text, "f.toml").unwrap();
        let after = Rules::from_toml(
            "f",
            &text.replace(
                "must_feed = true",
                "must_feed = true\nfeed_after_capture = true",
            ),
            "f.toml",
        )
        .unwrap();
        let board = [0, 0, 0, 0, 0, 0, 9, 0, 1, 0, 0, 0];
        let pos = before.position(&board, [14, 24], Side::North, 72).unwrap();
        assert_eq!(before.legal_moves(&pos).to_vec(), [crate::Move::Sow(6)]);
        let taken = before.play(&pos, crate::Move::Sow(6)).unwrap();
        assert_eq!(board_of(&taken), [0, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 1]);
        assert_eq!(taken.captured(Side::North), 28);
        assert!(after.legal_moves(&pos).is_empty());
        assert!(
            Rules::from_toml(
                "f",
                &text.replace("must_feed = true", "feed_after_capture = true"),
                "f.toml"
            )
            .is_err()
        );
    }

    fn board_of(pos: &Position) -> Vec<u8> {
        pos.raw_board()[..12].to_vec()
    }

    /// A territory match (as StoneShark's NumNum, single laps): captures of
    /// 4 while sowing taken by each hole's owner, passes, the last hole's
    /// worth of seeds to the mover, the match over below 11 seeds.
    pub(crate) const TERRITORY: &str = "name = \"T\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n\
        [sowing]\nstart = \"next\"\npassing_captures = true\n[moves]\nwhen_none = \"pass\"\n\
        [capture]\nrule = \"counts\"\ncounts = [4]\n\
        [end]\nno_moves = \"last-mover\"\ntoo_few_seeds = 5\nboth_stuck = true\n\
        [rounds]\nterritory = true\nmin_seeds = 11\nstarter = \"loser-else-last-mover\"\n";

    fn territory() -> Rules {
        Rules::from_toml("t", TERRITORY, "t.toml").unwrap()
    }

    /// Hand-checked: 4 seeds a hole, 12 holes. 28 seeds fill 7 holes:
    /// South's row and North's a. 30 fill 7 with 2 over (not more than
    /// half a hole); 31 fill 7 with 3 over: an eighth hole, b. North with
    /// 29 (7 holes, 1 over) takes South's A. A drawn round leaves each
    /// row to its player. Below 11 seeds the match is over.
    #[test]
    fn a_territory_round_shares_the_holes_out_by_seeds_won() {
        let r = territory();
        let end = r.start();
        let next = |s, n| r.next_round(&end, &outcome(EndReason::NoMoves, s, n), Side::South);
        let first = next(28, 20).unwrap();
        assert_eq!(board(&first), [4; 12]);
        assert_eq!(
            [first.captured(Side::South), first.captured(Side::North)],
            [0, 0]
        );
        assert_eq!(first.territory_mask(), 1 << 6);
        assert_eq!(r.holder(&first, 6), Side::South);
        assert_eq!(r.holes_of(&first, Side::North), 0b1111_1000_0000);
        // South won, so North (the loser) starts.
        assert_eq!(first.to_move(), Side::North);
        assert_eq!(next(30, 18).unwrap().territory_mask(), 1 << 6);
        assert_eq!(next(31, 17).unwrap().territory_mask(), 0b11 << 6);
        assert_eq!(next(19, 29).unwrap().territory_mask(), 1);
        assert_eq!(next(24, 24).unwrap().territory_mask(), 0);
        assert_eq!(next(37, 11).unwrap().territory_mask(), 0b111 << 6);
        assert!(next(38, 10).is_none());
        assert!(next(10, 38).is_none());
        // The JSON state names the holes played across the board.
        let state = crate::state::hole_states(&first, 12).unwrap();
        assert_eq!(state[6].as_deref(), Some("territory:south"));
        assert_eq!(state[0], None);
    }

    /// Hand-checked: South owns North's a (3 seeds). South's F (3 seeds)
    /// sows a, b and c: a reaches 4 with seeds still in hand and is taken
    /// by its owner, South (North, without territory); c gets the last
    /// seed. South moves from F and a (not from b, North's); North then
    /// moves only from the holes it owns: b and c.
    #[test]
    fn a_territory_player_moves_and_takes_from_the_holes_they_own() {
        let r = territory();
        let mut pos = r
            .position(
                &[0, 0, 0, 0, 0, 3, 3, 2, 0, 0, 0, 0],
                [20, 20],
                Side::South,
                30,
            )
            .unwrap();
        let plain = pos;
        pos.territory = 1 << 6;
        assert_eq!(
            r.legal_moves(&pos).to_vec(),
            [crate::Move::Sow(5), crate::Move::Sow(6)]
        );
        let after = r.play(&pos, crate::Move::Sow(5)).unwrap();
        assert_eq!(board(&after), [0, 0, 0, 0, 0, 0, 0, 3, 1, 0, 0, 0]);
        assert_eq!(
            [after.captured(Side::South), after.captured(Side::North)],
            [24, 20]
        );
        assert_eq!(
            r.legal_moves(&after).to_vec(),
            [crate::Move::Sow(7), crate::Move::Sow(8)]
        );
        let after = r.play(&plain, crate::Move::Sow(5)).unwrap();
        assert_eq!(
            [after.captured(Side::South), after.captured(Side::North)],
            [20, 24]
        );
        // The seeds left are the holes' owners' when collected.
        assert_eq!(r.row_seeds(&pos, Side::South), 6);
        assert_eq!(r.row_seeds(&pos, Side::North), 2);
    }

    /// Hand-checked: South plays North's a (3 seeds); North's own holes are
    /// empty. E (2 seeds) sows F and a, F (1) sows a: both stay in South's
    /// holes, so only a, sowing b, c and d, feeds North. Without territory
    /// a is North's and holds seeds: nothing needs feeding.
    #[test]
    fn feeding_is_judged_on_the_holes_the_opponent_plays() {
        let text = TERRITORY.replace("[moves]\n", "[moves]\nmust_feed = true\n");
        let r = Rules::from_toml("t", &text, "t.toml").unwrap();
        let mut pos = r
            .position(
                &[0, 0, 0, 0, 2, 1, 3, 0, 0, 0, 0, 0],
                [21, 21],
                Side::South,
                30,
            )
            .unwrap();
        let plain = pos;
        pos.territory = 1 << 6;
        assert!(r.row_is_empty(&pos, Side::North));
        assert_eq!(r.legal_moves(&pos).to_vec(), [crate::Move::Sow(6)]);
        assert_eq!(
            r.legal_moves(&plain).to_vec(),
            [crate::Move::Sow(4), crate::Move::Sow(5)]
        );
        let fed = r.play(&pos, crate::Move::Sow(6)).unwrap();
        assert_eq!(board(&fed), [0, 0, 0, 0, 2, 1, 0, 1, 1, 1, 0, 0]);
    }

    /// Hand-checked: 4 seeds a hole. South won 31: 7 holes and 3 over, the
    /// eighth hole (North's b) South's by default. Given to the loser it is
    /// North's; left empty too, each player keeps the seeds over whole
    /// holes: South 3, North 1 (17 = 4 * 4 + 1), the 4 seeds of b. With 28
    /// nothing is over: every hole is filled.
    #[test]
    fn the_partly_filled_hole_may_go_to_the_loser_and_start_empty() {
        let with = |partial: &str| {
            let text = TERRITORY.replace(
                "[rounds]\n",
                &format!("[rounds]\npartial_hole = \"{partial}\"\n"),
            );
            Rules::from_toml("t", &text, "t.toml").unwrap()
        };
        let (loser, empty) = (with("loser"), with("loser-empty"));
        let end = territory().start();
        let won = |r: &Rules, s, n| {
            r.next_round(&end, &outcome(EndReason::NoMoves, s, n), Side::South)
                .unwrap()
        };
        assert_eq!(won(&territory(), 31, 17).territory_mask(), 0b11 << 6);
        let given = won(&loser, 31, 17);
        assert_eq!(given.territory_mask(), 1 << 6);
        assert_eq!(board(&given), [4; 12]);
        let emptied = won(&empty, 31, 17);
        assert_eq!(emptied.territory_mask(), 1 << 6);
        assert_eq!(board(&emptied), [4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4]);
        assert_eq!(
            [emptied.captured(Side::South), emptied.captured(Side::North)],
            [3, 1]
        );
        // North won 30: its row and South's A (30 = 7 * 4 + 2); B is left empty.
        let north = won(&empty, 18, 30);
        assert_eq!(north.territory_mask(), 0b1);
        assert_eq!(board(&north), [4, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
        let whole = won(&empty, 28, 20);
        assert_eq!(board(&whole), [4; 12]);
        assert_eq!(
            [whole.captured(Side::South), whole.captured(Side::North)],
            [0, 0]
        );
        assert_ne!(loser.play_fingerprint(), empty.play_fingerprint());
        assert_ne!(loser.play_fingerprint(), territory().play_fingerprint());
    }

    /// Hand-checked: after a drawn round StoneShark's winner rule hands the
    /// next round to the player who did not make the last move; the
    /// winner, when there is one, starts.
    #[test]
    fn the_winner_starts_and_after_a_draw_the_player_to_move() {
        let text = TERRITORY.replace(
            "starter = \"loser-else-last-mover\"",
            "starter = \"winner-else-not-last-mover\"",
        );
        let r = Rules::from_toml("t", &text, "t.toml").unwrap();
        let end = r.position(&[0; 12], [24, 24], Side::North, 40).unwrap();
        assert_eq!(end.last_mover(), Side::South);
        let next = |s, n| {
            r.next_round(&end, &outcome(EndReason::NoMoves, s, n), Side::South)
                .unwrap()
                .to_move()
        };
        assert_eq!(next(24, 24), Side::North);
        assert_eq!(next(20, 28), Side::North);
        assert_eq!(next(28, 20), Side::South);
    }

    /// Hand-checked: captures of 4 in the opponent's holes, chains staying
    /// in the last hole's owner's holes, no captures while sowing. South's
    /// E (3 seeds) sows F, a and b, which reach 1, 4 and 4. b is North's:
    /// taken, and the chain goes back to a, North's on a plain board
    /// (taken: 8 seeds) but South's when South owns a (the chain stops: 4).
    /// F (1 seed) into a, South's, captures nothing then.
    #[test]
    fn captures_and_chains_follow_the_holes_each_player_owns() {
        let text = TERRITORY.replace("passing_captures = true\n", "").replace(
            "counts = [4]\n",
            "counts = [4]\nlast_hole_in = \"opponent\"\nchain = \"same-row\"\n",
        );
        let r = Rules::from_toml("t", &text, "t.toml").unwrap();
        let plain = r
            .position(
                &[0, 0, 0, 0, 3, 0, 3, 3, 0, 0, 0, 0],
                [20, 19],
                Side::South,
                30,
            )
            .unwrap();
        let mut held = plain;
        held.territory = 1 << 6;
        let after = r.play(&plain, crate::Move::Sow(4)).unwrap();
        assert_eq!(board(&after), [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
        assert_eq!(after.captured(Side::South), 28);
        let after = r.play(&held, crate::Move::Sow(4)).unwrap();
        assert_eq!(board(&after), [0, 0, 0, 0, 0, 1, 4, 0, 0, 0, 0, 0]);
        assert_eq!(after.captured(Side::South), 24);
        let mut one = r
            .position(
                &[0, 0, 0, 0, 0, 1, 3, 3, 0, 0, 0, 0],
                [20, 21],
                Side::South,
                30,
            )
            .unwrap();
        assert_eq!(
            r.play(&one, crate::Move::Sow(5))
                .unwrap()
                .captured(Side::South),
            24
        );
        one.territory = 1 << 6;
        let after = r.play(&one, crate::Move::Sow(5)).unwrap();
        assert_eq!(after.captured(Side::South), 20);
        assert_eq!(board(&after), [0, 0, 0, 0, 0, 0, 4, 3, 0, 0, 0, 0]);
    }

    /// Weg's wegs (StoneShark's child_rule 4 with capt_rturn 1): owned holes
    /// made only in holes the opponent plays this round, and seeds taken
    /// from them a capture that earns another move.
    const WEG: &str = "name = \"W\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n\
        [sowing]\nstart = \"next\"\n[moves]\nextra_turn = \"capture\"\nwhen_none = \"pass\"\n\
        [owned]\ncount = 4\nraid = 2\nholder = \"opponent\"\n[rounds]\nterritory = true\n";

    /// Hand-checked: South plays North's a. F (2 seeds) sows a and b, both
    /// reaching 4: b, which North plays, becomes South's; a, South's this
    /// round, does not. When South plays b too, neither does. C (1 seed)
    /// ends in D, North's weg: South takes 2 of its 3 seeds and moves again.
    #[test]
    fn wegs_are_made_where_the_opponent_plays_and_raids_earn_a_move() {
        let r = Rules::from_toml("w", WEG, "w.toml").unwrap();
        let mut pos = r
            .position(
                &[0, 0, 1, 2, 0, 2, 3, 3, 0, 0, 0, 0],
                [20, 17],
                Side::South,
                30,
            )
            .unwrap();
        pos.territory = 1 << 6;
        let after = r.play(&pos, crate::Move::Sow(5)).unwrap();
        assert_eq!(board(&after), [0, 0, 1, 2, 0, 0, 4, 4, 0, 0, 0, 0]);
        assert_eq!(after.hole_owner(7), Some(Side::South));
        assert_eq!(after.hole_owner(6), None);
        assert_eq!(after.to_move(), Side::North, "making a weg is no capture");
        let mut both = pos;
        both.territory = 0b11 << 6;
        let after = r.play(&both, crate::Move::Sow(5)).unwrap();
        assert_eq!(after.hole_owner(7), None);
        let mut raided = pos;
        raided.owned[1] = 1 << 3;
        let after = r.play(&raided, crate::Move::Sow(2)).unwrap();
        assert_eq!(board(&after), [0, 0, 0, 1, 0, 2, 3, 3, 0, 0, 0, 0]);
        assert_eq!(after.captured(Side::South), 22);
        assert_eq!(after.to_move(), Side::South, "a raid is a capture");
        let err = |text: &str| {
            Rules::from_toml("w", text, "w.toml")
                .unwrap_err()
                .to_string()
        };
        let no_territory = WEG.replace("territory = true", "territory = false");
        assert!(err(&no_territory).contains("owned.holder"));
        let no_raid = WEG.replace("raid = 2\n", "");
        assert!(err(&no_raid).contains("moves.extra_turn"));
    }

    /// Hand-checked (StoneShark's Gabata, game 1, ply 1): sowing clockwise,
    /// South's E keeps its 4 seeds; D passes one to C, B to A, f to e, d to
    /// c, b to a, and F, the last before E, to b, facing E. b, which North
    /// plays, reaches 4 and becomes South's weg; no capture, so North moves,
    /// and sows as usual. A new round opens with the shift again.
    #[test]
    fn the_first_move_of_each_round_shifts_seeds() {
        let text = WEG
            .replace("[moves]", "[moves]\nopening_shift = true")
            .replace("[sowing]", "[sowing]\ndirection = \"clockwise\"");
        let r = Rules::from_toml("g", &text, "g.toml").unwrap();
        let start = r.start();
        let (after, trace) = r.play_traced(&start, crate::Move::Sow(4)).unwrap();
        assert_eq!(board(&after), [5, 3, 5, 3, 4, 3, 5, 4, 5, 3, 5, 3]);
        assert_eq!(after.hole_owner(7), Some(Side::South));
        assert_eq!(after.to_move(), Side::North);
        assert!(trace.replay(&r, &start).unwrap().matches(&r, &after));
        // North's c (5 seeds) sows b (South's weg), a, F, E, D as usual.
        let next = r.play(&after, crate::Move::Sow(8)).unwrap();
        assert_eq!(board(&next), [5, 3, 5, 4, 5, 4, 6, 5, 0, 3, 5, 3]);
        let round = r
            .next_round(&next, &outcome(EndReason::NoMoves, 24, 24), Side::South)
            .unwrap();
        let opened = r.play(&round, crate::Move::Sow(10)).unwrap();
        // North's e: d to c, b to a, F to E, D to C, B to A, f to B (facing
        // e), which South plays and is back at 4: North's weg.
        assert_eq!(board(&opened), [5, 4, 5, 3, 5, 3, 5, 3, 5, 3, 4, 3]);
        assert_eq!(opened.hole_owner(1), Some(Side::North));
        let refused = text.replace("[rounds]\nterritory = true", "[rounds]");
        assert!(
            Rules::from_toml("g", &refused, "g.toml")
                .unwrap_err()
                .to_string()
                .contains("rounds")
        );
    }

    /// Hand-checked: South's F (3 seeds) sows a, b and c; a reaches 4 with
    /// seeds in hand and North, its owner, takes it (23). The 3 seeds left
    /// are fewer than 5: the game ends and South, the mover, takes them
    /// (25), though the other ends collect each row.
    #[test]
    fn the_last_seeds_go_to_the_mover() {
        let text = TERRITORY
            .split("[rounds]")
            .next()
            .unwrap()
            .replace("no_moves = \"last-mover\"", "too_few_to_mover = true");
        let r = Rules::from_toml("t", &text, "t.toml").unwrap();
        let pos = r
            .position(
                &[0, 0, 0, 0, 0, 3, 3, 1, 0, 0, 0, 0],
                [22, 19],
                Side::South,
                30,
            )
            .unwrap();
        let mut game = Game::from_position(r.clone(), pos);
        game.play_label("F").unwrap();
        let o = game.outcome().expect("too few seeds are left");
        assert_eq!(o.reason, EndReason::TooFewSeeds);
        assert_eq!(o.score, Some([Score::seeds(25), Score::seeds(23)]));
        assert_eq!(o.winner, Some(Side::South));
        assert!(
            Rules::from_toml("t", &text.replace("too_few_seeds = 5\n", ""), "t.toml")
                .unwrap_err()
                .to_string()
                .contains("end.too_few_to_mover")
        );
        assert_ne!(
            r.play_fingerprint(),
            Rules::from_toml(
                "t",
                &text.replace("too_few_to_mover = true\n", ""),
                "t.toml"
            )
            .unwrap()
            .play_fingerprint()
        );
    }

    #[test]
    fn territory_options_are_checked_and_name_their_field() {
        let err = |extra: &str| {
            Rules::from_toml("t", &format!("{TERRITORY}{extra}"), "t.toml")
                .unwrap_err()
                .to_string()
        };
        let with = |from: &str, to: &str| {
            Rules::from_toml("t", &TERRITORY.replace(from, to), "t.toml")
                .unwrap_err()
                .to_string()
        };
        assert!(err("loser_only = true\n").contains("rounds.loser_only"));
        assert!(
            with("[moves]\n", "[moves]\nmust_leave_seeds = true\n")
                .contains("moves.must_leave_seeds")
        );
        assert!(with("counts = [4]\n", "counts = [4]\nsweep = true\n").contains("capture.sweep"));
        let plain = format!("{ROUNDS}partial_hole = \"loser\"\n");
        assert!(
            Rules::from_toml("r", &plain, "r.toml")
                .unwrap_err()
                .to_string()
                .contains("rounds.partial_hole")
        );
        assert!(with("min_seeds = 11", "min_seeds = 25").contains("rounds.min_seeds"));
        assert!(with("min_seeds = 11", "min_seeds = 0").contains("rounds.min_seeds"));
    }
}
