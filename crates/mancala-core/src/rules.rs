//! Loading, validating and compiling rule files.
//!
//! A [`RuleSpec`] is what a file says; [`Rules`] is the same game compiled
//! into lookup tables and plain values so that playing a move reads no rule
//! option twice and never allocates.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use crate::Side;
use crate::position::{MAX_HOLES, MAX_HOLES_PER_ROW, MAX_SEEDS, Position};
use crate::spec::*;

include!(concat!(env!("OUT_DIR"), "/builtin_games.rs"));

/// A rule file that could not be loaded: the file, the key (with its line
/// when known) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The file (or built-in name) the rules came from.
    pub file: String,
    /// The key, as a dotted path such as `capture.chain`, when one is at fault.
    pub key: Option<String>,
    /// 1-based line of the key in the file, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A rule file may hold anything: control characters are shown
        // escaped (`\u{1b}`), never sent to the terminal.
        write!(f, "{}", escape_controls(&self.file))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": ")?;
        if let Some(key) = &self.key {
            write!(f, "key `{}`: ", escape_controls(key))?;
        }
        write!(f, "{}", escape_controls(&self.reason))
    }
}

/// `text` with its control characters escaped as in Rust (`\u{7}`, `\n`).
fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

impl std::error::Error for RuleError {}

/// A game's rules, validated and compiled.
///
/// Build one with [`Rules::builtin`], [`Rules::load`] (a built-in name or a
/// path), [`Rules::from_toml`] or [`Rules::compile`]. Then
/// [`start`](Rules::start) gives the opening position and
/// [`legal_moves`](Rules::legal_moves) / [`play`](Rules::play) drive it;
/// [`Game`](crate::Game) adds the history that repetition rules need.
#[derive(Clone, Debug)]
pub struct Rules {
    pub(crate) spec: Arc<RuleSpec>,
    pub(crate) id: String,
    /// Holes in a row.
    pub(crate) n: usize,
    /// Holes on the board.
    pub(crate) holes: usize,
    pub(crate) total_seeds: u32,
    /// Whether sowing runs clockwise (decreasing hole index).
    pub(crate) clockwise: bool,
    /// The hole before each hole, against the sowing direction (capture chains).
    pub(crate) prev: [u8; MAX_HOLES],
    /// The hole after each hole, in the sowing direction (captures across a gap).
    pub(crate) next: [u8; MAX_HOLES],
    /// With `rule = "across-gap"`: the last hole need not have held seeds
    /// before the last seed (relay games).
    pub(crate) gap_from_any: bool,
    /// Bit mask of each side's row.
    pub(crate) row_mask: [u32; 2],
    /// Each side's rightmost hole.
    pub(crate) rightmost: [u8; 2],
    pub(crate) min_seeds: u8,
    pub(crate) start_in_origin: bool,
    pub(crate) relay: bool,
    /// A relay ends where its last seed can capture.
    pub(crate) relay_stops_at_capture: bool,
    /// Holes reaching a capturing count while sown are taken by their owner.
    pub(crate) passing_captures: bool,
    pub(crate) skip_origin: bool,
    pub(crate) endless_draws: bool,
    pub(crate) opening_rightmost: bool,
    pub(crate) opening_nearest: bool,
    /// Bits of `opened` that take part in position identity (repetition).
    pub(crate) opened_key_mask: u8,
    pub(crate) must_feed: bool,
    /// Under must-feed, feeding is judged after the move's captures.
    pub(crate) feed_after_capture: bool,
    pub(crate) pass_when_stuck: bool,
    pub(crate) capture: CaptureKind,
    /// `capturing[c]`: a hole holding `c` seeds is captured (count rule).
    pub(crate) capturing: [bool; 256],
    /// `relay_divmod[s]`: `s / holes` in the high byte, `s % holes` in the
    /// low one (a relay lap's whole rounds and remainder, without a division).
    pub(crate) relay_divmod: [u16; 256],
    /// Per mover: holes in which a last seed may capture.
    pub(crate) capture_zone: [u32; 2],
    pub(crate) chain: Chain,
    pub(crate) to_mover: bool,
    pub(crate) capture_on_opening: bool,
    pub(crate) grand_slam: GrandSlam,
    pub(crate) grand_slam_fallback_captures: bool,
    /// With forbidden grand slams: when every move is one, none may be played.
    pub(crate) grand_slam_fallback_none: bool,
    /// With `rule = "opposite"`: the capturing seed is taken too.
    pub(crate) take_sower: bool,
    /// With `rule = "opposite"`: an empty opposite hole still captures (the sower).
    pub(crate) empty_opposite: bool,
    /// With a chain: the most holes one capture takes (`u32::MAX`: no limit).
    pub(crate) chain_limit: u32,
    /// With `!capture_on_opening`: nothing is captured until both players
    /// have moved (not only until the first player has).
    pub(crate) capture_after_both: bool,
    /// A move from a hole of one seed captures nothing.
    pub(crate) not_from_single: bool,
    /// With the count rule: the move takes every capturing hole of the
    /// opponent's row when it ends there or in the mover's rightmost hole.
    pub(crate) sweep: bool,
    /// Only moves that leave the opponent seeds, when there are such.
    pub(crate) must_leave_seeds: bool,
    /// Whether the mover's own store is in the sowing ring.
    pub(crate) sow_into_store: bool,
    /// Per mover: the cell after each cell in that mover's sowing ring,
    /// where cells `0..MAX_HOLES` are holes and [`STORE_CELL`] + side is a
    /// store (only used when `sow_into_store`).
    pub(crate) ring_next: [[u8; RING_CELLS]; 2],
    pub(crate) extra_turn_store: bool,
    pub(crate) extra_turn_capture: bool,
    pub(crate) end: EndSpec,
    /// The match's rounds, if it is played in rounds.
    pub(crate) rounds: Option<RoundsSpec>,
}

/// The cell number of South's store in a sowing ring; North's is the next.
pub(crate) const STORE_CELL: usize = MAX_HOLES;
/// Cells a sowing ring can name: the holes and the two stores.
pub(crate) const RING_CELLS: usize = MAX_HOLES + 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CaptureKind {
    None,
    Counts,
    Opposite,
    AcrossGap,
}

impl Rules {
    /// The ids of the built-in games, in the order `mancala list` shows them.
    pub fn builtin_ids() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(id, _)| *id)
    }

    /// A built-in game by id (`"modiar"`, `"tihbat"`, `"sadeqa-ii"`, `"oware"`).
    pub fn builtin(id: &str) -> Result<Rules, RuleError> {
        match BUILTIN.iter().find(|(bid, _)| *bid == id) {
            Some((bid, text)) => Rules::from_toml(bid, text, &format!("games/{bid}.toml")),
            None => Err(RuleError {
                file: id.to_string(),
                key: None,
                line: None,
                reason: format!(
                    "no such game; built-in games are {}, or give a path to a .toml rule file",
                    Rules::builtin_ids().collect::<Vec<_>>().join(", ")
                ),
            }),
        }
    }

    /// The built-in rule file text for `id`.
    pub fn builtin_source(id: &str) -> Option<&'static str> {
        BUILTIN
            .iter()
            .find(|(bid, _)| *bid == id)
            .map(|(_, text)| *text)
    }

    /// A built-in name, or else a path to a rule file (its id is the file
    /// stem), optionally followed by board parameters after a colon:
    /// `kalah:holes=4,seeds=3` is Kalah with 4 holes a row and 3 seeds a
    /// hole. The parameters are `holes` (holes a row), `seeds` (seeds a
    /// hole) and `first` (`south` or `north`, who moves first); the game's
    /// id is then the whole text.
    pub fn load(name: &str) -> Result<Rules, RuleError> {
        let (base, params) = split_params(name);
        let (id, text, file) = Rules::source_of(base)?;
        let Some(params) = params else {
            return Rules::from_toml(&id, &text, &file);
        };
        let mut spec: RuleSpec = toml::from_str(&text).map_err(|e| toml_error(&file, &text, &e))?;
        apply_params(&mut spec, params).map_err(|(key, reason)| RuleError {
            file: name.to_string(),
            key: Some(key),
            line: None,
            reason,
        })?;
        Rules::compile(name, spec).map_err(|issue| RuleError {
            file: name.to_string(),
            line: None,
            key: Some(issue.key),
            reason: issue.reason,
        })
    }

    /// The id, rule text and file name of a built-in name or a path.
    fn source_of(name_or_path: &str) -> Result<(String, String, String), RuleError> {
        if let Some(text) = Rules::builtin_source(name_or_path) {
            return Ok((
                name_or_path.to_string(),
                text.to_string(),
                format!("games/{name_or_path}.toml"),
            ));
        }
        let path = Path::new(name_or_path);
        let looks_like_path = name_or_path.contains(['/', '\\']) || name_or_path.ends_with(".toml");
        if !looks_like_path && !path.exists() {
            return Err(Rules::builtin(name_or_path).expect_err("not a built-in game"));
        }
        let text = std::fs::read_to_string(path).map_err(|e| RuleError {
            file: name_or_path.to_string(),
            key: None,
            line: None,
            reason: format!("cannot read the rule file: {e}"),
        })?;
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| name_or_path.to_string());
        Ok((id, text, name_or_path.to_string()))
    }

    /// Parses, validates and compiles rule-file text. `file` names the
    /// source in error messages.
    pub fn from_toml(id: &str, text: &str, file: &str) -> Result<Rules, RuleError> {
        check_tables(text, file)?;
        let spec: RuleSpec = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
        Rules::compile(id, spec).map_err(|issue| RuleError {
            file: file.to_string(),
            line: locate_key(text, &issue.key),
            key: Some(issue.key),
            reason: issue.reason,
        })
    }

    /// Validates and compiles a rule model.
    pub fn compile(id: &str, spec: RuleSpec) -> Result<Rules, SpecIssue> {
        validate(&spec)?;
        let n = spec.board.holes_per_row as usize;
        let holes = 2 * n;
        let clockwise = spec.sowing.direction == Direction::Clockwise;
        let mut prev = [0u8; MAX_HOLES];
        for (h, before) in prev.iter_mut().enumerate().take(holes) {
            *before = if clockwise {
                (h + 1) % holes
            } else {
                (h + holes - 1) % holes
            } as u8;
        }
        let mut next = [0u8; MAX_HOLES];
        for h in 0..holes {
            next[prev[h] as usize] = h as u8;
        }
        let south_row = (1u32 << n) - 1;
        let row_mask = [south_row, south_row << n];
        // A player's rightmost hole is the last of their row in sowing order.
        let rightmost = match spec.sowing.direction {
            Direction::CounterClockwise => [(n - 1) as u8, (holes - 1) as u8],
            Direction::Clockwise => [0, n as u8],
        };
        let cap = &spec.capture;
        let capture = match cap.rule {
            CaptureRule::None => CaptureKind::None,
            CaptureRule::Counts => CaptureKind::Counts,
            CaptureRule::Opposite => CaptureKind::Opposite,
            CaptureRule::AcrossGap => CaptureKind::AcrossGap,
        };
        let mut capturing = [false; 256];
        for &c in cap.counts.iter().flatten() {
            capturing[c as usize] = true;
        }
        let all = row_mask[0] | row_mask[1];
        let capture_zone = match cap.last_hole_in() {
            RowChoice::Any => [all, all],
            RowChoice::Own => [row_mask[0], row_mask[1]],
            RowChoice::Opponent => [row_mask[1], row_mask[0]],
        };
        let opening_rightmost = spec.moves.opening == Opening::Rightmost;
        // A store stands after its owner's row in the sowing direction, that
        // is after the owner's rightmost hole.
        let next_hole = |h: usize| {
            if clockwise {
                (h + holes - 1) % holes
            } else {
                (h + 1) % holes
            }
        };
        let mut ring_next = [[0u8; RING_CELLS]; 2];
        for side in Side::BOTH {
            let ring = &mut ring_next[side.index()];
            for (h, next) in ring.iter_mut().enumerate().take(holes) {
                *next = next_hole(h) as u8;
            }
            let last = rightmost[side.index()] as usize;
            let store = STORE_CELL + side.index();
            ring[last] = store as u8;
            ring[store] = next_hole(last) as u8;
        }
        let extra = spec.moves.extra_turn;
        Ok(Rules {
            id: id.to_string(),
            n,
            holes,
            total_seeds: spec.board.seeds_per_hole * holes as u32,
            prev,
            next,
            gap_from_any: spec.sowing.laps != Laps::Single,
            row_mask,
            rightmost,
            min_seeds: spec.moves.min_seeds as u8,
            clockwise,
            start_in_origin: spec.sowing.start == SowStart::Origin,
            relay: spec.sowing.laps == Laps::Relay,
            relay_stops_at_capture: spec.sowing.relay_stops_at_capture,
            passing_captures: spec.sowing.passing_captures,
            skip_origin: spec.sowing.skip_origin,
            endless_draws: spec.sowing.endless == Endless::Draw,
            opening_rightmost,
            opening_nearest: spec.moves.opening_fallback == OpeningFallback::Nearest,
            opened_key_mask: if opening_rightmost { 0b11 } else { 0 },
            must_feed: spec.moves.must_feed,
            feed_after_capture: spec.moves.feed_after_capture,
            pass_when_stuck: spec.moves.when_none == WhenNone::Pass,
            capture,
            capturing,
            relay_divmod: std::array::from_fn(|s| ((s / (2 * n)) << 8 | s % (2 * n)) as u16),
            capture_zone,
            chain: cap.chain(),
            to_mover: cap.seeds_go_to() == Destination::Mover,
            capture_on_opening: cap.on_opening() && cap.opening_turns_without == 0,
            grand_slam: cap.grand_slam(),
            grand_slam_fallback_captures: cap.grand_slam_fallback() == GrandSlamFallback::Capture,
            grand_slam_fallback_none: cap.grand_slam_fallback() == GrandSlamFallback::NotPlayed,
            take_sower: cap.take_sower,
            empty_opposite: cap.empty_opposite,
            chain_limit: cap.chain_limit.unwrap_or(u32::MAX),
            capture_after_both: cap.opening_turns_without == 2,
            not_from_single: cap.not_from_single,
            sweep: cap.sweep,
            must_leave_seeds: spec.moves.must_leave_seeds,
            sow_into_store: spec.sowing.into_own_store,
            ring_next,
            extra_turn_store: matches!(extra, ExtraTurn::Store | ExtraTurn::StoreOrCapture),
            extra_turn_capture: matches!(extra, ExtraTurn::Capture | ExtraTurn::StoreOrCapture),
            end: spec.end.clone(),
            rounds: spec.rounds.clone(),
            spec: Arc::new(spec),
        })
    }

    /// The game's id: the built-in name or the rule file's stem.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The game's display name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The rule model this was compiled from.
    pub fn spec(&self) -> &RuleSpec {
        &self.spec
    }

    /// Whether some move can earn its player another move at once, so that
    /// the same player moves twice in a row.
    pub fn has_extra_turns(&self) -> bool {
        self.extra_turn_store || self.extra_turn_capture
    }

    /// Whether each player has a store drawn on the board.
    pub fn has_stores(&self) -> bool {
        self.spec.board.stores
    }

    /// Holes in each row.
    pub fn holes_per_row(&self) -> usize {
        self.n
    }

    /// Holes on the board (`2 * holes_per_row`).
    pub fn holes(&self) -> usize {
        self.holes
    }

    /// Seeds in the game at the start.
    pub fn total_seeds(&self) -> u32 {
        self.total_seeds
    }

    /// The side that owns `hole`.
    #[inline]
    pub fn owner(&self, hole: usize) -> Side {
        if hole < self.n {
            Side::South
        } else {
            Side::North
        }
    }

    /// The holes of `side`'s row, in index order.
    pub fn row(&self, side: Side) -> std::ops::Range<usize> {
        match side {
            Side::South => 0..self.n,
            Side::North => self.n..self.holes,
        }
    }

    /// The hole opposite `hole` (`2n-1-hole`).
    #[inline]
    pub fn opposite(&self, hole: usize) -> usize {
        self.holes - 1 - hole
    }

    /// Seeds in `side`'s row.
    #[inline]
    pub fn row_seeds(&self, pos: &Position, side: Side) -> u32 {
        self.row(side).map(|h| pos.board[h] as u32).sum()
    }

    /// The opening position.
    pub fn start(&self) -> Position {
        let mut board = [0u8; MAX_HOLES];
        for hole in board.iter_mut().take(self.holes) {
            *hole = self.spec.board.seeds_per_hole as u8;
        }
        Position {
            board,
            captured: [0, 0],
            removed: [0, 0],
            to_move: self.spec.board.first_player,
            opened: 0,
            ply: 0,
            blocked: 0,
        }
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
        if board.len() != self.holes {
            return Err(format!(
                "a {} board has {} holes, not {}",
                self.name(),
                self.holes,
                board.len()
            ));
        }
        // Summed wide: captures come from user text and may be any u32.
        let total: u64 =
            board.iter().map(|&s| s as u64).sum::<u64>() + captured[0] as u64 + captured[1] as u64;
        if total > self.total_seeds as u64 {
            return Err(format!(
                "{total} seeds (board and captures) is more than the {} the game has",
                self.total_seeds
            ));
        }
        let mut b = [0u8; MAX_HOLES];
        b[..self.holes].copy_from_slice(board);
        let first = self.spec.board.first_player;
        let opened = match ply {
            0 => 0,
            1 => 1 << first.index(),
            _ => 0b11,
        };
        let taken = [captured[0] as u8, captured[1] as u8];
        // In games whose captures leave the board, what a player took is
        // counted as removed, not kept.
        let (captured, removed) = if self.to_mover {
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
            ply,
            blocked: 0,
        })
    }

    /// Sets which players have already made their first move.
    pub fn with_opened(&self, mut pos: Position, south: bool, north: bool) -> Position {
        pos.opened = south as u8 | (north as u8) << 1;
        pos
    }
}

/// Splits `kalah:holes=4,seeds=3` into the game and its parameters. A colon
/// followed by no `=` is part of the name (a path may hold one).
fn split_params(name: &str) -> (&str, Option<&str>) {
    match name.rsplit_once(':') {
        Some((base, params)) if params.contains('=') && !base.is_empty() => (base, Some(params)),
        _ => (name, None),
    }
}

/// Applies `holes=M,seeds=N,first=SIDE` to a rule model; the error is the
/// parameter and what is wrong with it.
fn apply_params(spec: &mut RuleSpec, params: &str) -> Result<(), (String, String)> {
    for param in params.split(',') {
        let (key, value) = param.split_once('=').ok_or_else(|| {
            (
                param.to_string(),
                "a parameter is key=value (holes, seeds or first)".to_string(),
            )
        })?;
        let number = || {
            value
                .trim()
                .parse::<u32>()
                .map_err(|_| (key.to_string(), format!("{value:?} is not a whole number")))
        };
        match key.trim() {
            "holes" => spec.board.holes_per_row = number()?,
            "seeds" => spec.board.seeds_per_hole = number()?,
            "first" => {
                spec.board.first_player = match value.trim() {
                    "south" => Side::South,
                    "north" => Side::North,
                    _ => {
                        return Err((
                            key.to_string(),
                            format!("{value:?}: who moves first is south or north"),
                        ));
                    }
                }
            }
            _ => {
                return Err((
                    key.to_string(),
                    "unknown parameter; a game takes holes=N (holes a row), seeds=N (seeds a hole) and first=south|north"
                        .to_string(),
                ));
            }
        }
    }
    Ok(())
}

/// A problem with a rule model: the dotted key at fault and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecIssue {
    /// Dotted key path, e.g. `capture.chain`.
    pub key: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for SpecIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "key `{}`: {}", self.key, self.reason)
    }
}

impl std::error::Error for SpecIssue {}

fn issue(key: &str, reason: impl Into<String>) -> SpecIssue {
    SpecIssue {
        key: key.to_string(),
        reason: reason.into(),
    }
}

fn validate(spec: &RuleSpec) -> Result<(), SpecIssue> {
    for (key, text) in [("name", Some(&spec.name)), ("origin", spec.origin.as_ref())] {
        if let Some(c) = text.and_then(|t| t.chars().find(|c| c.is_control())) {
            return Err(issue(
                key,
                format!(
                    "{:?} holds the control character {:?}; the {key} is printed, so it may not",
                    text.unwrap(),
                    c
                ),
            ));
        }
    }
    if spec.name.trim().is_empty() {
        return Err(issue("name", "the game needs a name"));
    }
    let known = |key: &str| RULE_KEYS.contains(&key);
    let valid = || format!("the rule keys are {}", RULE_KEYS.join(", "));
    for key in &spec.about.house_rules {
        if !known(key) {
            return Err(issue(
                "about.house_rules",
                format!("unknown rule key {key:?}; {}", valid()),
            ));
        }
    }
    for d in &spec.about.disagreements {
        if !known(&d.key) {
            return Err(issue(
                "about.disagreements",
                format!("unknown rule key {:?}; {}", d.key, valid()),
            ));
        }
        if d.note.trim().is_empty() {
            return Err(issue(
                "about.disagreements",
                format!("the disagreement on {} needs a note", d.key),
            ));
        }
    }
    let b = &spec.board;
    if b.holes_per_row == 0 {
        return Err(issue(
            "board.holes_per_row",
            "a row needs at least one hole",
        ));
    }
    if b.holes_per_row as usize > MAX_HOLES_PER_ROW {
        return Err(issue(
            "board.holes_per_row",
            format!(
                "{} holes a row is more than the {MAX_HOLES_PER_ROW} the engine supports",
                b.holes_per_row
            ),
        ));
    }
    if b.seeds_per_hole == 0 {
        return Err(issue(
            "board.seeds_per_hole",
            "a game needs seeds: give at least 1 a hole",
        ));
    }
    let total = b.seeds_per_hole as u64 * 2 * b.holes_per_row as u64;
    if total > MAX_SEEDS as u64 {
        return Err(issue(
            "board.seeds_per_hole",
            format!(
                "{} seeds in {} holes is {total} seeds, more than a position can hold ({MAX_SEEDS})",
                b.seeds_per_hole,
                2 * b.holes_per_row
            ),
        ));
    }
    let total = total as u32;
    let s = &spec.sowing;
    if s.skip_origin && s.start == SowStart::Origin {
        return Err(issue(
            "sowing.skip_origin",
            "a sowing that starts in its origin cannot also pass over it; use start = \"next\" or skip_origin = false",
        ));
    }
    if s.into_own_store && !b.stores {
        return Err(issue(
            "sowing.into_own_store",
            "sowing into the stores needs stores on the board (board.stores = true)",
        ));
    }
    if s.relay_stops_at_capture
        && (s.laps != Laps::Relay || spec.capture.rule != CaptureRule::Counts)
    {
        return Err(issue(
            "sowing.relay_stops_at_capture",
            "stopping a relay where it captures needs laps = \"relay\" and capture.rule = \"counts\"",
        ));
    }
    if s.passing_captures && spec.capture.rule != CaptureRule::Counts {
        return Err(issue(
            "sowing.passing_captures",
            "captures while sowing need capture.rule = \"counts\"",
        ));
    }
    if s.passing_captures && s.into_own_store {
        return Err(issue(
            "sowing.passing_captures",
            "captures while sowing are not supported in games that sow into the stores",
        ));
    }
    if s.endless == Endless::Draw && s.laps == Laps::Single {
        return Err(issue(
            "sowing.endless",
            "only a relay sowing (laps = \"relay\") can be endless",
        ));
    }
    let m = &spec.moves;
    if m.min_seeds == 0 {
        return Err(issue(
            "moves.min_seeds",
            "must be at least 1 (an empty hole cannot be played)",
        ));
    }
    if m.min_seeds > total {
        return Err(issue(
            "moves.min_seeds",
            format!(
                "{} is more than the {total} seeds in the game, so no move could ever be played",
                m.min_seeds
            ),
        ));
    }
    if m.opening_fallback != OpeningFallback::Any && m.opening == Opening::Any {
        return Err(issue(
            "moves.opening_fallback",
            "a fallback needs a restricted opening (opening = \"rightmost\")",
        ));
    }
    let c = &spec.capture;
    match c.rule {
        CaptureRule::Counts => {
            let Some(counts) = &c.counts else {
                return Err(issue(
                    "capture.counts",
                    "rule = \"counts\" needs the list of counts that capture",
                ));
            };
            if counts.is_empty() {
                return Err(issue(
                    "capture.counts",
                    "the list is empty, so nothing could be captured",
                ));
            }
            if let Some(&bad) = counts.iter().find(|&&x| x == 0 || x > total) {
                return Err(issue(
                    "capture.counts",
                    format!(
                        "{bad} cannot be captured: counts must be between 1 and the {total} seeds in the game"
                    ),
                ));
            }
        }
        CaptureRule::AcrossGap => {
            if c.counts.is_some() {
                return Err(issue("capture.counts", "counts need rule = \"counts\""));
            }
            if c.chain() == Chain::SameRow {
                return Err(issue(
                    "capture.chain",
                    "a chain across gaps follows the sowing into either row: write chain = \"both-rows\"",
                ));
            }
            if c.last_hole_in() != RowChoice::Any {
                return Err(issue(
                    "capture.last_hole_in",
                    "a capture across the gap may end in either row (last_hole_in = \"any\")",
                ));
            }
            if s.into_own_store {
                return Err(issue(
                    "capture.rule",
                    "captures across the gap are not supported in games that sow into the stores",
                ));
            }
        }
        CaptureRule::Opposite | CaptureRule::None => {
            if c.counts.is_some() {
                return Err(issue("capture.counts", "counts need rule = \"counts\""));
            }
            if c.chain.is_some_and(|ch| ch != Chain::None) {
                return Err(issue(
                    "capture.chain",
                    "a chain needs rule = \"counts\" or \"across-gap\"",
                ));
            }
        }
    }
    if c.rule == CaptureRule::None {
        for (key, set) in [
            ("capture.last_hole_in", c.last_hole_in.is_some()),
            ("capture.seeds_go_to", c.seeds_go_to.is_some()),
            ("capture.on_opening", c.on_opening.is_some()),
            ("capture.grand_slam", c.grand_slam.is_some()),
        ] {
            if set {
                return Err(issue(
                    key,
                    "this setting needs a capture rule (capture.rule = \"counts\" or \"opposite\")",
                ));
            }
        }
    }
    if c.rule != CaptureRule::Opposite {
        for (key, set) in [
            ("capture.take_sower", c.take_sower),
            ("capture.empty_opposite", c.empty_opposite),
        ] {
            if set {
                return Err(issue(key, "this setting needs capture.rule = \"opposite\""));
            }
        }
    }
    if let Some(limit) = c.chain_limit {
        if c.chain() == Chain::None {
            return Err(issue(
                "capture.chain_limit",
                "a limit on the chain needs a chain (capture.chain = \"same-row\" or \"both-rows\")",
            ));
        }
        if limit < 2 {
            return Err(issue(
                "capture.chain_limit",
                format!(
                    "{limit} is too few: a chain takes at least 2 holes (for 1, leave out the chain)"
                ),
            ));
        }
    }
    if c.opening_turns_without != 0 {
        if c.rule == CaptureRule::None {
            return Err(issue(
                "capture.opening_turns_without",
                "this setting needs a capture rule (capture.rule = \"counts\" or \"opposite\")",
            ));
        }
        if c.opening_turns_without > 2 {
            return Err(issue(
                "capture.opening_turns_without",
                format!(
                    "{} turns are not supported: 1 (the first player's first turn) or 2 (each player's first turn)",
                    c.opening_turns_without
                ),
            ));
        }
        if c.on_opening.is_some() {
            return Err(issue(
                "capture.opening_turns_without",
                "say it once: on_opening = false is opening_turns_without = 1; leave out on_opening",
            ));
        }
    }
    if c.sweep
        && (c.rule != CaptureRule::Counts
            || c.chain() != Chain::None
            || c.last_hole_in() != RowChoice::Any)
    {
        return Err(issue(
            "capture.sweep",
            "a sweep needs rule = \"counts\", no chain and no last_hole_in (it says where the last seed must fall)",
        ));
    }
    if c.not_from_single && c.rule == CaptureRule::None {
        return Err(issue(
            "capture.not_from_single",
            "this setting needs a capture rule (capture.rule = \"counts\" or \"opposite\")",
        ));
    }
    if c.empty_opposite && !c.take_sower {
        return Err(issue(
            "capture.empty_opposite",
            "a capture from an empty opposite hole takes only the sower, so it needs take_sower = true",
        ));
    }
    if s.into_own_store && c.seeds_go_to() == Destination::Removed {
        return Err(issue(
            "capture.seeds_go_to",
            "in a game that sows into the stores, captures go to the mover's store",
        ));
    }
    if matches!(m.extra_turn, ExtraTurn::Store | ExtraTurn::StoreOrCapture) && !s.into_own_store {
        return Err(issue(
            "moves.extra_turn",
            "an extra turn for ending in the store needs a sowing that reaches it (sowing.into_own_store = true)",
        ));
    }
    if matches!(m.extra_turn, ExtraTurn::Capture | ExtraTurn::StoreOrCapture)
        && c.rule == CaptureRule::None
    {
        return Err(issue(
            "moves.extra_turn",
            "an extra turn for capturing needs a capture rule",
        ));
    }
    if c.grand_slam_fallback.is_some() && c.grand_slam() != GrandSlam::Forbidden {
        return Err(issue(
            "capture.grand_slam_fallback",
            "a fallback needs grand_slam = \"forbidden\"",
        ));
    }
    let e = &spec.end;
    if m.feed_after_capture && !m.must_feed {
        return Err(issue(
            "moves.feed_after_capture",
            "needs moves.must_feed = true",
        ));
    }
    if e.unfed_takes_rest && !m.must_feed {
        return Err(issue(
            "end.unfed_takes_rest",
            "a player can be left unfed only under moves.must_feed = true",
        ));
    }
    if e.too_few_seeds.is_some_and(|n| n < 2) {
        return Err(issue(
            "end.too_few_seeds",
            "must be at least 2 (fewer than 1 seed left is an empty board)",
        ));
    }
    if e.mover_row_empty && e.result != ResultRule::Seeds {
        return Err(issue("end.mover_row_empty", "needs result = \"seeds\""));
    }
    match e.result {
        ResultRule::Deprivation => {
            if matches!(e.repetition, Repetition::Share | Repetition::CollectOwn) {
                return Err(issue(
                    "end.repetition",
                    "a deprivation game has no score to settle; use \"draw\" or \"none\"",
                ));
            }
            if e.majority {
                return Err(issue(
                    "end.majority",
                    "a deprivation game has no score; majority needs result = \"seeds\"",
                ));
            }
            if e.any_row_empty {
                return Err(issue(
                    "end.any_row_empty",
                    "a deprivation game is lost by the player left without seeds; any_row_empty needs result = \"seeds\"",
                ));
            }
        }
        ResultRule::Seeds => {
            if e.repetition == Repetition::Draw {
                return Err(issue(
                    "end.repetition",
                    "a seeds game settles a repetition by \"share\" or \"collect-own\", not \"draw\"",
                ));
            }
            if e.stuck != Stuck::Draw {
                return Err(issue(
                    "end.stuck",
                    "stuck applies only to result = \"deprivation\"",
                ));
            }
        }
    }
    if let Some(r) = &spec.rounds {
        validate_rounds(spec, r)?;
    }
    Ok(())
}

/// The `[rounds]` checks: a round's end must give each player a whole
/// number of seeds of their own, and a new round must have a move.
fn validate_rounds(spec: &RuleSpec, r: &RoundsSpec) -> Result<(), SpecIssue> {
    let e = &spec.end;
    if e.result != ResultRule::Seeds {
        return Err(issue(
            "rounds",
            "rounds refill the board from the seeds each player won, so they need result = \"seeds\"",
        ));
    }
    if spec.capture.seeds_go_to() != Destination::Mover {
        return Err(issue(
            "rounds",
            "rounds refill the board from the seeds each player captured, so captures must go to the mover (capture.seeds_go_to = \"mover\")",
        ));
    }
    if !matches!(e.no_moves, Settlement::CollectOwn | Settlement::LastMover) {
        return Err(issue(
            "end.no_moves",
            "in a game of rounds the seeds left at a round's end must go to a player: use \"collect-own\" or \"last-mover\"",
        ));
    }
    if e.repetition == Repetition::Share {
        return Err(issue(
            "end.repetition",
            "in a game of rounds a shared repetition could leave half a seed to refill with: use \"collect-own\" or \"none\"",
        ));
    }
    let n = spec.board.holes_per_row;
    if r.min_holes == 0 || r.min_holes > n {
        return Err(issue(
            "rounds.min_holes",
            format!(
                "must be between 1 and the {n} holes of a row (a player who cannot fill that many holes loses the match)"
            ),
        ));
    }
    if spec.moves.min_seeds > spec.board.seeds_per_hole {
        return Err(issue(
            "moves.min_seeds",
            format!(
                "a move needs {} seeds but a round refills holes with {}, so a new round could have no move",
                spec.moves.min_seeds, spec.board.seeds_per_hole
            ),
        ));
    }
    if r.blocked && spec.sowing.passing_captures {
        return Err(issue(
            "rounds.blocked",
            "blocked holes are not supported together with sowing.passing_captures",
        ));
    }
    Ok(())
}

/// The tables of a rule file, each written once as `[table]`.
const TABLES: [&str; 6] = ["board", "sowing", "moves", "capture", "end", "rounds"];

/// Checks the shape of the file before its fields: each table is a table
/// (`[[end]]` makes a list of tables, which serde reports confusingly), and
/// the required ones are there (serde blames their absence on line 1).
fn check_tables(text: &str, file: &str) -> Result<(), RuleError> {
    let Ok(doc) = toml::from_str::<toml::Table>(text) else {
        // Not TOML: the full parse says where.
        return Ok(());
    };
    let error = |key: &str, line: Option<usize>, reason: String| RuleError {
        file: file.to_string(),
        key: Some(key.to_string()),
        line,
        reason,
    };
    for table in TABLES {
        match doc.get(table) {
            Some(toml::Value::Array(items)) => {
                let header = format!("[[{table}]]");
                let line = text
                    .lines()
                    .position(|l| strip_comment(l).trim() == header)
                    .map(|i| i + 1);
                return Err(error(
                    table,
                    line,
                    format!(
                        "{header} written {} time{} makes a list of tables; write the table once, as [{table}]",
                        items.len(),
                        if items.len() == 1 { "" } else { "s" }
                    ),
                ));
            }
            Some(v) if !v.is_table() => {
                let line = locate_key(text, table);
                return Err(error(
                    table,
                    line,
                    format!("{table} must be a table, [{table}], not a {}", v.type_str()),
                ));
            }
            _ => {}
        }
    }
    for required in ["board", "sowing"] {
        if !doc.contains_key(required) {
            return Err(RuleError {
                file: file.to_string(),
                key: None,
                line: None,
                reason: format!(
                    "the [{required}] table is missing; every rule file needs [board] and [sowing]"
                ),
            });
        }
    }
    if !doc.contains_key("name") {
        return Err(RuleError {
            file: file.to_string(),
            key: None,
            line: None,
            reason: "the key `name` is missing; every rule file names its game (name = \"...\")"
                .to_string(),
        });
    }
    Ok(())
}

/// The valid values of an enumerated key, as serde lists them
/// (`` `origin` or `next` ``).
fn enum_values(key: &str) -> Option<String> {
    use crate::spec::*;
    use serde::de::value::{Error, StrDeserializer};
    fn listed<T: serde::de::DeserializeOwned>() -> Option<String> {
        let message = T::deserialize(StrDeserializer::<Error>::new(""))
            .err()?
            .to_string();
        message
            .split_once("expected ")
            .map(|(_, values)| values.to_string())
    }
    match key {
        "board.first_player" => listed::<crate::Side>(),
        "sowing.start" => listed::<SowStart>(),
        "sowing.laps" => listed::<Laps>(),
        "sowing.direction" => listed::<Direction>(),
        "sowing.endless" => listed::<Endless>(),
        "moves.opening" => listed::<Opening>(),
        "moves.opening_fallback" => listed::<OpeningFallback>(),
        "moves.when_none" => listed::<WhenNone>(),
        "capture.rule" => listed::<CaptureRule>(),
        "capture.last_hole_in" => listed::<RowChoice>(),
        "capture.chain" => listed::<Chain>(),
        "capture.seeds_go_to" => listed::<Destination>(),
        "capture.grand_slam" => listed::<GrandSlam>(),
        "capture.grand_slam_fallback" => listed::<GrandSlamFallback>(),
        "end.no_moves" => listed::<Settlement>(),
        "end.stuck" => listed::<Stuck>(),
        "end.repetition" => listed::<Repetition>(),
        "end.result" => listed::<ResultRule>(),
        "rounds.fill" => listed::<RoundFill>(),
        "rounds.starter" => listed::<RoundStarter>(),
        _ => None,
    }
}

/// Turns a TOML or serde error into a [`RuleError`] naming the key and line.
fn toml_error(file: &str, text: &str, err: &toml::de::Error) -> RuleError {
    let line = err.span().map(|span| line_of(text, span.start));
    let key = line.and_then(|l| key_on_line(text, l));
    let mut reason = err.message().trim().replace('\n', " ");
    // An enumerated key given a number, a boolean, ...: say what it takes.
    if reason.starts_with("wanted string or table")
        && let Some(values) = key.as_deref().and_then(enum_values)
    {
        let given = line
            .and_then(|l| text.lines().nth(l - 1))
            .and_then(|l| strip_comment(l).split_once('='))
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default();
        reason = format!(
            "{given} is not a valid value: expected {values} (a quoted string, e.g. key = \"value\")"
        );
    }
    RuleError {
        file: file.to_string(),
        key,
        line,
        reason,
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The dotted key assigned (or the table opened) on a 1-based line.
fn key_on_line(text: &str, line: usize) -> Option<String> {
    let mut table = String::new();
    for (i, raw) in text.lines().enumerate() {
        let l = strip_comment(raw).trim();
        if let Some(h) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            table = h.trim().trim_matches(['[', ']']).trim().to_string();
            if i + 1 == line {
                return Some(table);
            }
        } else if i + 1 == line {
            let key = l.split('=').next()?.trim().trim_matches('"');
            if key.is_empty() {
                return None;
            }
            return Some(if table.is_empty() {
                key.to_string()
            } else {
                format!("{table}.{key}")
            });
        }
    }
    None
}

/// The 1-based line where a dotted key is assigned, if it is written plainly.
fn locate_key(text: &str, key: &str) -> Option<usize> {
    let (table, leaf) = key.rsplit_once('.').unwrap_or(("", key));
    let mut current = String::new();
    let mut table_line = None;
    for (i, raw) in text.lines().enumerate() {
        let l = strip_comment(raw).trim();
        if let Some(h) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            current = h.trim().to_string();
            if current == table {
                table_line = Some(i + 1);
            }
            continue;
        }
        if let Some((k, _)) = l.split_once('=') {
            let k = k.trim().trim_matches('"');
            if (current == table && k == leaf) || (current.is_empty() && k == key) {
                return Some(i + 1);
            }
        }
    }
    table_line
}

fn strip_comment(line: &str) -> &str {
    // Rule files hold no '#' inside strings that matter for locating keys.
    line.split('#').next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> RuleError {
        Rules::from_toml("t", text, "t.toml").unwrap_err()
    }

    const BASE: &str = "name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n[sowing]\nstart = \"next\"\n";

    #[test]
    fn builtins_compile() {
        for id in Rules::builtin_ids() {
            let r = Rules::builtin(id).unwrap();
            assert_eq!(r.id(), id);
        }
    }

    #[test]
    fn unknown_key_names_key_and_line() {
        let e = err(&format!("{BASE}colour = \"red\"\n"));
        assert_eq!(e.line, Some(7));
        assert_eq!(e.key.as_deref(), Some("sowing.colour"));
        assert!(e.reason.contains("unknown field"), "{e}");
        assert!(
            e.to_string().starts_with("t.toml:7: key `sowing.colour`"),
            "{e}"
        );
    }

    #[test]
    fn house_rules_and_disagreements_name_rule_keys() {
        let ok = format!(
            "{BASE}[about]\nhouse_rules = [\"sowing.skip_origin\", \"end.repetition\"]\n\
             disagreements = [{{ key = \"sowing.direction\", note = \"One page says clockwise.\" }}]\n"
        );
        let r = Rules::from_toml("t", &ok, "t.toml").unwrap();
        assert_eq!(
            r.spec().about.house_rules,
            ["sowing.skip_origin", "end.repetition"]
        );
        assert_eq!(r.spec().about.disagreements[0].key, "sowing.direction");
        let e = err(&format!(
            "{BASE}[about]\nhouse_rules = [\"sowing.speed\"]\n"
        ));
        assert_eq!(e.key.as_deref(), Some("about.house_rules"));
        assert!(
            e.reason.contains("\"sowing.speed\"") && e.reason.contains("sowing.skip_origin"),
            "{e}"
        );
        assert!(e.to_string().starts_with("t.toml"), "{e}");
        let e = err(&format!(
            "{BASE}[about]\ndisagreements = [{{ key = \"colour\", note = \"x\" }}]\n"
        ));
        assert_eq!(e.key.as_deref(), Some("about.disagreements"));
        let e = err(&format!(
            "{BASE}[about]\ndisagreements = [{{ key = \"board\", note = \" \" }}]\n"
        ));
        assert!(e.reason.contains("needs a note"), "{e}");
    }

    #[test]
    fn rule_keys_cover_every_rule_field() {
        let mut spec = Rules::builtin("oware").unwrap().spec().clone();
        let c = &mut spec.capture;
        c.last_hole_in = Some(RowChoice::Any);
        c.chain = Some(Chain::None);
        c.seeds_go_to = Some(Destination::Mover);
        c.on_opening = Some(true);
        c.grand_slam = Some(GrandSlam::Allowed);
        c.grand_slam_fallback = Some(GrandSlamFallback::NoCapture);
        c.take_sower = true;
        c.empty_opposite = true;
        spec.sowing.relay_stops_at_capture = true;
        spec.sowing.passing_captures = true;
        spec.end.too_few_seeds = Some(1);
        spec.end.unfed_takes_rest = true;
        spec.end.mover_row_empty = true;
        let json = serde_json::to_value(&spec).unwrap();
        for table in ["board", "sowing", "moves", "capture", "end"] {
            for key in json[table].as_object().unwrap().keys() {
                let full = format!("{table}.{key}");
                assert!(
                    RULE_KEYS.contains(&full.as_str()),
                    "{full} is not in RULE_KEYS"
                );
            }
        }
    }

    #[test]
    fn wrong_type_names_key() {
        let e = err(&BASE.replace("holes_per_row = 3", "holes_per_row = \"three\""));
        assert_eq!(e.key.as_deref(), Some("board.holes_per_row"));
        assert_eq!(e.line, Some(3));
    }

    #[test]
    fn impossible_combinations_are_rejected() {
        let cases = [
            (
                BASE.replace("holes_per_row = 3", "holes_per_row = 0"),
                "board.holes_per_row",
                3,
            ),
            (
                BASE.replace("holes_per_row = 3", "holes_per_row = 17"),
                "board.holes_per_row",
                3,
            ),
            (
                BASE.replace("seeds_per_hole = 4", "seeds_per_hole = 50"),
                "board.seeds_per_hole",
                4,
            ),
            (
                format!("{BASE}[capture]\nchain = \"same-row\"\n"),
                "capture.chain",
                8,
            ),
            (
                format!("{BASE}[capture]\nrule = \"counts\"\n"),
                "capture.counts",
                7,
            ),
            (
                format!("{BASE}[capture]\nrule = \"counts\"\ncounts = [0]\n"),
                "capture.counts",
                9,
            ),
            (
                format!("{BASE}skip_origin = true\n").replace("\"next\"", "\"origin\""),
                "sowing.skip_origin",
                7,
            ),
            (
                format!("{BASE}[end]\nresult = \"deprivation\"\nrepetition = \"share\"\n"),
                "end.repetition",
                9,
            ),
            (
                format!("{BASE}[moves]\nmin_seeds = 0\n"),
                "moves.min_seeds",
                8,
            ),
        ];
        for (text, key, line) in cases {
            let e = err(&text);
            assert_eq!(e.key.as_deref(), Some(key), "{e}");
            assert_eq!(e.line, Some(line), "{e}");
        }
    }

    #[test]
    fn unknown_game_lists_builtins() {
        let e = Rules::load("chess").unwrap_err();
        assert!(e.reason.contains("modiar"), "{e}");
    }

    #[test]
    fn missing_file_is_an_error() {
        let e = Rules::load("/nonexistent/x.toml").unwrap_err();
        assert!(e.reason.contains("cannot read"), "{e}");
    }

    /// Issue 13, finding 9: each of these names what is wrong.
    #[test]
    fn shape_errors_and_control_characters_are_explained() {
        // An enumerated key given a number lists the valid values.
        let e = err(&BASE.replace("start = \"next\"", "start = 3"));
        assert_eq!(e.key.as_deref(), Some("sowing.start"));
        assert!(
            e.reason
                .contains("3 is not a valid value: expected `origin` or `next`"),
            "{e}"
        );
        let e = err(&format!("{BASE}[end]\nresult = true\n"));
        assert!(
            e.reason.contains("expected `seeds` or `deprivation`")
                || e.reason.contains("`deprivation`"),
            "{e}"
        );
        // A missing [sowing] is not blamed on `name` at line 1.
        let e = err("name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n");
        assert_eq!((e.key.as_deref(), e.line), (None, None));
        assert!(e.reason.contains("the [sowing] table is missing"), "{e}");
        // [[end]] twice (or once) says to write [end] once.
        let e = err(&format!(
            "{BASE}[[end]]\nresult = \"seeds\"\n[[end]]\nresult = \"seeds\"\n"
        ));
        assert_eq!((e.key.as_deref(), e.line), (Some("end"), Some(7)));
        assert!(
            e.reason.contains(
                "[[end]] written 2 times makes a list of tables; write the table once, as [end]"
            ),
            "{e}"
        );
        // Control characters are printed escaped, and refused in names.
        let e = err(&BASE.replace("\"next\"", "\"ne\\u001bxt\""));
        let shown = e.to_string();
        assert!(
            !shown.chars().any(char::is_control) && shown.contains("ne\\u{1b}xt"),
            "{shown:?}"
        );
        let e = err(&format!("{BASE}\"k\\u0007\" = 1\n"));
        assert!(
            !e.to_string().chars().any(char::is_control),
            "{:?}",
            e.to_string()
        );
        let e = err(&BASE.replace("name = \"T\"", "name = \"T\\u0007\\u001b[31m\""));
        assert_eq!(e.key.as_deref(), Some("name"));
        let shown = e.to_string();
        assert!(
            !shown.chars().any(char::is_control) && shown.contains("control character"),
            "{shown:?}"
        );
        let e = Rules::from_toml("t", BASE, "bad\u{7}file.toml");
        assert!(e.is_ok());
        let e = RuleError {
            file: "bad\u{7}.toml".into(),
            key: None,
            line: None,
            reason: "x".into(),
        };
        assert_eq!(e.to_string(), "bad\\u{7}.toml: x");
    }
}
