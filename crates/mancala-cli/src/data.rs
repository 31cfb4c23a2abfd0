//! `mancala data status` and `mancala data build`: what the data directory
//! holds for the strongest levels, and building it now. The catalogue, the
//! checks and the builds are `mancala_solver::data`'s; this prints them.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_solver::data::{self, Check, DataDir, State};

use crate::solve::size;

/// The data directory: `--data DIR`, else the default one.
fn data_dir(dir: Option<PathBuf>) -> Result<DataDir> {
    match dir {
        Some(d) => Ok(DataDir::new(d)),
        None => DataDir::current()
            .context("no data directory: set MANCALA_DATA or HOME, or give --data DIR"),
    }
}

/// `mancala data status`.
pub fn status(dir: Option<PathBuf>, json: bool, out: &mut impl Write) -> Result<()> {
    let dir = data_dir(dir)?;
    let checks = dir.status();
    if json {
        for c in &checks {
            let (bytes, detail) = match &c.state {
                State::Valid { bytes, detail } => (Some(*bytes), Some(detail.clone())),
                _ => (None, None),
            };
            let reason = match &c.state {
                State::OldFormat(r) | State::Damaged(r) => Some(r.clone()),
                _ => None,
            };
            writeln!(
                out,
                "{}",
                serde_json::json!({
                    "game": c.item.game(),
                    "file": c.path.display().to_string(),
                    "what": c.item.describe(),
                    "state": c.state.word(),
                    "bytes": bytes,
                    "detail": detail,
                    "reason": reason,
                    "expected_bytes": c.item.expected_bytes(),
                })
            )?;
        }
        return Ok(());
    }
    writeln!(out, "Data directory: {}", dir.path().display())?;
    let width = checks
        .iter()
        .map(|c| c.item.file_name().len())
        .max()
        .unwrap_or(0);
    for c in &checks {
        writeln!(
            out,
            "  {:<width$}  {:<10}  {}",
            c.item.file_name(),
            c.state.word(),
            line(c)
        )?;
    }
    let missing = checks.iter().filter(|c| !c.state.is_valid()).count();
    if missing == 0 {
        writeln!(out, "Everything is there and valid.")?;
    } else {
        writeln!(
            out,
            "{missing} of {} to build: `mancala data build` builds them now; the timed levels \
             (ai:7 to ai:9) build what their game needs in the background on first use{}.",
            checks.len(),
            if data::background_builds() {
                ""
            } else {
                " (off here: MANCALA_DATA_BUILD is set)"
            }
        )?;
    }
    Ok(())
}

/// What `status` says of one file after its state.
fn line(c: &Check) -> String {
    let what = c.item.describe();
    match &c.state {
        State::Valid { bytes, detail } => format!("{what}: {detail}; {}", size(*bytes)),
        State::Missing => format!("{what}; about {} to build", size(c.item.expected_bytes())),
        State::OldFormat(reason) | State::Damaged(reason) => {
            format!("{what}: {reason}; built again on first use or by `mancala data build`")
        }
    }
}

/// `mancala data build [GAME]`: the game's files, or every file, built
/// now when they are not valid (all of them with `force`).
pub fn build(
    dir: Option<PathBuf>,
    game: Option<&str>,
    force: bool,
    out: &mut impl Write,
) -> Result<()> {
    let dir = data_dir(dir)?;
    let items = match game {
        Some(g) => {
            // A rule file or a built-in id: the id names the data.
            let id = mancala_core::Rules::load(g).map_or(g.to_string(), |r| r.id().to_string());
            dir.items_of_game(&id)?
        }
        None => dir.items(),
    };
    let mut failed = Vec::new();
    for item in &items {
        let check = dir.check(item);
        if check.state.is_valid() && !force {
            writeln!(
                out,
                "{}: valid, kept ({}; --force builds it again).",
                check.path.display(),
                item.describe()
            )?;
            continue;
        }
        let was = match &check.state {
            State::Missing | State::Valid { .. } => String::new(),
            State::OldFormat(r) | State::Damaged(r) => {
                format!(" (was {}: {r})", check.state.word())
            }
        };
        writeln!(
            out,
            "Building {} into {}{was}.",
            item.describe(),
            check.path.display()
        )?;
        out.flush()?;
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {percent:>3}% {human_pos}/{human_len} ({eta} left)",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        bar.enable_steady_tick(std::time::Duration::from_millis(500));
        let built = dir.build(item, &bar);
        bar.finish_and_clear();
        match built {
            Ok(b) => writeln!(
                out,
                "Built {}: {} in {:.1} s.",
                b.path.display(),
                size(b.bytes),
                b.took.as_secs_f64()
            )?,
            Err(e) => {
                writeln!(out, "Not built: {e}.")?;
                failed.push(format!("{}: {e}", item.file_name()));
            }
        }
    }
    if !failed.is_empty() {
        bail!(
            "{} of {} not built: {}",
            failed.len(),
            items.len(),
            failed.join("; ")
        );
    }
    Ok(())
}
