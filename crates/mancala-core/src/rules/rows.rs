//! `[rows]`, compiled: the captures, moves and end of a four-row game.

use crate::layout::Layout;
use crate::spec::{CaptureBehind, Laps, RowsCapture, RowsSpec, TakenSownFrom};

/// `[rows]`, compiled (`Rules::rows`): present only on four-row boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RowRules {
    /// A lap's last seed in an occupied hole of the mover's inner row takes
    /// the facing inner hole (`rows.capture = "facing"`).
    pub(crate) captures_facing: bool,
    /// A lap's last seed in an empty hole of the mover's inner row takes
    /// the facing inner hole (`rows.capture = "facing-from-empty"`).
    pub(crate) captures_from_empty: bool,
    /// A last seed in an occupied inner hole takes both opposite holes when
    /// both hold seeds (`rows.capture = "both"`).
    pub(crate) captures_both: bool,
    /// Taken seeds are sown from a kichwa (`rows.taken_sown_from`).
    pub(crate) sown_from_kichwa: bool,
    /// Taken seeds are sown on from the capturing lap's origin or first
    /// hole (`rows.taken_sown_from = "lap-origin"`, `"lap-first"`).
    pub(crate) sown_from_lap: Option<TakenSownFrom>,
    /// Taken seeds are sown on from the capturing hole, and the move ends.
    pub(crate) sown_from_capturing_hole: bool,
    /// The move ends once the taken seeds are sown.
    pub(crate) capture_ends_move: bool,
    /// The outer hole behind the facing hole is taken too: 0 never, 1 when
    /// the inner hole was taken, 2 whenever it holds seeds
    /// (`rows.capture_behind`).
    pub(crate) behind: u8,
    /// Taken seeds leave the game instead of being kept.
    pub(crate) taken_out_of_play: bool,
    /// Single seeds are sown last, and only into an empty hole.
    pub(crate) singles_last: bool,
    /// Each player's first move starts from their inner row.
    pub(crate) first_move_from_inner: bool,
    /// A player's first move is a single lap without relay or capture.
    pub(crate) first_move_single_lap: bool,
    /// A lap ending in an occupied hole relays (`sowing.laps = "relay"`).
    pub(crate) relay: bool,
    /// Per side, the holes that may be sown clockwise when the move's
    /// first lap captures, one bit a hole (0: the rules' direction only).
    pub(crate) clockwise_capture_holes: [u32; 2],
    /// The most seeds a first lap that captures may lift (255: any).
    pub(crate) capture_start_max: u8,
    /// Capturing moves are played whenever one exists.
    pub(crate) compulsory_capture: bool,
    /// A move whose first lap does not capture captures nothing.
    pub(crate) first_lap_decides: bool,
    /// Moves that do not capture start from the inner row when they can.
    pub(crate) non_capturing_from_inner: bool,
    /// A lone kichwa is not sown towards the outer row without a capture.
    pub(crate) lone_kichwa_inward: bool,
    /// An empty inner row loses at once (`rows.inner_row_empty_loses`).
    pub(crate) inner_row_empty_loses: bool,
    /// Each side's left kimbi (the two inner holes at their left end) and
    /// right kimbi, one bit a hole.
    pub(crate) kimbi: [[u32; 2]; 2],
    /// Holes of the opponent's the mover takes by choice after a capture
    /// (`rows.chosen_captures`; 0: none).
    pub(crate) chosen_captures: u8,
    /// A last seed in an empty inner hole earns them even when it took
    /// nothing (`rows.chosen_captures_on_empty`).
    pub(crate) chosen_on_empty: bool,
    /// Seeds each player holds in hand at the start (`rows.hand`; 0: none).
    /// A player whose hand holds seeds plays namua moves.
    pub(crate) hand: u8,
    /// Each side's nyumba (`rows.nyumba`), one bit; 0 without one.
    pub(crate) house: [u32; 2],
}

impl RowRules {
    /// Whether a lap's last seed in an occupied hole may capture: the
    /// captures a move's first lap is tested for, for compulsory captures
    /// and clockwise capturing holes (rules validation keeps those away
    /// from captures from an empty hole).
    pub(crate) fn captures(&self) -> bool {
        self.captures_facing || self.captures_both
    }

    pub(crate) fn compile(r: &RowsSpec, laps: Laps, layout: &Layout) -> RowRules {
        let kimbi = [0, 1].map(|side| {
            let first = side * layout.n;
            let m = layout.row_len;
            // Inner column c of a side is its index 2m - c in the ring.
            let at = |c: usize| 1u32 << (first + 2 * m - c);
            // On three holes a row the two ends' kimbi would share the
            // middle hole: there each kimbi is its end hole alone, and a
            // capture in the middle is sown as one away from the ends, in
            // the move's direction.
            if m < 4 {
                [at(1), at(m)]
            } else {
                [at(1) | at(2), at(m) | at(m - 1)]
            }
        });
        RowRules {
            captures_facing: r.capture == Some(RowsCapture::Facing),
            captures_from_empty: r.capture == Some(RowsCapture::FacingFromEmpty),
            captures_both: r.capture == Some(RowsCapture::Both),
            sown_from_kichwa: r.taken_sown_from == Some(TakenSownFrom::Kichwa),
            sown_from_lap: r
                .taken_sown_from
                .filter(|&from| matches!(from, TakenSownFrom::LapOrigin | TakenSownFrom::LapFirst)),
            sown_from_capturing_hole: r.taken_sown_from == Some(TakenSownFrom::CapturingHole),
            capture_ends_move: r.capture_ends_move,
            behind: match r.capture_behind {
                None => 0,
                Some(CaptureBehind::AfterInner) => 1,
                Some(CaptureBehind::Each) => 2,
            },
            taken_out_of_play: r.taken_out_of_play,
            singles_last: r.singles_last,
            first_move_from_inner: r.first_move_from_inner,
            first_move_single_lap: r.first_move_single_lap,
            relay: laps == Laps::Relay,
            clockwise_capture_holes: [0, 1].map(|side| {
                r.clockwise_capture_holes.iter().fold(0, |mask, &at| {
                    mask | 1 << (side * layout.n + at as usize - 1)
                })
            }),
            capture_start_max: r.capture_start_max.unwrap_or(255).min(255) as u8,
            compulsory_capture: r.compulsory_capture,
            first_lap_decides: r.first_lap_decides,
            non_capturing_from_inner: r.non_capturing_from_inner,
            lone_kichwa_inward: r.lone_kichwa_inward,
            inner_row_empty_loses: r.inner_row_empty_loses,
            kimbi,
            chosen_captures: r.chosen_captures.unwrap_or(0).min(255) as u8,
            chosen_on_empty: r.chosen_captures_on_empty,
            hand: r.hand.unwrap_or(0).min(255) as u8,
            house: [0, 1].map(|side| {
                r.nyumba.map_or(0, |c| {
                    1u32 << (side * layout.n + 2 * layout.row_len - c as usize)
                })
            }),
        }
    }
}
