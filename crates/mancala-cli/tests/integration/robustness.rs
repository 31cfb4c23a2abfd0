//! The command line never aborts, never hangs and never destroys
//! a file, whatever it is given. Each test runs the built binary.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A scratch directory of this test process, also the data directory (so
/// that installed databases change nothing).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-robust-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn command(dir: &Path, args: &[&str]) -> Command {
    let mut c = crate::mancala_command();
    c.args(args)
        .env("MANCALA_DATA", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Runs `mancala` and waits at most `limit`: a run still going then is
/// killed and the test fails (a hang).
fn run_within(dir: &Path, args: &[&str], limit: Duration) -> Output {
    let child = command(dir, args).spawn().expect("the binary runs");
    wait_within(child, limit, args)
}

fn wait_within(mut child: Child, limit: Duration, args: &[&str]) -> Output {
    // Read the pipes as the child writes, so that a long output cannot block it.
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("mancala {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A valid game that can go on for ever: one hole a side, one seed, the
/// defaults (no capture, no repetition rule).
const ENDLESS: &str = "name = \"Endless\"\n[board]\nholes_per_row = 1\nseeds_per_hole = 1\n[sowing]\nstart = \"next\"\n";

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

/// Finding 1 (a match is not sized by --games) and finding 7 (Ctrl-C keeps
/// every finished game): a match of 2^32 games starts at once, writes its
/// CSV rows as games end, and on SIGINT prints the report of the games
/// played, every one of them in the CSV. Before, the match aborted at once
/// (exit 134) allocating 824 GB, and an interrupted match wrote no CSV.
#[test]
fn a_huge_match_streams_and_an_interrupt_keeps_every_finished_game() {
    let dir = scratch("huge-match");
    let csv = dir.join("games.csv");
    let args = [
        "match",
        "tihbat",
        "--south",
        "random",
        "--north",
        "random",
        "--games",
        "4294967296",
        "--seed",
        "1",
        "--json",
        "--csv",
        csv.to_str().unwrap(),
    ];
    let child = command(&dir, &args).spawn().unwrap();
    let pid = child.id();
    let start = Instant::now();
    while fs::read_to_string(&csv).map_or(0, |t| t.lines().count()) < 10 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no game written after 30 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let kill = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = wait_within(child, Duration::from_secs(60), &args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("Interrupted:"), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let games = report["games"].as_u64().unwrap();
    assert!(games >= 10 && report["interrupted"] == true, "{report}");
    let rows = fs::read_to_string(&csv).unwrap();
    assert!(rows.starts_with("index,south,north,"), "{rows}");
    assert_eq!(
        rows.lines().count() as u64,
        games + 1,
        "a row per game played"
    );
    let wins = report["player1_wins"].as_u64().unwrap();
    assert_eq!(
        rows.lines().filter(|l| l.contains(",win,")).count() as u64,
        wins
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Finding 2: a player spec's sizes are bounded, and the refusal names the
/// limit (exit 2). Before, trees=100000 reserved about 30 GB and aborted.
#[test]
fn a_player_spec_with_too_many_trees_is_refused_with_the_limit() {
    let dir = scratch("trees");
    let args = [
        "match",
        "tihbat",
        "--south",
        "mcts:playouts=10,trees=100000",
        "--north",
        "random",
        "--games",
        "1",
    ];
    let out = run_within(&dir, &args, Duration::from_secs(30));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("at most 16 trees"),
        "{}",
        stderr(&out)
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Finding 3: `bench` and `play` between two computers end a game that can
/// go on for ever at the engine's ply limit, as a draw, as `match` does.
/// Before, `bench` finished no game (and grew until it aborted at 4 GB) and
/// `play` never ended.
#[test]
fn games_that_never_end_are_drawn_at_the_ply_limit_in_bench_play_and_match() {
    let dir = scratch("endless");
    let rules = dir.join("endless.toml");
    fs::write(&rules, ENDLESS).unwrap();
    let game = rules.to_str().unwrap();
    let out = run_within(
        &dir,
        &["bench", game, "--seconds", "0.3", "--json"],
        Duration::from_secs(30),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let bench: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(bench["games"].as_u64().unwrap() > 0, "{bench}");
    assert_eq!(bench["mean_plies"].as_f64(), Some(10_000.0), "{bench}");

    let out = run_within(
        &dir,
        &[
            "play", game, "--south", "random", "--north", "random", "--seed", "3",
        ],
        Duration::from_secs(60),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Result: draw"),
        "{}",
        &stdout(&out)[..2000.min(stdout(&out).len())]
    );
    assert!(stdout(&out).contains("limit of 10000 plies"));

    let out = run_within(
        &dir,
        &[
            "match", game, "--south", "random", "--north", "random", "--games", "2", "--json",
        ],
        Duration::from_secs(60),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (report["draws"].as_u64(), report["longest_plies"].as_u64()),
        (Some(2), Some(10_000)),
        "{report}"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Finding 4: a database path that is a FIFO is refused before it is
/// opened by `verify`, `analyze --db` and `perfect:db=` (before, each of them
/// waited for a writer for ever); a directory or /dev/null is named for
/// what it is (before: "No such device").
#[test]
fn database_paths_that_are_not_regular_files_are_refused_at_once() {
    let dir = scratch("fifo");
    let fifo = dir.join("tihbat.mdb");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    let perfect = format!("perfect:db={f}");
    let runs: [&[&str]; 5] = [
        &["verify", f],
        &["verify", f, "--game", "tihbat"],
        &["analyze", "tihbat", "--db", f],
        &[
            "match", "tihbat", "--south", &perfect, "--north", "random", "--games", "1",
        ],
        &["play", "tihbat", "--south", &perfect, "--north", "random"],
    ];
    for args in runs {
        let out = run_within(&dir, args, Duration::from_secs(20));
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("is a FIFO, not a database file"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    for (path, what) in [
        (dir.to_str().unwrap(), "is a directory"),
        ("/dev/null", "is a character device"),
    ] {
        let out = run_within(
            &dir,
            &["analyze", "tihbat", "--db", path],
            Duration::from_secs(20),
        );
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains(&format!("{path} {what}, not a database file")),
            "{}",
            stderr(&out)
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Finding 6: `solve --out` writes only to a new or a regular file: a
/// symbolic link, a FIFO or a directory is refused (before any solving) and
/// left as it was. Before, each was replaced by a regular file.
#[test]
fn solve_out_replaces_only_regular_files() {
    let dir = scratch("solve-out");
    let kept = dir.join("kept.txt");
    fs::write(&kept, "precious").unwrap();
    let link = dir.join("link.mdb");
    std::os::unix::fs::symlink(&kept, &link).unwrap();
    let fifo = dir.join("fifo.mdb");
    mkfifo(&fifo);
    for (path, what) in [
        (&link, "a symbolic link"),
        (&fifo, "a FIFO"),
        (&dir, "a directory"),
    ] {
        let out = run_within(
            &dir,
            &["solve", "tihbat", "--out", path.to_str().unwrap()],
            Duration::from_secs(60),
        );
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("it is {what}")),
            "{}",
            stderr(&out)
        );
        assert!(!stdout(&out).contains("Solving"), "refused before the work");
    }
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read_to_string(&kept).unwrap(), "precious");
    {
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    }
    // A regular file is replaced by the database.
    let out = run_within(
        &dir,
        &["solve", "tihbat", "--out", kept.to_str().unwrap()],
        Duration::from_secs(120),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run_within(
        &dir,
        &["verify", kept.to_str().unwrap()],
        Duration::from_secs(120),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let _ = fs::remove_dir_all(&dir);
}

/// Finding 9, messages about files: an OS error is printed once, and
/// `--max-seeds` is reported as given.
#[test]
fn file_errors_are_said_once_and_max_seeds_as_given() {
    let dir = scratch("messages");
    let missing = dir.join("missing.mdb");
    let out = run_within(
        &dir,
        &["verify", missing.to_str().unwrap(), "--game", "tihbat"],
        Duration::from_secs(20),
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).matches("os error 2").count(),
        1,
        "{}",
        stderr(&out)
    );
    let out = run_within(
        &dir,
        &["analyze", "tihbat", "--db", missing.to_str().unwrap()],
        Duration::from_secs(20),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.matches("os error 2").count(), 1, "{err}");
    assert_eq!(
        err.matches("missing.mdb").count(),
        1,
        "the path once: {err}"
    );
    let out = run_within(
        &dir,
        &["solve", "sadeqa-ii", "--max-seeds", "100"],
        Duration::from_secs(20),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--max-seeds 100 is more than the 36 seeds"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("--max-seeds 36"), "{}", stderr(&out));
    let _ = fs::remove_dir_all(&dir);
}

/// A relay game without capture with `holes` holes a row of `seeds` seeds.
fn relay_rules(holes: u32, seeds: u32) -> String {
    format!(
        "name = \"Relay\"\n[board]\nholes_per_row = {holes}\nseeds_per_hole = {seeds}\n\
         [sowing]\nstart = \"next\"\nlaps = \"relay\"\n[capture]\nrule = \"none\"\n"
    )
}

/// Finding 5: time budgets hold in relay games of many seeds. The game of
/// the report (6 holes of 4 seeds: one sowing took seconds, and `bench
/// --seconds 0.2` ran 13.5 s) was first refused by a 40-seed limit on relay
/// sowing; the limit is gone (a relay is proved endless by one period of its
/// cycle, and searches take a relay still going after
/// `SEARCH_RELAY_LAPS` laps for endless), and `bench`, `analyze --time` and
/// timed players keep their budgets (the clock is read about every 0.2 ms,
/// however long a move takes, instead of every 1024 moves or nodes). `bench`
/// takes a relay as searches do (endless after `SEARCH_RELAY_LAPS` laps):
/// playing exactly, one proof that a 48-seed sowing never ends took over 3 s
/// in a debug build.
#[test]
fn time_budgets_hold_in_relay_games_of_many_seeds() {
    let dir = scratch("relay");
    for (holes, seeds) in [(5, 4), (10, 2), (4, 5), (6, 4)] {
        let path = dir.join(format!("relay-{holes}x{seeds}.toml"));
        fs::write(&path, relay_rules(holes, seeds)).unwrap();
        let game = path.to_str().unwrap();
        for seed in ["1", "2", "3"] {
            let start = Instant::now();
            let out = run_within(
                &dir,
                &["bench", game, "--seconds", "0.2", "--seed", seed],
                Duration::from_secs(20),
            );
            assert!(out.status.success(), "{}", stderr(&out));
            assert!(
                start.elapsed() < Duration::from_secs(3),
                "bench --seconds 0.2 took {:?}",
                start.elapsed()
            );
        }
        let start = Instant::now();
        let out = run_within(
            &dir,
            &["analyze", game, "A", "--time", "100"],
            Duration::from_secs(20),
        );
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "analyze --time 100 took {:?}",
            start.elapsed()
        );
    }
    let _ = fs::remove_dir_all(&dir);
}
