//! Replaying one Ludii trial through our engine: the start board, then for
//! each turn the number of legal moves and the board after the move; the
//! first difference is the error.
//!
//! # Plies and turns
//!
//! Ludii splits some of our moves into several decisions of the same
//! player: a relay lap, or the sowing of captured seeds, is a further move
//! whose action names the mover again as the next player (`SetNextPlayer`).
//! One move of ours is therefore a run of one or more of Ludii's moves by
//! one player; it is the shortest run after which the boards agree and
//! after which our mover changes (or, at the end of Ludii's run, any). The
//! number of legal moves is compared before the first decision of a run:
//! Ludii counts a sowing whose direction the mover chooses once a
//! direction (its decision names the first hole sown), as we do; our moves
//! are counted by their first decision (origin hole and direction), so that
//! a move of ours that also names a later choice counts once, as Ludii's
//! first decision does.

use std::sync::Arc;

use mancala_core::{Game, Move, Rules, Side, notation};

use super::board::{Board, Shape};
use super::trial::{Action, Site, Trial};

/// Replays `trial`; `Ok` holds the number of Ludii's player moves
/// reproduced (all of them), the error those reproduced before the first
/// difference and the difference.
pub(crate) fn replay(
    rules: &Arc<Rules>,
    shape: Shape,
    map: &[usize],
    trial: &Trial,
) -> Result<usize, (usize, String)> {
    let setup = trial.setup_len();
    let mut board = Board::empty(shape);
    for mv in &trial.moves[..setup] {
        for action in &mv.actions {
            board
                .apply(action)
                .map_err(|e| (0, format!("set-up, line {}: {e}", mv.line)))?;
        }
    }
    let mut game = Game::new(rules.clone());
    let ours = our_board(&game);
    if ours != board.ours(map) {
        return Err((
            0,
            format!("start: our board {ours:?}, Ludii's {:?}", board.ours(map)),
        ));
    }
    let mut hole_of_vertex = vec![usize::MAX; shape.vertices()];
    for (hole, &v) in map.iter().enumerate() {
        hole_of_vertex[v] = hole;
    }
    let moves = &trial.moves[setup..];
    let mut i = 0;
    while i < moves.len() {
        let first = &moves[i];
        let ply = i + 1;
        let at = format!("ply {ply} (line {})", first.line);
        let side = match first.mover {
            1 => Side::South,
            2 => Side::North,
            p => return Err((i, format!("{at}: player {p} moves; ours are two"))),
        };
        if let Some(outcome) = game.outcome() {
            // Ludii records a player left without a move as passing, and
            // only then finds that they have no move: our game ended on
            // that turn.
            let last_pass = i + 1 == moves.len()
                && !first.actions.is_empty()
                && first.actions.iter().all(|a| matches!(a, Action::Pass));
            if last_pass && game.position().to_move() == side {
                break;
            }
            return Err((
                i,
                format!(
                    "{at}: our game is over ({}), Ludii's goes on",
                    outcome.reason.describe()
                ),
            ));
        }
        if game.position().to_move() != side {
            return Err((
                i,
                format!(
                    "{at}: {side} moves in Ludii, {} in ours",
                    game.position().to_move()
                ),
            ));
        }
        let legal: Vec<Move> = game.legal_moves().into_iter().collect();
        let labels = || {
            legal
                .iter()
                .map(|&m| notation::move_label(game.rules(), m))
                .collect::<Vec<_>>()
                .join(" ")
        };
        // Ludii counts its first decisions: a hole, with a direction where
        // the mover chooses one. A move of ours that goes on to choose more
        // (a hole to capture, say) is one of them.
        let mut decisions: Vec<(Option<usize>, Option<bool>, Option<usize>)> = legal
            .iter()
            .map(|m| (m.hole(), m.chosen_clockwise(), m.taken_hole()))
            .collect();
        decisions.sort_unstable();
        decisions.dedup();
        if decisions.len() != trial.legal[i] {
            return Err((
                i,
                format!(
                    "{at}: {} legal moves in ours ({}), {} in Ludii",
                    decisions.len(),
                    labels(),
                    trial.legal[i]
                ),
            ));
        }
        // Ludii's boards after each move of this player's run.
        let run = moves[i..]
            .iter()
            .take_while(|m| m.mover == first.mover)
            .count();
        let mut after = Vec::with_capacity(run);
        let mut b = board.clone();
        for mv in &moves[i..i + run] {
            for action in &mv.actions {
                b.apply(action)
                    .map_err(|e| (i, format!("ply {ply}, line {}: {e}", mv.line)))?;
            }
            after.push(b.clone());
        }
        let candidates = candidates(&legal, first, &hole_of_vertex, shape);
        let Some(candidates) = candidates else {
            return Err((
                i,
                format!(
                    "{at}: Ludii's move ({}) is none of our legal moves ({})",
                    describe(first, &hole_of_vertex, game.rules()),
                    labels()
                ),
            ));
        };
        let mut found = None;
        'search: for &mv in &candidates {
            let mut next = game.clone();
            if next.play(mv).is_err() {
                continue;
            }
            let ours = our_board(&next);
            if next.round() > game.round() {
                if let Some((took, refilled)) = refill(&board, &moves[i..], &ours, map) {
                    found = Some((next, took, refilled));
                    break 'search;
                }
                continue;
            }
            for (k, theirs) in after.iter().enumerate() {
                let same_turn = !next.is_over() && next.position().to_move() == side;
                if ours == theirs.ours(map) && (k + 1 == run || same_turn) {
                    found = Some((next, k + 1, theirs.clone()));
                    break 'search;
                }
            }
        }
        let Some((next, took, after_took)) = found else {
            let mv = candidates[0];
            let mut next = game.clone();
            let played = next.play(mv);
            let label = notation::move_label(game.rules(), mv);
            let theirs = after[run - 1].ours(map);
            return Err((
                i,
                match played {
                    Err(e) => format!("{at} ({label}): {e}"),
                    Ok(()) => format!(
                        "{at} ({label}): our board {:?}, Ludii's {theirs:?}{}",
                        our_board(&next),
                        if run > 1 {
                            format!(" after its {run} moves")
                        } else {
                            String::new()
                        }
                    ),
                },
            ));
        };
        game = next;
        board = after_took;
        i += took;
    }
    // How the trial ended: the rules ended it, or Ludii's limit on turns.
    match (trial.end.as_deref(), game.outcome()) {
        (Some("NaturalEnd"), None) => Err((
            moves.len(),
            format!(
                "Ludii's game is over (winner {}), ours goes on",
                trial.winner.unwrap_or(0)
            ),
        )),
        (Some("NaturalEnd"), Some(outcome)) => {
            let theirs = match trial.winner {
                Some(1) => Some(Side::South),
                Some(2) => Some(Side::North),
                _ => None,
            };
            if outcome.winner != theirs {
                return Err((
                    moves.len(),
                    format!(
                        "result: our winner {:?} ({}), Ludii's {theirs:?}",
                        outcome.winner,
                        outcome.reason.describe()
                    ),
                ));
            }
            Ok(moves.len())
        }
        (_, Some(outcome)) => Err((
            moves.len(),
            format!(
                "our game is over ({}) where Ludii's was cut at its limit",
                outcome.reason.describe()
            ),
        )),
        (_, None) => Ok(moves.len()),
    }
}

/// A move of ours that ends a round and lays out the next: Ludii ends the
/// round within the move (the seeds go to the hands) and then lets the
/// players place them move by move, each from their own hand (its phase
/// between rounds), until a player sows again. The moves that took, and
/// Ludii's board then, when it is our new round's (`ours`); `None` when
/// Ludii's seeds never lie as ours do before its next sowing.
fn refill(
    board: &Board,
    moves: &[super::trial::TrialMove],
    ours: &[u32],
    map: &[usize],
) -> Option<(usize, Board)> {
    let mut b = board.clone();
    for (k, mv) in moves.iter().enumerate() {
        let sows = mv
            .actions
            .iter()
            .any(|a| matches!(a, Action::Select { .. }));
        if k > 0 && sows {
            return (b.ours(map) == ours).then_some((k, b));
        }
        for action in &mv.actions {
            b.apply(action).ok()?;
        }
    }
    (b.ours(map) == ours).then_some((moves.len(), b))
}

fn our_board(game: &Game) -> Vec<u32> {
    let pos = game.position();
    (0..game.rules().holes())
        .map(|h| u32::from(pos.seeds(h)))
        .collect()
}

/// The hole Ludii's move starts from, and the first hole it sows into.
fn origin(
    first: &super::trial::TrialMove,
    hole_of_vertex: &[usize],
) -> Option<(usize, Option<usize>)> {
    let hole = |site: Site| match site {
        Site::Vertex(v) => hole_of_vertex.get(v).copied().filter(|&h| h != usize::MAX),
        Site::Cell(_) => None,
    };
    let (from, to) = first.actions.iter().find_map(|a| match *a {
        Action::Select { from, to } => Some((from, to)),
        Action::Move { from, to, .. } => Some((from, Some(to))),
        _ => None,
    })?;
    let to = to.or_else(|| {
        first.actions.iter().find_map(|a| match *a {
            Action::Move { from: f, to, .. } if f == from => Some(to),
            _ => None,
        })
    });
    Some((hole(from)?, to.and_then(hole)))
}

/// Our legal moves that can be Ludii's move: those from its origin hole
/// in its direction; passing when Ludii passes; every move where Ludii's
/// move starts elsewhere (a seed from the hand). `None` when no legal
/// move of ours starts as Ludii's does.
fn candidates(
    legal: &[Move],
    first: &super::trial::TrialMove,
    hole_of_vertex: &[usize],
    shape: Shape,
) -> Option<Vec<Move>> {
    if first.actions.iter().any(|a| matches!(a, Action::Pass)) {
        return legal.contains(&Move::Pass).then(|| vec![Move::Pass]);
    }
    let Some((hole, first_sown)) = origin(first, hole_of_vertex) else {
        return (!legal.is_empty()).then(|| legal.to_vec());
    };
    // Each player's ring is 2n holes of ours, counter-clockwise up; on
    // three rows one ring goes through every hole.
    let ring = if shape.rows == 3 {
        shape.holes()
    } else {
        2 * shape.holes_per_row
    };
    let base = hole / ring * ring;
    let ccw = base + (hole - base + 1) % ring;
    let cw = base + (hole - base + ring - 1) % ring;
    let clockwise = match first_sown {
        Some(h) if h == ccw => Some(false),
        Some(h) if h == cw => Some(true),
        _ => None,
    };
    let found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.hole() == Some(hole)
                && match (m.chosen_clockwise(), clockwise) {
                    (Some(ours), Some(theirs)) => ours == theirs,
                    _ => true,
                }
        })
        .collect();
    (!found.is_empty()).then_some(found)
}

fn describe(first: &super::trial::TrialMove, hole_of_vertex: &[usize], rules: &Rules) -> String {
    match origin(first, hole_of_vertex) {
        Some((hole, _)) => format!(
            "from {}",
            notation::move_label(rules, Move::Sow(hole as u8))
        ),
        None if first.actions.iter().any(|a| matches!(a, Action::Pass)) => "a pass".into(),
        None => "no sowing".into(),
    }
}
