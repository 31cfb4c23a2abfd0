//! Ludii as a peer: its random trials of the multi-row games replayed
//! through our rule files.
//!
//! `Ludeme/TravisTrials` keeps two random trials of every Ludii game; those
//! of the three- and four-row games are copied in `tests/ludii/trials`
//! (their README says from where). A trial records every move as Ludii's
//! atomic actions ([`trial`]); applying them to seed counts rebuilds
//! Ludii's board after every move without Ludii ([`board`], which also maps
//! Ludii's vertices to our holes). Each game of the table ([`games`]) is
//! then played through the rule file of ours of the same name, comparing
//! the start board, and before each turn the number of legal moves and
//! after it the board ([`replay`]); a game is reproduced when both its
//! trials are. Games without a rule file of ours, or on a board our
//! notation does not cover yet, are reported so.

mod board;
mod games;
mod replay;
#[cfg(test)]
mod synthetic;
mod trial;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use mancala_core::Rules;

use crate::text::read_text;
use board::Board;

/// What replaying one game's trials gave.
#[derive(Clone, Debug)]
pub struct LudiiReport {
    /// Ludii's name of the game.
    pub game: String,
    /// Its board, `ROWSxHOLES` (`4x8`).
    pub board: String,
    /// The id of our rule file for it, where there is one.
    pub rule_file: Option<String>,
    /// Trials of the game.
    pub trials: usize,
    /// Trials our rule file reproduced move by move.
    pub reproduced: usize,
    /// Moves of the players in its trials.
    pub plies: usize,
    /// Of those, the moves reproduced before each trial's first difference.
    pub plies_reproduced: usize,
    /// Why it is not reproduced; `None` when every trial was.
    pub reason: Option<String>,
}

impl LudiiReport {
    /// Whether every trial was reproduced.
    pub fn is_reproduced(&self) -> bool {
        self.trials > 0 && self.reproduced == self.trials
    }

    /// The report as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "game": self.game,
            "board": self.board,
            "rule_file": self.rule_file,
            "trials": self.trials,
            "reproduced": self.reproduced,
            "covered": self.is_reproduced(),
            "plies": self.plies,
            "plies_reproduced": self.plies_reproduced,
            "reason": self.reason,
        })
        .to_string()
    }
}

/// Replays every game of `dir`: each folder holding `RandomTrial_N.txt`
/// (or `.txt.gz`) files is a game, named by the folder; found at any
/// depth, so that both Ludii's `random_trials/board/sow` and the
/// repository's copy can be read. In name order.
pub fn check_dir(dir: &Path) -> Result<Vec<LudiiReport>> {
    let mut found = Vec::new();
    collect(dir, &mut found)
        .with_context(|| format!("cannot read the trial directory {}", dir.display()))?;
    if found.is_empty() {
        bail!(
            "{} holds no Ludii trials (RandomTrial_N.txt)",
            dir.display()
        );
    }
    found.sort();
    let mut reports: Vec<LudiiReport> = Vec::new();
    let mut i = 0;
    while i < found.len() {
        let folder = found[i].parent().map(Path::to_path_buf).unwrap_or_default();
        let files: Vec<PathBuf> = found[i..]
            .iter()
            .take_while(|p| p.parent() == Some(&folder))
            .cloned()
            .collect();
        i += files.len();
        reports.push(check_game(&folder, &files)?);
    }
    reports.sort_by(|a, b| a.game.cmp(&b.game));
    Ok(reports)
}

fn collect(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, found)?;
        } else if let Some(name) = path.file_name().and_then(|n| n.to_str())
            && name.starts_with("RandomTrial_")
            && (name.ends_with(".txt") || name.ends_with(".txt.gz"))
        {
            found.push(path);
        }
    }
    Ok(())
}

/// Replays the trials of one game (`files`, in `folder`).
fn check_game(folder: &Path, files: &[PathBuf]) -> Result<LudiiReport> {
    let name = folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let trials = files
        .iter()
        .map(|path| {
            let text = read_text(path)?;
            let trial = trial::parse(&path.display().to_string(), &text)?;
            Ok((path, trial))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut report = LudiiReport {
        game: name.clone(),
        board: String::new(),
        rule_file: None,
        trials: trials.len(),
        reproduced: 0,
        plies: trials.iter().map(|(_, t)| t.legal.len()).sum(),
        plies_reproduced: 0,
        reason: None,
    };
    let Some(game) = games::find(&name) else {
        report.reason =
            Some("not supported: a game missing from the table of Ludii's multi-row games".into());
        return Ok(report);
    };
    let shape = game.shape;
    report.board = format!("{}x{}", shape.rows, shape.holes_per_row);
    if let Some(why) = game.other_numbering {
        report.reason = Some(format!("not supported: {why}"));
        return Ok(report);
    }
    // Ludii's boards, rebuilt from the actions alone: a trial that does not
    // rebuild is read wrongly, whatever our rules.
    for (file, trial) in &trials {
        let mut board = Board::empty(shape);
        for mv in &trial.moves {
            for action in &mv.actions {
                board
                    .apply(action)
                    .map_err(|e| anyhow::anyhow!("{}:{}: {e}", file.display(), mv.line))?;
            }
        }
    }
    let players = trials.iter().map(|(_, t)| t.players).max().unwrap_or(2);
    if players != 2 {
        report.reason = Some(format!("not supported: a game for {players} players"));
        return Ok(report);
    }
    let id = games::our_id(&name);
    // An id with board parameters is a built-in game on another board.
    let rules = if id.contains(':') {
        Rules::load(&id).ok()
    } else {
        Rules::builtin(&id).ok()
    };
    let Some(rules) = rules else {
        report.reason = Some(format!("no rule file ({id})"));
        return Ok(report);
    };
    report.rule_file = Some(id.clone());
    let rows = rows_of(&rules);
    if rows != shape.rows {
        report.reason = Some(format!(
            "not supported: our rule file {id} has {rows} rows, Ludii's board {}",
            report.board
        ));
        return Ok(report);
    }
    let Some(map) = shape.vertex_of_hole() else {
        report.reason = Some(format!(
            "not supported: our notation has no {}-row board yet",
            shape.rows
        ));
        return Ok(report);
    };
    if rules.holes() != shape.holes() {
        report.reason = Some(format!(
            "not supported: our rule file {id} has {} holes, Ludii's board {}",
            rules.holes(),
            shape.holes()
        ));
        return Ok(report);
    }
    let rules = Arc::new(rules);
    for (file, trial) in &trials {
        match replay::replay(&rules, shape, &map, trial) {
            Ok(plies) => {
                report.reproduced += 1;
                report.plies_reproduced += plies;
            }
            Err((plies, diff)) => {
                report.plies_reproduced += plies;
                if report.reason.is_none() {
                    report.reason = Some(format!("{}: {diff}", trial_name(file)));
                }
            }
        }
    }
    Ok(report)
}

/// The rows of a rule set's board (2 where its rule file names none).
fn rows_of(rules: &Rules) -> usize {
    serde_json::to_value(rules.spec())
        .ok()
        .and_then(|spec| {
            spec.pointer("/board/rows")
                .and_then(serde_json::Value::as_u64)
        })
        .map_or(2, |rows| rows as usize)
}

/// `RandomTrial_0` from `.../RandomTrial_0.txt.gz`.
fn trial_name(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    name.trim_end_matches(".gz")
        .trim_end_matches(".txt")
        .to_string()
}

/// The human-readable summary: one line per game, then the count.
pub fn render(reports: &[LudiiReport]) -> String {
    let mut out = String::new();
    let width = reports.iter().map(|r| r.game.len()).max().unwrap_or(0);
    for r in reports {
        let _ = write!(
            out,
            "{:<width$}  {:<5}  {}/{}  plies {}/{}",
            r.game, r.board, r.reproduced, r.trials, r.plies_reproduced, r.plies
        );
        if let Some(reason) = &r.reason {
            let _ = write!(out, "  {reason}");
        }
        out.push('\n');
    }
    let covered = reports.iter().filter(|r| r.is_reproduced()).count();
    let _ = writeln!(out, "reproduced {covered}/{} games", reports.len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trials() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/ludii/trials")
    }

    /// Every trial in the repository rebuilds Ludii's board move by move
    /// (no move takes seeds a site does not hold, no site is off the
    /// board), and each game is reported.
    #[test]
    fn the_repositorys_trials_rebuild_and_are_reported() {
        let reports = check_dir(&trials()).unwrap();
        assert_eq!(reports.len(), games::GAMES.len());
        for r in &reports {
            assert_eq!(r.trials, 2, "{r:?}");
            assert!(r.plies > 0, "{r:?}");
            assert!(!r.board.is_empty(), "{r:?}");
            assert!(r.plies_reproduced <= r.plies, "{r:?}");
            assert_eq!(r.is_reproduced(), r.reason.is_none(), "{r:?}");
        }
        let text = render(&reports);
        assert!(text.lines().any(|l| l.starts_with("Hawalis ")), "{text}");
        assert!(text.ends_with(" games\n"), "{text}");
    }

    #[test]
    fn a_game_without_a_rule_file_of_ours_says_so() {
        let dir = std::env::temp_dir().join(format!("ludii-peer-{}", std::process::id()));
        let game = dir.join("four_rows/Chisolo");
        std::fs::create_dir_all(&game).unwrap();
        std::fs::copy(
            trials().join("four_rows/Chisolo/RandomTrial_0.txt.gz"),
            game.join("RandomTrial_0.txt.gz"),
        )
        .unwrap();
        let reports = check_dir(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(reports.len(), 1);
        let r = &reports[0];
        assert_eq!(
            (r.game.as_str(), r.board.as_str(), r.trials),
            ("Chisolo", "4x7", 1)
        );
        assert_eq!(r.reason.as_deref(), Some("no rule file (chisolo)"));
        assert!(r.to_json().contains("\"covered\":false"));
    }

    #[test]
    fn a_bad_trial_is_an_error_naming_its_file_and_line() {
        let dir = std::env::temp_dir().join(format!("ludii-peer-bad-{}", std::process::id()));
        let game = dir.join("Hawalis");
        std::fs::create_dir_all(&game).unwrap();
        let text = read_text(&trials().join("four_rows/Hawalis/RandomTrial_0.txt.gz")).unwrap();
        // A sowing from an empty hole: the trial does not rebuild.
        let bad = text.replacen(
            "[Move:typeFrom=Vertex,from=0,typeTo=Vertex,to=1]",
            "[Move:typeFrom=Vertex,from=0,typeTo=Vertex,to=1,count=9]",
            1,
        );
        std::fs::write(game.join("RandomTrial_0.txt"), bad).unwrap();
        let e = check_dir(&dir).unwrap_err().to_string();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            e.contains("Hawalis/RandomTrial_0.txt:33: 9 seeds moved from vertex 0, which holds 2"),
            "{e}"
        );
        assert!(check_dir(&dir).is_err());
    }
}
