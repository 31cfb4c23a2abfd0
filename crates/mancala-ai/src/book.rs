//! Opening books: searched values of the moves of early positions, built
//! by drop-out expansion and played before any search.
//!
//! # Building: drop-out expansion
//!
//! After Lincke ("Strategies for the automatic construction of opening
//! books", 2000): the book is a tree (a graph: transpositions share their
//! entries) whose every position holds each legal move's value from a
//! multi-move search ([`crate::analyze`]). Values are backed up by negamax
//! over the book (a move into a book position is worth minus that
//! position's best). Each position *outside* the book but one move from it
//! gets an expansion cost: along the cheapest path from the opening, each
//! ply costs [`DropOut::ply`] and each move costs how much worse it is than
//! its position's best move (`DropOut::error` per half seed), so the book
//! grows deep along the best lines and shallow where a move drops out of
//! play. The cheapest position is searched and joins the book, values are
//! backed up, and so on.
//!
//! # Text format
//!
//! One position a line, after `#` comments and a `game ID` line:
//! `BOARD SIDE SOUTH NORTH MOVE=VALUE ...` where `BOARD` has one character
//! per hole in index order (`0`-`9`, `a`-`z`, `A`-`Z`: 0 to 61 seeds),
//! `SIDE` is `S` or `N` (to move), `SOUTH` and `NORTH` the seeds captured,
//! and each move is its label with its backed-up value for the player to
//! move in half seeds (the units of [`crate::eval`]), best first.

use std::collections::HashMap;

use mancala_core::notation::{move_label, parse_move};
use mancala_core::{Game, MAX_HOLES, Move, Position, Rules, Side};
use rayon::prelude::*;

use crate::search::{Budget, Engine};

const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A book position: the board, who moves and the seeds captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BookKey {
    board: [u8; MAX_HOLES],
    /// The side to move's index.
    to_move: u8,
    captured: [u32; 2],
}

impl BookKey {
    /// The key of a position.
    pub fn of(pos: &Position) -> BookKey {
        let mut board = [0u8; MAX_HOLES];
        let raw = pos.raw_board();
        board[..raw.len().min(MAX_HOLES)].copy_from_slice(&raw[..raw.len().min(MAX_HOLES)]);
        BookKey {
            board,
            to_move: pos.to_move().index() as u8,
            captured: [pos.captured(Side::South), pos.captured(Side::North)],
        }
    }
}

/// A move of a book position with its value for the player to move (half
/// seeds in seeds games), backed up over the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// Its value.
    pub value: i32,
}

/// An opening book for one game.
#[derive(Clone, Debug, Default)]
pub struct Book {
    game_id: String,
    holes: usize,
    entries: HashMap<BookKey, Vec<BookMove>>,
}

/// Why a book's text could not be read.
#[derive(Debug, thiserror::Error)]
#[error("opening book line {line}: {reason}")]
pub struct BookError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl Book {
    /// An empty book for `rules`.
    pub fn new(rules: &Rules) -> Book {
        Book {
            game_id: rules.id().to_string(),
            holes: rules.holes(),
            entries: HashMap::new(),
        }
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The id of the game the book is for.
    pub fn game_id(&self) -> &str {
        &self.game_id
    }

    /// The moves of `pos` with their values, best first, if the position is
    /// in the book.
    pub fn moves(&self, pos: &Position) -> Option<&[BookMove]> {
        self.entries.get(&BookKey::of(pos)).map(Vec::as_slice)
    }

    /// The book's move for `pos`: the first of its best-valued moves.
    pub fn best(&self, pos: &Position) -> Option<BookMove> {
        self.moves(pos).and_then(|m| m.first().copied())
    }

    /// The book as text (see the module documentation), positions sorted so
    /// that the same book gives the same text.
    pub fn to_text(&self, rules: &Rules) -> String {
        let mut lines: Vec<String> = self
            .entries
            .iter()
            .map(|(k, moves)| {
                let board: String = k.board[..self.holes]
                    .iter()
                    .map(|&x| DIGITS[x as usize] as char)
                    .collect();
                let side = if k.to_move == Side::South.index() as u8 {
                    'S'
                } else {
                    'N'
                };
                let mut line = format!("{board} {side} {} {}", k.captured[0], k.captured[1]);
                for m in moves {
                    line.push_str(&format!(" {}={:+}", move_label(rules, m.mv), m.value));
                }
                line
            })
            .collect();
        lines.sort();
        let mut out = format!(
            "# mancala opening book: BOARD SIDE SOUTH NORTH MOVE=VALUE... (docs/ai.md)\ngame {}\n",
            self.game_id
        );
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
        out
    }

    /// Reads a book written by [`Book::to_text`] for `rules`.
    pub fn from_text(rules: &Rules, text: &str) -> Result<Book, BookError> {
        let mut book = Book::new(rules);
        let mut game_seen = false;
        for (i, line) in text.lines().enumerate() {
            let err = |reason: String| BookError {
                line: i + 1,
                reason,
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(id) = line.strip_prefix("game ") {
                if id.trim() != rules.id() {
                    return Err(err(format!(
                        "a book for {:?}, not for {:?}",
                        id.trim(),
                        rules.id()
                    )));
                }
                game_seen = true;
                continue;
            }
            if !game_seen {
                return Err(err("the `game ID` line must come first".to_string()));
            }
            let mut parts = line.split_whitespace();
            let mut next = |what: &str| {
                parts
                    .next()
                    .ok_or_else(|| err(format!("{what} missing")))
                    .map(str::to_string)
            };
            let board_text = next("the board")?;
            if board_text.len() != book.holes {
                return Err(err(format!(
                    "a board of {} holes, expected {}",
                    board_text.len(),
                    book.holes
                )));
            }
            let mut board = [0u8; MAX_HOLES];
            for (h, c) in board_text.bytes().enumerate() {
                board[h] = DIGITS
                    .iter()
                    .position(|&d| d == c)
                    .ok_or_else(|| err(format!("{:?} is not a seed count", c as char)))?
                    as u8;
            }
            let to_move = match next("the side to move")?.as_str() {
                "S" => Side::South,
                "N" => Side::North,
                other => return Err(err(format!("side {other:?}, expected S or N"))),
            };
            let mut captured = [0u32; 2];
            for c in &mut captured {
                *c = next("the seeds captured")?
                    .parse()
                    .map_err(|_| err("the seeds captured are not a number".to_string()))?;
            }
            // The position must be one of the game's (seeds add up).
            rules
                .position(&board[..book.holes], captured, to_move, 2)
                .map_err(|e| err(e.to_string()))?;
            let mut moves = Vec::new();
            for item in parts {
                let (label, value) = item
                    .split_once('=')
                    .ok_or_else(|| err(format!("{item:?} is not MOVE=VALUE")))?;
                let mv = parse_move(rules, label).map_err(|e| err(e.to_string()))?;
                let value = value
                    .parse()
                    .map_err(|_| err(format!("{value:?} is not a value")))?;
                moves.push(BookMove { mv, value });
            }
            if moves.is_empty() {
                return Err(err("a position without moves".to_string()));
            }
            let key = BookKey {
                board,
                to_move: to_move.index() as u8,
                captured,
            };
            if book.entries.insert(key, moves).is_some() {
                return Err(err("the position is already in the book".to_string()));
            }
        }
        Ok(book)
    }
}

/// The costs of drop-out expansion: a ply deeper costs `ply`, a move worse
/// than its position's best by a half seed costs `error`, except in the
/// first `full_width` plies, where every move costs the same (matches
/// start from random openings of a few plies: the book should know them
/// all).
#[derive(Clone, Copy, Debug)]
pub struct DropOut {
    /// The cost of a ply.
    pub ply: u32,
    /// The cost of a half seed of value given away.
    pub error: u32,
    /// Plies from the opening where errors cost nothing.
    pub full_width: u32,
}

impl Default for DropOut {
    fn default() -> DropOut {
        DropOut {
            ply: 2,
            error: 1,
            full_width: 2,
        }
    }
}

/// Every legal move of the game's position with its searched value.
fn search_moves(game: &Game, budget: &Budget) -> Vec<BookMove> {
    let mut engine = Engine::new(18);
    engine
        .analyze(game, budget)
        .moves
        .into_iter()
        .map(|m| BookMove {
            mv: m.mv,
            value: m.value,
        })
        .collect()
}

/// A book being built: the searched values (not backed up) and a game
/// reaching each position.
struct Builder {
    searched: HashMap<BookKey, (Game, Vec<BookMove>)>,
}

impl Builder {
    /// The backed-up value of each move of `key` (negamax over the book).
    fn backed_up(&self, key: &BookKey, memo: &mut HashMap<BookKey, i32>) -> Vec<BookMove> {
        let (game, moves) = &self.searched[key];
        let mut out: Vec<BookMove> = moves
            .iter()
            .map(|m| {
                let mut child = game.clone();
                child.play(m.mv).expect("a book move is legal");
                let ck = BookKey::of(child.position());
                let value = if !child.is_over() && self.searched.contains_key(&ck) {
                    let v = self.value(&ck, memo);
                    mancala_core::value_for(
                        game.position().to_move(),
                        child.position().to_move(),
                        v,
                    )
                } else {
                    m.value
                };
                BookMove { mv: m.mv, value }
            })
            .collect();
        out.sort_by_key(|m| std::cmp::Reverse(m.value));
        out
    }

    fn value(&self, key: &BookKey, memo: &mut HashMap<BookKey, i32>) -> i32 {
        if let Some(&v) = memo.get(key) {
            return v;
        }
        // A cycle within the book (no capture in between) would recurse for
        // ever: its position counts with its searched value meanwhile.
        let searched = self.searched[key].1.iter().map(|m| m.value).max().unwrap();
        memo.insert(*key, searched);
        let v = self.backed_up(key, memo)[0].value;
        memo.insert(*key, v);
        v
    }

    /// The cheapest positions one move outside the book, cheapest first:
    /// (cost, game reaching it).
    fn frontier(&self, root: &BookKey, costs: DropOut, limit: usize) -> Vec<(u64, Game)> {
        let mut memo = HashMap::new();
        let mut best_cost: HashMap<BookKey, u64> = HashMap::new();
        let mut out: HashMap<BookKey, (u64, Game)> = HashMap::new();
        // Dijkstra over the book from the opening.
        let mut heap = std::collections::BinaryHeap::new();
        heap.push(std::cmp::Reverse((0u64, *root)));
        best_cost.insert(*root, 0);
        let root_ply = self.searched[root].0.moves().len();
        while let Some(std::cmp::Reverse((cost, key))) = heap.pop() {
            if best_cost.get(&key).is_some_and(|&c| c < cost) {
                continue;
            }
            let moves = self.backed_up(&key, &mut memo);
            let top = moves[0].value;
            let game = &self.searched[&key].0;
            let error = if game.moves().len() - root_ply < costs.full_width as usize {
                0
            } else {
                costs.error as u64
            };
            for m in &moves {
                let mut child = game.clone();
                child.play(m.mv).expect("a book move is legal");
                if child.is_over() {
                    continue;
                }
                let c = cost + costs.ply as u64 + error * (top - m.value).max(0) as u64;
                let ck = BookKey::of(child.position());
                if self.searched.contains_key(&ck) {
                    if best_cost.get(&ck).is_none_or(|&old| c < old) {
                        best_cost.insert(ck, c);
                        heap.push(std::cmp::Reverse((c, ck)));
                    }
                } else if out.get(&ck).is_none_or(|(old, _)| c < *old) {
                    out.insert(ck, (c, child));
                }
            }
        }
        let mut list: Vec<(u64, Game)> = out.into_values().collect();
        list.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.record().cmp(&b.1.record())));
        list.truncate(limit);
        list
    }
}

/// Builds a book from `rules`' opening by drop-out expansion: `positions`
/// positions searched with `budget` each (a depth or node budget gives the
/// same book on every machine), `parallel` at a time (the cheapest of the
/// frontier). `progress` is called after each batch with the book's size.
pub fn build_book(
    rules: &Rules,
    positions: usize,
    budget: &Budget,
    costs: DropOut,
    parallel: usize,
    mut progress: impl FnMut(usize),
) -> Book {
    let root_game = Game::new(rules.clone());
    let root = BookKey::of(root_game.position());
    let mut b = Builder {
        searched: HashMap::new(),
    };
    let first = search_moves(&root_game, budget);
    b.searched.insert(root, (root_game, first));
    while b.searched.len() < positions {
        let want = parallel.max(1).min(positions - b.searched.len());
        let batch = b.frontier(&root, costs, want);
        if batch.is_empty() {
            break;
        }
        let done: Vec<(Game, Vec<BookMove>)> = batch
            .into_par_iter()
            .map(|(_, g)| {
                let moves = search_moves(&g, budget);
                (g, moves)
            })
            .collect();
        for (g, moves) in done {
            b.searched.insert(BookKey::of(g.position()), (g, moves));
        }
        progress(b.searched.len());
    }
    let mut memo = HashMap::new();
    let mut book = Book::new(rules);
    let keys: Vec<BookKey> = b.searched.keys().copied().collect();
    for k in keys {
        let moves = b.backed_up(&k, &mut memo);
        book.entries.insert(k, moves);
    }
    book
}

/// The built-in book of a game, if it has one (Oware's: `data/oware.book`,
/// rebuilt by the example `build_book`), unless `MANCALA_BOOK=off`.
pub fn builtin(rules: &Rules) -> Option<&'static Book> {
    static OWARE: std::sync::OnceLock<Option<Book>> = std::sync::OnceLock::new();
    // To measure what the book adds: `MANCALA_BOOK=off` plays without it.
    static OFF: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *OFF.get_or_init(|| std::env::var("MANCALA_BOOK").is_ok_and(|v| v == "off")) {
        return None;
    }
    let oware = Rules::builtin("oware").ok()?;
    if mancala_solver::rules_hash(&oware) != mancala_solver::rules_hash(rules) {
        return None;
    }
    OWARE
        .get_or_init(|| {
            let text = include_str!("../data/oware.book");
            // A damaged built-in book is a build defect: the test
            // `builtin_book_reads` catches it; a program plays without it.
            Book::from_text(&oware, text).ok().filter(|b| !b.is_empty())
        })
        .as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_lookup() {
        let rules = Rules::builtin("oware").unwrap();
        let costs = DropOut {
            full_width: 0,
            ..DropOut::default()
        };
        let book = build_book(&rules, 4, &Budget::depth(3), costs, 2, |_| {});
        assert_eq!(book.len(), 4);
        let text = book.to_text(&rules);
        let back = Book::from_text(&rules, &text).unwrap();
        assert_eq!(back.to_text(&rules), text);
        let start = rules.start();
        let moves = back.moves(&start).unwrap();
        assert_eq!(moves.len(), 6);
        assert!(moves.windows(2).all(|w| w[0].value >= w[1].value));
        assert_eq!(back.best(&start), Some(moves[0]));
        // The opening's best move leads into the book (the cheapest child).
        let mut g = Game::new(rules.clone());
        g.play(moves[0].mv).unwrap();
        assert!(back.moves(g.position()).is_some());
        // Backed up: the best move's value is minus its child's best.
        assert_eq!(moves[0].value, -back.best(g.position()).unwrap().value);
        // A position outside the book.
        let mut far = Game::new(rules.clone());
        for m in ["A", "a", "B", "b", "C", "c"] {
            far.play_label(m).unwrap();
        }
        assert!(back.moves(far.position()).is_none());
    }

    /// In the first `full_width` plies every move is expanded before any
    /// deeper position.
    #[test]
    fn full_width_plies_come_first() {
        let rules = Rules::builtin("oware").unwrap();
        let book = build_book(&rules, 7, &Budget::depth(2), DropOut::default(), 1, |_| {});
        let start = rules.start();
        for m in book.moves(&start).unwrap() {
            let mut g = Game::new(rules.clone());
            g.play(m.mv).unwrap();
            assert!(book.moves(g.position()).is_some(), "{:?}", m.mv);
        }
    }

    #[test]
    fn bad_text_is_refused_with_its_line() {
        let rules = Rules::builtin("oware").unwrap();
        let ok = "game oware\n444444444444 S 0 0 A=+1 B=-2\n";
        assert_eq!(Book::from_text(&rules, ok).unwrap().len(), 1);
        for (text, line) in [
            ("game awari\n", 1),
            ("444444444444 S 0 0 A=+1\n", 1),
            ("game oware\n44444444444 S 0 0 A=+1\n", 2),
            ("game oware\n444444444444 X 0 0 A=+1\n", 2),
            ("game oware\n444444444444 S 0 0 Q=+1\n", 2),
            ("game oware\n444444444444 S 0 0\n", 2),
            ("game oware\n944444444444 S 0 0 A=1\n", 2),
            ("game oware\n444444444444 S 0 0 A=x\n", 2),
            (
                "game oware\n#\n444444444444 S 0 0 A=1\n444444444444 S 0 0 A=1\n",
                4,
            ),
        ] {
            let e = Book::from_text(&rules, text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
        }
    }

    /// A player with the book plays its move without searching while the
    /// game is in it, and searches once out of it.
    #[test]
    fn a_player_with_the_book_plays_its_moves() {
        use crate::{AlphaBetaPlayer, Player};
        let rules = Rules::builtin("oware").unwrap();
        let book = builtin(&rules).unwrap();
        let mut player = AlphaBetaPlayer::new(Budget::depth(2)).with_book();
        let game = Game::new(rules.clone());
        let choice = player.choose(&game);
        assert_eq!(choice.mv, book.best(game.position()).unwrap().mv);
        assert_eq!((choice.depth, choice.nodes), (None, 0));
        let mut far = Game::new(rules.clone());
        for m in ["A", "a", "B", "b", "C", "c", "D", "d"] {
            far.play_label(m).unwrap();
        }
        assert!(book.moves(far.position()).is_none());
        assert_eq!(player.choose(&far).depth, Some(2));
    }

    #[test]
    fn builtin_book_reads() {
        let rules = Rules::builtin("oware").unwrap();
        let book = builtin(&rules).expect("Oware has a built-in book");
        assert!(book.len() > 100);
        assert!(book.moves(&rules.start()).is_some());
        assert!(builtin(&Rules::builtin("awari").unwrap()).is_none());
    }
}
