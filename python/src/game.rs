//! `Rules` and `State`: a game of any rule file, driven by actions or by the
//! CLI's move labels, that clones, pickles and round-trips through JSON and
//! position text.

use std::sync::Arc;

use mancala_core::notation::{move_label, parse_move};
use mancala_core::{Game, Move, Position, Side};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::actions::Layout;
use crate::{IllegalMoveError, MancalaError};

/// `State.current_player()` once the game is over (OpenSpiel's value).
pub const TERMINAL: i64 = -4;

/// Where a game's rules came from, so that they can be rebuilt after
/// pickling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A built-in name with optional parameters, or a rule file's path,
    /// as `mancala_core::Rules::load` reads it.
    Load(String),
    /// Rule-file text with the id it was given.
    Toml { id: String, text: String },
}

/// A game's compiled rules with what the package adds to them.
#[derive(Debug)]
pub struct Handle {
    pub rules: Arc<mancala_core::Rules>,
    pub source: Source,
    pub layout: Layout,
}

impl Handle {
    fn new(rules: mancala_core::Rules, source: Source) -> Arc<Handle> {
        Arc::new(Handle {
            layout: Layout::of(&rules),
            rules: Arc::new(rules),
            source,
        })
    }

    fn from_source(source: Source) -> PyResult<Arc<Handle>> {
        let rules = match &source {
            Source::Load(name) => mancala_core::Rules::load(name),
            Source::Toml { id, text } => mancala_core::Rules::from_toml(id, text, id),
        }
        .map_err(|e| MancalaError::new_err(e.to_string()))?;
        Ok(Handle::new(rules, source))
    }

    /// The label of move `mv` (`A`, `c>`, `pass`).
    pub fn label(&self, mv: Move) -> String {
        move_label(&self.rules, mv)
    }

    /// The action of a legal move by `mover`; an error names a move the
    /// numbering has no place for (a rule file this numbering does not
    /// foresee), never a wrong number.
    pub fn action(&self, mover: Side, mv: Move) -> PyResult<usize> {
        self.layout.action_of(mover, mv).ok_or_else(|| {
            MancalaError::new_err(format!(
                "move {} of {} has no action in the game's numbering",
                self.label(mv),
                self.rules.id()
            ))
        })
    }

    /// The move that `action` is for `mover`.
    pub fn move_of(&self, mover: Side, action: i64) -> PyResult<Move> {
        usize::try_from(action)
            .ok()
            .and_then(|a| self.layout.move_of(mover, a))
            .ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "action {action} is not one of the {} actions of {} (0 to {})",
                    self.layout.num_actions(),
                    self.rules.id(),
                    self.layout.num_actions() - 1
                ))
            })
    }
}

/// The side of a player number (0 South, 1 North).
pub fn side_of(player: i64) -> PyResult<Side> {
    match player {
        0 => Ok(Side::South),
        1 => Ok(Side::North),
        _ => Err(MancalaError::new_err(format!(
            "player {player}: players are 0 (South) and 1 (North)"
        ))),
    }
}

/// The rules of a game: a built-in game (with board parameters) or a rule
/// file's text, compiled once.
#[pyclass(frozen, module = "mancala", name = "Rules")]
#[derive(Clone)]
pub struct Rules {
    pub handle: Arc<Handle>,
}

#[pymethods]
impl Rules {
    /// A built-in game by name, optionally with board parameters:
    /// `Rules.builtin("kalah:holes=4,seeds=3")`.
    #[staticmethod]
    fn builtin(name: &str) -> PyResult<Rules> {
        let base = name.split_once(':').map_or(name, |(b, _)| b);
        if mancala_core::Rules::builtin_source(base).is_none() {
            let e = mancala_core::Rules::builtin(base).expect_err("not a built-in game");
            return Err(MancalaError::new_err(e.to_string()));
        }
        Rules::load(name)
    }

    /// Rules from the text of a rule file; `id` names the game (and the
    /// file in error messages).
    #[staticmethod]
    #[pyo3(signature = (text, id = "custom"))]
    fn from_toml(text: &str, id: &str) -> PyResult<Rules> {
        Ok(Rules {
            handle: Handle::from_source(Source::Toml {
                id: id.to_string(),
                text: text.to_string(),
            })?,
        })
    }

    /// A built-in name or a path to a rule file, with optional parameters
    /// after a colon, as the CLI's `GAME` argument.
    #[staticmethod]
    fn load(name: &str) -> PyResult<Rules> {
        Ok(Rules {
            handle: Handle::from_source(Source::Load(name.to_string()))?,
        })
    }

    /// The game's id (`"oware"`, `"kalah:holes=4,seeds=3"`).
    #[getter]
    fn id(&self) -> &str {
        self.handle.rules.id()
    }

    /// The game's name as people write it.
    #[getter]
    fn name(&self) -> &str {
        self.handle.rules.name()
    }

    /// Holes a row.
    #[getter]
    fn holes_per_row(&self) -> usize {
        self.handle.rules.holes_per_row()
    }

    /// Seeds in the game.
    #[getter]
    fn total_seeds(&self) -> u32 {
        self.handle.rules.total_seeds()
    }

    /// Whether each player has a store (Kalah).
    #[getter]
    fn has_stores(&self) -> bool {
        self.handle.rules.has_stores()
    }

    /// Whether a move may earn another turn.
    #[getter]
    fn has_extra_turns(&self) -> bool {
        self.handle.rules.has_extra_turns()
    }

    /// The number of actions (see `docs/python.md`, "Actions").
    #[getter]
    fn num_actions(&self) -> usize {
        self.handle.layout.num_actions()
    }

    /// The length of an observation vector.
    #[getter]
    fn observation_size(&self) -> usize {
        self.handle.layout.observation_size()
    }

    /// The rule-file text (for a path or a built-in game, as read now).
    #[getter]
    fn source(&self) -> PyResult<String> {
        match &self.handle.source {
            Source::Toml { text, .. } => Ok(text.clone()),
            Source::Load(name) => {
                let base = name.split_once(':').map_or(name.as_str(), |(b, _)| b);
                match mancala_core::Rules::builtin_source(base) {
                    Some(text) => Ok(text.to_string()),
                    None => std::fs::read_to_string(base)
                        .map_err(|e| MancalaError::new_err(format!("{base}: {e}"))),
                }
            }
        }
    }

    /// The label of `action` played by `player` (0 South, 1 North).
    fn action_to_move(&self, action: i64, player: i64) -> PyResult<String> {
        let mv = self.handle.move_of(side_of(player)?, action)?;
        Ok(self.handle.label(mv))
    }

    /// The action of the move labelled `label` played by `player`.
    fn move_to_action(&self, label: &str, player: i64) -> PyResult<usize> {
        let mv = parse_move(&self.handle.rules, label)
            .map_err(|e| IllegalMoveError::new_err(format!("move {label:?}: {e}")))?;
        self.handle.action(side_of(player)?, mv)
    }

    /// A game at its opening position.
    fn new_state(&self) -> State {
        State::new(self)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Rules>().is_ok_and(|o| {
            let o = &o.get().handle.rules;
            o.id() == self.handle.rules.id() && o.spec() == self.handle.rules.spec()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.handle.rules.id().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        match &self.handle.source {
            Source::Load(name) => format!("Rules.load({name:?})"),
            Source::Toml { id, .. } => format!("Rules.from_toml(<text>, id={id:?})"),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let restore = py.import("mancala._native")?.getattr("restore_rules")?;
        let args = match &slf.get().handle.source {
            Source::Load(name) => ("load", name.clone(), String::new()),
            Source::Toml { id, text } => ("toml", id.clone(), text.clone()),
        };
        (restore, args).into_pyobject(py)
    }
}

/// Rebuilds pickled rules (see `Rules.__reduce__`).
#[pyfunction]
pub fn restore_rules(kind: &str, name: String, text: String) -> PyResult<Rules> {
    let source = match kind {
        "load" => Source::Load(name),
        _ => Source::Toml { id: name, text },
    };
    Ok(Rules {
        handle: Handle::from_source(source)?,
    })
}

/// The built-in games' ids, in the order `mancala list` shows them.
#[pyfunction]
pub fn builtin_games() -> Vec<&'static str> {
    mancala_core::Rules::builtin_ids().collect()
}

/// A game in progress: its position, the moves so far (repetition rules
/// and rounds need them) and, once over, its outcome.
#[pyclass(module = "mancala", name = "State")]
#[derive(Clone)]
pub struct State {
    pub handle: Arc<Handle>,
    pub game: Game,
}

impl State {
    pub fn from_game(handle: Arc<Handle>, game: Game) -> State {
        State { handle, game }
    }

    fn mover(&self) -> Side {
        self.game.position().to_move()
    }

    /// Plays `mv`, turning core's refusal into `IllegalMoveError`.
    pub fn play(&mut self, mv: Move) -> PyResult<()> {
        self.game
            .play(mv)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    /// Plays action `action` of the player to move.
    pub fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let mv = self.handle.move_of(self.mover(), action)?;
        self.play(mv)
    }

    /// The legal actions of the player to move, ascending.
    pub fn actions(&self) -> PyResult<Vec<usize>> {
        let mover = self.mover();
        let mut actions = self
            .game
            .legal_moves()
            .iter()
            .map(|mv| self.handle.action(mover, mv))
            .collect::<PyResult<Vec<_>>>()?;
        actions.sort_unstable();
        Ok(actions)
    }

    /// Writes the legal-action mask (1 legal, 0 not) into `out`.
    pub fn write_mask(&self, out: &mut [i8]) -> PyResult<()> {
        out.fill(0);
        let mover = self.mover();
        for mv in self.game.legal_moves().iter() {
            out[self.handle.action(mover, mv)?] = 1;
        }
        Ok(())
    }

    /// Each player's return: 1 a win, -1 a loss, 0 a draw or a game not over.
    pub fn returns_of(game: &Game) -> [f32; 2] {
        match game.outcome().map(|o| o.winner) {
            Some(Some(Side::South)) => [1.0, -1.0],
            Some(Some(Side::North)) => [-1.0, 1.0],
            _ => [0.0, 0.0],
        }
    }

    /// The current player as a number: 0 South, 1 North, [`TERMINAL`].
    pub fn player_of(game: &Game) -> i64 {
        if game.is_over() {
            TERMINAL
        } else {
            game.position().to_move().index() as i64
        }
    }

    fn position_text(&self, pos: &Position) -> String {
        self.handle.rules.position_to_text(pos)
    }

    /// Replays `record` from `start` (text) under `handle`'s rules.
    fn replay(handle: Arc<Handle>, start: Option<&str>, record: &str) -> PyResult<State> {
        let start = match start {
            Some(text) => handle
                .rules
                .position_from_text(text)
                .map_err(|e| MancalaError::new_err(format!("position {text:?}: {e}")))?,
            None => handle.rules.start(),
        };
        let mut game = Game::from_position(handle.rules.clone(), start);
        for label in record.split_whitespace() {
            game.play_label(label)
                .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        }
        Ok(State { handle, game })
    }
}

/// A readable view of `array` as a contiguous slice of `len` items, or an
/// error naming what is wrong with it.
pub fn check_len(what: &str, got: usize, want: usize) -> PyResult<()> {
    if got == want {
        Ok(())
    } else {
        Err(MancalaError::new_err(format!(
            "{what} has {got} items; this game needs {want}"
        )))
    }
}

#[pymethods]
impl State {
    /// A game of `rules` at its opening position.
    #[new]
    pub fn new(rules: &Rules) -> State {
        State {
            handle: rules.handle.clone(),
            game: Game::new(rules.handle.rules.clone()),
        }
    }

    /// A game starting at a position given as text
    /// (`board=4,4,4,4,4,4,4,4,4,4,4,4 to_move=south captured=0,0 ply=0`);
    /// its history starts there.
    #[staticmethod]
    fn from_position_text(rules: &Rules, text: &str) -> PyResult<State> {
        State::replay(rules.handle.clone(), Some(text), "")
    }

    /// A game from `to_json()`'s object (its start and record are replayed),
    /// or from the CLI's state object (`mancala replay`: the position
    /// alone). `rules` defaults to the built-in game named by `"game"`.
    #[staticmethod]
    #[pyo3(signature = (text, rules = None))]
    fn from_json(text: &str, rules: Option<&Rules>) -> PyResult<State> {
        let bad = |e: String| MancalaError::new_err(format!("state JSON: {e}"));
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        let object = value
            .as_object()
            .ok_or_else(|| bad("not an object".into()))?;
        let field = |key: &str| object.get(key).and_then(|v| v.as_str());
        let handle = match rules {
            Some(r) => r.handle.clone(),
            None => {
                let id =
                    field("game").ok_or_else(|| bad("no \"game\" and no rules given".into()))?;
                Rules::builtin(id)?.handle
            }
        };
        let state = match field("record") {
            Some(record) => State::replay(handle, field("start"), record)?,
            None => {
                let board = object
                    .get("board")
                    .and_then(|b| b.as_array())
                    .ok_or_else(|| bad("neither \"record\" nor \"board\"".into()))?
                    .iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(",");
                let mut text = format!("board={board}");
                if let Some(side) = field("to_move") {
                    text.push_str(&format!(" to_move={side}"));
                }
                if let Some(c) = object.get("captured").and_then(|c| c.as_array()) {
                    let c: Vec<String> = c.iter().map(|v| v.to_string()).collect();
                    text.push_str(&format!(" captured={}", c.join(",")));
                }
                if let Some(ply) = object.get("ply").and_then(|p| p.as_u64()) {
                    text.push_str(&format!(" ply={ply}"));
                }
                State::replay(handle, Some(&text), "")?
            }
        };
        // The object's own fields must agree with what its record gives.
        let made = serde_json::to_value(mancala_core::State::of(&state.game))
            .map_err(|e| bad(e.to_string()))?;
        for key in ["board", "to_move", "ply"] {
            if let Some(given) = object.get(key)
                && made.get(key) != Some(given)
            {
                return Err(bad(format!(
                    "\"{key}\" is {given} but the record gives {}",
                    made.get(key).unwrap_or(&serde_json::Value::Null)
                )));
            }
        }
        Ok(state)
    }

    /// The state as one line of JSON: the CLI's state object (`mancala
    /// replay`) with the start position and the record, which
    /// `State.from_json` replays.
    fn to_json(&self) -> PyResult<String> {
        let mut value = serde_json::to_value(mancala_core::State::of(&self.game))
            .map_err(|e| MancalaError::new_err(e.to_string()))?;
        if let Some(object) = value.as_object_mut() {
            object.insert(
                "start".into(),
                self.position_text(self.game.start_position()).into(),
            );
            object.insert("record".into(), self.game.record().into());
        }
        Ok(value.to_string())
    }

    /// The current position as one line of text (the library's notation).
    fn to_position_text(&self) -> String {
        self.position_text(self.game.position())
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> Rules {
        Rules {
            handle: self.handle.clone(),
        }
    }

    /// The legal actions of the player to move, ascending (none once over).
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        self.actions()
    }

    /// The legal moves as the CLI's labels, in hole order.
    fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(|mv| self.handle.label(mv))
            .collect()
    }

    /// The legal-action mask as int8 (1 legal), written into `out` when
    /// given (a contiguous int8 array of `num_actions`).
    #[pyo3(signature = (out = None))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyArray1<i8>>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let n = self.handle.layout.num_actions();
        let array = match out {
            Some(a) => a,
            None => PyArray1::zeros(py, n, false),
        };
        {
            let mut rw = array.try_readwrite()?;
            let slice = rw
                .as_slice_mut()
                .map_err(|e| MancalaError::new_err(format!("mask buffer: {e}")))?;
            check_len("mask buffer", slice.len(), n)?;
            self.write_mask(slice)?;
        }
        Ok(array)
    }

    /// Plays action `action` of the player to move.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        self.apply_action(action)
    }

    /// Plays a move given by its label (`"A"`, `"c"`, `"A>"`, `"pass"`),
    /// or several separated by spaces (`"A c B b"`).
    fn apply_moves(&mut self, record: &str) -> PyResult<()> {
        for label in record.split_whitespace() {
            self.game
                .play_label(label)
                .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        }
        Ok(())
    }

    /// Takes back the last move; returns its label, or None at the start.
    fn undo(&mut self) -> Option<String> {
        self.game.undo().map(|mv| self.handle.label(mv))
    }

    /// The label of `action` for the player to move.
    fn action_to_move(&self, action: i64) -> PyResult<String> {
        Ok(self
            .handle
            .label(self.handle.move_of(self.mover(), action)?))
    }

    /// The action of the move labelled `label` for the player to move.
    fn move_to_action(&self, label: &str) -> PyResult<usize> {
        let mv = parse_move(&self.handle.rules, label)
            .map_err(|e| IllegalMoveError::new_err(format!("move {label:?}: {e}")))?;
        self.handle.action(self.mover(), mv)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.game.is_over()
    }

    /// `[south, north]`: 1 for a win, -1 for a loss, 0 for a draw or while
    /// the game goes on.
    fn returns(&self) -> [f32; 2] {
        State::returns_of(&self.game)
    }

    /// The player to move: 0 South, 1 North (the same player again after an
    /// extra turn), or `mancala.TERMINAL` (-4) once the game is over.
    fn current_player(&self) -> i64 {
        State::player_of(&self.game)
    }

    /// `"south"` or `"north"`: the side to move in the current position.
    #[getter]
    fn to_move(&self) -> &'static str {
        self.mover().as_str()
    }

    /// Moves played so far.
    #[getter]
    fn ply(&self) -> u32 {
        self.game.position().ply()
    }

    /// Seeds by hole index (South's `A..`, then North's `a..`).
    #[getter]
    fn board(&self) -> Vec<u32> {
        self.game.position().raw_board()[..self.handle.rules.holes()]
            .iter()
            .map(|&s| u32::from(s))
            .collect()
    }

    /// Seeds captured (or removed) by South and North.
    #[getter]
    fn captured(&self) -> [u32; 2] {
        let pos = self.game.position();
        Side::BOTH.map(|s| pos.captured(s) + pos.removed(s))
    }

    /// `"south"`, `"north"` or `"draw"` once over, else None.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.game
            .outcome()
            .map(|o| o.winner.map_or("draw", |w| w.as_str()))
    }

    /// The final totals `[south, north]` of a game won on seeds, once over.
    #[getter]
    fn score(&self) -> Option<[f64; 2]> {
        self.game
            .outcome()
            .and_then(|o| o.score)
            .map(|s| s.map(|x| x.as_f64()))
    }

    /// Why the game ended, once over.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.game.outcome().map(|o| o.reason.describe())
    }

    /// Whether the game ended at the limit of `mancala.MAX_GAME_PLIES`
    /// plies (a draw that learners treat as a time limit).
    #[getter]
    fn truncated(&self) -> bool {
        self.game
            .outcome()
            .is_some_and(|o| o.reason == mancala_core::EndReason::PlyLimit)
    }

    /// The game record in the CLI's notation (`"A c B b"`).
    #[getter]
    fn record(&self) -> String {
        self.game.record()
    }

    /// The actions played so far, each numbered for the player who made it.
    fn history(&self) -> PyResult<Vec<usize>> {
        self.game
            .movers()
            .into_iter()
            .zip(self.game.moves())
            .map(|(side, &mv)| self.handle.action(side, mv))
            .collect()
    }

    /// The observation of `player` (default: the player to move) as float32:
    /// written into `out` (a contiguous float32 array of
    /// `observation_size`) when given. See `docs/python.md`.
    #[pyo3(signature = (out = None, player = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyArray1<f32>>>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let viewer = match player {
            Some(p) => side_of(p)?,
            None => self.mover(),
        };
        let n = self.handle.layout.observation_size();
        let array = match out {
            Some(a) => a,
            None => PyArray1::zeros(py, n, false),
        };
        {
            let mut rw = array.try_readwrite()?;
            let slice = rw
                .as_slice_mut()
                .map_err(|e| MancalaError::new_err(format!("observation buffer: {e}")))?;
            check_len("observation buffer", slice.len(), n)?;
            self.handle
                .layout
                .observe(self.game.position(), viewer, slice);
        }
        Ok(array)
    }

    /// A copy that plays on independently.
    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let restore = py.import("mancala._native")?.getattr("restore_state")?;
        let me = slf.borrow();
        let rules = Rules {
            handle: me.handle.clone(),
        };
        let start = me.position_text(me.game.start_position());
        (restore, (rules, start, me.game.record())).into_pyobject(py)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<State>().is_ok_and(|o| {
            let o = o.borrow();
            o.handle.rules.id() == self.handle.rules.id()
                && o.handle.rules.spec() == self.handle.rules.spec()
                && o.game.start_position() == self.game.start_position()
                && o.game.moves() == self.game.moves()
        })
    }

    /// The board as the CLI draws it, South at the bottom.
    fn __str__(&self) -> String {
        self.handle.rules.board_diagram(self.game.position())
    }

    fn __repr__(&self) -> String {
        format!(
            "<mancala.State {} {}>",
            self.handle.rules.id(),
            self.to_position_text()
        )
    }
}

/// Rebuilds a pickled state (see `State.__reduce__`).
#[pyfunction]
pub fn restore_state(rules: &Rules, start: &str, record: &str) -> PyResult<State> {
    State::replay(rules.handle.clone(), Some(start), record)
}
