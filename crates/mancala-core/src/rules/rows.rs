//! `[rows]`, compiled: the captures, moves and end of a four-row game.

use crate::layout::Layout;
use crate::spec::{RowsCapture, RowsSpec, TakenSownFrom};

/// `[rows]`, compiled (`Rules::rows`): present only on four-row boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RowRules {
    /// A lap's last seed in an occupied hole of the mover's inner row takes
    /// the facing inner hole (`rows.capture = "facing"`).
    pub(crate) captures_facing: bool,
    /// Such a last seed takes both opposite holes when both hold seeds
    /// (`rows.capture = "both"`).
    pub(crate) captures_both: bool,
    /// Taken seeds are sown from a kichwa (`rows.taken_sown_from`).
    pub(crate) sown_from_kichwa: bool,
    /// Where else taken seeds are sown from, if anywhere.
    pub(crate) sown_from_lap: Option<TakenSownFrom>,
    /// The move ends once the taken seeds are sown.
    pub(crate) capture_ends_move: bool,
    /// A player's first move is a single lap without relay or capture.
    pub(crate) first_move_single_lap: bool,
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
}

impl RowRules {
    /// Whether a lap's last seed captures anything at all.
    pub(crate) fn captures(&self) -> bool {
        self.captures_facing || self.captures_both
    }

    pub(crate) fn compile(r: &RowsSpec, layout: &Layout) -> RowRules {
        let kimbi = [0, 1].map(|side| {
            let first = side * layout.n;
            let m = layout.row_len;
            // Inner column c of a side is its index 2m - c in the ring.
            let at = |c: usize| 1u32 << (first + 2 * m - c);
            [at(1) | at(2), at(m) | at(m - 1)]
        });
        RowRules {
            captures_facing: r.capture == Some(RowsCapture::Facing),
            captures_both: r.capture == Some(RowsCapture::Both),
            sown_from_kichwa: r.taken_sown_from == Some(TakenSownFrom::Kichwa),
            sown_from_lap: r.taken_sown_from.filter(|&from| from != TakenSownFrom::Kichwa),
            capture_ends_move: r.capture_ends_move,
            first_move_single_lap: r.first_move_single_lap,
            clockwise_capture_holes: [0, 1].map(|side| {
                r.clockwise_capture_holes
                    .iter()
                    .fold(0, |mask, &at| mask | 1 << (side * layout.n + at as usize - 1))
            }),
            capture_start_max: r.capture_start_max.unwrap_or(255).min(255) as u8,
            compulsory_capture: r.compulsory_capture,
            first_lap_decides: r.first_lap_decides,
            non_capturing_from_inner: r.non_capturing_from_inner,
            lone_kichwa_inward: r.lone_kichwa_inward,
            inner_row_empty_loses: r.inner_row_empty_loses,
            kimbi,
        }
    }
}
