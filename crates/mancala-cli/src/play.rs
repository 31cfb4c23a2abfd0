//! `mancala play`: a game in the terminal, one line of input per command.
//!
//! Reads from any [`BufRead`] and writes to any [`Write`], so piped stdin
//! works as well as a keyboard. Computer players are `mancala-ai` players;
//! a `hint` at the prompt reads the game's solved database when there is
//! one, and runs an alpha-beta search otherwise.

use std::fmt;
use std::io::{BufRead, Write};
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use mancala_ai::perfect::{DEFAULT_PROOF_NODES, proof_options};
use mancala_ai::{Budget, Choice, Engine, Player, PlayerSpec, ValueUnit, exact_analysis};
use mancala_core::notation::{move_label, parse_move};
use mancala_core::spec::Destination;
use mancala_core::{Game, Move, Outcome, Position, Rules, Side};
use mancala_solver::Database;

use crate::units::value_with_unit;

/// The deepest a `hint` searches (as `ai:6`), within the time per move.
pub const HINT_DEPTH: u32 = 12;

/// Who plays a side.
pub enum Seat {
    /// The person at the keyboard: moves are read from the input.
    Human,
    /// A computer player.
    Computer(Box<dyn Player>),
}

impl Seat {
    /// The seat of the player `spec` in a game of `rules`, seeded with
    /// `seed`; `time_ms` is the time per move of the timed `ai:K` levels.
    /// Fails for `perfect` without a database.
    pub fn new(spec: &PlayerSpec, rules: &Rules, seed: u64, time_ms: u64) -> Result<Seat> {
        Ok(match spec.try_build(rules, seed, time_ms)? {
            Some(player) => Seat::Computer(player),
            None => Seat::Human,
        })
    }

    fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }

    /// `human`, or the computer player's spec.
    fn name(&self) -> String {
        match self {
            Seat::Human => "human".to_string(),
            Seat::Computer(p) => p.name(),
        }
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat({})", self.name())
    }
}

/// How a game is played, besides who plays it.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The seed of the computer players, shown so that a game can be played again.
    pub seed: u64,
    /// The most a `hint` may take, in milliseconds.
    pub hint_ms: u64,
}

/// How hints are found: the game's solved database, if given.
#[derive(Clone, Debug, Default)]
pub struct Hints {
    /// The database hints read (exact values) where it settles the position.
    pub db: Option<Arc<Database>>,
}

/// Plays one game between `south` and `north`, reading the human players'
/// commands from `input` and writing the board and messages to `out`.
///
/// Ends at the end of the game, at `quit`, or at the end of the input; all
/// three are a success. The players take over at the game's position (the opening, or the
/// position after `mancala play --moves`), with its history: repetitions
/// count.
pub fn run(
    game: Game,
    south: Seat,
    north: Seat,
    options: Options,
    hints: Hints,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<()> {
    let mut session = Session {
        game,
        seats: [south, north],
        note: None,
        hint_engine: None,
        hint_ms: options.hint_ms,
        hint_db: hints.db,
        before_last: None,
    };
    session.intro(options.seed, out)?;
    session.show(out)?;
    // The data the timed levels have built in the background (see
    // `mancala_solver::data`): how it goes, on stderr, between moves.
    let mut builds = mancala_solver::data::Reporter::new();
    loop {
        for line in builds.lines() {
            eprintln!("{line}");
        }
        if let Some(outcome) = session.game.outcome().copied() {
            session.result(&outcome, out)?;
            return Ok(());
        }
        let side = session.game.position().to_move();
        match &mut session.seats[side.index()] {
            Seat::Computer(player) => {
                let choice = player.choose(&session.game);
                let before = *session.game.position();
                if let Err(err) = session.game.play(choice.mv) {
                    bail!(
                        "{side} ({}) chose a move that cannot be played: {err}",
                        player.name()
                    );
                }
                session.before_last = Some(before);
                session.note = session.engine_note(side, &choice);
                session.show(out)?;
            }
            Seat::Human => {
                write!(out, "{side}> ")?;
                out.flush()?;
                let Some(line) = read_line(input)? else {
                    writeln!(out)?;
                    writeln!(
                        out,
                        "End of input: game left unfinished after {}.",
                        plies(session.game.moves().len())
                    )?;
                    session.record(out)?;
                    return Ok(());
                };
                if !session.command(line.trim(), out)? {
                    return Ok(());
                }
            }
        }
    }
}

/// One line of input without its line ending, or `None` at the end of input.
/// Bytes that are not UTF-8 are replaced rather than refused.
fn read_line(input: &mut impl BufRead) -> Result<Option<String>> {
    let mut buf = Vec::new();
    let n = input
        .read_until(b'\n', &mut buf)
        .context("cannot read the input")?;
    if n == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&buf).into_owned()))
}

/// `1 move`, `2 moves`.
fn plies(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

struct Session {
    game: Game,
    seats: [Seat; 2],
    /// What the computer player that made the last move thought of it.
    note: Option<String>,
    /// The engine for hints, made at the first one.
    hint_engine: Option<Engine>,
    hint_ms: u64,
    /// The solved database for hints.
    hint_db: Option<Arc<Database>>,
    /// The position before the last move, to say what it took (kept rather
    /// than found by replaying the game, which made a long game quadratic).
    before_last: Option<Position>,
}

impl Session {
    fn humans(&self) -> usize {
        self.seats.iter().filter(|s| s.is_human()).count()
    }

    /// `South`, `South (you)` or `North (random)`.
    fn seat_name(&self, side: Side) -> String {
        match &self.seats[side.index()] {
            Seat::Human if self.humans() == 1 => format!("{side} (you)"),
            Seat::Human => side.to_string(),
            computer => format!("{side} ({})", computer.name()),
        }
    }

    /// Whether captured seeds go to the capturer (otherwise they leave the game).
    fn keeps_captures(&self) -> bool {
        self.game.rules().spec().capture.seeds_go_to() == Destination::Mover
    }

    fn taken(&self, side: Side) -> u32 {
        let pos = self.game.position();
        pos.captured(side) + pos.removed(side)
    }

    fn intro(&self, seed: u64, out: &mut impl Write) -> Result<()> {
        let rules = self.game.rules();
        writeln!(
            out,
            "{}: {} (South) against {} (North).",
            rules.title(),
            self.seats[0].name(),
            self.seats[1].name()
        )?;
        if self.humans() < 2 {
            writeln!(
                out,
                "Computer players use seed {seed} (play this game again with --seed {seed})."
            )?;
        }
        if self.humans() > 0 {
            writeln!(
                out,
                "Type a hole label to sow from it, or hint, help, undo, quit."
            )?;
        }
        Ok(())
    }

    /// The board, what each player has taken, the last move and who is to move.
    fn show(&self, out: &mut impl Write) -> Result<()> {
        let rules = self.game.rules();
        let pos = self.game.position();
        let diagram = rules.board_diagram(pos);
        let lines: Vec<&str> = diagram.lines().collect();
        let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let verb = if rules.has_stores() {
            "in store"
        } else if self.keeps_captures() {
            "captured"
        } else {
            "removed"
        };
        writeln!(out)?;
        for (i, line) in lines.iter().enumerate() {
            // The diagram's rows: North's labels, North's seeds, South's
            // seeds, South's labels; on four rows each player's two rows of
            // seeds, the outer row named.
            let (north, south) = if lines.len() > 4 { (1, 6) } else { (1, 2) };
            let side = match i {
                _ if i == north => Some(Side::North),
                _ if i == south => Some(Side::South),
                _ => None,
            };
            match side {
                Some(side) => writeln!(
                    out,
                    "  {line:<width$}    {}: {} {verb}",
                    self.seat_name(side),
                    self.taken(side)
                )?,
                None => writeln!(out, "  {line}")?,
            }
        }
        writeln!(out)?;
        if let Some(last) = self.describe_last() {
            let mover = self.game.last_mover().expect("a last move has a mover");
            writeln!(out, "Last move: {} {last}", self.seat_name(mover))?;
            if let Some(note) = &self.note {
                writeln!(out, "{note}")?;
            }
        }
        if let Some(start) = self
            .game
            .round_starts()
            .last()
            .filter(|r| r.after_moves == self.game.moves().len())
        {
            let totals = start
                .previous
                .score
                .map(|s| format!(" ({} to {})", s[0], s[1]))
                .unwrap_or_default();
            let who = start.previous.winner.map_or("drawn".to_string(), |w| {
                format!("won by {}", self.seat_name(w))
            });
            writeln!(
                out,
                "Round {} is over, {who}{totals}. Round {} begins (x: a hole out of play).",
                start.round - 1,
                start.round
            )?;
        }
        if !self.game.is_over() {
            if rules.has_rounds() {
                write!(out, "Round {}. ", self.game.round())?;
            }
            writeln!(
                out,
                "{} to move (move {}); legal moves: {}",
                pos.to_move(),
                pos.ply() + 1,
                self.legal()
            )?;
        }
        Ok(())
    }

    /// The last move as `A` or `A, capturing 4`.
    fn describe_last(&self) -> Option<String> {
        let &mv = self.game.moves().last()?;
        let mover = self.game.last_mover()?;
        let before = self.before_last.as_ref()?;
        let gained = self
            .taken(mover)
            .saturating_sub(before.captured(mover) + before.removed(mover));
        let label = move_label(self.game.rules(), mv);
        Some(match gained {
            0 => label,
            // In games that sow into the stores, what reached the store was
            // sown there as well as captured.
            1 if self.game.rules().has_stores() => format!("{label}, 1 seed into the store"),
            n if self.game.rules().has_stores() => format!("{label}, {n} seeds into the store"),
            n if self.keeps_captures() => format!("{label}, capturing {n}"),
            n => format!("{label}, removing {n}"),
        })
    }

    fn legal(&self) -> String {
        let rules = self.game.rules();
        let labels: Vec<String> = self
            .game
            .legal_moves()
            .iter()
            .map(|m| move_label(rules, m))
            .collect();
        if labels.is_empty() {
            "none".to_string()
        } else {
            labels.join(" ")
        }
    }

    /// Carries out one line typed by a human. Returns `false` to stop playing.
    fn command(&mut self, line: &str, out: &mut impl Write) -> Result<bool> {
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            return Ok(true);
        };
        if words.next().is_some() {
            writeln!(
                out,
                "One move or command at a time, please (type help for the commands)."
            )?;
            return Ok(true);
        }
        match word.to_ascii_lowercase().as_str() {
            "help" | "?" => self.help(out)?,
            "quit" | "exit" => {
                writeln!(
                    out,
                    "Game left unfinished after {}.",
                    plies(self.game.moves().len())
                )?;
                self.record(out)?;
                return Ok(false);
            }
            "undo" => self.undo(out)?,
            "hint" => self.hint(out)?,
            "board" => self.show(out)?,
            _ => self.play(word, out)?,
        }
        Ok(true)
    }

    fn help(&self, out: &mut impl Write) -> Result<()> {
        let rules = self.game.rules();
        let n = rules.holes_per_side();
        let first = |side: Side| move_label(rules, Move::Sow(rules.row(side).start as u8));
        let last = |side: Side| move_label(rules, Move::Sow((rules.row(side).end - 1) as u8));
        let south = if n == 1 {
            first(Side::South)
        } else {
            format!("{}-{}", first(Side::South), last(Side::South))
        };
        let north = if n == 1 {
            first(Side::North)
        } else {
            format!("{}-{}", first(Side::North), last(Side::North))
        };
        writeln!(out, "Commands:")?;
        writeln!(
            out,
            "  LABEL   sow from that hole (South's holes are {south}, North's are {north})"
        )?;
        writeln!(
            out,
            "  pass    pass, when the rules leave you no other move"
        )?;
        let how = match &self.hint_db {
            Some(_) => {
                format!(
                    "exact, from the solved database; else alpha-beta, depth {HINT_DEPTH} or {} ms",
                    self.hint_ms
                )
            }
            None => format!("alpha-beta, depth {HINT_DEPTH} or {} ms", self.hint_ms),
        };
        writeln!(
            out,
            "  hint    the engine's suggested move, its value for you and the line it expects ({how})"
        )?;
        if self.humans() == 2 {
            writeln!(out, "  undo    take back the last move")?;
        } else {
            writeln!(
                out,
                "  undo    take back your last move and the computer's reply"
            )?;
        }
        writeln!(out, "  board   show the board again")?;
        writeln!(out, "  help    show this help")?;
        writeln!(out, "  quit    stop playing")?;
        writeln!(
            out,
            "Legal moves for {}: {}",
            self.game.position().to_move(),
            self.legal()
        )?;
        Ok(())
    }

    fn play(&mut self, word: &str, out: &mut impl Write) -> Result<()> {
        let rules = self.game.rules();
        let side = self.game.position().to_move();
        let mv = match parse_move(rules, word) {
            Ok(mv) => mv,
            Err(reason) => {
                writeln!(out, "{word:?} is neither a move nor a command: {reason}.")?;
                writeln!(
                    out,
                    "Legal moves: {}; type help for the commands.",
                    self.legal()
                )?;
                return Ok(());
            }
        };
        if !self.game.legal_moves().contains(mv) {
            let label = move_label(rules, mv);
            let why = match mv.hole() {
                Some(h) if rules.owner(h) != side => {
                    format!("{label} is one of {}'s holes", side.opponent())
                }
                Some(h) if self.game.position().seeds(h) == 0 => format!("{label} is empty"),
                Some(_) => format!("{label} cannot be played now"),
                None => "you may pass only when you have no other move".to_string(),
            };
            writeln!(
                out,
                "Illegal move: {why}. Legal moves for {side}: {}",
                self.legal()
            )?;
            return Ok(());
        }
        let before = *self.game.position();
        self.game.play(mv).context("a legal move was refused")?;
        self.before_last = Some(before);
        self.note = None;
        self.show(out)
    }

    /// Takes back moves until it is again the turn of a human who has moved:
    /// one move between two humans; against a computer, its reply as well.
    fn undo(&mut self, out: &mut impl Write) -> Result<()> {
        let moves = self.game.moves().len();
        let movers = self.game.movers();
        let Some(last_human) = (0..moves)
            .rev()
            .find(|&i| self.seats[movers[i].index()].is_human())
        else {
            writeln!(out, "Nothing to take back.")?;
            return Ok(());
        };
        let rules = self.game.rules();
        let taken: Vec<String> = self.game.moves()[last_human..]
            .iter()
            .map(|&m| move_label(rules, m))
            .collect();
        for _ in last_human..moves {
            self.game.undo();
        }
        let mut before = self.game.clone();
        self.before_last = before.undo().map(|_| *before.position());
        self.note = None;
        writeln!(out, "Took back {}.", taken.join(" "))?;
        self.show(out)
    }

    /// What a computer player said about its move, for the line under
    /// `Last move`: its value for `side` (or playout win rate) and the line
    /// it expects. `None` when it said nothing (random players).
    fn engine_note(&self, side: Side, choice: &Choice) -> Option<String> {
        let rules = self.game.rules();
        let who = self.seat_name(side);
        let label = move_label(rules, choice.mv);
        let line = self.line(&choice.pv);
        let what = match (choice.value, choice.win_rate) {
            (Some(value), _) => {
                let depth = choice
                    .depth
                    .map_or(String::new(), |d| format!(", depth {d}"));
                format!("value {} for {side}{depth}", value_with_unit(rules, value))
            }
            (None, Some(rate)) => format!("won {:.0}% of {} playouts", rate * 100.0, choice.nodes),
            (None, None) => return None,
        };
        Some(match line {
            Some(line) if choice.pv.len() > 1 => {
                format!("{who} chose {label}: {what}; expected line {line}")
            }
            _ => format!("{who} chose {label}: {what}"),
        })
    }

    /// Moves as labels, `None` for none.
    fn line(&self, moves: &[Move]) -> Option<String> {
        let rules = self.game.rules();
        (!moves.is_empty()).then(|| {
            moves
                .iter()
                .map(|&m| move_label(rules, m))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    /// The engine's suggestion for the side to move: the best move of the
    /// solved database when it settles the position, else an alpha-beta
    /// search to [`HINT_DEPTH`] plies or for the hint time, whichever comes
    /// first.
    fn hint(&mut self, out: &mut impl Write) -> Result<()> {
        let side = self.game.position().to_move();
        if let Some(db) = &self.hint_db
            && !self.game.is_over()
            && let Some(exact) = exact_analysis(db, &self.game, &proof_options(DEFAULT_PROOF_NODES))
            && let Some(best) = exact.analysis.moves.first()
        {
            writeln!(
                out,
                "Hint: {} (value {} for {side}, exact from the solved database); expected line {}",
                best.label,
                ValueUnit::proven(self.game.rules(), best.value),
                best.pv.join(" ")
            )?;
            return Ok(());
        }
        let budget = Budget::depth(HINT_DEPTH).with_millis(self.hint_ms);
        let engine = self.hint_engine.get_or_insert_with(Engine::default);
        let Some(r) = engine.search(&self.game, &budget) else {
            writeln!(out, "The game is over: there is nothing to suggest.")?;
            return Ok(());
        };
        let rules = self.game.rules();
        let exact = if r.solved { "exact" } else { "depth" };
        let depth = if r.solved {
            String::new()
        } else {
            format!(" {}", r.depth)
        };
        writeln!(
            out,
            "Hint: {} (value {} for {side}, {exact}{depth}); expected line {}",
            move_label(rules, r.best),
            if r.solved {
                ValueUnit::proven(rules, r.value)
            } else {
                ValueUnit::of(rules, r.value)
            },
            self.line(&r.pv).unwrap_or_default()
        )?;
        Ok(())
    }

    fn result(&self, outcome: &Outcome, out: &mut impl Write) -> Result<()> {
        let who = match outcome.winner {
            Some(side) => format!("{} wins", self.seat_name(side)),
            None => "draw".to_string(),
        };
        // The winner's total first: "North wins 27 to 15".
        let score = match (outcome.score, outcome.winner) {
            (Some([south, north]), Some(Side::North)) => format!(" {north} to {south}"),
            (Some([south, north]), Some(Side::South)) => format!(" {south} to {north}"),
            (Some([south, north]), None) => format!(", {south} to {north}"),
            (None, _) => String::new(),
        };
        writeln!(out, "Result: {who}{score} ({}).", outcome.reason.describe())?;
        self.record(out)
    }

    fn record(&self, out: &mut impl Write) -> Result<()> {
        if !self.game.moves().is_empty() {
            writeln!(out, "Record: {}", self.game.record())?;
        }
        Ok(())
    }
}
