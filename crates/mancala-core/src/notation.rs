//! Notation: hole labels, moves, game records and positions as text.
//!
//! South's holes are `A B C ...` (index 0, 1, 2, ...), North's are
//! `a b c ...` (index n, n+1, ...); a pass is `pass`; a game record is the
//! labels separated by spaces, e.g. `A c B b`.
//!
//! A position as text is a line of `key=value` fields in any order:
//! `board=7,7,7,7,7,7 to_move=south captured=0,0 ply=0 opened=none`.
//! `board` lists seeds by hole index; `captured` is what each player has
//! captured (or, in games whose captures leave the board, removed);
//! `opened` says who has made a first move (`none`, `south`, `north`, `both`);
//! `last_mover=SIDE` is written only after an extra turn, when the player who
//! moved last is the player to move again; `blocked=e,f` (hole labels) is
//! written only in a match of rounds whose round has holes out of play;
//! `held=A,B` (hole labels) lists the holes played this round by the player
//! across the board, written only in territory matches once there are some;
//! `owned_south=c owned_north=F,G` (hole labels, either row) list each
//! player's owned holes, written only in games with owned holes once some
//! hole is owned; `barred=d` (hole labels) lists the holes the moves before
//! bar (`moves.rams`, `moves.no_return`), written only where they are not
//! what the board alone makes (the rams its seeds make, or none);
//! `in_hand=0,3` (four rows) the seeds each player holds in hand: in the
//! namua stage (`rows.hand`), or still held when an emptied inner row ended
//! the game in the middle of their move; written only when some are;
//! `houses=L,l` (four rows with `rows.nyumba`) the nyumbas still their
//! owners' houses, always written in those games; `takes=2` (four rows,
//! `rows.chosen_captures`) the holes of the opponent's the player to move
//! has still to take after a capture, written only then.

use crate::Side;
use crate::position::{MAX_HOLES, Move, Position};
use crate::rules::Rules;

/// The label of hole `hole` on a board with `n` holes a row (`?` for a
/// hole past the board).
pub fn hole_label(n: usize, hole: usize) -> char {
    if hole < n {
        (b'A' + hole as u8) as char
    } else if hole < 2 * n {
        (b'a' + (hole - n) as u8) as char
    } else {
        '?'
    }
}

/// The label of a move: its hole's label, followed by `>` or `<` when the
/// mover chose the direction (counter-clockwise or clockwise), or `pass`; a
/// hole past the board (never a legal move) is shown by its index, as
/// `hole 40`.
pub fn move_label(rules: &Rules, mv: Move) -> String {
    if let Some(h) = mv.taken_hole() {
        // A hole taken by choice after a capture: `+` and its label.
        return if h >= rules.holes() {
            format!("+hole {h}")
        } else {
            format!("+{}", hole_label(rules.holes_per_side(), h))
        };
    }
    let suffix = match mv.chosen_clockwise() {
        None => "",
        Some(false) => ">",
        Some(true) => "<",
    };
    match mv.hole() {
        Some(h) if h >= rules.holes() => format!("hole {h}{suffix}"),
        Some(h) => format!("{}{suffix}", hole_label(rules.holes_per_side(), h)),
        None => "pass".to_string(),
    }
}

/// Reads a move label (`A`, `c`, `A>`, `A<`, `pass`, `+e`). The error says what
/// is wrong with it; whether the direction may (or must) be given is a
/// matter of legality, which the game checks.
pub fn parse_move(rules: &Rules, label: &str) -> Result<Move, String> {
    let n = rules.holes_per_side();
    if label == "pass" {
        return Ok(Move::Pass);
    }
    if let Some(taken) = label.strip_prefix('+') {
        // A hole taken by choice after a capture (`+e`).
        return match parse_move(rules, taken) {
            Ok(Move::Sow(h)) => Ok(Move::Take(h)),
            _ => Err(format!(
                "not a hole to take: + is followed by one hole label (South A-{}, North a-{})",
                hole_label(n, n - 1),
                hole_label(n, 2 * n - 1)
            )),
        };
    }
    let (hole_text, direction) = match label.char_indices().last() {
        Some((i, '>')) => (&label[..i], Some(false)),
        Some((i, '<')) => (&label[..i], Some(true)),
        _ => (label, None),
    };
    let mut chars = hole_text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        // Directions are mentioned only in games where a move may carry one.
        let directions = if rules.has_chosen_directions() {
            ", followed by > or < where the mover chooses the direction"
        } else {
            ""
        };
        return Err(format!(
            "not a move: a move is one hole label (South A-{}, North a-{}){directions}, or pass",
            hole_label(n, n - 1),
            hole_label(n, 2 * n - 1)
        ));
    };
    let hole = match c {
        'A'..='P' if ((c as u8 - b'A') as usize) < n => (c as u8 - b'A') as usize,
        'a'..='p' if ((c as u8 - b'a') as usize) < n => n + (c as u8 - b'a') as usize,
        _ => {
            return Err(format!(
                "no hole is labelled {c:?} on this board (South A-{}, North a-{})",
                hole_label(n, n - 1),
                hole_label(n, 2 * n - 1)
            ));
        }
    };
    let hole = hole as u8;
    Ok(match direction {
        None => Move::Sow(hole),
        Some(false) => Move::SowCounterClockwise(hole),
        Some(true) => Move::SowClockwise(hole),
    })
}

/// A game record: move labels separated by spaces.
pub fn format_record(rules: &Rules, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| move_label(rules, m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a game record (labels separated by white space) without checking
/// legality; [`Game::replay`](crate::Game::replay) checks it. A sowing and
/// the holes it then takes by choice may be written as one word, `C+e+f`
/// for `C +e +f`.
pub fn parse_record(rules: &Rules, record: &str) -> Result<Vec<Move>, String> {
    let mut moves = Vec::new();
    for t in record.split_whitespace() {
        let (first, takes) = match t.find('+') {
            Some(0) | None => (t, ""),
            Some(at) => t.split_at(at),
        };
        let labels = std::iter::once(first.to_string())
            .chain(takes.split('+').skip(1).map(|h| format!("+{h}")));
        for label in labels {
            let mv = parse_move(rules, &label)
                .map_err(|e| format!("move {} ({label:?}): {e}", moves.len() + 1))?;
            moves.push(mv);
        }
    }
    Ok(moves)
}

impl Rules {
    /// A position as one line of text (see the [module docs](crate::notation)).
    pub fn position_to_text(&self, pos: &Position) -> String {
        let board: Vec<String> = pos.board[..self.holes()]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let taken = if self.capture.to_mover {
            pos.captured
        } else {
            pos.removed
        };
        let opened = match (pos.has_opened(Side::South), pos.has_opened(Side::North)) {
            (false, false) => "none",
            (true, false) => "south",
            (false, true) => "north",
            (true, true) => "both",
        };
        let mut text = format!(
            "board={} to_move={} captured={},{} ply={} opened={opened}",
            board.join(","),
            pos.to_move.as_str(),
            taken[0],
            taken[1],
            pos.ply
        );
        // Written only after an extra turn, when the last mover is the
        // player to move (otherwise it is the other player).
        if pos.last_mover() == pos.to_move && pos.ply > 0 {
            text.push_str(&format!(" last_mover={}", pos.to_move.as_str()));
        }
        if pos.blocked != 0 {
            text.push_str(&format!(
                " blocked={}",
                self.hole_labels(pos.blocked).join(",")
            ));
        }
        // Territory rounds: the holes the player across the board plays
        // this round.
        if pos.territory != 0 {
            text.push_str(&format!(
                " held={}",
                self.hole_labels(pos.territory).join(",")
            ));
        }
        // Owned holes (tuzdik, children): a hole of either row may be
        // either player's, so each player's are listed.
        if self.rows.is_some() {
            // Four rows: the nyumbas still their owners' houses.
            if self.houses_at_start() != [0, 0] {
                let houses = self.hole_labels(self.houses(pos));
                text.push_str(&format!(" houses={}", houses.join(",")));
            }
        } else if pos.owned != [0, 0] {
            for side in Side::BOTH {
                let labels = self.hole_labels(pos.owned[side.index()]);
                text.push_str(&format!(" owned_{}={}", side.as_str(), labels.join(",")));
            }
        }
        // Four rows: seeds a mover still held when their game ended in the
        // middle of a move (kept apart from the board and the captures).
        if self.rows.is_some() && pos.removed != [0, 0] {
            text.push_str(&format!(" in_hand={},{}", pos.removed[0], pos.removed[1]));
        }
        // Four rows: the holes the mover has still to take by choice.
        if self.rows.is_some() && pos.barred != 0 {
            text.push_str(&format!(" takes={}", pos.barred));
        } else if pos.barred != self.board_rams(&pos.board) {
            text.push_str(&format!(
                " barred={}",
                self.hole_labels(pos.barred).join(",")
            ));
        }
        text
    }

    /// The labels of the holes of `mask`, in index order.
    fn hole_labels(&self, mask: u32) -> Vec<String> {
        let n = self.holes_per_side();
        (0..self.holes())
            .filter(|&h| mask & (1 << h) != 0)
            .map(|h| hole_label(n, h).to_string())
            .collect()
    }

    /// The holes labelled in `value` (labels separated by commas), one bit
    /// a hole; `key` names the field in an error.
    fn hole_mask(&self, key: &str, value: &str) -> Result<u32, String> {
        let mut mask = 0u32;
        for label in value.split(',').filter(|l| !l.is_empty()) {
            match parse_move(self, label) {
                Ok(Move::Sow(h)) => mask |= 1 << h,
                _ => return Err(format!("{key}: {label:?} is not a hole label")),
            }
        }
        Ok(mask)
    }

    /// Reads a position written by [`Rules::position_to_text`]. Fields other
    /// than `board` may be left out (South to move, nothing captured, ply 0,
    /// `opened` inferred from the ply).
    pub fn position_from_text(&self, text: &str) -> Result<Position, String> {
        let mut board: Option<Vec<u8>> = None;
        let mut to_move = self.spec().board.first_player;
        let mut captured = [0u32; 2];
        let mut ply = 0u32;
        let mut opened: Option<(bool, bool)> = None;
        let mut last_mover: Option<Side> = None;
        let mut blocked: Option<Vec<bool>> = None;
        let mut owners: Option<Vec<Option<Side>>> = None;
        let mut barred: Option<u32> = None;
        let mut in_hand: Option<[u32; 2]> = None;
        let mut held: Option<u32> = None;
        let mut takes: Option<u32> = None;
        let mut houses: Option<u32> = None;
        for field in text.split_whitespace() {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| format!("{field:?} is not a key=value field"))?;
            match key {
                "board" => {
                    let seeds = value
                        .split(',')
                        .map(|s| {
                            s.trim()
                                .parse::<u8>()
                                .map_err(|_| format!("board: {s:?} is not a seed count (0-255)"))
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    board = Some(seeds);
                }
                "to_move" => {
                    to_move = match value {
                        "south" | "s" => Side::South,
                        "north" | "n" => Side::North,
                        _ => return Err(format!("to_move: {value:?} is not south or north")),
                    }
                }
                "captured" => {
                    let parts: Vec<&str> = value.split(',').collect();
                    if parts.len() != 2 {
                        return Err(format!("captured: {value:?} is not two counts like 0,0"));
                    }
                    for (slot, part) in captured.iter_mut().zip(parts) {
                        *slot = part
                            .parse()
                            .map_err(|_| format!("captured: {part:?} is not a count"))?;
                    }
                }
                "in_hand" => {
                    let parts: Vec<&str> = value.split(',').collect();
                    let counts: Option<Vec<u32>> = parts.iter().map(|p| p.parse().ok()).collect();
                    in_hand = match counts.as_deref() {
                        Some(&[south, north]) => Some([south, north]),
                        _ => {
                            return Err(format!("in_hand: {value:?} is not two counts like 0,3"));
                        }
                    };
                }
                "ply" => {
                    ply = value
                        .parse()
                        .map_err(|_| format!("ply: {value:?} is not a number"))?
                }
                "opened" => {
                    opened = Some(match value {
                        "none" => (false, false),
                        "south" => (true, false),
                        "north" => (false, true),
                        "both" => (true, true),
                        _ => {
                            return Err(format!(
                                "opened: {value:?} is not none, south, north or both"
                            ));
                        }
                    })
                }
                "last_mover" => {
                    last_mover = Some(match value {
                        "south" => Side::South,
                        "north" => Side::North,
                        _ => return Err(format!("last_mover: {value:?} is not south or north")),
                    })
                }
                "blocked" => {
                    let mask = self.hole_mask(key, value)?;
                    blocked = Some((0..self.holes()).map(|h| mask & (1 << h) != 0).collect());
                }
                "barred" => barred = Some(self.hole_mask(key, value)?),
                "takes" => {
                    takes = Some(
                        value
                            .parse()
                            .map_err(|_| format!("takes: {value:?} is not a number of holes"))?,
                    )
                }
                "held" => held = Some(self.hole_mask(key, value)?),
                "houses" => houses = Some(self.hole_mask(key, value)?),
                "owned_south" | "owned_north" => {
                    let side = if key == "owned_south" {
                        Side::South
                    } else {
                        Side::North
                    };
                    let owners = owners.get_or_insert_with(|| vec![None; self.holes()]);
                    for label in value.split(',').filter(|l| !l.is_empty()) {
                        match parse_move(self, label) {
                            Ok(Move::Sow(h)) if owners[h as usize].is_none() => {
                                owners[h as usize] = Some(side)
                            }
                            Ok(Move::Sow(_)) => {
                                return Err(format!("{key}: {label:?} is owned twice"));
                            }
                            _ => {
                                return Err(format!("{key}: {label:?} is not a hole label"));
                            }
                        }
                    }
                }
                _ => {
                    return Err(format!(
                        "unknown field {key:?} (fields: board, to_move, captured, ply, opened, last_mover, blocked, held, owned_south, owned_north, barred, takes, in_hand, houses)"
                    ));
                }
            }
        }
        let board = board.ok_or("the position has no board= field")?;
        if board.len() > MAX_HOLES {
            return Err(format!("board: {} holes is too many", board.len()));
        }
        let mut pos = self.position(&board, captured, to_move, ply)?;
        if let Some((s, n)) = opened {
            pos = self.with_opened(pos, s, n);
        }
        if last_mover == Some(pos.to_move) {
            if !self.has_extra_turns() {
                return Err(format!(
                    "last_mover: {} cannot move twice in a row in {}",
                    pos.to_move,
                    self.name()
                ));
            }
            pos.opened |= crate::position::MOVED_AGAIN;
        }
        if let Some(mask) = held {
            if mask != 0 && !self.spec().rounds.as_ref().is_some_and(|r| r.territory) {
                return Err(format!(
                    "held: {} holds no holes across the board (it needs [rounds] territory)",
                    self.name()
                ));
            }
            pos.territory = mask;
        }
        if let Some(blocked) = blocked {
            pos = self
                .with_blocked(pos, &blocked)
                .map_err(|e| format!("blocked: {e}"))?;
        }
        if let Some(owners) = owners {
            pos = self
                .with_owned(pos, &owners)
                .map_err(|e| format!("owned: {e}"))?;
        }
        if let Some(held) = in_hand {
            if self.rows.is_none() {
                return Err(format!(
                    "in_hand: only four-row games end with seeds in hand, not {}",
                    self.name()
                ));
            }
            let total = pos.seeds_on_board() as u64
                + pos.captured.iter().map(|&c| c as u64).sum::<u64>()
                + held.iter().map(|&h| h as u64).sum::<u64>();
            if total > self.layout.total_seeds as u64 {
                return Err(format!(
                    "in_hand: {total} seeds (board, captures and hands) is more than the {} the game has",
                    self.layout.total_seeds
                ));
            }
            pos.removed = [held[0] as u8, held[1] as u8];
        }
        let start_houses = self.houses_at_start();
        if start_houses != [0, 0] {
            // Absent: each player holding seeds in hand keeps an occupied
            // nyumba as their house.
            let occupied = crate::position::holes_holding(&pos.board, 1);
            let default = [0, 1].map(|s| {
                if pos.removed[s] > 0 {
                    start_houses[s] & occupied
                } else {
                    0
                }
            });
            let given = houses.map(|mask| start_houses.map(|h| h & mask));
            if let Some(mask) = houses
                && mask & !(start_houses[0] | start_houses[1]) != 0
            {
                return Err(format!(
                    "houses: only the nyumbas ({}) can be houses",
                    self.hole_labels(start_houses[0] | start_houses[1])
                        .join(",")
                ));
            }
            if let Some(given) = given
                && let Some(side) = (0..2).find(|&s| given[s] & !default[s] != 0)
            {
                return Err(format!(
                    "houses: {} is a house only while it holds seeds and its owner holds seeds in hand",
                    self.hole_labels(given[side]).join(",")
                ));
            }
            pos.owned = given.unwrap_or(default);
        } else if houses.is_some_and(|mask| mask != 0) {
            return Err(format!("houses: {} has no nyumba", self.name()));
        }
        if let Some(mask) = barred {
            if mask != 0 && !(self.moves.rams || self.moves.no_return) {
                return Err(format!(
                    "barred: {} bars no hole (it needs moves.rams or moves.no_return)",
                    self.name()
                ));
            }
            pos.barred = mask;
        }
        if let Some(takes) = takes.filter(|&t| t != 0) {
            let most = self.rows.map_or(0, |r| u32::from(r.chosen_captures));
            if takes > most {
                return Err(format!(
                    "takes: {takes} holes to take by choice, where {} has {most} after a capture",
                    self.name()
                ));
            }
            let theirs = self.layout.row_mask[pos.to_move.opponent().index()];
            if crate::position::holes_holding(&pos.board, 1) & theirs == 0 {
                return Err(format!(
                    "takes: {} has no hole holding seeds to take",
                    pos.to_move.opponent()
                ));
            }
            // The capturer moves again to take them.
            pos.barred = takes;
            pos.opened |= crate::position::MOVED_AGAIN;
        }
        Ok(pos)
    }

    /// The board as text, North's row on top (right to left) and South's at
    /// the bottom, with labels, as in the spec:
    ///
    /// ```text
    ///  c  b  a
    ///  7  7  7
    ///  7  7  7
    ///  A  B  C
    /// ```
    ///
    /// In games with stores, North's store stands at the left of North's
    /// row (North's right) and South's at the right of South's row:
    ///
    /// ```text
    ///        f  e  d  c  b  a
    ///   [0]  4  4  4  4  4  4
    ///        4  4  4  4  4  4  [0]
    ///        A  B  C  D  E  F
    /// ```
    pub fn board_diagram(&self, pos: &Position) -> String {
        match self.rows() {
            3 => return self.three_row_diagram(pos),
            4 => return self.four_row_diagram(pos),
            _ => {}
        }
        let n = self.holes_per_row();
        let cell = |s: String| format!("{s:>3}");
        let north: Vec<usize> = (n..2 * n).rev().collect();
        let south: Vec<usize> = (0..n).collect();
        let stores = self.has_stores();
        let store = |side: Side| format!("[{}]", pos.captured[side.index()]);
        let margin = if stores {
            format!("{:>5}", store(Side::North)).len().max(5)
        } else {
            0
        };
        let mut out = String::new();
        for (i, (row, labels)) in [
            (&north, true),
            (&north, false),
            (&south, false),
            (&south, true),
        ]
        .into_iter()
        .enumerate()
        {
            let mut line: String = row
                .iter()
                .map(|&h| match (labels, pos.is_blocked(h)) {
                    (true, _) => cell(hole_label(n, h).to_string()),
                    // A hole out of play for the round (games of rounds).
                    (false, true) => cell("x".to_string()),
                    (false, false) => cell(pos.board[h].to_string()),
                })
                .collect();
            if stores {
                let left = if i == 1 {
                    store(Side::North)
                } else {
                    String::new()
                };
                line = format!("{left:>margin$}{line}");
                if i == 2 {
                    line.push_str(&format!("  {}", store(Side::South)));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

impl Rules {
    /// The holes as they stand on the board seen from South's seat: the
    /// rows from North's side (top) to South's (bottom), each left to
    /// right, by hole index. Two rows: North's `2n-1 .. n`, then South's
    /// `0 .. n-1`. Three rows (`docs/three-rows.md`): North's outer row,
    /// the middle row (North's half on the left, from its end to the
    /// centre; South's on the right, from the centre to its end), South's
    /// outer row. Four rows: North's outer row, North's inner row, South's
    /// inner row, South's outer row (facing holes in one column). The
    /// board diagrams and the web page draw the board from this.
    pub fn board_rows(&self) -> Vec<Vec<usize>> {
        let m = self.holes_per_row();
        let side = self.holes_per_side();
        match self.rows() {
            3 => vec![
                (side..side + m).rev().collect(),
                (side + m..2 * side).chain((m..side).rev()).collect(),
                (0..m).collect(),
            ],
            4 => vec![
                (2 * m..3 * m).rev().collect(),
                (3 * m..4 * m).collect(),
                (m..2 * m).rev().collect(),
                (0..m).collect(),
            ],
            _ => vec![(m..2 * m).rev().collect(), (0..m).collect()],
        }
    }

    /// The board of four rows as text, seen from South's seat: North's
    /// outer row on top, then North's inner row, South's inner row, and
    /// South's outer row at the bottom, each pair of rows with its labels
    /// on its outer side (facing holes stand in one column):
    ///
    /// ```text
    ///   h  g  f  e  d  c  b  a
    ///   2  2  2  2  2  2  2  2
    ///   2  2  2  2  2  2  2  2
    ///   i  j  k  l  m  n  o  p
    ///   P  O  N  M  L  K  J  I
    ///   2  2  2  2  2  2  2  2
    ///   2  2  2  2  2  2  2  2
    ///   A  B  C  D  E  F  G  H
    /// ```
    /// The three-row board seen from South: North's outer row (`a..`
    /// right to left), the middle row (North's holes on the left, from the
    /// middle outwards; South's on the right, from the end inwards), South's
    /// outer row (`A..` left to right), each row with its labels beside it
    /// (the middle row's under it). Holes out of play show `x`.
    ///
    /// ```text
    ///   f  e  d  c  b  a
    ///   3  3  3  3  3  3
    ///   3  3  3  3  3  3
    ///   g  h  i  I  H  G
    ///   3  3  3  3  3  3
    ///   A  B  C  D  E  F
    /// ```
    fn three_row_diagram(&self, pos: &Position) -> String {
        let side = self.holes_per_side();
        let [north_outer, middle, south_outer]: [Vec<usize>; 3] =
            self.board_rows().try_into().expect("three rows");
        let line = |holes: &[usize], labels: bool| -> String {
            let text: String = holes
                .iter()
                .map(|&h| {
                    let cell = match (labels, pos.is_blocked(h)) {
                        (true, _) => hole_label(side, h).to_string(),
                        (false, true) => "x".to_string(),
                        (false, false) => pos.board[h].to_string(),
                    };
                    format!("{cell:>3}")
                })
                .collect();
            format!("{}\n", text.trim_end())
        };
        [
            line(&north_outer, true),
            line(&north_outer, false),
            line(&middle, false),
            line(&middle, true),
            line(&south_outer, false),
            line(&south_outer, true),
        ]
        .concat()
    }

    fn four_row_diagram(&self, pos: &Position) -> String {
        let side = self.holes_per_side();
        let [north_outer, north_inner, south_inner, south_outer]: [Vec<usize>; 4] =
            self.board_rows().try_into().expect("four rows");
        let line = |holes: &[usize], labels: bool| -> String {
            let text: String = holes
                .iter()
                .map(|&h| {
                    let cell = if labels {
                        hole_label(side, h).to_string()
                    } else {
                        pos.board[h].to_string()
                    };
                    format!("{cell:>3}")
                })
                .collect();
            format!("{}\n", text.trim_end())
        };
        let rows = [
            line(&north_outer, true),
            line(&north_outer, false),
            line(&north_inner, false),
            line(&north_inner, true),
            line(&south_inner, true),
            line(&south_inner, false),
            line(&south_outer, false),
            line(&south_outer, true),
        ]
        .concat();
        // Games with seeds in hand: each player's hand beyond their rows.
        if self.has_hand() {
            let hand = |side: Side| format!("  hand {}\n", self.hand(pos, side));
            return format!("{}{rows}{}", hand(Side::North), hand(Side::South));
        }
        rows
    }
}

/// Reads a whole number from 0 to `max` written by a user (a rule
/// parameter, a player's option), saying what is wrong when it is not
/// one: a negative number, one above `max`, or no number at all.
///
/// ```
/// use mancala_core::notation::parse_whole;
/// assert_eq!(parse_whole(" 12 ", 16), Ok(12));
/// assert_eq!(parse_whole("-1", 16).unwrap_err(), "-1 is negative; the number is 0 or more");
/// assert_eq!(parse_whole("99999999999", 16).unwrap_err(), "99999999999 is too large (at most 16)");
/// assert_eq!(parse_whole("1e3", 16).unwrap_err(), "\"1e3\" is not a whole number");
/// ```
pub fn parse_whole(text: &str, max: u64) -> Result<u64, String> {
    parse_whole_in(text, 0..=max)
}

/// As [`parse_whole`], for a number that must lie in `range`: one below
/// it is too few, and a negative one is told the least it may be.
///
/// ```
/// use mancala_core::notation::parse_whole_in;
/// assert_eq!(parse_whole_in("7", 1..=16), Ok(7));
/// assert_eq!(parse_whole_in("0", 1..=16).unwrap_err(), "0 is too few; the number is 1 or more");
/// assert_eq!(parse_whole_in("-1", 1..=16).unwrap_err(), "-1 is negative; the number is 1 or more");
/// assert_eq!(parse_whole_in("17", 1..=16).unwrap_err(), "17 is too large (at most 16)");
/// ```
pub fn parse_whole_in(text: &str, range: std::ops::RangeInclusive<u64>) -> Result<u64, String> {
    let (min, max) = (*range.start(), *range.end());
    let t = text.trim();
    let negative = t
        .strip_prefix('-')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
    if negative {
        return Err(format!("{t} is negative; the number is {min} or more"));
    }
    let all_digits = !t.is_empty()
        && t.trim_start_matches('+')
            .bytes()
            .all(|b| b.is_ascii_digit());
    match t.parse::<u64>() {
        Ok(n) if n < min => Err(format!("{n} is too few; the number is {min} or more")),
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(format!("{t} is too large (at most {max})")),
        Err(_) if all_digits => Err(format!("{t} is too large (at most {max})")),
        Err(_) if t.is_empty() => Err("the number is missing".to_string()),
        Err(_) => Err(format!("{t:?} is not a whole number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        let r = Rules::builtin("sadeqa-ii").unwrap();
        for h in 0..12u8 {
            let label = move_label(&r, Move::Sow(h));
            assert_eq!(parse_move(&r, &label), Ok(Move::Sow(h)));
        }
        assert_eq!(parse_move(&r, "pass"), Ok(Move::Pass));
        assert!(
            parse_move(&r, "G")
                .unwrap_err()
                .contains("no hole is labelled 'G'")
        );
        assert!(parse_move(&r, "AB").is_err());
        assert!(parse_move(&r, "").is_err());
    }

    /// Each hole stands once on the board, rows as wide as the game's
    /// rows; on four rows South's inner column `c` faces North's index
    /// `23 + c` (rows.md), on three the middle row holds both players'
    /// halves.
    #[test]
    fn board_rows_place_every_hole_once() {
        for (id, rows, m) in [
            ("kalah", 2, 6),
            ("gabata-adowa", 3, 6),
            ("bao-la-kujifunza", 4, 8),
        ] {
            let r = Rules::builtin(id).unwrap();
            let grid = r.board_rows();
            assert_eq!(grid.len(), rows, "{id}");
            assert!(grid.iter().all(|row| row.len() == m), "{id}");
            let mut all: Vec<usize> = grid.concat();
            all.sort_unstable();
            assert_eq!(all, (0..r.holes()).collect::<Vec<_>>(), "{id}");
            // South's outer row is at the bottom, A at the left.
            assert_eq!(grid[rows - 1], (0..m).collect::<Vec<_>>(), "{id}");
        }
        let bao = Rules::builtin("bao-la-kujifunza").unwrap().board_rows();
        for c in 1..=8 {
            // South's inner column c (from South's left) is index 16 - c.
            assert_eq!(bao[2][c - 1], 16 - c);
            assert_eq!(bao[1][c - 1], 23 + c);
        }
        let gabata = Rules::builtin("gabata-adowa").unwrap();
        let labels: String = gabata.board_rows()[1]
            .iter()
            .map(|&h| hole_label(gabata.holes_per_side(), h))
            .collect();
        assert_eq!(labels, "ghiIHG");
    }

    #[test]
    fn position_text_round_trips() {
        let r = Rules::builtin("modiar").unwrap();
        let pos = r
            .position(&[1, 2, 3, 4, 5, 6], [9, 10], Side::North, 7)
            .unwrap();
        let text = r.position_to_text(&pos);
        assert_eq!(
            text,
            "board=1,2,3,4,5,6 to_move=north captured=9,10 ply=7 opened=both"
        );
        assert_eq!(r.position_from_text(&text), Ok(pos));
    }

    /// A round's blocked holes are written by label and read back checked.
    #[test]
    fn blocked_holes_round_trip() {
        let r = Rules::builtin("erherhe").unwrap();
        let text = "board=4,4,4,4,0,0,4,4,4,4,4,4 to_move=south captured=0,8 ply=30 opened=both";
        let pos = r
            .position_from_text(&format!("{text} blocked=E,F"))
            .unwrap();
        assert!(pos.is_blocked(4) && pos.is_blocked(5) && !pos.is_blocked(3));
        assert_eq!(r.position_to_text(&pos), format!("{text} blocked=E,F"));
        assert_eq!(r.position_from_text(&r.position_to_text(&pos)), Ok(pos));
        let err = r
            .position_from_text(&format!("{text} blocked=D"))
            .unwrap_err();
        assert!(
            err.contains("blocked: hole 3 is blocked but holds 4 seeds"),
            "{err}"
        );
        assert!(r.position_from_text(&format!("{text} blocked=Z")).is_err());
        let modiar = Rules::builtin("modiar").unwrap();
        assert!(
            modiar
                .position_from_text("board=0,2,3,4,5,6 blocked=A")
                .unwrap_err()
                .contains("no blocked holes")
        );
    }

    /// A hole a single seed's return bars (`moves.no_return`) is part of
    /// the position: written by label, read back, refused where no rule
    /// bars holes.
    #[test]
    fn barred_holes_round_trip() {
        let r = Rules::builtin("alemungula").unwrap();
        // South's single seed in E crosses into North's a.
        let before = r
            .position_from_text("board=0,4,5,0,1,0,6,6,6,6 to_move=south captured=8,8 ply=40")
            .unwrap();
        let pos = r.play(&before, Move::Sow(4)).unwrap();
        assert_eq!(pos.barred_mask(), 1 << 5);
        let text = r.position_to_text(&pos);
        assert!(text.ends_with(" barred=a"), "{text}");
        assert_eq!(r.position_from_text(&text), Ok(pos));
        assert!(
            Rules::builtin("modiar")
                .unwrap()
                .position_from_text("board=0,2,3,4,5,6 barred=A")
                .unwrap_err()
                .contains("bars no hole")
        );
    }

    /// Owned holes are written by owner and read back (the fuzz test met
    /// a Krur position whose tuzdik the text lost).
    #[test]
    fn owned_holes_round_trip() {
        let r = Rules::builtin("krur").unwrap();
        let text = "board=10,4,1,2,2,1,10,2 to_move=south captured=0,0 ply=6 opened=both";
        let pos = r
            .position_from_text(&format!("{text} owned_south= owned_north=B"))
            .unwrap();
        assert_eq!(pos.hole_owner(1), Some(Side::North));
        assert_eq!(
            r.position_to_text(&pos),
            format!("{text} owned_south= owned_north=B")
        );
        assert_eq!(r.position_from_text(&r.position_to_text(&pos)), Ok(pos));
        // Rath's raths are owned from the start, and written.
        let twice = r
            .position_from_text(&format!("{text} owned_south=B owned_north=B"))
            .unwrap_err();
        assert!(twice.contains("owned twice"), "{twice}");
        let rath = Rules::builtin("rath").unwrap();
        let start = rath.start();
        let text = rath.position_to_text(&start);
        assert!(text.ends_with("owned_south=H owned_north=h"), "{text}");
        assert_eq!(rath.position_from_text(&text), Ok(start));
        let modiar = Rules::builtin("modiar").unwrap();
        assert!(
            modiar
                .position_from_text("board=0,2,3,4,5,6 owned_north=A")
                .unwrap_err()
                .contains("no owned holes")
        );
    }

    #[test]
    fn bad_position_text_is_explained() {
        let r = Rules::builtin("modiar").unwrap();
        assert!(
            r.position_from_text("board=1,2,3")
                .unwrap_err()
                .contains("6 holes")
        );
        assert!(
            r.position_from_text("board=1,2,3,4,5,x")
                .unwrap_err()
                .contains("\"x\"")
        );
        assert!(
            r.position_from_text("board=40,40,40,0,0,0")
                .unwrap_err()
                .contains("more than")
        );
        assert!(
            r.position_from_text("to_move=south")
                .unwrap_err()
                .contains("board")
        );
        let huge = "board=1,0,0,0,0,0 captured=4294967295,4294967295";
        assert!(
            r.position_from_text(huge)
                .unwrap_err()
                .contains("more than")
        );
    }

    #[test]
    fn diagram_shows_stores_at_each_players_right() {
        let r = Rules::builtin("kalah").unwrap();
        let pos = r.play(&r.start(), Move::Sow(2)).unwrap();
        assert_eq!(
            r.board_diagram(&pos),
            "       f  e  d  c  b  a\n  [0]  4  4  4  4  4  4\n       4  4  0  5  5  5  [1]\n       A  B  C  D  E  F\n"
        );
    }

    #[test]
    fn diagram_matches_spec() {
        let r = Rules::builtin("modiar").unwrap();
        assert_eq!(
            r.board_diagram(&r.start()),
            "  c  b  a\n  7  7  7\n  7  7  7\n  A  B  C\n"
        );
    }
}
