//! `mancala analyze`: every legal move of a position with its value and
//! principal variation, best first.

use std::io::Write;

use anyhow::{Result, bail};
use mancala_ai::{Analysis, Budget, analyze};
use mancala_core::{Game, Side};

/// The search time when no budget is given, in milliseconds.
pub const DEFAULT_MS: u64 = 1_000;

/// Analyses the position at the end of `game` within `budget` and writes
/// the analysis as a table, or as one JSON object with `json`.
///
/// A finished game is an error: it has no moves to value.
pub fn run(game: &Game, budget: &Budget, json: bool, out: &mut impl Write) -> Result<()> {
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
    let analysis = analyze(game, budget);
    if json {
        writeln!(out, "{}", to_json(game, budget, &analysis))?;
    } else {
        write_table(game, &analysis, out)?;
    }
    Ok(())
}

fn plies(n: usize) -> String {
    if n == 1 { "1 move".to_string() } else { format!("{n} moves") }
}

/// The analysis object of `mancala_ai` (`moves`, `depth`, `nodes`, `nps`,
/// `millis`, `solved`) with the position it is about: `game`, `record`,
/// `to_move`, `budget`.
fn to_json(game: &Game, budget: &Budget, analysis: &Analysis) -> serde_json::Value {
    let mut object = serde_json::to_value(analysis).expect("an analysis serialises");
    let map = object.as_object_mut().expect("an analysis is an object");
    map.insert("game".into(), game.rules().id().into());
    map.insert("record".into(), game.record().into());
    map.insert("to_move".into(), game.position().to_move().as_str().into());
    map.insert("budget".into(), serde_json::to_value(budget).expect("a budget serialises"));
    object
}

fn write_table(game: &Game, analysis: &Analysis, out: &mut impl Write) -> Result<()> {
    let rules = game.rules();
    let side: Side = game.position().to_move();
    let position = match game.moves().len() {
        0 => "the opening position".to_string(),
        _ => format!("after \"{}\"", game.record()),
    };
    writeln!(out, "{}, {position}: {side} to move (move {}).", rules.name(), game.position().ply() + 1)?;
    let reach = if analysis.solved {
        format!("exact (every line searched to the end of the game, depth {})", analysis.depth)
    } else {
        format!("depth {}", analysis.depth)
    };
    writeln!(
        out,
        "Searched {reach}: {} nodes in {:.2} s ({} nodes/s).",
        analysis.nodes,
        analysis.millis as f64 / 1e3,
        analysis.nps
    )?;
    writeln!(out, "Values are for {side}: {}.", value_units(rules))?;
    writeln!(out)?;
    let width = analysis.moves.iter().map(|m| m.label.len()).max().unwrap_or(0).max(4);
    let vwidth = analysis.moves.iter().map(|m| m.value_text.len()).max().unwrap_or(0).max(5);
    writeln!(out, "{:<width$}  {:>vwidth$}  line", "move", "value")?;
    for m in &analysis.moves {
        writeln!(out, "{:<width$}  {:>vwidth$}  {}", m.label, m.value_text, m.pv.join(" "))?;
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
