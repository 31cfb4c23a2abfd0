//! The JSON bodies clients send to create a game, import one
//! ([`crate::record`] reads a record into the same request) and play a move.

use serde::Deserialize;

/// What `POST /api/games` takes.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The rules' id, e.g. `modiar`.
    pub game: String,
    /// `local` (default: two people on this device), `remote` (two people,
    /// the other joins through the link), `ai:1` .. `ai:9`, or `perfect`.
    #[serde(default)]
    pub opponent: Option<String>,
    /// The creator's side: `south`, `north` or `random` (default: the side
    /// that moves first). Ignored for `local` games.
    #[serde(default)]
    pub side: Option<String>,
    /// Moves to start from (an imported record): labels separated by
    /// spaces, or a list of labels.
    #[serde(default)]
    pub moves: Option<MoveList>,
}

/// Moves given as `"A c B"` or `["A", "c", "B"]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum MoveList {
    /// Labels separated by white space.
    Text(String),
    /// A list of labels.
    List(Vec<String>),
}

impl MoveList {
    /// The labels.
    pub fn labels(&self) -> Vec<String> {
        match self {
            MoveList::Text(t) => t.split_whitespace().map(str::to_string).collect(),
            MoveList::List(l) => l.iter().map(|s| s.trim().to_string()).collect(),
        }
    }
}

/// What playing a move takes.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The seat token.
    pub token: Option<String>,
    /// The move's label.
    #[serde(rename = "move")]
    pub label: String,
    /// The number of moves the sender saw (a weak guard: after an undo the
    /// same number can stand for another position).
    pub ply: Option<u32>,
    /// The game's `version` the sender saw (an exact guard).
    pub version: Option<i64>,
}
