//! Positions of a game: the start (laid out as `board.layout` says, or
//! drawn at random), one set up by hand and checked against the rules, and
//! the owned holes and openings a position records.

use crate::end::MAX_GAME_PLIES;
use crate::layout::{random_layout, random_layout_floor};
use crate::position::{MAX_HOLES, NORTH_STARTED, Position, Side};
use crate::rules::Rules;
use crate::spec::StartLayout;

impl Rules {
    /// The opening position.
    pub fn start(&self) -> Position {
        Position {
            board: self.layout.start_board,
            captured: [0, 0],
            // On four rows `removed` is the seeds each player holds in hand.
            removed: [self.hand_at_start(); 2],
            to_move: self.spec.board.first_player,
            opened: self.starter_bit(self.spec.board.first_player),
            ply: 0,
            blocked: 0,
            owned: self.owning.map_or(self.houses_at_start(), |o| o.at_start),
            territory: 0,
            moved_from: 0,
            barred: self.board_rams(&self.layout.start_board),
        }
    }

    /// The start position drawn from `seed` when the start layout is
    /// random (`board.layout = "random"`); otherwise the same as
    /// [`start`](Rules::start).
    pub fn start_seeded(&self, seed: u64) -> Position {
        let mut pos = self.start();
        if self.spec.board.layout == StartLayout::Random {
            pos.board = random_layout(&self.spec.board, seed);
            pos.barred = self.board_rams(&pos.board);
        }
        pos
    }

    /// Whether a game of these rules may start with `board`: the start
    /// board itself, or with a random layout any board that layout can
    /// draw (every seed of the game on the board, at least the layout's
    /// floor in every hole).
    pub fn is_start_board(&self, board: &[u8]) -> bool {
        if board.len() != self.layout.holes {
            return false;
        }
        if self.spec.board.layout != StartLayout::Random {
            return board == &self.layout.start_board[..self.layout.holes];
        }
        let floor = random_layout_floor(&self.spec.board);
        board.iter().all(|&s| s >= floor)
            && board.iter().map(|&s| s as u32).sum::<u32>() == self.layout.total_seeds
    }

    /// A position with the given board (by hole index), captures (in games
    /// whose captured seeds leave the game: seeds removed), player to move
    /// and ply. Which players have already moved is inferred from the
    /// ply (`ply >= 1`: the first player has moved; `ply >= 2`: both).
    pub fn position(
        &self,
        board: &[u8],
        captured: [u32; 2],
        to_move: Side,
        ply: u32,
    ) -> Result<Position, String> {
        if board.len() != self.layout.holes {
            return Err(format!(
                "a {} board has {} holes, not {}",
                self.name(),
                self.layout.holes,
                board.len()
            ));
        }
        // Summed wide: captures come from user text and may be any u32.
        let total: u64 =
            board.iter().map(|&s| s as u64).sum::<u64>() + captured[0] as u64 + captured[1] as u64;
        if total > self.layout.total_seeds as u64 {
            return Err(format!(
                "{total} seeds (board and captures) is more than the {} the game has",
                self.layout.total_seeds
            ));
        }
        if ply > MAX_GAME_PLIES {
            return Err(format!(
                "ply {ply} is past the longest game ({} plies)",
                MAX_GAME_PLIES
            ));
        }
        let mut b = [0u8; MAX_HOLES];
        b[..self.layout.holes].copy_from_slice(board);
        let first = self.spec.board.first_player;
        let opened = match ply {
            0 => 0,
            1 => 1 << first.index(),
            _ => 0b11,
        } | self.starter_bit(if ply == 0 { to_move } else { first });
        let taken = [captured[0] as u8, captured[1] as u8];
        // In games whose captures leave the board, what a player took is
        // counted as removed, not kept.
        let (captured, removed) = if self.capture.to_mover {
            (taken, [0, 0])
        } else {
            ([0, 0], taken)
        };
        Ok(Position {
            board: b,
            captured,
            removed,
            to_move,
            opened,
            ply: ply as u16,
            blocked: 0,
            owned: self.owning.map_or([0, 0], |o| o.at_start),
            territory: 0,
            moved_from: 0,
            barred: self.board_rams(&b),
        })
    }

    /// Whether the players start with seeds in hand (`rows.hand`: the
    /// namua stage of Bao la Kiswahili).
    pub fn has_hand(&self) -> bool {
        self.hand_at_start() > 0
    }

    /// Seeds `side` holds in hand in `pos`, on four rows: still to be put
    /// on the board in the namua stage, or left in hand when an emptied
    /// inner row ended the game in the middle of a move. Always 0 on two
    /// and three rows.
    pub fn hand(&self, pos: &Position, side: Side) -> u32 {
        if self.rows.is_some() {
            pos.removed[side.index()] as u32
        } else {
            0
        }
    }

    /// On four rows with a nyumba (`rows.nyumba`): each player's house, one
    /// bit, while it is still their house (kept in `Position::owned`).
    pub(crate) fn houses_at_start(&self) -> [u32; 2] {
        self.rows.as_ref().map_or([0, 0], |r| r.house)
    }

    /// Whether the players have a nyumba, a house (`rows.nyumba`).
    pub fn has_nyumba(&self) -> bool {
        self.houses_at_start() != [0, 0]
    }

    /// The holes of `pos` that are still their owner's nyumba: a player's
    /// house serves them while they hold seeds in hand and it has not been
    /// emptied since the start (one bit a hole, both players').
    pub fn houses(&self, pos: &Position) -> u32 {
        if self.rows.as_ref().is_some_and(|r| r.house[0] != 0) {
            pos.owned[0] | pos.owned[1]
        } else {
            0
        }
    }

    /// Seeds each player holds in hand at the start (`rows.hand`).
    pub(crate) fn hand_at_start(&self) -> u8 {
        self.rows.as_ref().map_or(0, |r| r.hand)
    }

    /// Whether holes can become a player's own (`[owned]`).
    pub fn has_owned_holes(&self) -> bool {
        self.owning.is_some()
    }

    /// `pos` with each hole owned by the player `owners` gives (by hole
    /// index; `None`: a plain hole). An error for a game without owned
    /// holes when some hole is owned.
    pub fn with_owned(
        &self,
        mut pos: Position,
        owners: &[Option<Side>],
    ) -> Result<Position, String> {
        if owners.len() != self.layout.holes {
            return Err(format!(
                "{} hole states for a board of {} holes",
                owners.len(),
                self.layout.holes
            ));
        }
        let mut owned = [0u32; 2];
        for (h, o) in owners.iter().enumerate() {
            if let Some(side) = o {
                owned[side.index()] |= 1 << h;
            }
        }
        if owned != [0, 0] && self.owning.is_none() {
            return Err(format!(
                "{} has no owned holes (it needs [owned])",
                self.name()
            ));
        }
        pos.owned = owned;
        Ok(pos)
    }

    /// Sets which players have already made their first move.
    pub fn with_opened(&self, mut pos: Position, south: bool, north: bool) -> Position {
        pos.opened = (pos.opened & NORTH_STARTED) | south as u8 | (north as u8) << 1;
        pos
    }

    /// The `opened` bit that records `starter` as the game's (round's)
    /// first player, in games whose settlement needs it.
    pub(crate) fn starter_bit(&self, starter: Side) -> u8 {
        if self.end.too_few_to_starter && starter == Side::North {
            NORTH_STARTED
        } else {
            0
        }
    }
}
