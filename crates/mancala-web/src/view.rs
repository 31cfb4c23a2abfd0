//! What the API answers: games as JSON, the catalogue of rules, and the
//! hole-by-hole path of a sowing that the page animates.

use mancala_core::spec::{Direction, Laps, ResultRule, SowStart};
use mancala_core::{Move, Position, Rules, State, describe};
use serde::Serialize;

use crate::store::Players;

/// A game as the API shows it: the spec's JSON state (flattened: `game`,
/// `board`, `to_move`, `ply`, `legal`, `over`, `captured`, and `winner`,
/// `score`, `reason` once over) plus the game's id, players, moves and last
/// move. A resignation ends the game: `over` is true, `legal` empty,
/// `winner` the other side and `reason` says who resigned.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The rules' display name, e.g. `Modiar`.
    pub name: String,
    /// The spec's state.
    #[serde(flatten)]
    pub state: State,
    /// `local` (both seats on one device), `remote` (two people, two
    /// devices) or `ai` (a person against the machine).
    pub mode: String,
    /// South's and North's player: `human` or `ai:K`.
    pub players: Players,
    /// Whether each seat is taken (a `remote` game's second seat is free
    /// until someone joins).
    pub seats: Seats,
    /// The moves played, as labels.
    pub moves: Vec<String>,
    /// The game record: the labels separated by spaces.
    pub record: String,
    /// The side that resigned, if one did.
    pub resigned: Option<String>,
    /// Why the game ended, as a stable code the page words in the reader's
    /// language (`reason` is the English phrase): `resigned`, `no_moves`,
    /// `board_empty`, `repetition`, `majority`, `endless`, `row_empty`,
    /// `ply_limit` or `too_few_seeds`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason_code: Option<&'static str>,
    /// Whether the machine is choosing its move.
    pub thinking: bool,
    /// The last move, with its sowing path.
    pub last: Option<LastMove>,
    /// Creation time (ms since the epoch).
    pub created: i64,
    /// Last change (ms since the epoch).
    pub updated: i64,
    /// The state's version: changes with every move, undo, join or
    /// resignation, and never comes back (a move sent with it is refused
    /// once the game has changed, even if it came back to the same ply).
    pub version: i64,
}

/// The stable code of an end reason (see [`GameView::reason_code`]).
pub fn reason_code(reason: mancala_core::EndReason) -> &'static str {
    use mancala_core::EndReason as R;
    match reason {
        R::NoMoves => "no_moves",
        R::BoardEmpty => "board_empty",
        R::Repetition => "repetition",
        R::Majority => "majority",
        R::EndlessMove => "endless",
        R::RowEmpty => "row_empty",
        R::PlyLimit => "ply_limit",
        R::TooFewSeeds => "too_few_seeds",
    }
}

/// Whether each seat is taken.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Seats {
    /// South's seat.
    pub south: bool,
    /// North's seat.
    pub north: bool,
}

/// The last move and how its sowing ran.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LastMove {
    /// Its ply (1-based).
    pub ply: u32,
    /// Its label.
    #[serde(rename = "move")]
    pub label: String,
    /// Who played it.
    pub side: String,
    /// The board before it.
    pub before: Vec<u8>,
    /// The sowing, lap by lap (one lap unless the rules relay); `None` for a
    /// pass or a sowing too long to show.
    pub laps: Option<Vec<Lap>>,
}

/// One lap of a sowing: the hole whose seeds are lifted and the holes sown,
/// one seed each, in order.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Lap {
    /// The hole emptied.
    pub lift: usize,
    /// The holes sown, in order.
    pub sow: Vec<usize>,
}

/// Longest sowing the page is asked to animate, in seeds sown.
pub const MAX_ANIMATED_SEEDS: usize = 400;

/// The laps of the sowing from `origin` on `board`, as the rules sow (before
/// any capture), or `None` if it is longer than [`MAX_ANIMATED_SEEDS`] or
/// never ends. Checked against the engine's own sowing.
pub fn sowing_laps(rules: &Rules, board: &[u8], origin: usize) -> Option<Vec<Lap>> {
    let clockwise = rules.spec().sowing.direction == Direction::Clockwise;
    let laps = laps_towards(rules, board, origin, clockwise)?;
    let engine = rules.sow_only(board, origin)?;
    (engine.board == laps.1).then_some(laps.0)
}

/// As [`sowing_laps`], for the move `mv` from `pos`, sown the way the
/// engine sows that move (games whose direction varies by move).
pub fn move_laps(rules: &Rules, pos: &Position, mv: Move) -> Option<Vec<Lap>> {
    let origin = mv.hole()?;
    let clockwise = rules.sows_clockwise(pos, mv)?;
    let board = &pos.raw_board()[..rules.holes()];
    let laps = laps_towards(rules, board, origin, clockwise)?;
    let engine = rules.sow_move_only(pos, mv)?;
    (engine.board == laps.1).then_some(laps.0)
}

/// The laps of a sowing one way round, and the board after them.
fn laps_towards(
    rules: &Rules,
    board: &[u8],
    origin: usize,
    clockwise: bool,
) -> Option<(Vec<Lap>, Vec<u8>)> {
    let spec = &rules.spec().sowing;
    let holes = rules.holes();
    let next = |h: usize| {
        if clockwise {
            (h + holes - 1) % holes
        } else {
            (h + 1) % holes
        }
    };
    let mut b = board[..holes].to_vec();
    let mut laps = Vec::new();
    let mut lift = origin;
    let mut into_origin = spec.start == SowStart::Origin;
    let mut total = 0;
    loop {
        let seeds = b[lift];
        b[lift] = 0;
        let mut hole = if into_origin { lift } else { next(lift) };
        let mut sow = Vec::with_capacity(seeds as usize);
        for _ in 0..seeds {
            if spec.skip_origin && hole == lift {
                hole = next(hole);
            }
            b[hole] += 1;
            sow.push(hole);
            hole = next(hole);
        }
        total += sow.len();
        let last = *sow.last()?;
        laps.push(Lap { lift, sow });
        if total > MAX_ANIMATED_SEEDS {
            return None;
        }
        if spec.laps == Laps::Single || b[last] == 1 {
            break;
        }
        lift = last;
        into_origin = false;
    }
    Some((laps, b))
}

/// One game of the catalogue: what the page shows to choose a game.
#[derive(Clone, Debug, Serialize)]
pub struct RulesInfo {
    /// The id used in the API, e.g. `modiar`.
    pub id: String,
    /// The display name.
    pub name: String,
    /// Where it is played, when known.
    pub origin: Option<String>,
    /// The one-line summary.
    pub summary: String,
    /// The full rules in English (paragraphs, with `- ` items).
    pub rules_text: String,
    /// Holes in a row.
    pub holes_per_row: usize,
    /// Seeds in all.
    pub total_seeds: u32,
    /// `south` or `north`.
    pub first_player: String,
    /// `seeds` (most seeds wins) or `deprivation` (leave the opponent without a move).
    pub result: String,
    /// Whether perfect play is available for this game (a solved database).
    pub perfect: bool,
}

impl RulesInfo {
    /// The catalogue entry of `rules`.
    pub fn of(rules: &Rules, perfect: bool) -> RulesInfo {
        let spec = rules.spec();
        RulesInfo {
            id: rules.id().to_string(),
            name: rules.name().to_string(),
            origin: spec.origin.clone(),
            summary: describe::summary(rules),
            rules_text: describe::rules_text(rules),
            holes_per_row: rules.holes_per_row(),
            total_seeds: rules.total_seeds(),
            first_player: spec.board.first_player.as_str().to_string(),
            result: match spec.end.result {
                ResultRule::Seeds => "seeds",
                ResultRule::Deprivation => "deprivation",
            }
            .to_string(),
            perfect,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laps_follow_each_sowing_rule() {
        let modiar = Rules::builtin("modiar").unwrap();
        let laps = sowing_laps(&modiar, &[7; 6], 0).unwrap();
        assert_eq!(
            laps,
            vec![Lap {
                lift: 0,
                sow: vec![0, 1, 2, 3, 4, 5, 0]
            }]
        );

        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        let laps = sowing_laps(&sadeqa, &[3; 12], 5).unwrap();
        assert_eq!(
            laps[0],
            Lap {
                lift: 5,
                sow: vec![6, 7, 8]
            }
        );
        assert!(laps.len() > 1, "the relay goes on from hole 8");
        // The 515-lap sowing of the spec is too long to animate.
        assert_eq!(
            sowing_laps(&sadeqa, &[1, 2, 1, 0, 3, 4, 0, 8, 1, 2, 7, 0], 5),
            None
        );

        let oware = Rules::builtin("oware").unwrap();
        let mut board = [0u8; 12];
        board[0] = 13;
        let laps = sowing_laps(&oware, &board, 0).unwrap();
        assert_eq!(laps[0].sow.len(), 13);
        assert_eq!(
            laps[0].sow.iter().filter(|&&h| h == 0).count(),
            0,
            "oware skips the origin"
        );
    }
}
