//! What the API answers: games as JSON, the catalogue of rules, and the
//! steps of a move that the page animates: the core's sowing trace
//! ([`Rules::play_traced`]) as JSON, so that whatever the engine does (relays,
//! stores, directions, captures while sowing, owned holes) is shown as it
//! did it.

use mancala_core::spec::ResultRule;
use mancala_core::{Kept, Move, Place, Position, Rules, SowEvent, State};
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
    /// The rules' display name, e.g. `Modiar`, with the board parameters
    /// the game was created with, if any: `Kalah (4 holes a row, 3 seeds a hole)`.
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
    /// Where each hole stands on the board and its label, as the core
    /// numbers them: what the page draws.
    pub layout: BoardLayout,
}

/// The board's shape as the core gives it ([`Rules::board_rows`],
/// [`mancala_core::notation::hole_label`]): the page draws from this and
/// never works out the numbering itself.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct BoardLayout {
    /// Rows of holes: 2, 3 or 4.
    pub rows: usize,
    /// The holes by index, row by row as seen from South's seat: North's
    /// side on top, each row left to right.
    pub grid: Vec<Vec<usize>>,
    /// Each hole's label, by index (`A B ...` South's, `a b ...` North's).
    pub labels: Vec<String>,
}

impl BoardLayout {
    /// The layout of `rules`' board.
    pub fn of(rules: &Rules) -> BoardLayout {
        let side = rules.holes_per_side();
        BoardLayout {
            rows: rules.rows(),
            grid: rules.board_rows(),
            labels: (0..rules.holes())
                .map(|h| mancala_core::notation::hole_label(side, h).to_string())
                .collect(),
        }
    }
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
    /// pass, a sowing that never ends or one too long to show.
    pub laps: Option<Vec<Lap>>,
    /// Every step of the move in the engine's order (lifts, seeds sown,
    /// captures, where captured seeds went, holes becoming a player's): what
    /// the page animates. `None` when `laps` is.
    pub steps: Option<Vec<Step>>,
}

/// One lap of a sowing: the hole (or, in a relay going on from the
/// mover's store, the store) whose seeds are lifted and the places sown,
/// one seed each, in order.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Lap {
    /// The hole (or store) emptied.
    pub lift: Spot,
    /// The holes (and stores) sown, in order.
    pub sow: Vec<Spot>,
}

/// A place a seed falls: a hole (its index) or a store (`"store:south"`,
/// `"store:north"`, as the state names owned holes).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Spot {
    /// A hole, by index.
    Hole(usize),
    /// A player's store.
    Store(String),
}

/// One step of a move, as the core's [`SowEvent`]: `{"step": "lift",
/// "hole", "seeds"}` or `{"step": "lift", "store": side, "seeds"}`,
/// `{"step": "sow", "hole"}` or `{"step": "sow",
/// "store": side}`, `{"step": "take", "hole", "seeds"}` or `{"step":
/// "take", "store": side, "seeds"}`, `{"step": "keep",
/// "side", "seeds", "to": "store" | "removed" | "hole", "hole"}` and
/// `{"step": "own", "hole", "side"}`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// A lap lifts the seeds of a hole, or of the mover's store.
    Lift {
        /// The hole emptied, unless a store.
        #[serde(skip_serializing_if = "Option::is_none")]
        hole: Option<usize>,
        /// The store's side (`south`, `north`), unless a hole.
        #[serde(skip_serializing_if = "Option::is_none")]
        store: Option<&'static str>,
        /// The seeds lifted.
        seeds: u8,
    },
    /// A seed falls into a hole or a store.
    Sow {
        /// The hole, unless a store.
        #[serde(skip_serializing_if = "Option::is_none")]
        hole: Option<usize>,
        /// The store's side (`south`, `north`), unless a hole.
        #[serde(skip_serializing_if = "Option::is_none")]
        store: Option<&'static str>,
    },
    /// A capture takes seeds from a hole or a store.
    Take {
        /// The hole, unless a store.
        #[serde(skip_serializing_if = "Option::is_none")]
        hole: Option<usize>,
        /// The store's side (`south`, `north`), unless a hole.
        #[serde(skip_serializing_if = "Option::is_none")]
        store: Option<&'static str>,
        /// The seeds taken.
        seeds: u8,
    },
    /// Seeds taken go to a player.
    Keep {
        /// The player.
        side: &'static str,
        /// The seeds.
        seeds: u8,
        /// `store` (captured), `removed` (out of the game, counted for the
        /// player), `hole` (into the player's owned hole `hole`) or `hand`
        /// (into the mover's hand, sown on by the next steps).
        to: &'static str,
        /// The owned hole, when `to` is `hole`.
        #[serde(skip_serializing_if = "Option::is_none")]
        hole: Option<usize>,
    },
    /// A hole becomes a player's own (a store on the board).
    Own {
        /// The hole.
        hole: usize,
        /// Its new owner.
        side: &'static str,
    },
}

impl From<SowEvent> for Step {
    fn from(event: SowEvent) -> Step {
        match event {
            SowEvent::Lift { hole, seeds } => Step::Lift {
                hole: Some(hole),
                store: None,
                seeds,
            },
            SowEvent::LiftStore { side, seeds } => Step::Lift {
                hole: None,
                store: Some(side.as_str()),
                seeds,
            },
            SowEvent::Sow(Place::Hole(hole)) => Step::Sow {
                hole: Some(hole),
                store: None,
            },
            SowEvent::Sow(Place::Store(side)) => Step::Sow {
                hole: None,
                store: Some(side.as_str()),
            },
            SowEvent::Take { hole, seeds } => Step::Take {
                hole: Some(hole),
                store: None,
                seeds,
            },
            SowEvent::TakeStore { side, seeds } => Step::Take {
                hole: None,
                store: Some(side.as_str()),
                seeds,
            },
            SowEvent::Keep { side, seeds, to } => {
                let (to, hole) = match to {
                    Kept::Captured => ("store", None),
                    Kept::Removed => ("removed", None),
                    Kept::Hole(h) => ("hole", Some(h)),
                    Kept::Hand => ("hand", None),
                };
                Step::Keep {
                    side: side.as_str(),
                    seeds,
                    to,
                    hole,
                }
            }
            SowEvent::Own { hole, side } => Step::Own {
                hole,
                side: side.as_str(),
            },
        }
    }
}

/// Longest sowing the page is asked to animate, in seeds sown.
pub const MAX_ANIMATED_SEEDS: usize = 400;

/// The laps and steps of the move `mv` from `pos`, as the engine played it
/// ([`Rules::play_traced`]): `None` for a pass, an illegal move, a sowing
/// that never ends or one of more than [`MAX_ANIMATED_SEEDS`] seeds.
pub fn move_steps(rules: &Rules, pos: &Position, mv: Move) -> Option<(Vec<Lap>, Vec<Step>)> {
    let (after, trace) = rules.play_traced(pos, mv).ok()?;
    // A trace that does not lead to the engine's position (a mechanism
    // whose seeds are not all reported yet) is not animated: the page then
    // shows the new board at once rather than a wrong path.
    if !trace.replay(rules, pos)?.matches(rules, &after) {
        return None;
    }
    let sown = trace
        .events
        .iter()
        .filter(|e| matches!(e, SowEvent::Sow(_)))
        .count();
    if trace.events.is_empty() || trace.truncated || sown > MAX_ANIMATED_SEEDS {
        return None;
    }
    let mut laps: Vec<Lap> = Vec::new();
    for event in &trace.events {
        match *event {
            SowEvent::Lift { hole, .. } => laps.push(Lap {
                lift: Spot::Hole(hole),
                sow: Vec::new(),
            }),
            SowEvent::LiftStore { side, .. } => laps.push(Lap {
                lift: Spot::Store(format!("store:{}", side.as_str())),
                sow: Vec::new(),
            }),
            SowEvent::Sow(place) => laps.last_mut()?.sow.push(match place {
                Place::Hole(h) => Spot::Hole(h),
                Place::Store(side) => Spot::Store(format!("store:{}", side.as_str())),
            }),
            _ => {}
        }
    }
    let steps = trace.events.into_iter().map(Step::from).collect();
    Some((laps, steps))
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
    /// The one-line summary (`mancala_i18n::summary`), in English.
    pub summary: String,
    /// The game page as text in English (`mancala_i18n::rules_text`: a
    /// title, then sections of `- ` items), as `mancala rules` prints it.
    pub rules_text: String,
    /// Holes in a row.
    pub holes_per_row: usize,
    /// Rows of holes: 2, 3 or 4.
    pub rows: usize,
    /// Seeds in all.
    pub total_seeds: u32,
    /// Seeds a hole starts with (the `seeds` of a game's board parameters).
    pub seeds_per_hole: u32,
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
            summary: mancala_i18n::summary(rules, mancala_i18n::Lang::En, false),
            rules_text: mancala_i18n::rules_text(rules, mancala_i18n::Lang::En),
            holes_per_row: rules.holes_per_row(),
            rows: rules.rows(),
            total_seeds: rules.total_seeds(),
            seeds_per_hole: spec.board.seeds_per_hole,
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
    use mancala_core::Side;

    fn laps(rules: &Rules, board: &[u8], origin: usize) -> Option<Vec<Lap>> {
        let pos = rules.position(board, [0, 0], Side::South, 2).unwrap();
        move_steps(rules, &pos, Move::Sow(origin as u8)).map(|(laps, _)| laps)
    }

    fn holes(sow: &[usize]) -> Vec<Spot> {
        sow.iter().map(|&h| Spot::Hole(h)).collect()
    }

    #[test]
    fn laps_follow_each_sowing_rule() {
        let modiar = Rules::builtin("modiar").unwrap();
        let laps = laps(&modiar, &[7; 6], 0).unwrap();
        assert_eq!(
            laps,
            vec![Lap {
                lift: Spot::Hole(0),
                sow: holes(&[0, 1, 2, 3, 4, 5, 0])
            }]
        );

        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        let laps = self::laps(&sadeqa, &[3; 12], 5).unwrap();
        assert_eq!(
            laps[0],
            Lap {
                lift: Spot::Hole(5),
                sow: holes(&[6, 7, 8])
            }
        );
        assert!(laps.len() > 1, "the relay goes on from hole 8");
        // The 515-lap sowing of the spec is too long to animate.
        assert_eq!(
            self::laps(&sadeqa, &[1, 2, 1, 0, 3, 4, 0, 8, 1, 2, 7, 0], 5),
            None
        );

        let oware = Rules::builtin("oware").unwrap();
        let mut board = [0u8; 12];
        board[0] = 13;
        board[11] = 35;
        let laps = self::laps(&oware, &board, 0).unwrap();
        assert_eq!(laps[0].sow.len(), 13);
        assert!(
            !laps[0].sow.contains(&Spot::Hole(0)),
            "oware skips the origin"
        );
    }

    /// Stores in the ring and captures: Kalah's C from the start ends in
    /// South's store; a last seed in an empty hole takes the opposite one.
    #[test]
    fn stores_and_captures_are_steps() {
        let kalah = Rules::builtin("kalah").unwrap();
        let (laps, steps) = move_steps(&kalah, &kalah.start(), Move::Sow(2)).unwrap();
        assert_eq!(laps[0].sow.last(), Some(&Spot::Store("store:south".into())));
        let json = serde_json::to_value(&steps).unwrap();
        assert_eq!(
            json[0],
            serde_json::json!({"step": "lift", "hole": 2, "seeds": 4})
        );
        assert_eq!(
            json[4],
            serde_json::json!({"step": "sow", "store": "south"})
        );

        let mut board = [0u8; 12];
        board[1] = 2;
        board[8] = 5;
        board[11] = 41;
        let pos = kalah.position(&board, [0, 0], Side::South, 10).unwrap();
        let (_, steps) = move_steps(&kalah, &pos, Move::Sow(1)).unwrap();
        let json = serde_json::to_value(&steps).unwrap();
        let json = json.as_array().unwrap();
        assert!(json.contains(&serde_json::json!({"step": "take", "hole": 8, "seeds": 5})));
        assert_eq!(
            json.last().unwrap(),
            &serde_json::json!({"step": "keep", "side": "south", "seeds": 6, "to": "store"})
        );
        // A pass has nothing to show.
        assert_eq!(move_steps(&kalah, &pos, Move::Pass), None);
    }

    /// The layout the page draws: the core's rows and labels, as JSON.
    #[test]
    fn layouts_of_two_three_and_four_rows() {
        let modiar = BoardLayout::of(&Rules::builtin("modiar").unwrap());
        assert_eq!(
            serde_json::to_value(&modiar).unwrap(),
            serde_json::json!({"rows": 2, "grid": [[5, 4, 3], [0, 1, 2]],
                "labels": ["A", "B", "C", "a", "b", "c"]})
        );
        let gabata = BoardLayout::of(&Rules::builtin("gabata-adowa").unwrap());
        assert_eq!(
            (gabata.rows, gabata.grid.len(), gabata.labels.len()),
            (3, 3, 18)
        );
        assert_eq!(gabata.labels[6], "G");
        let bao = BoardLayout::of(&Rules::builtin("bao-la-kujifunza").unwrap());
        assert_eq!((bao.rows, bao.labels.len()), (4, 32));
        assert!(bao.grid.iter().all(|row| row.len() == 8));
        // South's inner row from South's left: P (left kichwa) .. I.
        let inner: Vec<&str> = bao.grid[2]
            .iter()
            .map(|&h| bao.labels[h].as_str())
            .collect();
        assert_eq!(inner, ["P", "O", "N", "M", "L", "K", "J", "I"]);
    }

    /// The example of `docs/api.md`: Modiar's c from [2, 8, 8, 8, 8, 8].
    #[test]
    fn the_documented_example() {
        let modiar = Rules::builtin("modiar").unwrap();
        let pos = modiar
            .position(&[2, 8, 8, 8, 8, 8], [0, 0], Side::North, 1)
            .unwrap();
        let (laps, steps) = move_steps(&modiar, &pos, Move::Sow(5)).unwrap();
        assert_eq!(laps[0].sow, holes(&[5, 0, 1, 2, 3, 4, 5, 0]));
        let mut json = serde_json::json!([{"step": "lift", "hole": 5, "seeds": 8}]);
        for h in [5, 0, 1, 2, 3, 4, 5, 0] {
            json.as_array_mut()
                .unwrap()
                .push(serde_json::json!({"step": "sow", "hole": h}));
        }
        for taken in [
            serde_json::json!({"step": "take", "hole": 0, "seeds": 4}),
            serde_json::json!({"step": "take", "hole": 5, "seeds": 2}),
            serde_json::json!({"step": "keep", "side": "north", "seeds": 6, "to": "store"}),
        ] {
            json.as_array_mut().unwrap().push(taken);
        }
        assert_eq!(serde_json::to_value(&steps).unwrap(), json);
    }
}
