//! `mancala analyze`: every legal move of a position with its value and
//! principal variation, best first: exact values from a solved database
//! when there is one, otherwise an alpha-beta search.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use anyhow::{Result, bail};
use mancala_ai::perfect::{DEFAULT_PROOF_NODES, ExactAnalysis, proof_options};
use mancala_ai::{Analysis, Budget, analyze, format_value};
use mancala_core::notation::move_label;
use mancala_core::{Game, Side};
use mancala_solver::{Database, DbKind};

use crate::solve::{count, thousands};
use crate::units::{name_units, proven_value_fields, value_fields};

/// The search time when no budget is given, in milliseconds.
pub const DEFAULT_MS: u64 = 1_000;

/// Analyses the position at the end of `game` and writes the analysis as a
/// table, or as one JSON object with `json`: exact values from `db` when it
/// settles the position, otherwise a search within `budget`.
///
/// A finished game is an error: it has no moves to value.
pub fn run(
    game: &Game,
    budget: &Budget,
    db: Option<&Arc<Database>>,
    json: bool,
    out: &mut impl Write,
) -> Result<()> {
    if let Some(outcome) = game.outcome() {
        let result = match outcome.winner {
            Some(side) => format!("{side} won"),
            None => "it was drawn".to_string(),
        };
        bail!(
            "the game is over after {} ({result}: {}); there is no move to analyse",
            plies(game.moves().len()),
            outcome.reason.describe()
        );
    }
    if let Some(db) = db {
        match mancala_ai::exact_analysis(db, game, &proof_options(DEFAULT_PROOF_NODES)) {
            Some(exact) => {
                if json {
                    writeln!(out, "{}", exact_json(game, db, &exact))?;
                } else {
                    write_exact_table(game, db, &exact, out)?;
                }
                return Ok(());
            }
            None => eprintln!(
                "note: the database {} does not settle this position ({} seeds on the board, it holds up to {}); \
                 searching instead",
                db_name(db),
                game.position().seeds_on_board(),
                db.max_seeds()
            ),
        }
    }
    let analysis = analyze(game, budget);
    if json {
        writeln!(out, "{}", to_json(game, budget, &analysis))?;
    } else {
        write_table(game, &analysis, out)?;
    }
    Ok(())
}

fn db_name(db: &Database) -> String {
    db.path()
        .map_or("in memory".to_string(), |p: &Path| p.display().to_string())
}

/// The exact analysis as JSON: the keys of a search's analysis (`moves`
/// [{move, value, value_text, pv}], `depth`, `nodes`, `nps`, `millis`,
/// `solved`) in the same units, each move with its `plies` as well, and
/// `exact: true`, `value`, `value_text`, `database`, `kind`, `game`,
/// `record`, `to_move`.
fn exact_json(game: &Game, db: &Database, exact: &ExactAnalysis) -> serde_json::Value {
    let mut object = serde_json::to_value(&exact.analysis).expect("an analysis serialises");
    let map = object.as_object_mut().expect("an analysis is an object");
    let rules = game.rules();
    if let Some(moves) = map.get_mut("moves").and_then(|m| m.as_array_mut()) {
        for (m, plies) in moves.iter_mut().zip(&exact.plies) {
            name_units(rules, m, true);
            m.as_object_mut()
                .expect("a move is an object")
                .insert("plies".into(), (*plies).into());
        }
    }
    map.insert("game".into(), game.rules().id().into());
    map.insert("record".into(), game.record().into());
    map.insert("to_move".into(), game.position().to_move().as_str().into());
    map.insert("exact".into(), true.into());
    if let Some(best) = exact.analysis.moves.first() {
        map.extend(proven_value_fields(rules, best.value));
        map.insert("value_text".into(), best.value_text.clone().into());
    }
    map.insert("database".into(), db_name(db).into());
    map.insert("kind".into(), db.kind().as_str().into());
    object
}

/// The first line of both tables: the game, the position and who moves.
fn write_heading(game: &Game, out: &mut impl Write) -> Result<()> {
    let side: Side = game.position().to_move();
    let position = match game.moves().len() {
        0 => "the opening position".to_string(),
        _ => format!("after \"{}\"", game.record()),
    };
    writeln!(
        out,
        "{}, {position}: {side} to move (move {}).",
        game.rules().title(),
        game.position().ply() + 1
    )?;
    Ok(())
}

fn write_exact_table(
    game: &Game,
    db: &Database,
    exact: &ExactAnalysis,
    out: &mut impl Write,
) -> Result<()> {
    let rules = game.rules();
    let side: Side = game.position().to_move();
    write_heading(game, out)?;
    let covered = if db.max_seeds() == rules.total_seeds() {
        String::new()
    } else {
        format!(", up to {} seeds on the board", db.max_seeds())
    };
    writeln!(
        out,
        "Exact values from the solved database {} ({} database, {}{covered}).",
        db_name(db),
        db.kind().as_str(),
        count(db.positions(), "position", "positions")
    )?;
    if exact.analysis.nodes > 0 {
        writeln!(
            out,
            "Above the database, each move was proved by a search of {} in {:.2} s.",
            count(exact.analysis.nodes, "position", "positions"),
            exact.analysis.millis as f64 / 1e3
        )?;
    }
    match db.kind() {
        DbKind::Margin => writeln!(
            out,
            "Values are for {side}: the final seed margin with perfect play on both sides, captures so far included \
             (-2: 2 seeds behind); plies: until the next capture or the end (quickest win, slowest loss)."
        )?,
        DbKind::WinLossDraw => writeln!(
            out,
            "Values are for {side}: win or loss with perfect play on both sides, in plies to the end of the game \
             (quickest win, slowest loss)."
        )?,
    }
    writeln!(out)?;
    let a = &exact.analysis;
    let width = a
        .moves
        .iter()
        .map(|m| m.label.len())
        .max()
        .unwrap_or(0)
        .max(4);
    let vwidth = a
        .moves
        .iter()
        .map(|m| m.value_text.len())
        .max()
        .unwrap_or(0)
        .max(5);
    writeln!(out, "{:<width$}  {:>vwidth$}  plies  line", "move", "value")?;
    for (m, plies) in a.moves.iter().zip(&exact.plies) {
        writeln!(
            out,
            "{:<width$}  {:>vwidth$}  {plies:>5}  {}",
            m.label,
            m.value_text,
            m.pv.join(" ")
        )?;
    }
    Ok(())
}

fn plies(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// The analysis object of `mancala_ai` (`moves`, `depth`, `nodes`, `nps`,
/// `millis`, `solved`) with the position it is about: `game`, `record`,
/// `to_move`, `budget`.
fn to_json(game: &Game, budget: &Budget, analysis: &Analysis) -> serde_json::Value {
    let mut object = serde_json::to_value(analysis).expect("an analysis serialises");
    let map = object.as_object_mut().expect("an analysis is an object");
    if let Some(moves) = map.get_mut("moves").and_then(|m| m.as_array_mut()) {
        for m in moves {
            name_units(game.rules(), m, false);
        }
    }
    map.insert("game".into(), game.rules().id().into());
    map.insert("record".into(), game.record().into());
    map.insert("to_move".into(), game.position().to_move().as_str().into());
    map.insert(
        "budget".into(),
        serde_json::to_value(budget).expect("a budget serialises"),
    );
    map.insert("exact".into(), false.into());
    map.insert("book".into(), book_json(game));
    object
}

/// The position's moves in the game's opening book (`null` when it is not
/// in the book): `[{move, value, value_text}]`, the book's move first.
fn book_json(game: &Game) -> serde_json::Value {
    let rules = game.rules();
    match mancala_ai::book::builtin(rules).and_then(|b| b.moves(game.position())) {
        None => serde_json::Value::Null,
        Some(moves) => moves
            .iter()
            .map(|m| {
                let mut entry = serde_json::json!({
                    "move": move_label(rules, m.mv),
                    "value_text": format_value(rules, m.value),
                });
                entry
                    .as_object_mut()
                    .expect("an object")
                    .extend(value_fields(rules, m.value));
                entry
            })
            .collect(),
    }
}

fn write_table(game: &Game, analysis: &Analysis, out: &mut impl Write) -> Result<()> {
    let rules = game.rules();
    let side: Side = game.position().to_move();
    write_heading(game, out)?;
    let reach = if analysis.solved {
        format!(
            "exact (every line searched to the end of the game, depth {})",
            analysis.depth
        )
    } else {
        format!("depth {}", analysis.depth)
    };
    writeln!(
        out,
        "Searched {reach}: {} in {:.2} s ({} nodes/s).",
        count(analysis.nodes, "node", "nodes"),
        analysis.millis as f64 / 1e3,
        thousands(analysis.nps)
    )?;
    writeln!(out, "Values are for {side}: {}.", value_units(rules))?;
    let book = mancala_ai::book::builtin(rules).and_then(|b| b.moves(game.position()));
    if let Some(moves) = book {
        writeln!(
            out,
            "In the opening book: its move is {} (marked *); book values are searched values backed up over the book.",
            move_label(rules, moves[0].mv)
        )?;
    }
    writeln!(out)?;
    let book_text = |mv| {
        book.and_then(|moves| {
            let i = moves.iter().position(|m| m.mv == mv)?;
            let mark = if i == 0 { "*" } else { " " };
            Some(format!("{}{mark}", format_value(rules, moves[i].value)))
        })
        .unwrap_or_default()
    };
    let width = analysis
        .moves
        .iter()
        .map(|m| m.label.len())
        .max()
        .unwrap_or(0)
        .max(4);
    let vwidth = analysis
        .moves
        .iter()
        .map(|m| m.value_text.len())
        .max()
        .unwrap_or(0)
        .max(5);
    if book.is_some() {
        writeln!(
            out,
            "{:<width$}  {:>vwidth$}  book    line",
            "move", "value"
        )?;
    } else {
        writeln!(out, "{:<width$}  {:>vwidth$}  line", "move", "value")?;
    }
    for m in &analysis.moves {
        let b = if book.is_some() {
            format!("{:>6}  ", book_text(m.mv))
        } else {
            String::new()
        };
        writeln!(
            out,
            "{:<width$}  {:>vwidth$}  {b}{}",
            m.label,
            m.value_text,
            m.pv.join(" ")
        )?;
    }
    Ok(())
}

/// What the values mean in this game.
fn value_units(rules: &mancala_core::Rules) -> &'static str {
    match rules.spec().end.result {
        mancala_core::spec::ResultRule::Seeds => {
            "the seed margin expected at the end of the line (+2.5: 2.5 seeds ahead)"
        }
        mancala_core::spec::ResultRule::Deprivation => {
            "\"win in N\"/\"loss in N\" plies when proven, otherwise a heuristic score (seeds and playable holes)"
        }
    }
}
