//! `mancala match`: two computer players against each other, with a
//! progress bar on stderr and the score with confidence intervals.

use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_ai::{
    Budget, CSV_HEADER, GameRecord, MatchReport, MatchSettings, PlayerSpec, ai_level,
    play_match_until, wilson,
};
use mancala_core::Rules;

use crate::solve::{count, thousands};

/// Plays the match and writes the report (a table, or one JSON object with
/// `json`) to `out`, and every game to `csv` if given.
///
/// Each game's CSV row is written (and flushed) as the game ends. Ctrl-C
/// stops the match: the games under way are finished and written, and the
/// report of the games played is printed; a second Ctrl-C quits at once
/// (the rows already written stay).
///
/// The progress bar goes to stderr, and only when stderr is a terminal, so
/// that neither the JSON on stdout nor a log of stderr gets its frames.
pub fn run(
    rules: &Rules,
    south: &PlayerSpec,
    north: &PlayerSpec,
    settings: &MatchSettings,
    json: bool,
    csv: Option<&Path>,
    out: &mut impl Write,
) -> Result<()> {
    for (flag, spec) in [("--south", south), ("--north", north)] {
        if spec.is_human() {
            bail!("a match is played between computer players, and {flag} is human");
        }
    }
    let mut csv_file = match csv {
        Some(path) => {
            let file = fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?;
            let mut file = io::BufWriter::new(file);
            file.write_all(CSV_HEADER.as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
            Some((path, file))
        }
        None => None,
    };
    let stop = interrupt_flag();
    let bar = progress_bar(settings.games as u64);
    let tally = [
        AtomicUsize::new(0),
        AtomicUsize::new(0),
        AtomicUsize::new(0),
    ];
    let mut csv_error = None;
    let mut on_game = |record: &GameRecord| {
        let i = match record.player1_result.as_str() {
            "win" => 0,
            "draw" => 1,
            _ => 2,
        };
        tally[i].fetch_add(1, Ordering::Relaxed);
        let [w, d, l] = tally.each_ref().map(|t| t.load(Ordering::Relaxed));
        bar.set_message(format!("player 1 +{w} ={d} -{l}"));
        bar.set_position((w + d + l) as u64);
        if let Some((path, file)) = &mut csv_file
            && csv_error.is_none()
        {
            let written = file
                .write_all(record.csv_row().as_bytes())
                .and_then(|()| file.flush());
            if let Err(e) = written {
                csv_error =
                    Some(anyhow::Error::new(e).context(format!("cannot write {}", path.display())));
                stop.store(true, Ordering::Relaxed);
            }
        }
    };
    let report = play_match_until(rules, south, north, settings, stop, &mut on_game)?;
    bar.finish_and_clear();
    if let Some(e) = csv_error {
        return Err(e);
    }
    if report.interrupted {
        eprintln!(
            "Interrupted: {} of {} played.",
            thousands(report.games as u64),
            count(settings.games as u64, "game", "games")
        );
    }
    if json {
        writeln!(out, "{}", to_json(&report, south, north, settings))?;
    } else {
        write_report(rules, &report, (south, north), settings, csv, out)?;
    }
    Ok(())
}

/// A flag set by the first Ctrl-C (the second one ends the process, with
/// the usual exit code of an interrupted program).
fn interrupt_flag() -> &'static AtomicBool {
    static STOP: AtomicBool = AtomicBool::new(false);
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let handler = ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!("\nStopping after the games under way (Ctrl-C again to quit now).");
        });
        if let Err(e) = handler {
            eprintln!("warning: Ctrl-C will not stop the match cleanly: {e}");
        }
    });
    &STOP
}

/// A bar counting games on stderr, hidden when stderr is not a terminal.
fn progress_bar(games: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    let style = ProgressStyle::with_template(
        "{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}, {eta} left]",
    )
    .expect("the template is valid");
    bar.set_style(style);
    // Drawn at once and redrawn while the first game is still under way.
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    bar
}

/// The report of `mancala_ai` without the games (they go to --csv), with
/// the match settings, what each player gets a move (`player1_budget`,
/// `player2_budget`) and `warnings`: the notes the text report prints
/// under its table (an empty list when there is nothing to warn of).
fn to_json(
    report: &MatchReport,
    south: &PlayerSpec,
    north: &PlayerSpec,
    settings: &MatchSettings,
) -> serde_json::Value {
    let mut object = serde_json::to_value(report).expect("a report serialises");
    let map = object.as_object_mut().expect("a report is an object");
    map.insert("swap".into(), settings.swap.into());
    map.insert("random_openings".into(), settings.random_openings.into());
    map.insert("seed".into(), settings.seed.into());
    map.insert("time_ms".into(), settings.time_ms.into());
    map.insert(
        "player1_budget".into(),
        move_budget(south, settings.time_ms).into(),
    );
    map.insert(
        "player2_budget".into(),
        move_budget(north, settings.time_ms).into(),
    );
    map.insert("warnings".into(), warnings(report).into());
    object
}

/// What `spec` may spend on a move in a match whose `--time` is `time_ms`:
/// its own limits (`alphabeta:ms=100` keeps its 100 ms whatever `--time`
/// says), or the limits its level takes from `--time` (`ai:K`).
pub fn move_budget(spec: &PlayerSpec, time_ms: u64) -> String {
    let search = |b: &Budget, from_time: bool| {
        let mut parts = Vec::new();
        if let Some(d) = b.depth {
            parts.push(format!("depth {d}"));
        }
        if let Some(n) = b.nodes {
            parts.push(format!("{} positions", thousands(n)));
        }
        if let Some(ms) = b.millis {
            let cap = if b.depth.is_some() || b.nodes.is_some() {
                "at most "
            } else {
                ""
            };
            let whence = if from_time { " (from --time)" } else { "" };
            parts.push(format!("{cap}{} ms{whence}", thousands(ms)));
        }
        if parts.is_empty() {
            "no limit".to_string()
        } else {
            format!("{} a move", parts.join(", "))
        }
    };
    match spec {
        PlayerSpec::Human => "a person's time".to_string(),
        PlayerSpec::Random | PlayerSpec::Greedy => "no search".to_string(),
        PlayerSpec::AlphaBeta(b) => search(b, false),
        PlayerSpec::Mcts(b) => {
            let mut parts = Vec::new();
            if let Some(p) = b.playouts {
                parts.push(format!("{} playouts", thousands(p)));
            }
            if let Some(ms) = b.millis {
                parts.push(format!("{} ms", thousands(ms)));
            }
            format!("{} a move", parts.join(", "))
        }
        PlayerSpec::Ai(k) => match ai_level(*k, time_ms) {
            PlayerSpec::AlphaBeta(b) => search(&b, true),
            _ => "no search".to_string(),
        },
        PlayerSpec::Perfect(_) => format!(
            "moves from the solved database (a search of at most {} ms where it does not settle the position)",
            thousands(time_ms)
        ),
    }
}

/// The notes a reader of the figures needs: repeated games are not
/// independent trials.
fn warnings(r: &MatchReport) -> Vec<String> {
    let mut notes = Vec::new();
    // Deterministic players replay the same game from the same opening, so
    // in small games with short random openings a match may hold far fewer
    // distinct games than games.
    let (distinct, n) = (r.distinct_games, r.games);
    if r.distinct_games_exact && distinct < n {
        notes.push(format!(
            "Only {} of the {} differ: repeated games are not independent trials, \
             so the intervals above are too narrow (more --random-openings give more distinct games).",
            thousands(distinct as u64),
            count(n as u64, "game", "games")
        ));
    }
    notes
}

/// `12 (6.0%, 95% CI 3.5-10.2%)`.
fn count_ci(count: usize, games: usize) -> String {
    let [lo, hi] = wilson(count as f64, games);
    format!(
        "{count:>5}  {:>5.1}%  [{:>5.1}%, {:>5.1}%]",
        percent(count as f64, games),
        lo * 100.0,
        hi * 100.0
    )
}

fn percent(x: f64, n: usize) -> f64 {
    if n == 0 { 0.0 } else { 100.0 * x / n as f64 }
}

fn write_report(
    rules: &Rules,
    r: &MatchReport,
    (south, north): (&PlayerSpec, &PlayerSpec),
    settings: &MatchSettings,
    csv: Option<&Path>,
    out: &mut impl Write,
) -> Result<()> {
    let n = r.games;
    writeln!(
        out,
        "{}: {}, player 1 {} against player 2 {}.",
        rules.title(),
        count(n as u64, "game", "games"),
        r.player1,
        r.player2
    )?;
    let sides = if settings.swap {
        "sides swapped every game (player 1 is South in games 1, 3, 5, ...)"
    } else {
        "player 1 is South in every game"
    };
    let openings = match (settings.random_openings, settings.swap) {
        (0, _) => "no random opening".to_string(),
        (k, true) => format!("{k} random opening plies, the same for both games of a pair"),
        (k, false) => format!("{k} random opening plies"),
    };
    writeln!(out, "{sides}; {openings}; seed {}.", settings.seed)?;
    writeln!(
        out,
        "Per move: player 1 {}; player 2 {}.",
        move_budget(south, settings.time_ms),
        move_budget(north, settings.time_ms)
    )?;
    writeln!(out)?;
    let rows = [
        (format!("player 1 ({}) wins", r.player1), r.player1_wins),
        ("draws".to_string(), r.draws),
        (format!("player 2 ({}) wins", r.player2), r.player2_wins),
    ];
    let name_width = rows.iter().map(|(what, _)| what.len()).max().unwrap_or(0);
    writeln!(
        out,
        "{:<name_width$}  {:>5}  {:>6}  95% CI",
        "", "games", "share"
    )?;
    for (what, count) in rows {
        writeln!(out, "{what:<name_width$}  {}", count_ci(count, n))?;
    }
    writeln!(out)?;
    for (i, (name, score)) in [
        (&r.player1, r.player1_wins as f64 + r.draws as f64 / 2.0),
        (&r.player2, r.player2_wins as f64 + r.draws as f64 / 2.0),
    ]
    .into_iter()
    .enumerate()
    {
        let (wins, losses) = if i == 0 {
            (r.player1_wins, r.player2_wins)
        } else {
            (r.player2_wins, r.player1_wins)
        };
        let [lo, hi] = wilson(score, n);
        writeln!(
            out,
            "player {} ({name}): {wins} won, {} drawn, {losses} lost; score {:.1}% [95% CI {:.1}%, {:.1}%] (wins + draws/2)",
            i + 1,
            r.draws,
            percent(score, n),
            lo * 100.0,
            hi * 100.0
        )?;
    }
    writeln!(
        out,
        "South won {}, North won {}, {} drawn.",
        r.south_wins, r.north_wins, r.draws
    )?;
    let longest = r
        .longest_game
        .map_or(String::new(), |g| format!(" (game {})", g + 1));
    writeln!(
        out,
        "Mean game {:.1} plies; longest {}{longest}.",
        r.mean_plies,
        count(u64::from(r.longest_plies), "ply", "plies")
    )?;
    for note in warnings(r) {
        writeln!(out, "{note}")?;
    }
    if let Some(path) = csv {
        writeln!(out, "Games written to {}.", path.display())?;
    }
    Ok(())
}
