//! Replaying one traced game through our engine, comparing after each ply
//! the mover, the board, the stores, the holes' states and, at the end, the
//! result; the first difference is the error.

use mancala_core::spec::*;
use mancala_core::{EndReason, Game, Move, Rules, Side, notation};
use serde_json::Value;

/// Replays one traced game; the error is the first difference.
pub(crate) fn replay_game(spec: &RuleSpec, record: &Value) -> Result<(), String> {
    let start = record.get("start").ok_or("no start")?;
    let board = u8s(start.get("board")).ok_or("no start board")?;
    let stores = u8s(start.get("stores")).ok_or("no start stores")?;
    let to_move = side(start.get("to_move")).ok_or("no start to_move")?;
    let mut spec = spec.clone();
    spec.board.first_player = to_move;
    let rules = Rules::compile(&spec.name.clone(), spec)
        .map_err(|e| format!("our rules do not compile: {e}"))?;
    let ours = rules.start();
    // A random start layout: the trace's board must be one it can draw.
    if !rules.is_start_board(&board) {
        return Err(format!(
            "start: our board {:?}, StoneShark's {board:?}",
            (0..rules.holes())
                .map(|h| ours.seeds(h))
                .collect::<Vec<_>>()
        ));
    }
    let pos = rules
        .position(&board, [stores[0] as u32, stores[1] as u32], to_move, 0)
        .map_err(|e| format!("start position: {e}"))?;
    let owners = children(start.get("child"), board.len()).ok_or("bad start child states")?;
    // StoneShark marks rams as children (owned by North, as its trace
    // writes an owner-less child); ours are read from the seeds.
    let rams = rules.spec().moves.rams;
    let pos = if rams {
        if marked(&owners) != rules.ram_holes(&pos) {
            return Err("start: StoneShark's rams are not the board's".into());
        }
        pos
    } else {
        rules
            .with_owned(pos, &owners)
            .map_err(|e| format!("start position: {e}"))?
    };
    let mut game = Game::from_position(rules, pos);
    let plies = record
        .get("plies")
        .and_then(Value::as_array)
        .ok_or("no plies")?;
    for (i, ply) in plies.iter().enumerate() {
        let at = i + 1;
        if ply.get("endless").and_then(Value::as_bool) == Some(true) {
            // StoneShark cut this sowing short after 75 laps: not a rule to compare.
            return Ok(());
        }
        if let Some(round) = ply.get("round") {
            // Rounds drawn at random: ours takes StoneShark's draw when the
            // layout can draw it (compared below either way).
            let random_rounds = game.rules().spec().board.layout == StartLayout::Random
                && game
                    .rules()
                    .spec()
                    .rounds
                    .as_ref()
                    .is_some_and(|r| r.is_tallied());
            if random_rounds && let Some(board) = u8s(round.get("board")) {
                let _ = game.redraw_round(&board);
            }
            let Some(start) = game
                .round_starts()
                .last()
                .filter(|r| r.after_moves == game.moves().len())
            else {
                return Err(format!(
                    "ply {at}: StoneShark starts a new round, our round goes on"
                ));
            };
            let pos = &start.position;
            let board: Vec<u8> = (0..game.rules().holes()).map(|h| pos.seeds(h)).collect();
            let ours = stoneshark_stores(game.rules(), pos);
            let blocked: Vec<bool> = (0..game.rules().holes())
                .map(|h| pos.is_blocked(h))
                .collect();
            let want_board = u8s(round.get("board")).ok_or(format!("ply {at}: no round board"))?;
            let want_stores =
                u8s(round.get("stores")).ok_or(format!("ply {at}: no round stores"))?;
            let want_blocked: Vec<bool> = match round.get("blocked").and_then(Value::as_array) {
                Some(b) => b.iter().map(|x| x.as_bool().unwrap_or(false)).collect(),
                None => vec![false; board.len()],
            };
            let want_to_move =
                side(round.get("to_move")).ok_or(format!("ply {at}: no round to_move"))?;
            check_holders(game.rules(), pos, round, &format!("ply {at} (new round)"))?;
            check_locked(game.rules(), pos, round, &format!("ply {at} (new round)"))?;
            if board != want_board
                || ours[..] != want_stores[..]
                || blocked != want_blocked
                || pos.to_move() != want_to_move
            {
                return Err(format!(
                    "ply {at} (new round): board {board:?} stores {ours:?} blocked {blocked:?} {} to move, \
                     StoneShark board {want_board:?} stores {want_stores:?} blocked {want_blocked:?} {want_to_move} to move",
                    pos.to_move()
                ));
            }
            continue;
        }
        if let Some(passer) = ply.get("pass") {
            let passer = side(Some(passer)).ok_or(format!("ply {at}: bad pass"))?;
            expect_mover(&game, passer, at)?;
            game.play(Move::Pass)
                .map_err(|e| format!("ply {at}: StoneShark passes, we do not: {e}"))?;
            continue;
        }
        let mover = side(ply.get("mover")).ok_or(format!("ply {at}: no mover"))?;
        expect_mover(&game, mover, at)?;
        let label = ply
            .get("move")
            .and_then(Value::as_str)
            .ok_or(format!("ply {at}: no move"))?;
        // StoneShark writes the direction the mover asked for even where the
        // rules sow the one way (its NO_UDIR_FIRSTS opening): the move is the
        // bare hole where our rules give no choice.
        let bare = label.trim_end_matches(['<', '>']);
        let label = match notation::parse_move(game.rules(), bare) {
            Ok(Move::Sow(hole))
                if bare.len() < label.len()
                    && !game
                        .rules()
                        .chooses_direction(game.position(), hole as usize) =>
            {
                bare
            }
            _ => label,
        };
        game.play_label(label)
            .map_err(|e| format!("ply {at}: {e}"))?;
        let want_board = u8s(ply.get("board")).ok_or(format!("ply {at}: no board"))?;
        let want_stores = u8s(ply.get("stores")).ok_or(format!("ply {at}: no stores"))?;
        if game.is_over() && at == plies.len() {
            // StoneShark's last ply shows the board after the end-of-game
            // settlement: compared with the result below.
            break;
        }
        // A move that ended a round is compared with the round's last position.
        let round_ended = game
            .round_starts()
            .last()
            .filter(|r| r.after_moves == game.moves().len());
        let pos = round_ended.map_or(game.position(), |r| &r.ended);
        let board: Vec<u8> = (0..game.rules().holes()).map(|h| pos.seeds(h)).collect();
        let ours = stoneshark_stores(game.rules(), pos);
        // StoneShark shows a round that ended with no move after the seeds
        // left were collected: the round's totals, on an empty board.
        let collected = round_ended
            .and_then(|r| r.previous.score)
            .is_some_and(|score| {
                want_board.iter().all(|&s| s == 0)
                    && score
                        .iter()
                        .zip(&want_stores)
                        .all(|(ours, &theirs)| ours.0 == 2 * theirs as u32)
            });
        if (board != want_board || ours[..] != want_stores[..]) && !collected {
            return Err(format!(
                "ply {at} ({label}): board {board:?} stores {ours:?}, StoneShark board {want_board:?} stores {want_stores:?}"
            ));
        }
        check_holders(game.rules(), pos, ply, &format!("ply {at} ({label})"))?;
        check_locked(game.rules(), pos, ply, &format!("ply {at} ({label})"))?;
        if game.rules().spec().sowing.closes_at.is_some() {
            let closed: Vec<bool> = (0..game.rules().holes())
                .map(|h| pos.is_blocked(h))
                .collect();
            let want: Vec<bool> = match ply.get("blocked").and_then(Value::as_array) {
                Some(b) => b.iter().map(|x| x.as_bool().unwrap_or(false)).collect(),
                None => vec![false; closed.len()],
            };
            if closed != want {
                return Err(format!(
                    "ply {at} ({label}): closed holes {closed:?}, StoneShark's blocked {want:?}"
                ));
            }
        }
        let owners = owners_of(pos, game.rules().holes());
        let mut want_owners = children(ply.get("child"), game.rules().holes())
            .ok_or(format!("ply {at}: bad child states"))?;
        if rams {
            let ours = game.rules().ram_holes(pos);
            if marked(&want_owners) != ours {
                return Err(format!(
                    "ply {at} ({label}): rams {ours:#b}, StoneShark's {:#b}",
                    marked(&want_owners)
                ));
            }
            want_owners.fill(None);
        }
        if owners != want_owners {
            return Err(format!(
                "ply {at} ({label}): owned holes {owners:?}, StoneShark children {want_owners:?}"
            ));
        }
        let next_is_round = plies.get(i + 1).is_some_and(|p| p.get("round").is_some());
        if round_ended.is_some() != next_is_round {
            return Err(if next_is_round {
                match game.outcome() {
                    Some(o) => format!(
                        "ply {at} ({label}): StoneShark's round ends here, our match ends ({}, totals {:?})",
                        o.reason.describe(),
                        o.score.map(|s| s.map(|x| x.to_string()))
                    ),
                    None => {
                        format!("ply {at} ({label}): StoneShark's round ends here, ours goes on")
                    }
                }
            } else {
                format!("ply {at} ({label}): our round ends here, StoneShark's goes on")
            });
        }
    }
    let result = record.get("result").and_then(Value::as_str).unwrap_or("");
    match result {
        "capped" => {
            if let Some(outcome) = game.outcome() {
                return Err(format!(
                    "our game ended ({}) where StoneShark's was cut at its ply cap",
                    outcome.reason.describe()
                ));
            }
            Ok(())
        }
        "win" | "tie" => {
            let Some(outcome) = game.outcome() else {
                let legal: Vec<String> = game
                    .legal_moves()
                    .iter()
                    .map(|m| notation::move_label(game.rules(), m))
                    .collect();
                return Err(format!(
                    "StoneShark ended the game, ours goes on (legal: {})",
                    legal.join(" ")
                ));
            };
            let want_winner = if result == "tie" {
                None
            } else {
                side(record.get("winner"))
            };
            if outcome.winner != want_winner {
                return Err(format!(
                    "result: our winner {:?} ({}), StoneShark's {want_winner:?}",
                    outcome.winner,
                    outcome.reason.describe()
                ));
            }
            if let (Some(score), Some(end)) = (outcome.score, record.get("end")) {
                let end_board = u8s(end.get("board")).ok_or("no end board")?;
                let mut end_stores = u8s(end.get("stores")).ok_or("no end stores")?;
                let end_owners =
                    children(end.get("child"), end_board.len()).ok_or("bad end child states")?;
                let pos = game.position();
                // StoneShark leaves the seeds of children in them at the
                // end: they are their owner's.
                let plain_left = end_board
                    .iter()
                    .zip(&end_owners)
                    .any(|(&s, o)| s != 0 && o.is_none());
                // The seeds of rams are nobody's.
                if !plain_left && !rams {
                    for (&s, o) in end_board.iter().zip(&end_owners) {
                        if let Some(store) = o.and_then(|o| end_stores.get_mut(o.index())) {
                            *store = store.saturating_add(s);
                        }
                    }
                }
                if plain_left {
                    // StoneShark leaves the board as it is when a player has
                    // won outright (our majority rule) and when a match of
                    // rounds ends at a round's end (its seeds would only
                    // matter to a next round).
                    let board: Vec<u8> = (0..game.rules().holes()).map(|h| pos.seeds(h)).collect();
                    let ours = stoneshark_stores(game.rules(), pos);
                    if (outcome.reason != EndReason::Majority && !game.rules().has_rounds())
                        || board != end_board
                        || ours[..] != end_stores[..]
                    {
                        return Err(format!(
                            "end: ours {} with stores {ours:?}, StoneShark's a clear win with stores {end_stores:?}",
                            outcome.reason.describe()
                        ));
                    }
                } else {
                    // A match won by a tally of seeds totals its rounds:
                    // StoneShark shows the last round's.
                    let earlier = game.rules().tally_of(game.round_starts());
                    let seed_tally = game
                        .rules()
                        .spec()
                        .rounds
                        .as_ref()
                        .is_some_and(|r| r.seeds_to_win.is_some());
                    let score = if seed_tally {
                        [
                            mancala_core::Score(score[0].0 - earlier[0]),
                            mancala_core::Score(score[1].0 - earlier[1]),
                        ]
                    } else {
                        score
                    };
                    let ours: Vec<String> = score.iter().map(|s| s.to_string()).collect();
                    let theirs: Vec<String> = end_stores.iter().map(|s| s.to_string()).collect();
                    if ours != theirs {
                        return Err(format!(
                            "final totals: ours {ours:?} ({}), StoneShark's {theirs:?}",
                            outcome.reason.describe()
                        ));
                    }
                }
            }
            Ok(())
        }
        other => Err(format!("trace result {other:?} is not a result of ours")),
    }
}

fn expect_mover(game: &Game, mover: Side, at: usize) -> Result<(), String> {
    if let Some(outcome) = game.outcome() {
        return Err(format!(
            "ply {at}: our game is over ({}), StoneShark's goes on",
            outcome.reason.describe()
        ));
    }
    let ours = game.position().to_move();
    if ours != mover {
        return Err(format!(
            "ply {at}: {mover} moves in StoneShark, {ours} in ours"
        ));
    }
    Ok(())
}

/// Checks who plays each hole (territory games) against the trace's
/// `owner` states (absent: each row's player).
fn check_holders(
    rules: &Rules,
    pos: &mancala_core::Position,
    ply: &Value,
    at: &str,
) -> Result<(), String> {
    let holes = rules.holes();
    let ours: Vec<Side> = (0..holes).map(|h| rules.holder(pos, h)).collect();
    let want: Vec<Side> = match ply.get("owner") {
        None => (0..holes).map(|h| rules.owner(h)).collect(),
        Some(v) => v
            .as_array()
            .filter(|a| a.len() == holes)
            .and_then(|a| a.iter().map(|x| side(Some(x))).collect::<Option<Vec<_>>>())
            .ok_or(format!("{at}: bad owner states"))?,
    };
    if ours != want {
        return Err(format!(
            "{at}: holes played by {ours:?}, StoneShark's owners {want:?}"
        ));
    }
    Ok(())
}

/// Checks the holes not yet moved from (rules that read them) against the
/// trace's `locked` states (absent: none locked).
fn check_locked(
    rules: &Rules,
    pos: &mancala_core::Position,
    ply: &Value,
    at: &str,
) -> Result<(), String> {
    let spec = rules.spec();
    if !spec.capture.moved_from_only && !spec.moves.each_hole_first {
        return Ok(());
    }
    let holes = rules.holes();
    let ours: Vec<bool> = (0..holes)
        .map(|h| pos.moved_from_mask() & (1 << h) == 0)
        .collect();
    let want: Vec<bool> = match ply.get("locked").and_then(Value::as_array) {
        Some(b) => b.iter().map(|x| x.as_bool().unwrap_or(false)).collect(),
        None => vec![false; holes],
    };
    if ours != want {
        return Err(format!(
            "{at}: holes not moved from {ours:?}, StoneShark's locked {want:?}"
        ));
    }
    Ok(())
}

/// The holes marked in `owners`, one bit a hole.
fn marked(owners: &[Option<Side>]) -> u32 {
    owners
        .iter()
        .enumerate()
        .filter(|(_, o)| o.is_some())
        .fold(0, |bits, (h, _)| bits | 1 << h)
}

/// Each hole's owner (`[owned]` games), by hole index.
fn owners_of(pos: &mancala_core::Position, holes: usize) -> Vec<Option<Side>> {
    (0..holes).map(|h| pos.hole_owner(h)).collect()
}

/// A trace's `child` states (absent: no child), by hole index.
fn children(v: Option<&Value>, holes: usize) -> Option<Vec<Option<Side>>> {
    let Some(v) = v else {
        return Some(vec![None; holes]);
    };
    let list = v.as_array()?;
    if list.len() != holes {
        return None;
    }
    list.iter()
        .map(|x| match x {
            Value::Null => Some(None),
            other => side(Some(other)).map(Some),
        })
        .collect()
}

/// Seeds a player holds off the board: captured, or removed from play.
fn taken(pos: &mancala_core::Position, side: Side) -> u8 {
    (pos.captured(side) + pos.removed(side)) as u8
}

/// The stores as StoneShark shows them: each player's seeds off the board,
/// except that StoneShark keeps the seeds that closed holes took out of
/// play (`sowing.closes_at`) in South's store, whoever sowed them.
fn stoneshark_stores(rules: &Rules, pos: &mancala_core::Position) -> [u8; 2] {
    if rules.spec().sowing.closes_at.is_some() {
        let out = pos.removed(Side::South) + pos.removed(Side::North);
        [
            (pos.captured(Side::South) + out) as u8,
            pos.captured(Side::North) as u8,
        ]
    } else {
        [taken(pos, Side::South), taken(pos, Side::North)]
    }
}

fn u8s(v: Option<&Value>) -> Option<Vec<u8>> {
    v?.as_array()?
        .iter()
        .map(|x| x.as_u64().and_then(|x| u8::try_from(x).ok()))
        .collect()
}

fn side(v: Option<&Value>) -> Option<Side> {
    match v?.as_str()? {
        "south" => Some(Side::South),
        "north" => Some(Side::North),
        _ => None,
    }
}
