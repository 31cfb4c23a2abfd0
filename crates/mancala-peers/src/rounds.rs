//! Rounds: matches of several rounds, how a round is refilled and started,
//! and what wins the match (holes kept, round wins, seeds, territory).

use mancala_core::spec::*;

use crate::draft::{Draft, Params};

/// Whether and how the game is played in rounds.
pub(crate) fn translate(p: &Params, d: &mut Draft) {
    let (holes, closing) = (d.holes, d.closing);
    let Draft { spec, needs, .. } = d;
    let mut need = |what: String| needs.push(what);
    match p.int("rounds") {
        0 => {
            for key in ["goal_param", "round_fill", "round_starter", "blocks"] {
                // Blocks are the closed holes of a closing game.
                if p.info.contains_key(key) && !(key == "blocks" && closing) {
                    need(format!("{key}={} without rounds", p.int(key)));
                }
            }
        }
        // A tally of round wins (goal=4, RND_WIN_COUNT_MAX): each round is
        // a game for the most seeds, started afresh from the start pattern;
        // the first player to win goal_param rounds wins the match. With
        // rounds=2 (NO_MOVES) only a lack of moves ends a round.
        // Round points (goal=7, RND_POINTS) are such a tally where a round
        // won with three quarters of the seeds (a skunk) counts twice.
        // A tally of seeds (goal=5, RND_SEED_COUNT): the first player whose
        // seeds over the rounds reach goal_param wins the match. With
        // rounds=3 (END_S_SEEDS) or 4 a hole's (two holes') worth of seeds
        // left on the board ends a round too (set below).
        r @ (1..=4)
            if matches!(p.int("goal"), 4 | 5 | 7) && (r <= 2 || p.int("pickextra") == 0) =>
        {
            let goal = p.int("goal");
            let total = 2 * holes * spec.board.seeds_per_hole;
            let double_win_seeds = (goal == 7).then_some(total * 3 / 4);
            let starter = seed_round_starter(p.int("round_starter"));
            if starter.is_none() {
                need(format!("round_starter={}", p.int("round_starter")));
            }
            for key in ["round_fill", "blocks"] {
                if p.info.contains_key(key) {
                    need(format!("{key}={} with goal=4", p.int(key)));
                }
            }
            let wins = p.int("goal_param");
            if wins < 1 {
                need(format!("goal_param={wins} with goal={goal}"));
            }
            if r >= 2 {
                spec.end.majority = false;
            }
            let (round_wins, seeds_to_win) = if goal == 5 {
                (None, Some(wins.max(1) as u32))
            } else {
                (Some(wins.max(1) as u32), None)
            };
            if let Some(starter) = starter {
                spec.rounds = Some(RoundsSpec {
                    fill: RoundFill::Left,
                    blocked: false,
                    min_holes: 1,
                    starter,
                    loser_only: false,
                    territory: false,
                    min_seeds: None,
                    partial_hole: PartialHole::OverHalf,
                    round_wins,
                    double_win_seeds,
                    seeds_to_win,
                });
            }
        }
        // A round ends as a game does (the majority rule included); the
        // match when a player cannot fill goal_param holes (at least one).
        // With rounds=2 (NO_MOVES) only a lack of moves ends a round: a
        // majority does not, but a player past the seeds that leave the
        // opponent unable to fill goal_param holes wins at once.
        r @ (1 | 2) if p.int("goal") == 0 => {
            let fill = match p.int("round_fill") {
                // Not set: StoneShark fills as its outside fill.
                0 if p.flag("blocks") => Some(RoundFill::OutsideWest),
                0 | 1 => Some(RoundFill::Left),
                2 => Some(RoundFill::Right),
                // StoneShark fills both rows from the board's west end.
                3 => Some(RoundFill::OutsideWest),
                // The loser may choose which holes to fill; StoneShark's
                // players never rearrange the outside fill it proposes.
                6 if p.flag("blocks") => Some(RoundFill::OutsideWest),
                // Only the loser refills, from the board's west end.
                10 => Some(RoundFill::West),
                f => {
                    need(format!("round_fill={f}"));
                    None
                }
            };
            let starter = seed_round_starter(p.int("round_starter"));
            if starter.is_none() {
                need(format!("round_starter={}", p.int("round_starter")));
            }
            let min_holes = p.int("goal_param").max(1) as u32;
            if r == 2 {
                spec.end.majority = false;
                let total = 2 * spec.board.holes_per_row * spec.board.seeds_per_hole;
                spec.end.win_seeds = Some(total - min_holes * spec.board.seeds_per_hole);
            }
            if let (Some(fill), Some(starter)) = (fill, starter) {
                spec.rounds = Some(RoundsSpec {
                    fill,
                    blocked: p.flag("blocks"),
                    min_holes,
                    starter,
                    loser_only: p.int("round_fill") == 10,
                    territory: false,
                    min_seeds: None,
                    partial_hole: PartialHole::OverHalf,
                    round_wins: None,
                    double_win_seeds: None,
                    seeds_to_win: None,
                });
            }
        }
        // Territory (goal=2): each round starts on a full board, the holes
        // shared out by the seeds won. With rounds=2 (NO_MOVES) only a lack
        // of moves ends a round. With rounds=3 (END_S_SEEDS) a hole's worth
        // of seeds left ends it too, which the mover's pick of the last
        // seeds (pickextra=3) does; and a player past the seeds that claim
        // goal_param holes wins the round at once; without a picker the
        // seeds left (a hole's worth, or two with rounds=4) go to the holes'
        // owners. StoneShark ends the match when a player has fewer than the
        // seeds that claim 2n - goal_param holes, less one:
        // (2n - goal_param + 1) * seeds - 1 (see the partly filled hole below).
        r @ (2..=4)
            if p.int("goal") == 2
                && (r == 2 || p.int("pickextra") == r || p.int("pickextra") == 0) =>
        {
            let starter = match p.int("round_starter") {
                0 => Some(RoundStarter::Alternate),
                // After a drawn round StoneShark's loser rule hands the
                // next round to the player not to move.
                1 => Some(RoundStarter::LoserElseLastMover),
                // After a drawn round its winner rule leaves the next round
                // to the player to move.
                2 => Some(RoundStarter::WinnerElseNotLastMover),
                3 => Some(RoundStarter::LastMover),
                s => {
                    need(format!("round_starter={s}"));
                    None
                }
            };
            // UCHOWN (8) lets the winner choose their holes; StoneShark's
            // players keep the holes it proposes, the default allocation.
            // TERR_EX_LOSER (12) gives the partly filled hole to the loser,
            // TERR_EX_EMPTY (13) too, empty, the seeds over kept in the stores.
            let partial = match p.int("round_fill") {
                0 | 8 => Some(PartialHole::OverHalf),
                12 => Some(PartialHole::Loser),
                13 => Some(PartialHole::LoserEmpty),
                f => {
                    need(format!("round_fill={f} with goal=2"));
                    None
                }
            };
            let fill_ok = partial.is_some();
            let partial = partial.unwrap_or_default();
            let goal = p.int("goal_param");
            let n = spec.board.holes_per_row as i64;
            let s = spec.board.seeds_per_hole as i64;
            // A round is won outright past the seeds that claim goal_param
            // holes; the match ends below the seeds that claim the rest,
            // the partly filled hole counted as the allocation counts it.
            let (win, least) = if partial == PartialHole::OverHalf {
                ((goal - 1) * s + s / 2 + 1, (2 * n - goal + 1) * s - 1)
            } else {
                (goal * s, (2 * n - goal) * s + 1)
            };
            if goal < n || goal > 2 * n || least < 1 {
                need(format!("goal_param={goal} with goal=2"));
            } else if let (Some(starter), true) = (starter, fill_ok) {
                spec.end.majority = false;
                if r >= 3 {
                    // More than the seeds that fill goal_param - 1 holes
                    // and over half the last; StoneShark's winner then
                    // takes the seeds left (Nsa Isong, game 1, last ply).
                    spec.end.win_seeds = Some(win as u32);
                    spec.end.rest_to_winner = true;
                }
                spec.rounds = Some(RoundsSpec {
                    fill: RoundFill::Left,
                    blocked: false,
                    min_holes: 1,
                    starter,
                    loser_only: false,
                    territory: true,
                    min_seeds: Some(least as u32),
                    partial_hole: partial,
                    round_wins: None,
                    double_win_seeds: None,
                    seeds_to_win: None,
                });
            }
            let _ = p.int("blocks");
        }
        r => {
            need(format!("rounds={r}"));
            for key in ["goal_param", "round_fill", "round_starter", "blocks"] {
                let _ = p.int(key);
            }
        }
    }
}

/// Who starts each round of a match played for seeds (goal 0 or 4), by
/// StoneShark's round_starter; `None` for a code we do not map.
fn seed_round_starter(code: i64) -> Option<RoundStarter> {
    match code {
        0 => Some(RoundStarter::Alternate),
        // After a drawn round StoneShark's loser rule hands the next round
        // to the player not to move: the last mover (Lagerung, game 1,
        // ply 37).
        1 => Some(RoundStarter::LoserElseLastMover),
        2 => Some(RoundStarter::Winner),
        3 => Some(RoundStarter::LastMover),
        _ => None,
    }
}
