//! A line of play that a search walks down and back up fast: the game's end
//! rules and its repetition history, without [`Game`].
//!
//! [`Game`] is the reference, but a search cannot use it: taking a move back
//! replays the game. A [`Line`] keeps only what the end rules need, the
//! repetition keys of the positions since the last capture, as a stack:
//! entering a move pushes one key and leaving it pops it, so undoing is
//! free. [`Line::enter`] and [`Game`] decide the end of the game with the
//! same function, [`Rules::judge`] (which [`Rules::verdict`] calls).
//!
//! In a match of rounds, a move that ends a round goes on, as in [`Game`],
//! from the next round's opening position ([`Rules::next_round`]): the line
//! tracks who started the current round, which the next round's set-up
//! needs, and starts the repetition history afresh at each round.

use crate::Side;
use crate::end::{Ending, Outcome, RepetitionKey, settle};
use crate::game::Game;
use crate::moves::{Child, Successors};
use crate::position::Position;
use crate::rules::Rules;

/// What entering a move leads to.
// `Live` is large (the successors), but boxing it would allocate at every
// node of the search: the value is moved once and matched at once.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// The game is over after the move.
    End {
        /// How it ended, as [`Game`] would report it.
        outcome: Outcome,
        /// For a repetition: the index (in the line, see [`Line::len`]) of
        /// the earlier occurrence. A search uses it to know whether a value
        /// depends on positions before a node.
        repeated: Option<usize>,
    },
    /// The game goes on from `pos`, which has been pushed on the line;
    /// give `undo` back to [`Line::leave`].
    Live {
        /// The position the game goes on from: the move's, or, when the
        /// move ended a round of a match that goes on, the next round's
        /// opening position (`round` is then true). Search from this one,
        /// never from the child's.
        pos: Position,
        /// The legal moves of `pos` (never empty).
        succ: Successors,
        /// What restores the line.
        undo: Undo,
        /// Whether the move ended a round and `pos` opens the next one.
        round: bool,
        /// When the round ended by a repetition: the index of the earlier
        /// occurrence, as for [`Step::End`] (the new round's set-up depends
        /// on how the round ended, so on the positions before).
        repeated: Option<usize>,
    },
}

/// What [`Line::leave`] needs to restore the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    len: usize,
    since_capture: usize,
    round_starter: Side,
}

/// The positions along the current line of play (the game's history
/// followed by the moves being searched), as repetition keys.
#[derive(Clone, Debug)]
pub struct Line {
    keys: Vec<RepetitionKey>,
    /// The first key since the last capture or round start: repetition
    /// looks at `keys[since_capture..]` only.
    since_capture: usize,
    /// Who started the current round (in games without rounds: unused).
    round_starter: Side,
}

impl Default for Line {
    fn default() -> Line {
        Line::new()
    }
}

impl Line {
    /// An empty line (of a first round started by South: build the line of
    /// a game with [`Line::from_game`]).
    pub fn new() -> Line {
        Line {
            keys: Vec::with_capacity(256),
            since_capture: 0,
            round_starter: Side::South,
        }
    }

    /// The line of a game in progress: its history since the last capture,
    /// the current position last, and who started the current round. (Of a
    /// finished game: its history up to the last live position.)
    pub fn from_game(game: &Game) -> Line {
        let history = game.history();
        let mut keys = Vec::with_capacity(history.len() + 256);
        keys.extend_from_slice(&history);
        Line {
            keys,
            since_capture: 0,
            round_starter: game.round_starter(),
        }
    }

    /// Who started the round being played at the line's last position
    /// (what [`Rules::next_round`] needs besides the position: a search's
    /// transposition key must tell such positions apart in games played in
    /// rounds).
    #[inline]
    pub fn round_starter(&self) -> Side {
        self.round_starter
    }

    /// Positions on the line (the current one is the last).
    #[inline]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the line holds no position.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The keys since the last capture, oldest first.
    #[inline]
    pub fn since_capture(&self) -> &[RepetitionKey] {
        &self.keys[self.since_capture..]
    }

    /// Plays `child`, a successor of `parent` (the line's last position):
    /// ends the game (as [`Game::play_index`] would) or pushes the position
    /// the game goes on from (in a match of rounds, perhaps the next
    /// round's).
    #[inline]
    pub fn enter(&mut self, rules: &Rules, parent: &Position, child: &Child) -> Step {
        let pos = &child.pos;
        let since_capture = if pos.seeds_taken() != parent.seeds_taken() {
            self.keys.len()
        } else {
            self.since_capture
        };
        // The moves are listed here and moved once, into the step.
        let succ = rules.successors(pos);
        match rules.judge(pos, child.endless, &succ, &self.keys[since_capture..]) {
            Ok(key) => Step::Live {
                pos: *pos,
                succ,
                undo: self.push(key, since_capture, self.round_starter),
                round: false,
                repeated: None,
            },
            Err(Ending { reason, repeated }) => {
                let outcome = settle(rules, pos, reason);
                let repeated = repeated.map(|at| since_capture + at);
                if rules.has_rounds()
                    && let Some(next) = rules.next_round(pos, &outcome, self.round_starter)
                {
                    return self.open_round(rules, next, outcome, repeated);
                }
                Step::End { outcome, repeated }
            }
        }
    }

    /// The next round opens at `next` (a round ended with `outcome`, the
    /// match goes on): as in [`Game`], a round that would end before its
    /// first move is not played, the match ending with the round before.
    #[cold]
    fn open_round(
        &mut self,
        rules: &Rules,
        next: Position,
        outcome: Outcome,
        repeated: Option<usize>,
    ) -> Step {
        let succ = rules.successors(&next);
        match rules.judge(&next, false, &succ, &[]) {
            Ok(key) => Step::Live {
                pos: next,
                succ,
                undo: self.push(key, self.keys.len(), next.to_move),
                round: true,
                repeated,
            },
            Err(_) => Step::End { outcome, repeated },
        }
    }

    /// Pushes `pos`, reached from `parent` and known to be live (a search
    /// walking down moves it entered before), without the end checks.
    /// `round`: whether `pos` opens a new round (as the [`Step::Live`] that
    /// entered it said).
    #[inline]
    pub fn push_live(
        &mut self,
        rules: &Rules,
        parent: &Position,
        pos: &Position,
        round: bool,
    ) -> Undo {
        let key = rules.repetition_key(pos);
        if round {
            return self.push(key, self.keys.len(), pos.to_move);
        }
        let since_capture = if pos.seeds_taken() != parent.seeds_taken() {
            self.keys.len()
        } else {
            self.since_capture
        };
        self.push(key, since_capture, self.round_starter)
    }

    #[inline]
    fn push(&mut self, key: RepetitionKey, since_capture: usize, round_starter: Side) -> Undo {
        let undo = Undo {
            len: self.keys.len(),
            since_capture: self.since_capture,
            round_starter: self.round_starter,
        };
        self.since_capture = since_capture;
        self.round_starter = round_starter;
        self.keys.push(key);
        undo
    }

    /// Takes back the move whose [`Step::Live`] (or [`Line::push_live`])
    /// gave `undo`, and every move entered after it.
    #[inline]
    pub fn leave(&mut self, undo: Undo) {
        self.keys.truncate(undo.len);
        self.since_capture = undo.since_capture;
        self.round_starter = undo.round_starter;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::end::EndReason;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Plays `games` random games of `rules` (drawn from `seed`) with `Line`
    /// and with `Game` side by side: they must end the same way, and every
    /// live step must have the game's position, moves and round starter.
    /// `check` sees every step too, with the game, the line and the move.
    fn play_alongside(
        rules: &Rules,
        seed: u64,
        games: usize,
        mut check: impl FnMut(&Game, &Line, &Child, &Step),
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..games {
            let mut game = Game::new(rules.clone());
            let mut line = Line::from_game(&game);
            let mut pos = *game.position();
            let mut succ = rules.successors(&pos);
            loop {
                let i = rng.random_range(0..succ.len());
                let child = succ.as_slice()[i];
                game.play_index(i);
                let step = line.enter(rules, &pos, &child);
                check(&game, &line, &child, &step);
                match step {
                    Step::End { outcome, .. } => {
                        assert_eq!(Some(&outcome), game.outcome(), "{}", game.record());
                        break;
                    }
                    Step::Live {
                        pos: p, succ: s, ..
                    } => {
                        assert_eq!(&p, game.position(), "{}", game.record());
                        assert_eq!(s.moves(), game.legal_moves());
                        assert_eq!(line.round_starter(), game.round_starter());
                        pos = p;
                        succ = s;
                    }
                }
            }
        }
    }

    /// Random games played with `Line` and with `Game` end the same way,
    /// and every live position has the same moves.
    #[test]
    fn line_ends_games_as_game_does() {
        for id in Rules::builtin_ids() {
            let rules = Rules::builtin(id).unwrap();
            let (mut repetitions, mut rounds) = (0, 0);
            // A random match of Gabata's rounds runs to the ply cap, and each
            // ply compares the history since the last capture: fewer games.
            let games = if rules.rows() > 2 { 2 } else { 300 };
            play_alongside(&rules, 7, games, |game, line, child, step| match step {
                Step::End { outcome, repeated } => {
                    assert_eq!(
                        repeated.is_some(),
                        outcome.reason == EndReason::Repetition,
                        "{id}: {}",
                        game.record()
                    );
                    if let Some(at) = repeated {
                        assert_eq!(line.keys[*at], rules.repetition_key(&child.pos));
                        repetitions += 1;
                    }
                }
                Step::Live { round, .. } => {
                    assert!(!game.is_over(), "{id}: {}", game.record());
                    assert_eq!(line.since_capture(), &*game.history());
                    rounds += *round as usize;
                }
            });
            if id == "tihbat" {
                assert!(
                    repetitions > 0,
                    "random Tihbat games should repeat sometimes"
                );
            }
            assert_eq!(
                rounds > 0,
                rules.has_rounds(),
                "{id}: random matches of rounds should reach a second round"
            );
        }
    }

    /// Leaving a move restores the line exactly, and a line rebuilt from a
    /// game in progress has the history that entering its moves built.
    #[test]
    fn leave_and_from_game_restore_the_history() {
        // Erherhe is played in rounds: its line crosses them.
        for (id, games) in [("tihbat", 200), ("erherhe", 40)] {
            leave_and_from_game_restore_the_history_of(id, games);
        }
    }

    fn leave_and_from_game_restore_the_history_of(id: &str, games: usize) {
        let rules = Rules::builtin(id).unwrap();
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..games {
            let mut game = Game::new(rules.clone());
            let mut line = Line::from_game(&game);
            let mut pos = *game.position();
            while !game.is_over() {
                let rebuilt = Line::from_game(&game);
                assert_eq!(rebuilt.since_capture(), line.since_capture());
                assert_eq!(rebuilt.round_starter(), line.round_starter());
                // Entering every move and leaving it changes nothing.
                let before = line.clone();
                for child in game.successors() {
                    if let Step::Live {
                        pos: p,
                        undo,
                        round,
                        ..
                    } = line.enter(&rules, &pos, child)
                    {
                        let entered = (line.keys.clone(), line.since_capture, line.round_starter);
                        let pushed = line.push_live(&rules, &p, &p, false);
                        line.leave(pushed);
                        line.leave(undo);
                        // Walking down again without the end checks builds
                        // the same line.
                        let again = line.push_live(&rules, &pos, &p, round);
                        assert_eq!(
                            (line.keys.clone(), line.since_capture, line.round_starter),
                            entered
                        );
                        line.leave(again);
                    }
                    assert_eq!(
                        (line.keys.as_slice(), line.since_capture, line.round_starter),
                        (
                            before.keys.as_slice(),
                            before.since_capture,
                            before.round_starter
                        )
                    );
                }
                let succ = game.successors().to_vec();
                let i = rng.random_range(0..succ.len());
                game.play_index(i);
                if let Step::Live { pos: p, .. } = line.enter(&rules, &pos, &succ[i]) {
                    pos = p;
                }
            }
        }
    }

    /// A capture cuts the history: a position repeated across it does not
    /// end the game.
    #[test]
    fn a_capture_starts_the_history_afresh() {
        let rules = Rules::builtin("tihbat").unwrap();
        let start = rules.start();
        let mut line = Line::new();
        line.push_live(&rules, &start, &start, false);
        let mut captured = start;
        captured.captured[0] += 1;
        // The same board and mover after a capture: no repetition.
        let child = Child {
            mv: crate::Move::Pass,
            pos: captured,
            endless: false,
        };
        assert!(matches!(
            line.enter(&rules, &start, &child),
            Step::Live { .. }
        ));
        // Without the capture: a repetition of the first position.
        let mut line = Line::new();
        line.push_live(&rules, &start, &start, false);
        let child = Child {
            mv: crate::Move::Pass,
            pos: start,
            endless: false,
        };
        match line.enter(&rules, &start, &child) {
            Step::End { outcome, repeated } => {
                assert_eq!(outcome.reason, EndReason::Repetition);
                assert_eq!(repeated, Some(0));
            }
            Step::Live { .. } => panic!("the start position repeated"),
        }
    }

    /// A territory match (`[rounds] territory`) played with `Line` and with
    /// `Game` ends the same way, through the same rounds and holdings.
    #[test]
    fn line_follows_game_through_territory_rounds() {
        let rules = Rules::from_toml("t", crate::rounds::tests::TERRITORY, "t.toml").unwrap();
        let (mut rounds, mut held_across) = (0, 0);
        play_alongside(&rules, 11, 200, |_, _, _, step| {
            if let Step::Live { pos, round, .. } = step {
                rounds += *round as usize;
                held_across += (*round && pos.territory_mask() != 0) as usize;
            }
        });
        assert!(
            held_across > 0 && rounds > held_across,
            "{rounds} rounds, {held_across} with holes across"
        );
    }

    /// Hand-checked (the position of `rounds::tests::a_game_plays_across_rounds`):
    /// South's F takes b's 2 for a majority, 25 seeds to 23. The round ends
    /// but the match goes on: the line stands at the second round's opening
    /// (North's f blocked, North to move as the loser), started by North,
    /// with a fresh history; leaving restores South as the round's starter.
    #[test]
    fn a_round_end_goes_on_into_the_next_round() {
        let text = "name = \"R\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n\
            [sowing]\nstart = \"next\"\n[capture]\nrule = \"counts\"\ncounts = [2, 4]\n\
            last_hole_in = \"opponent\"\n[end]\nmajority = true\n[rounds]\nstarter = \"loser\"\n";
        let rules = Rules::from_toml("r", text, "r.toml").unwrap();
        let start = rules
            .position(
                &[0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0],
                [23, 21],
                Side::South,
                40,
            )
            .unwrap();
        let game = Game::from_position(rules.clone(), start);
        let mut line = Line::from_game(&game);
        let f = *game
            .successors()
            .iter()
            .find(|c| c.mv == crate::Move::Sow(5))
            .unwrap();
        let before = (line.keys.clone(), line.since_capture);
        match line.enter(&rules, &start, &f) {
            Step::Live {
                pos,
                succ,
                undo,
                round,
                repeated,
            } => {
                assert!(round && repeated.is_none());
                assert_eq!(pos.raw_board()[..12], [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0]);
                assert_eq!(pos.blocked_mask(), 1 << 11);
                assert_eq!(pos.to_move(), Side::North);
                assert_eq!(line.round_starter(), Side::North);
                assert_eq!(line.since_capture(), [rules.repetition_key(&pos)]);
                assert_eq!(succ.len(), 5);
                line.leave(undo);
                assert_eq!(line.round_starter(), Side::South);
                assert_eq!((line.keys.clone(), line.since_capture), before);
            }
            Step::End { .. } => panic!("the match goes on"),
        }
        // The same position without rounds: the game is over.
        let plain = Rules::from_toml(
            "r",
            &text.replace("[rounds]\nstarter = \"loser\"\n", ""),
            "r.toml",
        )
        .unwrap();
        let mut line = Line::new();
        line.push_live(&plain, &start, &start, false);
        assert!(matches!(
            line.enter(&plain, &start, &f),
            Step::End { outcome, .. } if outcome.reason == EndReason::Majority
        ));
    }
}
