//! `[rows]`: the rules of boards of four rows, where each player sows
//! around a ring of their own two rows and captures from the opponent's
//! inner row (Bao and its kin).

use serde::{Deserialize, Serialize};

/// `[rows]`: what a move on a four-row board captures, which moves may be
/// played, and when an emptied inner row ends the game. Needs
/// `board.rows = 4`; the two-row keys of `[capture]` are not used there.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowsSpec {
    /// What a lap's last seed captures (absent: nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<RowsCapture>,
    /// Where the taken seeds are sown on by the mover (absent: the mover
    /// keeps them beside the board, and the move ends).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taken_sown_from: Option<TakenSownFrom>,
    /// A move's first lap captures only when it lifts at most this many
    /// seeds (Bao: 15, fewer than the ring's 16 holes). Absent: any number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture_start_max: Option<u32>,
    /// A move whose first lap captures must be played whenever one exists
    /// (Bao's mtaji moves before its takasa moves).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub compulsory_capture: bool,
    /// A move whose first lap does not capture captures nothing later in
    /// the move, whatever its laps meet (Bao's takasa).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub first_lap_decides: bool,
    /// A move that does not capture starts from the inner row whenever a
    /// hole there holds enough seeds to be played, else from the outer row.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub non_capturing_from_inner: bool,
    /// When a kichwa (an end hole of the inner row) is the only hole of the
    /// mover's inner row holding seeds, a move that does not capture may
    /// not sow it towards the outer row.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lone_kichwa_inward: bool,
    /// A player whose inner row is empty loses at once, even in the middle
    /// of a move: right after a capture empties the opponent's, or after
    /// the mover lifts their last inner seeds and sows the next seed into
    /// the outer row (the seeds still in hand stay in hand).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inner_row_empty_loses: bool,
    /// Whether a capture also takes the opponent's outer hole behind the
    /// facing inner hole (absent: only the inner hole is taken).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture_behind: Option<CaptureBehind>,
    /// The taken seeds leave the game (Tsoro) instead of being kept by the
    /// mover; either way they are off the board.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub taken_out_of_play: bool,
    /// A hole of a single seed may be sown only when no hole of the mover's
    /// ring holds more, and only into an empty hole (Tsoro, Hawalis).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub singles_last: bool,
    /// Each player's first move starts from their inner row (Muvalavala).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub first_move_from_inner: bool,
    /// The move ends once the taken seeds are sown, wherever their last
    /// seed falls (Nsumbi as Ludii plays it). Absent: the lap of the taken
    /// seeds ends like any other, with a relay or a further capture.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capture_ends_move: bool,
    /// Each player's first move is a single lap that neither relays nor
    /// captures (Nsumbi).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub first_move_single_lap: bool,
    /// The holes of a player's ring from which a move may be sown
    /// clockwise, each a position 1..=2m around the ring from the outer
    /// row's left end (as the labels count), and only when its first lap
    /// captures (Omweso: the four holes at the left end). Needs
    /// `sowing.direction = "chosen"`; every other move is sown
    /// counter-clockwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clockwise_capture_holes: Vec<u32>,
    /// After a capture, the mover also takes this many holes of the
    /// opponent's of their choice, any holding seeds, one move each
    /// (`Move::Take`, written `+e`), while the opponent has one (Tsoro
    /// (Additional Capture): 3; Tshuba: 1). The seeds go where the
    /// capture's go. Absent: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_captures: Option<u32>,
    /// The chosen holes are earned by every last seed in an empty hole of
    /// the mover's inner row, whether or not it took anything (Tshuba as
    /// Ludii plays it). Needs `chosen_captures` and `capture =
    /// "facing-from-empty"`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chosen_captures_on_empty: bool,
    /// Seeds each player holds in hand at the start (Bao la Kiswahili: 22).
    /// While a player's hand holds seeds (the namua stage), each move of
    /// theirs puts one of them into an occupied hole of their inner row:
    /// it captures if the facing hole holds seeds (the taken seeds sown
    /// from a kichwa, the mover choosing which in the middle of the row),
    /// else the hole is lifted and sown in the chosen direction without
    /// capturing. Absent: no seeds in hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<u32>,
    /// The seeds of each player's inner row at the start, columns 1..m
    /// from the player's left; every other hole starts empty (Bao la
    /// Kiswahili: `[0, 0, 0, 0, 6, 2, 2, 0]`). Absent: `board.layout`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start_inner: Vec<u32>,
    /// The inner column (1..m from each player's left) of the players'
    /// nyumba, their house (Bao la Kiswahili: 5). It serves its owner in
    /// the namua stage only, and only until it is first emptied: a lap
    /// that ends in it without capturing ends the move there, and a namua
    /// move without capture may start from it only when it is the only
    /// occupied hole of the inner row, lifting just 2 of its seeds (the
    /// tax). Needs `hand`. Absent: no house.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nyumba: Option<u32>,
}

/// What a lap's last seed captures on four rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RowsCapture {
    /// A last seed in a hole of the mover's inner row that already held
    /// seeds takes the seeds of the opponent's inner hole facing it, when
    /// that holds any (Bao).
    Facing,
    /// A last seed that falls into an empty hole of the mover's inner row
    /// takes the seeds of the opponent's inner hole facing it, when that
    /// holds any (Tsoro, Hawalis, Moruba); the move ends.
    FacingFromEmpty,
    /// A last seed in a hole of the mover's inner row that already held
    /// seeds takes both of the opponent's holes opposite it, the inner one
    /// and the outer one behind it, when both hold seeds (Omweso, Igisoro,
    /// Nsumbi).
    Both,
}

/// Whether a capture also takes the opponent's outer hole behind the
/// facing inner hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureBehind {
    /// The outer hole too, when it holds seeds, but only when the inner
    /// hole was taken (Tsoro, Bao Ki Arabu).
    AfterInner,
    /// Each of the two whenever it holds seeds: a capture may take the
    /// outer hole alone (Tshuba).
    Each,
}

/// Where the seeds a capture takes are sown on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TakenSownFrom {
    /// From a kichwa of the mover's (an end of their inner row), the first
    /// seed into it, along the inner row: a capture in the two holes at the
    /// left end sows from the left kichwa clockwise, one in the two at the
    /// right end from the right kichwa counter-clockwise, any other in the
    /// move's direction from the kichwa where that direction starts. The
    /// move goes on in the direction of that sowing.
    Kichwa,
    /// From the hole after the capturing hole, in the move's direction; the
    /// move ends with the last taken seed, wherever it falls (Tsoro
    /// (Reentered Captures)).
    CapturingHole,
    /// From the hole the capturing lap was lifted from, the first seed
    /// into that hole itself, in the move's direction (Nsumbi).
    LapOrigin,
    /// From the hole that received the capturing lap's first seed, the
    /// first seed into it, in the move's direction (Omweso).
    LapFirst,
}
