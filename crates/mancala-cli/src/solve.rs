//! `mancala solve` and `mancala verify`: solved databases (`mancala-solver`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use mancala_core::spec::Destination;
use mancala_core::{Rules, Side};
use mancala_solver::cluster::LocalCluster;
use mancala_solver::data::memory_available;
use mancala_solver::kalah::{KalahDb, KalahRules, SearchOptions, replay_margin, solve_kalah};
use mancala_solver::proof::{ProofOptions, prove};
use mancala_solver::{
    ClusterStats, Database, DbError, DbKind, Eval, Indexer, MemoryEstimate, VerifyOptions, figures,
    memory_estimate, rules_hash, verify_with,
};

/// The most positions `mancala solve` builds: about 20 bytes of memory each
/// while solving (Sadeqa II up to 16 seeds, 60.8 million positions, takes
/// 1.2 GB), so this is about 10 GB.
pub const MAX_POSITIONS: u64 = 500_000_000;

/// The positions a suggested `--max-seeds` keeps under.
const SUGGESTED_POSITIONS: u64 = 100_000_000;

/// `12345678` as `12,345,678`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 position`, `71,920 positions`: a count with its noun, thousands
/// separated, the noun singular for 1.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// `143,972 bytes (140.6 KiB)`.
pub fn size(bytes: u64) -> String {
    let b = bytes as f64;
    let human = if b >= (1u64 << 30) as f64 {
        format!(" ({:.1} GiB)", b / (1u64 << 30) as f64)
    } else if b >= (1u64 << 20) as f64 {
        format!(" ({:.1} MiB)", b / (1u64 << 20) as f64)
    } else if b >= 1024.0 {
        format!(" ({:.1} KiB)", b / 1024.0)
    } else {
        String::new()
    };
    format!("{} bytes{human}", thousands(bytes))
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 10.0 {
        format!("{s:.2} s")
    } else {
        format!("{s:.1} s")
    }
}

/// The positions of a database of `rules` up to `max_seeds` seeds.
fn positions(rules: &Rules, max_seeds: u32) -> u64 {
    Indexer::new(rules.holes(), max_seeds).total()
}

/// The most seeds whose database stays under `limit` positions.
fn seeds_within(rules: &Rules, limit: u64) -> u32 {
    (0..=rules.total_seeds())
        .take_while(|&k| positions(rules, k) <= limit)
        .last()
        .unwrap_or(0)
}

/// `SIZE` of `--max-memory`: bytes, or a number (decimals allowed) with
/// K, M, G or T (binary: 1K = 1024), optionally followed by `B` or `iB`.
pub fn parse_size(text: &str) -> std::result::Result<u64, String> {
    let t = text.trim();
    let upper = t.to_ascii_uppercase();
    let digits_end = upper
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(upper.len());
    let (number, unit) = upper.split_at(digits_end);
    let shift = match unit.trim() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        other => {
            return Err(format!(
                "`{text}`: unknown unit `{other}` (use a number of bytes, or K, M, G or T: 8G)"
            ));
        }
    };
    let value: f64 = number.parse().map_err(|_| {
        format!("`{text}` is not a size (a number of bytes, or with K, M, G or T: 8G)")
    })?;
    let bytes = value * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes > u64::MAX as f64 {
        return Err(format!(
            "`{text}`: a size is at least 1 byte and at most 16 EiB"
        ));
    }
    Ok(bytes as u64)
}

/// `SIZE` as `--max-memory` reads it, rounded up: `2G`, `300M`, `12K`.
fn size_arg(bytes: u64) -> String {
    for (shift, unit) in [(30, "G"), (20, "M"), (10, "K")] {
        if bytes >= 1u64 << shift {
            return format!("{}{unit}", bytes.div_ceil(1u64 << shift));
        }
    }
    bytes.to_string()
}

/// Options of `mancala solve`.
#[derive(Debug, Default)]
pub struct SolveOptions {
    /// `--max-seeds K`.
    pub max_seeds: Option<u32>,
    /// `--max-memory SIZE` in bytes.
    pub max_memory: Option<u64>,
    /// `--json`.
    pub json: bool,
    /// `--local-ranks N`: the distributed solver on N threads.
    pub local_ranks: Option<u32>,
    /// `--search`: Kalah by search above a database even when it could be
    /// enumerated.
    pub search: bool,
    /// `--guess MARGIN`: the search's first guess at the value, in seeds.
    pub guess: Option<i32>,
    /// `--graph`: solve the game graph reachable from the opening.
    pub graph: bool,
}

/// How a solve runs: one process, threads standing for ranks, or the ranks
/// of an MPI job.
enum Cluster {
    Single,
    Local(usize),
    #[cfg(feature = "mpi")]
    Mpi,
}

/// The ranks of the MPI job this process belongs to, if `mpirun` started it
/// (OpenMPI, or a PMI launcher such as Slurm's).
fn mpi_job_size() -> Option<u32> {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"]
        .iter()
        .find_map(|var| std::env::var(var).ok()?.parse().ok())
}

/// Why a build without MPI refuses to be one of the `n` ranks of an MPI
/// job (a test checks the text in every build).
#[cfg_attr(feature = "mpi", allow(dead_code))]
fn built_without_mpi(n: u32) -> anyhow::Error {
    anyhow::anyhow!(
        "this process is one of {n} ranks of an MPI job, but this mancala was built without MPI: \
         build it with `cargo build --release --features mpi` (needs libopenmpi-dev and libclang-dev), \
         or run it without mpirun"
    )
}

fn cluster(options: &SolveOptions) -> Result<Cluster> {
    let job = mpi_job_size().filter(|&n| n > 1);
    match (options.local_ranks, job) {
        (Some(_), Some(n)) => bail!(
            "--local-ranks cannot be used inside an MPI job ({n} ranks): give one or the other"
        ),
        (Some(n), None) => Ok(Cluster::Local(n as usize)),
        #[cfg(feature = "mpi")]
        (None, Some(_)) => Ok(Cluster::Mpi),
        #[cfg(not(feature = "mpi"))]
        (None, Some(n)) => Err(built_without_mpi(n)),
        (None, None) => Ok(Cluster::Single),
    }
}

/// Solves on the chosen cluster: the database on rank 0 (`None` on the
/// other ranks), and the cluster's figures when there is one.
fn run_solver(
    rules: &Rules,
    max: u32,
    cluster: &Cluster,
    progress: bool,
) -> Result<(Option<Database>, Option<ClusterStats>)> {
    match cluster {
        Cluster::Single if lean_applies(rules, cluster) => Ok((
            Some(mancala_solver::lean::solve_lean(rules, max, progress)?),
            None,
        )),
        Cluster::Single => Ok((
            Some(mancala_solver::solve_up_to(rules, max, progress)?),
            None,
        )),
        Cluster::Local(n) => {
            let mut results = LocalCluster::run(*n, |net| {
                mancala_solver::solve_distributed(rules, max, net, progress)
            });
            let (db, stats) = results.swap_remove(0)?;
            Ok((db, Some(stats)))
        }
        #[cfg(feature = "mpi")]
        Cluster::Mpi => {
            let net = mancala_solver::cluster::MpiTransport::init()
                .context("MPI could not be initialized")?;
            let (db, stats) = mancala_solver::solve_distributed(rules, max, &net, progress)?;
            Ok((db, Some(stats)))
        }
    }
}

/// Whether the lean solver (Awari's rules, one process) does the work:
/// the same database in a fraction of the memory.
fn lean_applies(rules: &Rules, cluster: &Cluster) -> bool {
    matches!(cluster, Cluster::Single) && mancala_solver::lean::supports(rules)
}

/// What solving `rules` up to `max` seeds needs with the solver that will run.
fn estimate(rules: &Rules, max: u32, lean: bool) -> MemoryEstimate {
    if lean {
        mancala_solver::lean::memory_estimate(rules, max)
    } else {
        memory_estimate(rules, max)
    }
}

/// Refuses, before anything is allocated, a solve that needs more memory
/// than `--max-memory` or than the machine has available.
fn check_memory(
    rules: &Rules,
    max: u32,
    options: &SolveOptions,
    needed: MemoryEstimate,
    lean: bool,
) -> Result<()> {
    let (limit, what) = match options.max_memory {
        Some(limit) => (limit, format!("--max-memory {}", size_arg(limit))),
        None => match memory_available() {
            Some(available) => (
                available,
                "the memory available (MemAvailable in /proc/meminfo)".to_string(),
            ),
            None => return Ok(()),
        },
    };
    if needed.total() <= limit {
        return Ok(());
    }
    let mut fewer = String::new();
    if let Some(k) = (0..max)
        .rev()
        .find(|&k| estimate(rules, k, lean).total() <= limit)
    {
        fewer = format!(
            ", or solve fewer positions with --max-seeds {k} (about {})",
            size(estimate(rules, k, lean).total())
        );
    }
    bail!(
        "solving {} up to {max} seeds on the board needs about {} (database {}, working memory {}), \
         more than {what} ({}); --max-memory {} would allow it{fewer}",
        rules.title(),
        size(needed.total()),
        size(needed.database),
        size(needed.working),
        size(limit),
        size_arg(needed.total())
    )
}

/// `mancala solve GAME [--out FILE] [--max-seeds K] [--max-memory SIZE] [--json]`.
pub fn solve(
    rules: &Rules,
    out_path: Option<PathBuf>,
    options: &SolveOptions,
    out: &mut impl Write,
) -> Result<()> {
    let max_seeds = options.max_seeds;
    let cluster = cluster(options)?;
    // In an MPI job only rank 0 speaks and writes.
    let speaks = match cluster {
        #[cfg(feature = "mpi")]
        Cluster::Mpi => std::env::var("OMPI_COMM_WORLD_RANK")
            .or_else(|_| std::env::var("PMI_RANK"))
            .map_or(true, |r| r == "0"),
        _ => true,
    };
    let name = rules.title();
    let total = rules.total_seeds();
    if options.graph {
        return solve_graph(rules, out_path, options, out);
    }
    if mancala_solver::bounds::supports(rules) {
        if options.local_ranks.is_some() || options.search || options.guess.is_some() {
            bail!(
                "{name}'s endgame databases are built by one process, without --local-ranks, --search or --guess"
            );
        }
        return solve_bounds(rules, out_path, options, out);
    }
    // Rules the database solver cannot represent are solved by their game
    // graph, as are the games asked so (solving the empty board only costs
    // nothing).
    if let Err(refused) = mancala_solver::solve_up_to(rules, 0, false) {
        if let Err(also) = mancala_solver::graph::check_graph_supported(rules) {
            bail!("{refused}; nor by its game graph: {also}");
        }
        return solve_graph(rules, out_path, options, out).map_err(|e| {
            e.context(format!(
                "{refused}, so the game graph reachable from the opening was solved instead"
            ))
        });
    }
    let max = max_seeds.unwrap_or(total).min(total);
    let n = positions(rules, max);
    // Kalah too large to enumerate (or asked with --search): searched from
    // the opening above a database of the boards with few seeds.
    if let Some(k) = KalahRules::of(rules)
        && (options.search || positions(rules, total) > MAX_POSITIONS)
    {
        if let Some(path) = &out_path {
            bail!(
                "--out {}: {name} is solved by search, which writes no database of its own \
                 (its endgame database is kept in the data directory); leave out --out",
                path.display()
            );
        }
        return solve_kalah_search(rules, k, max_seeds, options, out);
    }
    if options.guess.is_some() {
        bail!(
            "--guess is for Kalah solved by search (a Kalah game too large to enumerate, or --search); \
             {name} is solved by retrograde analysis, which needs no guess"
        );
    }
    let lean = lean_applies(rules, &cluster);
    // The lean solver's limit is the memory check below.
    if n > MAX_POSITIONS && !lean {
        let k = seeds_within(rules, SUGGESTED_POSITIONS);
        let suggestion = format!(
            "solve the positions with few seeds on the board with --max-seeds K (--max-seeds {k}: {} positions)",
            thousands(positions(rules, k))
        );
        match max_seeds {
            None => bail!(
                "{name} has {} positions with up to all its {total} seeds on the board, too many to solve \
                 (the limit is {}); {suggestion}",
                thousands(n),
                thousands(MAX_POSITIONS)
            ),
            Some(given) if given > total => bail!(
                "--max-seeds {given} is more than the {total} seeds of {name}, so it means every position: {} \
                 positions, too many to solve (the limit is {}); {suggestion}",
                thousands(n),
                thousands(MAX_POSITIONS)
            ),
            Some(given) => bail!(
                "--max-seeds {given} gives {} positions, too many to solve (the limit is {}); {suggestion}",
                thousands(n),
                thousands(MAX_POSITIONS)
            ),
        }
    }
    let needed = estimate(rules, max, lean);
    check_memory(rules, max, options, needed, lean)?;
    let path = match out_path {
        Some(p) => p,
        None => mancala_solver::default_path(rules)
            .context("no data directory to write the database to (set MANCALA_DATA or HOME), or give --out FILE")?,
    };
    // Refused before the work rather than after it.
    mancala_solver::check_write_target(&path)?;
    create_data_dir(&path)?;
    let covered = if max == total {
        format!("every position, 0 to {total} seeds on the board")
    } else {
        format!("the positions with 0 to {max} of the {total} seeds on the board")
    };
    if !options.json && speaks {
        writeln!(
            out,
            "Solving {name} into a {} database: {} ({covered}, either side to move).",
            DbKind::of(rules).as_str(),
            count(n, "position", "positions")
        )?;
        writeln!(
            out,
            "Memory: about {} (database {}, working memory {}).",
            size(needed.total()),
            size(needed.database),
            size(needed.working)
        )?;
        out.flush()?;
    }
    let (db, stats) = run_solver(rules, max, &cluster, !options.json && speaks)?;
    let Some(db) = db else {
        // Another rank of the job: rank 0 writes the database.
        return Ok(());
    };
    let took = db.build_time().unwrap_or_default();
    db.write(&path)?;
    if options.json {
        say_written(&path, db.file_size());
        let start = rules.start();
        let eval = db.eval(&start);
        let value = eval.map(|e| mancala_ai::perfect::ai_value(&db, &start, e));
        let margin = eval
            .filter(|_| db.kind() == DbKind::Margin)
            .map(|e| e.value);
        let mut object = serde_json::json!({
            "game": rules.id(),
            "name": name,
            "kind": db.kind().as_str(),
            "value_text": value.map(|v| mancala_ai::format_value(rules, v)),
            "margin_seeds": margin,
            "positions": db.positions(),
            "seconds": took.as_secs_f64(),
            "max_seeds": db.max_seeds(),
            "total_seeds": total,
            "memory_estimate": needed.total(),
            "file": path.display().to_string(),
            "file_bytes": db.file_size(),
            "ranks": stats.map(|s| s.ranks),
            "words_sent": stats.map(|s| s.words_sent),
            "reachable_positions": KalahRules::of(rules).and_then(mancala_solver::kalah::reachable_positions),
        });
        if let Some(v) = value {
            let map = object.as_object_mut().expect("an object");
            // `margin_seeds` is there already; a win/loss database adds its plies.
            for (key, field) in crate::units::proven_value_fields(rules, v) {
                map.entry(key).or_insert(field);
            }
        }
        writeln!(out, "{object}")?;
        return Ok(());
    }
    let rate = db.positions() as f64 / took.as_secs_f64().max(1e-9);
    writeln!(
        out,
        "Solved in {} ({} positions/s).",
        seconds(took),
        thousands(rate as u64)
    )?;
    if let Some(stats) = stats {
        writeln!(
            out,
            "On {} ranks: {} words of 8 bytes sent between them in {} exchanges.",
            stats.ranks,
            thousands(stats.words_sent),
            thousands(stats.exchanges)
        )?;
    }
    writeln!(out, "Wrote {}: {}.", path.display(), size(db.file_size()))?;
    write_opening(&db, out)?;
    Ok(())
}

/// The memory the game-graph solver may take when neither `--max-memory`
/// nor the machine says: 8 GiB.
const GRAPH_DEFAULT_MEMORY: u64 = 8 << 30;

/// A value of the game-graph solver in words: `win in 17 plies`, `draw`,
/// `+3 seeds`.
fn graph_value_text(kind: DbKind, e: Eval) -> String {
    match (kind, e.value.signum()) {
        (DbKind::WinLossDraw, 1) => format!("win in {}", count(e.plies as u64, "ply", "plies")),
        (DbKind::WinLossDraw, -1) => format!("loss in {}", count(e.plies as u64, "ply", "plies")),
        (DbKind::WinLossDraw, _) => "draw".to_string(),
        (DbKind::Margin, _) => format!(
            "{:+} {}",
            e.value,
            if e.value.abs() == 1 { "seed" } else { "seeds" }
        ),
    }
}

/// `mancala solve GAME --graph`, and games the databases cannot represent:
/// the game graph reachable from the opening, solved in memory
/// (`mancala_solver::graph`); prints the opening's value and every first
/// move's.
fn solve_graph(
    rules: &Rules,
    out_path: Option<PathBuf>,
    options: &SolveOptions,
    out: &mut impl Write,
) -> Result<()> {
    let name = rules.title();
    if let Some(path) = &out_path {
        bail!(
            "--out {}: {name} is solved by its game graph, in memory, which writes no database; leave out --out",
            path.display()
        );
    }
    if options.max_seeds.is_some()
        || options.local_ranks.is_some()
        || options.search
        || options.guess.is_some()
    {
        bail!(
            "{name} is solved by its game graph, every position reachable from the opening, \
             without --max-seeds, --local-ranks, --search or --guess"
        );
    }
    let (limit, what) = match options.max_memory {
        Some(limit) => (limit, format!("--max-memory {}", size_arg(limit))),
        None => match memory_available() {
            Some(available) => (
                available,
                "the memory available (MemAvailable in /proc/meminfo)".to_string(),
            ),
            None => (GRAPH_DEFAULT_MEMORY, "8 GiB".to_string()),
        },
    };
    if !options.json {
        writeln!(
            out,
            "Solving {name} by its game graph: every position reachable from the opening, \
             in at most {} of memory.",
            size(limit)
        )?;
        out.flush()?;
    }
    let solved = match mancala_solver::graph::solve_graph(rules, limit, !options.json) {
        Err(mancala_solver::SolveError::TooLarge { positions, .. }) => bail!(
            "the game graph of {name} is too large: {} positions reached and more to come, over {what} ({}); \
             a larger --max-memory may allow it",
            thousands(positions),
            size(limit)
        ),
        other => other?,
    };
    let kind = solved.kind;
    let to_move = rules.start().to_move();
    let label = |mv| mancala_core::notation::move_label(rules, mv);
    let perfect: Vec<String> = solved.perfect_moves().into_iter().map(label).collect();
    if options.json {
        let moves: Vec<serde_json::Value> = solved
            .moves
            .iter()
            .map(|&(mv, e)| {
                serde_json::json!({
                    "move": label(mv),
                    "value": e.value,
                    "plies": (kind == DbKind::WinLossDraw && e.value != 0).then_some(e.plies),
                    "value_text": graph_value_text(kind, e),
                })
            })
            .collect();
        let object = serde_json::json!({
            "game": rules.id(),
            "name": name,
            "solver": "graph",
            "kind": kind.as_str(),
            "to_move": to_move.as_str(),
            "value": solved.value.value,
            "plies": (kind == DbKind::WinLossDraw && solved.value.value != 0).then_some(solved.value.plies),
            "value_text": graph_value_text(kind, solved.value),
            "perfect_moves": perfect,
            "moves": moves,
            "positions": solved.positions,
            "edges": solved.edges,
            "seconds": solved.elapsed.as_secs_f64(),
            "max_memory": limit,
        });
        writeln!(out, "{object}")?;
        return Ok(());
    }
    writeln!(
        out,
        "{} and {} solved in {}.",
        count(solved.positions, "position", "positions"),
        count(solved.edges, "move", "moves"),
        seconds(solved.elapsed)
    )?;
    writeln!(
        out,
        "The opening, {} to move: {} with perfect play.",
        to_move.title(),
        graph_value_text(kind, solved.value)
    )?;
    if solved.moves.is_empty() {
        writeln!(out, "The game is over at the opening, before any move.")?;
        return Ok(());
    }
    writeln!(out, "Perfect first moves: {}.", perfect.join(", "))?;
    writeln!(out, "Every first move, for {}:", to_move.title())?;
    let width = solved
        .moves
        .iter()
        .map(|&(mv, _)| label(mv).chars().count())
        .max()
        .unwrap_or(0);
    for &(mv, e) in &solved.moves {
        writeln!(
            out,
            "  {:<width$}  {}",
            label(mv),
            graph_value_text(kind, e)
        )?;
    }
    Ok(())
}

/// Creates the data directory when `path` is in it and it is missing (the
/// program's own place; a folder the user named must exist already, which
/// `main` checked).
fn create_data_dir(path: &Path) -> Result<()> {
    if let Some(dir) = mancala_solver::data_dir()
        && path.parent() == Some(dir.as_path())
        && !dir.is_dir()
    {
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the data directory {}", dir.display()))?;
        eprintln!("Created the data directory {}.", dir.display());
    }
    Ok(())
}

/// With `--json` (where stdout is the JSON object), says on stderr what
/// was written where: a database written into the data directory is a
/// file the user did not name.
fn say_written(path: &Path, bytes: u64) {
    let place = match mancala_solver::data_dir() {
        Some(dir) if path.parent() == Some(dir.as_path()) => {
            " (the data directory, where `perfect`, hints, `analyze` and `serve` find it)"
        }
        _ => "",
    };
    eprintln!("Wrote {}{place}: {}.", path.display(), size(bytes));
}

/// The boards a Kalah search database holds by default: one byte each.
pub const KALAH_DB_BOARDS: u64 = 250_000_000;

/// Kalah search databases of at least this many boards (a tenth of a second's
/// build) are kept in the data directory and read from it the next time.
pub const KALAH_DB_KEPT_BOARDS: u64 = 1_000_000;

/// The Kalah search database of the boards with at most `limit` seeds
/// (`boards` of them): read from the data directory when it is there and
/// sound, else built, and then kept there when it is big enough to be worth
/// it. The file used, if any, and whether it was read.
fn kalah_database(
    k: KalahRules,
    limit: u32,
    boards: u64,
    progress: bool,
) -> (KalahDb, Option<(PathBuf, bool)>) {
    let path = mancala_solver::data_dir()
        .filter(|_| boards >= KALAH_DB_KEPT_BOARDS)
        .map(|dir| dir.join(KalahDb::file_name(k, limit)));
    let Some(path) = path else {
        return (KalahDb::build(k, limit, progress), None);
    };
    if path.is_file() {
        match KalahDb::open(&path, k, limit) {
            Ok(db) => return (db, Some((path, true))),
            // A damaged file or one of an older format: built again.
            Err(e) => eprintln!("{e}; building the database again."),
        }
    }
    let db = KalahDb::build(k, limit, progress);
    // Keeping the file is a convenience: a read-only or full disk only
    // costs the next run the build.
    let kept = create_data_dir(&path)
        .map_err(|e| e.to_string())
        .and_then(|()| db.write(&path).map_err(|e| e.to_string()));
    match kept {
        Ok(()) => {
            eprintln!("Kept the database in {} for the next run.", path.display());
            (db, Some((path, false)))
        }
        Err(e) => {
            eprintln!("The database could not be kept ({e}); the next run builds it again.");
            (db, None)
        }
    }
}

/// Kalah by search from the opening above a database of the boards with at
/// most `limit` seeds (built first, in memory).
fn solve_kalah_search(
    rules: &Rules,
    k: KalahRules,
    limit: Option<u32>,
    options: &SolveOptions,
    out: &mut impl Write,
) -> Result<()> {
    let name = rules.title();
    let started = Instant::now();
    let holes = rules.holes();
    let boards = |k: u32| Indexer::new(holes, k).total() / 2;
    let limit = match limit {
        Some(given) => given.min(rules.total_seeds()),
        None => (0..rules.total_seeds())
            .take_while(|&k| boards(k) <= KALAH_DB_BOARDS)
            .last()
            .unwrap_or(0),
    };
    let db_bytes = boards(limit);
    // The transposition table, in 16-byte units: no more than half of
    // what is left besides the database.
    let room = options
        .max_memory
        .or_else(memory_available)
        .unwrap_or(4 << 30);
    if db_bytes > room {
        bail!(
            "a database of the boards with up to {limit} seeds needs {}, more than {}; use a smaller --max-seeds",
            size(db_bytes),
            size(room)
        );
    }
    // 256 MiB for a search of tens of millions of nodes (Kalah(6,4) above
    // 20 seeds: 28 seeds above the database), twice as much for every two
    // seeds more, 2 GiB at most: a table larger than the search needs
    // costs more in cache and page misses than it saves in nodes
    // (Kalah(6,4): 295 ns a node with 256 MiB, 706 ns with 2 GiB, for 3 %
    // fewer nodes).
    let above = rules.total_seeds().saturating_sub(limit);
    let mut entries: u64 = 1 << (24 + (above.saturating_sub(28) / 2).min(3));
    while entries > 1 << 16 && entries * 16 > (room - db_bytes) / 2 {
        entries /= 2;
    }
    let progress = !options.json;
    if progress {
        writeln!(
            out,
            "Solving {name} by search above a database of the {} boards with at most {limit} of its {} seeds \
             ({}), with a transposition table of {} entries ({}).",
            thousands(db_bytes),
            rules.total_seeds(),
            size(db_bytes),
            thousands(entries / 4 * 3),
            size(entries * 16)
        )?;
        out.flush()?;
    }
    let (db, kept) = kalah_database(k, limit, db_bytes, progress);
    let db_seconds = started.elapsed().as_secs_f64();
    if progress {
        match &kept {
            Some((path, true)) => writeln!(
                out,
                "Database read from {} in {db_seconds:.1} s; searching from the opening.",
                path.display()
            )?,
            _ => writeln!(
                out,
                "Database built in {db_seconds:.1} s; searching from the opening."
            )?,
        }
        out.flush()?;
    }
    // Every core searches each MTD(f) pass over the shared table (the
    // value is exact whatever the number; only the nodes vary).
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let opts = SearchOptions {
        table_entries: entries as usize,
        progress,
        threads,
        first_guess: options.guess.unwrap_or(0),
    };
    let report = solve_kalah(k, Some(&db), &opts);
    let line: Vec<String> = report
        .line
        .iter()
        .map(|&mv| mancala_core::notation::move_label(rules, mv))
        .collect();
    // The perfect game, replayed by the engine, must end with the value.
    let replayed = replay_margin(rules, &report.line)
        .map_err(|e| anyhow::anyhow!("the perfect game found does not replay: {e}"))?;
    if replayed != report.value {
        bail!(
            "the perfect game found ends {replayed:+}, not the value {:+}",
            report.value
        );
    }
    let value = 2 * report.value;
    let seconds_total = started.elapsed().as_secs_f64();
    if options.json {
        let object = serde_json::json!({
            "game": rules.id(),
            "name": name,
            "kind": "margin",
            "method": "search above databases",
            "value_text": mancala_ai::format_value(rules, value),
            "margin_seeds": report.value,
            "positions": report.nodes,
            "positions_are": "search nodes (positions searched above the database, over every MTD(f) pass)",
            "database_probes": report.probes,
            "seconds": seconds_total,
            "search_seconds": report.elapsed.as_secs_f64(),
            "database_seconds": db_seconds,
            "database_file": kept.as_ref().map(|(path, _)| path.display().to_string()),
            "database_read": kept.as_ref().is_some_and(|&(_, read)| read),
            "max_seeds": db.max_seeds(),
            "database_boards": db.boards(),
            "table_entries": entries / 4 * 3,
            "table_bytes": entries * 16,
            "threads": threads,
            "total_seeds": rules.total_seeds(),
            "perfect_game": line.join(" "),
            "reachable_positions": mancala_solver::kalah::reachable_positions(k),
        });
        writeln!(out, "{object}")?;
        return Ok(());
    }
    let first = rules.start().to_move();
    let v = report.value;
    let result = match v.signum() {
        0 => "a draw with perfect play".to_string(),
        s => format!(
            "{} wins by {} with perfect play",
            if s > 0 { first } else { first.opponent() },
            v.abs()
        ),
    };
    writeln!(
        out,
        "Searched {} positions ({} database probes) in {}.",
        thousands(report.nodes),
        thousands(report.probes),
        seconds(report.elapsed)
    )?;
    writeln!(
        out,
        "Opening ({first} to move): {v:+} seeds for {first}: {result}."
    )?;
    writeln!(out, "A perfect game: {}", line.join(" "))?;
    Ok(())
}

/// The opening's value, as `docs/solutions.md` gives it.
fn write_opening(db: &Database, out: &mut impl Write) -> Result<()> {
    let rules = db.rules();
    let start = rules.start();
    let first = start.to_move();
    if let Some(opening) = figures::opening(db) {
        let value = opening.value.value;
        match db.kind() {
            DbKind::Margin => {
                let total = rules.total_seeds() as i32;
                let keeps = rules.spec().capture.seeds_go_to() == Destination::Mover;
                let result = match value.signum() {
                    0 => "a draw with perfect play".to_string(),
                    s => {
                        let winner = if s > 0 { first } else { first.opponent() };
                        let (w, l) = ((total + value.abs()) / 2, (total - value.abs()) / 2);
                        if keeps && (total + value).rem_euclid(2) == 0 {
                            format!("{winner} wins {w}-{l} with perfect play")
                        } else {
                            format!("{winner} wins by {} with perfect play", value.abs())
                        }
                    }
                };
                writeln!(
                    out,
                    "Opening ({first} to move): {value:+} seeds for {first}: {result}."
                )?;
                for (label, e) in &opening.moves {
                    let plies = if e.plies == 1 {
                        "1 ply".to_string()
                    } else {
                        format!("{} plies", e.plies)
                    };
                    writeln!(
                        out,
                        "  {label}: {} for {first} ({plies} to the next capture or the end)",
                        mancala_ai::ValueUnit::MarginSeeds(f64::from(e.value))
                    )?;
                }
            }
            DbKind::WinLossDraw => {
                writeln!(
                    out,
                    "Opening ({first} to move): {}.",
                    wld_text(first, opening.value)
                )?;
                for (label, e) in &opening.moves {
                    writeln!(out, "  {label}: {}", wld_text(first, *e))?;
                }
            }
        }
        return Ok(());
    }
    let seeds = start.seeds_on_board();
    match db.kind() {
        DbKind::Margin => writeln!(
            out,
            "Opening: {seeds} seeds on the board, beyond the database (up to {}); perfect play starts below it.",
            db.max_seeds()
        )?,
        DbKind::WinLossDraw => {
            // A quick look: above a 16-seed database the proof takes 0.2 s.
            let opts = ProofOptions {
                max_nodes: 2_000_000,
                time_limit: Duration::from_secs(10),
                max_table: 4 << 20,
                ..ProofOptions::default()
            };
            let report = prove(db, &start, &opts);
            let search = format!(
                "a search of {} plies above it ({} positions, {})",
                report.depth,
                thousands(report.nodes),
                seconds(report.elapsed)
            );
            let what = match report.root.exact_value() {
                Some(1) => format!("{first} wins, proved by {search}"),
                Some(-1) => format!("{} wins, proved by {search}", first.opponent()),
                Some(_) => format!("a draw, proved by {search}"),
                None => format!("not settled by {search}: {} for {first}", report.root),
            };
            writeln!(
                out,
                "Opening ({first} to move, {seeds} seeds on the board, above the database): {what}."
            )?;
        }
    }
    Ok(())
}

/// `South wins in 37 plies` for the player to move `side`.
fn wld_text(side: Side, e: Eval) -> String {
    match e.value.signum() {
        1 => format!("{side} wins in {} plies", e.plies),
        -1 => format!("{} wins in {} plies", side.opponent(), e.plies),
        _ => "a draw".to_string(),
    }
}

/// What the header of a database file says about its rules: the SHA-256
/// (offset 48) and the game's id and name (offset 84, lengths at 80 and
/// 82). `None` for a file too short or without the magic; [`Database::open`]
/// then says what is wrong.
fn header_rules(path: &Path) -> Result<Option<([u8; 32], String, String)>> {
    use std::io::Read;
    // Before opening: a FIFO would block for ever.
    mancala_solver::check_database_file(path)?;
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(4096).read_to_end(&mut head))
        .with_context(|| format!("cannot read {}", path.display()))?;
    if head.len() < 84 || &head[..8] != b"MNCLADB\n" {
        return Ok(None);
    }
    let mut hash = [0u8; 32];
    hash.copy_from_slice(&head[48..80]);
    let id_len = u16::from_le_bytes([head[80], head[81]]) as usize;
    let name_len = u16::from_le_bytes([head[82], head[83]]) as usize;
    let text = |a: usize, b: usize| {
        head.get(a..b)
            .map(|t| String::from_utf8_lossy(t).into_owned())
    };
    let id = text(84, 84 + id_len).unwrap_or_default();
    let name = text(84 + id_len, 84 + id_len + name_len).unwrap_or_default();
    Ok(Some((hash, id, name)))
}

/// The rules of the database `path` when no game is given: the built-in
/// game whose rules hash the header records.
fn infer_rules(path: &Path) -> Result<Rules> {
    let builtins: Vec<Rules> = Rules::builtin_ids()
        .map(Rules::builtin)
        .collect::<Result<_, _>>()?;
    let Some((hash, id, name)) = header_rules(path)? else {
        // Not a database: let the reader say why.
        let err = Database::open(path, &builtins[0]).expect_err("not a database");
        return Err(err.into());
    };
    if let Some(rules) = builtins.into_iter().find(|r| rules_hash(r) == hash) {
        return Ok(rules);
    }
    // A built-in game with board parameters (`kalah:holes=4`): its id
    // rebuilds it.
    if let Some((base, _)) = id.rsplit_once(':')
        && Rules::builtin_source(base).is_some()
        && let Ok(rules) = Rules::load(&id)
        && rules_hash(&rules) == hash
    {
        return Ok(rules);
    }
    bail!(
        "{} was built for {name} (game id `{id}`), whose rules are not those of any built-in game; \
         give its rule file with --game FILE",
        path.display()
    )
}

/// A database file with the rules it was built for: `game`, or else the
/// built-in game whose rules the file records.
fn open_for(path: &Path, game: Option<&str>) -> Result<(Rules, Database)> {
    let rules = match game {
        Some(g) => Rules::load(g)?,
        None => infer_rules(path)?,
    };
    let db = Database::open(path, &rules).map_err(|e| match e {
        DbError::WrongRules(m) => anyhow::anyhow!("{m}"),
        other => anyhow::Error::new(other),
    })?;
    Ok((rules, db))
}

/// `mancala verify FILE [--game GAME]`: exit 0 when the database is
/// consistent, 1 when mismatches are found (errors, exit 2, are returned).
pub fn verify(path: &Path, game: Option<&str>, out: &mut impl Write) -> Result<ExitCode> {
    let (rules, db) = open_for(path, game)?;
    let covered = if db.max_seeds() == rules.total_seeds() {
        "every position".to_string()
    } else {
        format!(
            "up to {} of the {} seeds on the board",
            db.max_seeds(),
            rules.total_seeds()
        )
    };
    writeln!(
        out,
        "Verifying {} ({}, {} database, {}, {covered}).",
        path.display(),
        rules.title(),
        db.kind().as_str(),
        count(db.positions(), "position", "positions")
    )?;
    out.flush()?;
    let opts = VerifyOptions {
        progress: true,
        ..VerifyOptions::for_rules(&rules)
    };
    let report = verify_with(&db, &rules, &opts)?;
    writeln!(out, "{report}")?;
    Ok(if report.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `mancala db stats`: the South-to-move value distribution, level by level.
pub fn stats(
    path: &Path,
    game: Option<&str>,
    json: bool,
    svg: Option<&Path>,
    out: &mut impl Write,
) -> Result<()> {
    let (rules, db) = open_for(path, game)?;
    let levels = mancala_solver::figures::south_to_move_distribution(&db);
    let kind = db.kind();
    if !json {
        writeln!(
            out,
            "{} ({} database): positions with South to move, by seeds on the board and value for South.",
            rules.title(),
            kind.as_str()
        )?;
    }
    for level in &levels {
        let values: Vec<(i32, u64)> = (0..level.counts.len())
            .filter(|&i| level.counts[i] > 0)
            .map(|i| (level.value_of(i, kind), level.counts[i]))
            .collect();
        if json {
            let map: serde_json::Map<String, serde_json::Value> = values
                .iter()
                .map(|(v, c)| (v.to_string(), serde_json::Value::from(*c)))
                .collect();
            let line = serde_json::json!({ "seeds": level.seeds, "positions": level.positions(), "values": map });
            writeln!(out, "{line}")?;
        } else {
            let cells: Vec<String> = values
                .iter()
                .map(|(v, c)| format!("{v:+}: {}", thousands(*c)))
                .collect();
            writeln!(
                out,
                "{:>3} seeds  {:>14} positions  {}",
                level.seeds,
                thousands(level.positions()),
                cells.join(", ")
            )?;
        }
    }
    if let Some(svg_path) = svg {
        let picture = mancala_solver::figures::distribution_svg(&db, &levels);
        std::fs::write(svg_path, picture)
            .with_context(|| format!("cannot write {}", svg_path.display()))?;
        if !json {
            writeln!(out, "Picture: {}", svg_path.display())?;
        }
    }
    Ok(())
}

/// The most seeds on the board of Oware's endgame databases by default: 20
/// (226 million boards, 451 MB, minutes on two cores).
const BOUNDS_DEFAULT_SEEDS: u32 = 20;

/// `mancala solve oware`: the endgame databases of bounds on the margin
/// (`mancala_solver::bounds`), written to `<data dir>/oware.bounds`, where
/// the alpha-beta players find them.
fn solve_bounds(
    rules: &Rules,
    out_path: Option<PathBuf>,
    options: &SolveOptions,
    out: &mut impl Write,
) -> Result<()> {
    use mancala_solver::bounds::{self, BoundsDb, MAX_SEEDS};
    let name = rules.title();
    let max = options.max_seeds.unwrap_or(BOUNDS_DEFAULT_SEEDS);
    if max > MAX_SEEDS {
        bail!(
            "--max-seeds {max}: {name}'s endgame databases hold at most {MAX_SEEDS} seeds on the board \
             (with more, a capture could reach a majority, which their values ignore)"
        );
    }
    let path = match out_path {
        Some(p) => p,
        None => BoundsDb::default_path(rules)
            .context("no data directory: set MANCALA_DATA or HOME, or give --out FILE")?,
    };
    mancala_solver::check_write_target(&path)?;
    let needed = bounds::memory_estimate(max);
    if let Some(limit) = options.max_memory.or_else(memory_available)
        && needed.total() > limit
    {
        bail!(
            "solving {name} up to {max} seeds on the board needs about {}, more than {}; use a smaller --max-seeds",
            size(needed.total()),
            size(limit)
        );
    }
    if !options.json {
        writeln!(
            out,
            "Solving {name}'s endgames up to {max} seeds on the board: bounds on the margin, about {} of memory.",
            size(needed.total())
        )?;
    }
    let db = bounds::solve_bounds(rules, max, true)?;
    create_data_dir(&path)?;
    db.write(rules, &path)?;
    let secs = db.build_time().unwrap_or_default().as_secs_f64();
    if options.json {
        say_written(&path, std::fs::metadata(&path).map_or(0, |m| m.len()));
        writeln!(
            out,
            "{}",
            serde_json::json!({
                "game": rules.id(),
                "kind": "bounds",
                "max_seeds": max,
                "boards": db.boards(),
                "seconds": secs,
                "memory_estimate": needed.total(),
                "file": path.display().to_string(),
            })
        )?;
    } else {
        writeln!(
            out,
            "{} boards (South to move) in {secs:.1} s, written to {}.",
            thousands(db.boards()),
            path.display()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_without_mpi_says_how_to_build_one() {
        let text = built_without_mpi(2).to_string();
        assert!(
            text.contains("one of 2 ranks")
                && text.contains("built without MPI")
                && text.contains("--features mpi"),
            "{text}"
        );
    }

    #[test]
    fn numbers_read_well() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(71_920), "71,920");
        assert_eq!(thousands(139_337_068_936), "139,337,068,936");
        assert_eq!(size(143_972), "143,972 bytes (140.6 KiB)");
        assert_eq!(size(100), "100 bytes");
    }

    #[test]
    fn memory_sizes_read_and_round_up() {
        assert_eq!(parse_size("8G"), Ok(8 << 30));
        assert_eq!(parse_size("512m"), Ok(512 << 20));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size(" 2 KB "), Ok(2048));
        for bad in ["", "G", "8x", "0", "-1G", "1..5G", "99999999999T"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert_eq!(size_arg(8 << 30), "8G");
        assert_eq!(size_arg((8 << 30) + 1), "9G");
        assert_eq!(size_arg(940_576), "919K");
        assert_eq!(size_arg(1000), "1000");
    }

    #[test]
    fn sizes_and_suggestions() {
        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        assert_eq!(positions(&sadeqa, 16), 60_843_510);
        assert_eq!(positions(&sadeqa, 36), 139_337_068_936);
        assert_eq!(seeds_within(&sadeqa, SUGGESTED_POSITIONS), 16);
        assert_eq!(positions(&Rules::builtin("tihbat").unwrap(), 28), 71_920);
    }
}
