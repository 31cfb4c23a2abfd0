//! End-to-end tests of the `mancala` binary: every command run as a process.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const GAMES: [&str; 4] = ["modiar", "tihbat", "sadeqa-ii", "oware"];

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala")).args(args).output().expect("the binary runs")
}

/// Runs `mancala` with `input` piped to its stdin.
fn mancala_with_input(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input.as_ref()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

/// Equal JSON values, numbers compared by value (20 == 20.0).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[test]
fn replay_reproduces_every_vector() {
    let keys = ["game", "board", "to_move", "ply", "legal", "over", "captured", "winner", "score"];
    let mut files: Vec<PathBuf> = fs::read_dir(vectors_dir())
        .expect("tests/vectors exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "vector files: {files:?}");
    let mut checked = 0;
    for file in &files {
        let game = file.file_stem().unwrap().to_str().unwrap();
        for (i, line) in fs::read_to_string(file).unwrap().lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let case: Value = serde_json::from_str(line).unwrap();
            let moves = case["moves"].as_str().unwrap();
            let out = mancala(&["replay", game, moves]);
            assert!(out.status.success(), "{game}:{} {moves:?}: {}", i + 1, stderr(&out));
            let text = stdout(&out);
            assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
            let got: Value = serde_json::from_str(&text).unwrap();
            for key in keys {
                if let Some(want) = case["final"].get(key) {
                    let have = got.get(key).unwrap_or(&Value::Null);
                    assert!(same(want, have), "{game}:{} {moves:?}: {key} is {have}, want {want}", i + 1);
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 200, "only {checked} vectors");
}

#[test]
fn replay_takes_moves_as_one_or_several_arguments() {
    let one = mancala(&["replay", "modiar", "A c B b"]);
    let several = mancala(&["replay", "modiar", "A", "c", "B", "b"]);
    assert!(one.status.success());
    assert_eq!(stdout(&one), stdout(&several));
    let start = mancala(&["replay", "oware"]);
    assert!(stdout(&start).contains("\"ply\":0"), "{}", stdout(&start));
}

#[test]
fn illegal_move_is_explained() {
    let out = mancala(&["replay", "modiar", "A c A"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("ply 3") && err.contains("illegal move A"), "{err}");
    assert!(err.contains("legal moves: B C"), "{err}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn malformed_move_is_explained() {
    let out = mancala(&["replay", "modiar", "A c Z"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("ply 3") && err.contains("\"Z\""), "{err}");
    assert!(err.contains("legal moves: B C"), "{err}");
}

#[test]
fn move_after_the_end_is_an_error() {
    let out = mancala(&["replay", "modiar", "A c B b A b C b C a A b C a"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("ply 14") && err.contains("already over"), "{err}");
}

#[test]
fn unknown_game_lists_builtins() {
    for command in ["rules", "replay", "play", "bench"] {
        let out = mancala(&[command, "chess"]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = stderr(&out);
        assert!(err.starts_with("error: chess"), "{err}");
        for game in GAMES {
            assert!(err.contains(game), "{command}: {err}");
        }
    }
}

#[test]
fn bad_rule_file_names_file_line_and_key() {
    let dir = std::env::temp_dir().join(format!("mancala-cli-test-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("odd.toml");
    let text = "name = \"Odd\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\ncolour = \"red\"\n[sowing]\nstart = \"next\"\n";
    fs::write(&path, text).unwrap();
    let path_str = path.to_str().unwrap();
    for command in ["rules", "replay", "bench"] {
        let out = mancala(&[command, path_str]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = stderr(&out);
        assert!(err.starts_with(&format!("error: {path_str}:5:")), "{err}");
        assert!(err.contains("board.colour"), "{err}");
    }
    // A good rule file is played like a built-in game.
    fs::write(&path, text.replace("colour = \"red\"\n", "")).unwrap();
    let out = mancala(&["replay", path_str, "A"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("{\"game\":\"odd\""), "{}", stdout(&out));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn missing_rule_file_is_an_error() {
    let out = mancala(&["rules", "no/such/game.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no/such/game.toml"), "{}", stderr(&out));
}

#[test]
fn list_shows_every_game() {
    let out = mancala(&["list"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert_eq!(text.lines().count(), GAMES.len(), "{text}");
    for (line, game) in text.lines().zip(GAMES) {
        assert!(line.starts_with(game), "{line}");
        assert!(line.len() > game.len() + 10, "a summary follows: {line}");
    }
}

#[test]
fn rules_prints_text_for_every_game() {
    for game in GAMES {
        let out = mancala(&["rules", game]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.lines().count() > 1 && text.ends_with('\n'), "{game}: {text}");
    }
}

#[test]
fn random_game_ends_with_a_result() {
    for game in GAMES {
        let out = mancala(&["play", game, "--south", "random", "--north", "random", "--seed", "1"]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        let result = text.lines().find(|l| l.starts_with("Result: ")).unwrap_or_else(|| panic!("{text}"));
        assert!(result.contains("wins") || result.contains("draw"), "{result}");
        assert!(text.contains("Record: "), "{text}");
        // The same seed plays the same game.
        let again = mancala(&["play", game, "--south", "random", "--north", "random", "--seed", "1"]);
        assert_eq!(text, stdout(&again));
    }
}

#[test]
fn two_humans_play_a_whole_game_from_stdin() {
    let record = "A c B b A b C b C a A b C";
    let input = record.replace(' ', "\n") + "\n";
    let out = mancala_with_input(&["play", "modiar", "--south", "human", "--north", "human"], &input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Result: North wins 27 to 15 (the player to move has no legal move)."), "{text}");
    assert!(text.contains(&format!("Record: {record}")), "{text}");
}

#[test]
fn human_against_computer_session() {
    let input = "help\nZ\nc\nB\nundo\nundo\nA B\n\nquit\nB\n";
    let out = mancala_with_input(&["play", "modiar", "--north", "random", "--seed", "1"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // The board, with labels, captures and whose turn it is.
    assert!(text.contains("  c  b  a\n"), "{text}");
    assert!(text.contains("  A  B  C\n"), "{text}");
    assert!(text.contains("South (you): 0 captured"), "{text}");
    assert!(text.contains("South to move (move 1); legal moves: A B C"), "{text}");
    // help lists the commands and the legal moves.
    assert!(text.contains("Commands:") && text.contains("undo") && text.contains("Legal moves for South: A B C"));
    // A malformed and an illegal move get a message and the prompt again.
    assert!(text.contains("\"Z\" is neither a move nor a command"), "{text}");
    assert!(text.contains("Illegal move: c is one of North's holes"), "{text}");
    // B is played, the computer replies, and undo takes back both.
    assert!(text.contains("Last move: South (you) B"), "{text}");
    assert!(text.contains("Last move: North (random) "), "{text}");
    assert!(text.contains("Took back B "), "{text}");
    assert!(text.contains("Nothing to take back."), "{text}");
    assert!(text.contains("One move or command at a time"), "{text}");
    // quit stops before the last B is read.
    assert!(text.contains("Game left unfinished after 0 moves."), "{text}");
    assert_eq!(text.matches("Last move: South (you) B").count(), 1, "{text}");
}

#[test]
fn undo_between_humans_takes_back_one_move() {
    let out = mancala_with_input(&["play", "tihbat", "--north", "human"], "A\nb\nundo\nquit\n");
    let text = stdout(&out);
    assert!(text.contains("Took back b."), "{text}");
    assert!(text.contains("Game left unfinished after 1 move."), "{text}");
    assert!(text.contains("Record: A\n"), "{text}");
}

#[test]
fn end_of_input_ends_cleanly() {
    for input in ["", "B\n", "B"] {
        let out = mancala_with_input(&["play", "modiar", "--seed", "5"], input);
        assert_eq!(out.status.code(), Some(0), "{input:?}: {}", stderr(&out));
        assert!(stdout(&out).contains("End of input"), "{}", stdout(&out));
        assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    }
    // Input that is not UTF-8 is a bad move, not a crash.
    let out = mancala_with_input(&["play", "modiar", "--seed", "5"], b"\xff\xfeA\n\x00\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("is neither a move nor a command"), "{}", stdout(&out));
}

#[test]
fn unknown_player_lists_the_valid_forms() {
    let out = mancala(&["play", "modiar", "--north", "deep-blue"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("deep-blue") && err.contains("human") && err.contains("random"), "{err}");
}

#[test]
fn bench_json_has_positive_rates() {
    let out = mancala(&["bench", "modiar", "--json", "--seconds", "0.2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    for key in ["moves_per_sec", "games_per_sec", "mean_plies"] {
        let x = v[key].as_f64().unwrap_or_else(|| panic!("{key} in {text}"));
        assert!(x > 0.0, "{key} = {x}");
    }
}

#[test]
fn bench_text_and_bad_durations() {
    let out = mancala(&["bench", "tihbat", "--seconds", "0.1"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("moves/s") && text.contains("games/s") && text.contains("mean plies"), "{text}");
    for bad in ["0", "-1", "abc", "NaN", "1e300"] {
        let out = mancala(&["bench", "tihbat", "--seconds", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    assert_eq!(mancala(&[]).status.code(), Some(2));
    assert_eq!(mancala(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(mancala(&["play", "modiar", "--seed", "x"]).status.code(), Some(2));
    let help = mancala(&["--help"]);
    assert!(help.status.success());
    for command in ["list", "rules", "replay", "play", "bench"] {
        assert!(stdout(&help).contains(command), "{}", stdout(&help));
        assert!(mancala(&[command, "--help"]).status.success());
    }
}
