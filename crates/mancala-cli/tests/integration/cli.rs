//! End-to-end tests of the `mancala` binary: every command run as a process.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use serde_json::Value;

const GAMES: [&str; 4] = ["modiar", "tihbat", "sadeqa-ii", "oware"];

/// A data directory with no solved database, so that the databases installed
/// on the machine do not change what these tests see (`tests/integration/solved.rs`
/// tests the databases).
fn no_data() -> PathBuf {
    std::env::temp_dir().join(format!("mancala-cli-no-data-{}", std::process::id()))
}

fn mancala(args: &[&str]) -> Output {
    crate::mancala_command()
        .args(args)
        .env("MANCALA_DATA", no_data())
        .output()
        .expect("the binary runs")
}

/// Runs `mancala` with `input` piped to its stdin.
fn mancala_with_input(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = crate::mancala_command()
        .args(args)
        .env("MANCALA_DATA", no_data())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_ref())
        .unwrap();
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
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[test]
fn replay_reproduces_every_vector() {
    let keys = [
        "game", "board", "to_move", "ply", "legal", "over", "captured", "winner", "score",
    ];
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
            assert!(
                out.status.success(),
                "{game}:{} {moves:?}: {}",
                i + 1,
                stderr(&out)
            );
            let text = stdout(&out);
            assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
            let got: Value = serde_json::from_str(&text).unwrap();
            for key in keys {
                if let Some(want) = case["final"].get(key) {
                    let have = got.get(key).unwrap_or(&Value::Null);
                    // The legal moves are a set: the spec does not fix their order.
                    let sorted = |v: &Value| {
                        let mut labels: Vec<String> = v
                            .as_array()
                            .map(|a| a.iter().map(|x| x.to_string()).collect())
                            .unwrap_or_default();
                        labels.sort();
                        labels
                    };
                    assert!(
                        if key == "legal" {
                            sorted(want) == sorted(have)
                        } else {
                            same(want, have)
                        },
                        "{game}:{} {moves:?}: {key} is {have}, want {want}",
                        i + 1
                    );
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
    assert!(
        err.contains("ply 3") && err.contains("illegal move A"),
        "{err}"
    );
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
    assert!(
        err.contains("ply 14") && err.contains("already over"),
        "{err}"
    );
}

#[test]
fn unknown_game_lists_builtins() {
    for command in ["rules", "replay", "play", "analyze", "bench"] {
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
    assert!(
        stdout(&out).starts_with("{\"game\":\"odd\""),
        "{}",
        stdout(&out)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn missing_rule_file_is_an_error() {
    let out = mancala(&["rules", "no/such/game.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no/such/game.toml"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn list_shows_every_game() {
    let out = mancala(&["list"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for game in GAMES
        .iter()
        .chain(&["kalah", "kalah-empty-capture", "awari"])
    {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(game))
            .unwrap_or_else(|| panic!("{game} is not listed:\n{text}"));
        assert!(
            line.starts_with("  "),
            "games are indented under their region: {line}"
        );
        assert!(line.len() > game.len() + 10, "a summary follows: {line}");
    }
    // Regions head their groups, in order.
    let regions: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with(' '))
        .collect();
    assert!(
        regions.contains(&"Northern Africa") && regions.contains(&"Americas"),
        "{text}"
    );
    let mut sorted = regions.clone();
    sorted.sort();
    assert_eq!(regions, sorted);
    // --json: one object a line, every game once, with its region and source.
    let json = stdout(&mancala(&["list", "--json"]));
    let entries: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ids: Vec<&str> = entries.iter().map(|e| e["id"].as_str().unwrap()).collect();
    for game in GAMES {
        assert!(ids.contains(&game), "{ids:?}");
    }
    let kalah = entries.iter().find(|e| e["id"] == "kalah").unwrap();
    assert_eq!(kalah["region"], "Americas");
    assert_eq!(kalah["stores"], true);
    assert!(kalah["source"].as_str().unwrap().contains("Champion"));
}

#[test]
fn rules_prints_text_for_every_game() {
    for game in GAMES {
        let out = mancala(&["rules", game]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.lines().count() > 1 && text.ends_with('\n'),
            "{game}: {text}"
        );
    }
}

#[test]
fn random_game_ends_with_a_result() {
    for game in GAMES {
        let out = mancala(&[
            "play", game, "--south", "random", "--north", "random", "--seed", "1",
        ]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        let result = text
            .lines()
            .find(|l| l.starts_with("Result: "))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(
            result.contains("wins") || result.contains("draw"),
            "{result}"
        );
        assert!(text.contains("Record: "), "{text}");
        // The same seed plays the same game.
        let again = mancala(&[
            "play", game, "--south", "random", "--north", "random", "--seed", "1",
        ]);
        assert_eq!(text, stdout(&again));
    }
}

#[test]
fn two_humans_play_a_whole_game_from_stdin() {
    let record = "A c B b A b C b C a A b C";
    let input = record.replace(' ', "\n") + "\n";
    let out = mancala_with_input(
        &["play", "modiar", "--south", "human", "--north", "human"],
        &input,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Result: North wins 27 to 15 (the player to move has no legal move)."),
        "{text}"
    );
    assert!(text.contains(&format!("Record: {record}")), "{text}");
}

/// `play --moves` starts after the given moves, which belong to the
/// game's record; a bad move there is refused like `replay` refuses it.
#[test]
fn play_starts_after_given_moves() {
    let record = "A c B b A b C b C a A b C";
    let (opening, rest) = record.split_at("A c B b".len());
    let input = rest.trim().replace(' ', "\n") + "\n";
    let out = mancala_with_input(
        &[
            "play", "modiar", "--south", "human", "--north", "human", "--moves", opening,
        ],
        &input,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("South to move (move 5)"), "{text}");
    assert!(
        text.contains("Result: North wins 27 to 15 (the player to move has no legal move)."),
        "{text}"
    );
    assert!(text.contains(&format!("Record: {record}")), "{text}");
    let bad = mancala_with_input(&["play", "modiar", "--moves", "A Z"], "");
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("Z"), "{}", stderr(&bad));
}

#[test]
fn human_against_computer_session() {
    let input = "help\nZ\nc\nB\nundo\nundo\nA B\n\nquit\nB\n";
    let out = mancala_with_input(
        &["play", "modiar", "--north", "random", "--seed", "1"],
        input,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // The board, with labels, captures and whose turn it is.
    assert!(text.contains("  c  b  a\n"), "{text}");
    assert!(text.contains("  A  B  C\n"), "{text}");
    assert!(text.contains("South (you): 0 captured"), "{text}");
    assert!(
        text.contains("South to move (move 1); legal moves: A B C"),
        "{text}"
    );
    // help lists the commands and the legal moves.
    assert!(
        text.contains("Commands:")
            && text.contains("undo")
            && text.contains("Legal moves for South: A B C")
    );
    // A malformed and an illegal move get a message and the prompt again.
    assert!(
        text.contains("\"Z\" is neither a move nor a command"),
        "{text}"
    );
    assert!(
        text.contains("Illegal move: c is one of North's holes"),
        "{text}"
    );
    // B is played, the computer replies, and undo takes back both.
    assert!(text.contains("Last move: South (you) B"), "{text}");
    assert!(text.contains("Last move: North (random) "), "{text}");
    assert!(text.contains("Took back B "), "{text}");
    assert!(text.contains("Nothing to take back."), "{text}");
    assert!(text.contains("One move or command at a time"), "{text}");
    // quit stops before the last B is read.
    assert!(
        text.contains("Game left unfinished after 0 moves."),
        "{text}"
    );
    assert_eq!(
        text.matches("Last move: South (you) B").count(),
        1,
        "{text}"
    );
}

#[test]
fn undo_between_humans_takes_back_one_move() {
    let out = mancala_with_input(
        &["play", "tihbat", "--north", "human"],
        "A\nb\nundo\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("Took back b."), "{text}");
    assert!(
        text.contains("Game left unfinished after 1 move."),
        "{text}"
    );
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
    assert!(
        stdout(&out).contains("is neither a move nor a command"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn unknown_player_lists_the_valid_forms() {
    let forms = [
        "human",
        "random",
        "greedy",
        "alphabeta:depth=N",
        "alphabeta:ms=N",
        "mcts:playouts=N",
        "ai:K",
    ];
    for args in [
        &["play", "modiar", "--north", "deep-blue"][..],
        &["play", "modiar", "--south", "alphabeta:speed=3"],
        &["play", "modiar", "--south", "random:seed=3"],
        &["play", "modiar", "--north", "ai:10"],
        &[
            "match",
            "modiar",
            "--south",
            "random",
            "--north",
            "deep-blue",
        ],
    ] {
        let out = mancala(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("error: "), "{err}");
        for form in forms {
            assert!(err.contains(form), "{args:?}: {form} missing from {err}");
        }
        assert!(stdout(&out).is_empty());
    }
    let out = mancala(&["play", "modiar", "--north", "deep-blue"]);
    assert!(stderr(&out).contains("deep-blue"), "{}", stderr(&out));
    // `perfect` is a known player that needs a database.
    let out = mancala(&["play", "modiar", "--north", "perfect"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("perfect play needs a solved database of Modiar"),
        "{err}"
    );
    assert!(err.contains("`mancala solve modiar`"), "{err}");
}

#[test]
fn computer_players_play_to_the_end() {
    let pairs = [
        ("ai:3", "alphabeta:depth=3"),
        ("greedy", "mcts:playouts=200"),
        ("alphabeta:nodes=2000", "ai:2"),
    ];
    for game in GAMES {
        for (south, north) in pairs {
            let args = [
                "play", game, "--south", south, "--north", north, "--seed", "4", "--time", "5000",
            ];
            let out = mancala(&args);
            assert!(
                out.status.success(),
                "{game} {south} {north}: {}",
                stderr(&out)
            );
            let text = stdout(&out);
            assert!(
                text.starts_with(&format!(
                    "{}: {south} (South) against {north} (North).",
                    rules_name(game)
                )),
                "{text}"
            );
            let result = text
                .lines()
                .find(|l| l.starts_with("Result: "))
                .unwrap_or_else(|| panic!("{text}"));
            assert!(
                result.contains("wins") || result.contains("draw"),
                "{result}"
            );
            // Searching players say what they think of their moves.
            assert!(text.contains(&format!("South ({south}) chose ")), "{text}");
            // Without time limits the same seed plays the same game.
            assert_eq!(text, stdout(&mancala(&args)), "{game} {south} {north}");
        }
    }
    let out = mancala(&[
        "play",
        "modiar",
        "--south",
        "alphabeta:depth=4",
        "--north",
        "mcts:playouts=100",
        "--seed",
        "2",
    ]);
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("South (alphabeta:depth=4) chose "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains(": value ") && line.contains(" for South, depth 4"),
        "{line}"
    );
    let line = text
        .lines()
        .find(|l| l.starts_with("North (mcts:playouts=100) chose "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("% of 100 playouts"), "{line}");
}

/// The game's name as `mancala rules` prints it first.
fn rules_name(game: &str) -> String {
    stdout(&mancala(&["rules", game]))
        .lines()
        .next()
        .unwrap()
        .split(" (")
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn timed_ai_plays_with_a_short_time() {
    let out = mancala(&[
        "play", "oware", "--south", "ai:9", "--north", "ai:7", "--time", "5", "--seed", "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Result: "), "{text}");
    assert!(text.contains("South (ai:9) chose "), "{text}");
}

#[test]
fn hint_suggests_a_move_with_its_value_and_line() {
    // Modiar's opening: C is worth -2 (North wins by 2 seeds) at depth 12, as in the exact solution.
    let input = "hint\nB\nhint\nhelp\nquit\n";
    let out = mancala_with_input(
        &[
            "play", "modiar", "--north", "ai:4", "--seed", "1", "--time", "10000",
        ],
        input,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let hints: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once("Hint: ").map(|(_, h)| h))
        .collect();
    assert_eq!(hints.len(), 2, "{text}");
    assert!(
        hints[0].starts_with("C (value -2 seeds for South, depth 12); expected line C "),
        "{}",
        hints[0]
    );
    for hint in &hints {
        let line = hint
            .split("expected line ")
            .nth(1)
            .unwrap_or_else(|| panic!("{hint}"));
        assert!(line.split(' ').count() >= 2, "{hint}");
        // The suggestion is a legal move.
        let mv = hint.split(' ').next().unwrap();
        assert!(["A", "B", "C"].contains(&mv), "{hint}");
    }
    assert!(
        text.contains("  hint    the engine's suggested move"),
        "{text}"
    );
    // The hint does not play: the game is left after B and the computer's reply.
    assert!(
        text.contains("Game left unfinished after 2 moves."),
        "{text}"
    );
    // Between two humans too.
    let out = mancala_with_input(&["play", "tihbat", "--north", "human"], "A\nhint\nquit\n");
    assert!(stdout(&out).contains("Hint: "), "{}", stdout(&out));
}

#[test]
fn analyze_lists_every_move_best_first() {
    let out = mancala(&["analyze", "modiar", "", "--depth", "30"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("Modiar, the opening position: South to move (move 1)."),
        "{text}"
    );
    assert!(
        text.contains("Searched ") && text.contains(" nodes in ") && text.contains(" nodes/s"),
        "{text}"
    );
    // The exact values of docs/solutions.md: C -2, B -4, A -18.
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip_while(|l| !l.starts_with("move"))
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    let firsts: Vec<(&str, &str)> = rows.iter().map(|r| (r[0], r[1])).collect();
    assert_eq!(firsts, [("C", "-2"), ("B", "-4"), ("A", "-18")], "{text}");
    // Each line starts with its move.
    assert!(rows.iter().all(|r| r.len() > 2 && r[2] == r[0]), "{text}");
    // Moves as one argument or several.
    let one = mancala(&["analyze", "tihbat", "A b", "--depth", "6"]);
    let several = mancala(&["analyze", "tihbat", "A", "b", "--depth", "6"]);
    assert!(one.status.success(), "{}", stderr(&one));
    assert!(
        stdout(&one).starts_with("Tihbat, after \"A b\": South to move (move 3)."),
        "{}",
        stdout(&one)
    );
    let table = |o: &Output| {
        stdout(o)
            .lines()
            .skip_while(|l| !l.starts_with("move"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(table(&one), table(&several));
}

#[test]
fn analyze_json_is_sorted_and_deterministic() {
    for game in GAMES {
        let args = ["analyze", game, "", "--depth", "5", "--json"];
        let out = mancala(&args);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 1, "{text}");
        let mut v: Value = serde_json::from_str(&text).unwrap();
        for key in [
            "moves", "depth", "nodes", "nps", "millis", "solved", "game", "to_move",
        ] {
            assert!(v.get(key).is_some(), "{key} in {text}");
        }
        assert_eq!(v["depth"], 5, "{text}");
        assert!(v["nodes"].as_u64().unwrap() > 0, "{text}");
        let moves = v["moves"].as_array().unwrap();
        let legal =
            serde_json::from_str::<Value>(&stdout(&mancala(&["replay", game]))).unwrap()["legal"]
                .clone();
        assert_eq!(moves.len(), legal.as_array().unwrap().len(), "{text}");
        // Best first: a quicker win, a larger margin or score, a slower loss.
        let rank = |m: &Value| {
            let field = |k: &str| m[k].as_f64();
            field("margin_seeds")
                .or_else(|| field("heuristic_score"))
                .or_else(|| field("win_in_plies").map(|n| 1e9 - n))
                .or_else(|| field("loss_in_plies").map(|n| n - 1e9))
                .unwrap_or_else(|| panic!("a value field in {m}"))
        };
        let values: Vec<f64> = moves.iter().map(rank).collect();
        assert!(
            values.windows(2).all(|w| w[0] >= w[1]),
            "not best first: {values:?}"
        );
        for m in moves {
            let pv = m["pv"].as_array().unwrap();
            assert_eq!(pv[0], m["move"], "{m}");
            assert!(m["value_text"].is_string(), "{m}");
        }
        // A depth budget gives the same analysis every run (timings aside).
        let mut again: Value = serde_json::from_str(&stdout(&mancala(&args))).unwrap();
        for v in [&mut v, &mut again] {
            let map = v.as_object_mut().unwrap();
            map.remove("nps");
            map.remove("millis");
        }
        assert_eq!(v, again, "{game}");
    }
}

#[test]
fn analyze_refuses_bad_and_finished_games() {
    let out = mancala(&["analyze", "modiar", "A c A", "--depth", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with("error: ") && err.contains("ply 3") && err.contains("illegal move A"),
        "{err}"
    );
    let out = mancala(&["analyze", "modiar", "A c B b A b C b C a A b C"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("the game is over after 13 moves (North won"),
        "{err}"
    );
    assert!(stdout(&out).is_empty());
    for bad in [&["--depth", "0"][..], &["--time", "0"], &["--depth", "x"]] {
        let mut args = vec!["analyze", "modiar", ""];
        args.extend_from_slice(bad);
        assert_eq!(mancala(&args).status.code(), Some(2), "{bad:?}");
    }
    // A time budget alone works too (and a finished search stops early).
    let out = mancala(&["analyze", "tihbat", "A", "--time", "50", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn match_json_counts_add_up_and_csv_has_every_game() {
    let dir = std::env::temp_dir().join(format!("mancala-cli-match-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("games.csv");
    let args = [
        "match",
        "oware",
        "--south",
        "alphabeta:depth=3",
        "--north",
        "greedy",
        "--games",
        "12",
        "--swap",
        "--random-openings",
        "2",
        "--seed",
        "3",
        "--json",
        "--csv",
        csv.to_str().unwrap(),
    ];
    let out = mancala(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let n = |key: &str| v[key].as_u64().unwrap_or_else(|| panic!("{key} in {text}"));
    assert_eq!(n("games"), 12);
    assert_eq!(
        n("player1_wins") + n("player2_wins") + n("draws"),
        12,
        "{text}"
    );
    assert_eq!(n("south_wins") + n("north_wins") + n("draws"), 12, "{text}");
    assert!(v["mean_plies"].as_f64().unwrap() > 2.0, "{text}");
    assert_eq!(v["player1"], "alphabeta:depth=3");
    assert!(v.get("records").is_none(), "the games go to --csv");
    let rows = fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = rows.lines().collect();
    assert_eq!(lines.len(), 13, "a header and 12 games: {rows}");
    assert!(
        lines[0].starts_with("index,south,north,") && lines[0].ends_with(",moves"),
        "{}",
        lines[0]
    );
    // Players change sides every game; each row's moves replay to its winner.
    for (i, row) in lines[1..].iter().enumerate() {
        let cols: Vec<&str> = row.split(',').collect();
        assert_eq!(cols[0], i.to_string());
        assert_eq!(cols[3], if i % 2 == 0 { "south" } else { "north" }, "{row}");
        let moves = row.rsplit(",\"").next().unwrap().trim_end_matches('"');
        let state: Value =
            serde_json::from_str(&stdout(&mancala(&["replay", "oware", moves]))).unwrap();
        assert_eq!(state["winner"], cols[4], "{row}");
    }
    // Deterministic players: the same match again.
    assert_eq!(stdout(&mancala(&args)), text);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn match_text_report() {
    let out = mancala(&[
        "match", "modiar", "--south", "greedy", "--north", "random", "--games", "20", "--seed", "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("Modiar: 20 games, player 1 greedy against player 2 random."),
        "{text}"
    );
    for needle in [
        "player 1 (greedy) wins",
        "draws",
        "player 2 (random) wins",
        "95% CI",
        "score ",
        "South won ",
        "Mean game ",
    ] {
        assert!(text.contains(needle), "{needle} missing: {text}");
    }
    // No progress bar when stderr is not a terminal.
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn match_refuses_humans() {
    let out = mancala(&[
        "match", "modiar", "--south", "human", "--north", "random", "--games", "2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--south is human"),
        "{}",
        stderr(&out)
    );
    let out = mancala(&["match", "modiar", "--south", "random", "--north", "human"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--north is human"),
        "{}",
        stderr(&out)
    );
    // Both players are required.
    assert_eq!(
        mancala(&["match", "modiar", "--south", "random"])
            .status
            .code(),
        Some(2)
    );
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
    assert!(
        text.contains("moves/s") && text.contains("games/s") && text.contains("mean plies"),
        "{text}"
    );
    for bad in ["0", "-1", "abc", "NaN", "1e300"] {
        let out = mancala(&["bench", "tihbat", "--seconds", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    assert_eq!(mancala(&[]).status.code(), Some(2));
    assert_eq!(mancala(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        mancala(&["play", "modiar", "--seed", "x"]).status.code(),
        Some(2)
    );
    let help = mancala(&["--help"]);
    assert!(help.status.success());
    for command in [
        "list", "rules", "replay", "play", "analyze", "match", "bench", "solve", "verify", "serve",
    ] {
        assert!(stdout(&help).contains(command), "{}", stdout(&help));
        assert!(mancala(&[command, "--help"]).status.success());
    }
}

#[test]
fn rules_prints_the_page_in_each_language() {
    // (language, section titles that must appear, a digit of its own numerals)
    let cases: [(&str, &[&str], Option<char>); 4] = [
        (
            "en",
            &[
                "Overview",
                "Board",
                "How to play",
                "Capture",
                "End of the game and winning",
                "House rules",
                "Source",
            ],
            None,
        ),
        (
            "fa",
            &[
                "مرور کلی",
                "صفحه بازی",
                "نحوه بازی",
                "تصاحب",
                "پایان بازی و برنده شدن",
                "منبع",
            ],
            Some('۷'),
        ),
        (
            "my",
            &["ခြုံငုံသုံးသပ်ချက်", "ကစားဘုတ်", "ကစားနည်း", "စားယူခြင်း", "ရင်းမြစ်"],
            Some('၇'),
        ),
        (
            "pa",
            &[
                "ਸਾਰ",
                "ਖੇਡ ਦਾ ਬੋਰਡ",
                "ਖੇਡਣ ਦਾ ਤਰੀਕਾ",
                "ਕਬਜ਼ਾ",
                "ਖੇਡ ਦਾ ਅੰਤ ਅਤੇ ਜਿੱਤ",
                "ਸਰੋਤ",
            ],
            None,
        ),
    ];
    for (lang, titles, own_seven) in cases {
        let out = mancala(&["rules", "modiar", "--lang", lang, "--width", "0"]);
        assert!(out.status.success(), "{lang}: {}", stderr(&out));
        let text = stdout(&out);
        // Headed by the name the text under it uses.
        let name = match lang {
            "fa" => "مودیار",
            "pa" => "ਮੋਡੀਆਰ",
            _ => "Modiar",
        };
        assert!(text.starts_with(&format!("{name}\n")), "{lang}: {text}");
        for title in titles {
            assert!(
                text.lines().any(|l| l == *title),
                "{lang}: no section `{title}`\n{text}"
            );
        }
        match own_seven {
            // Seven seeds a hole, 42 in all, in the language's own digits.
            Some(seven) => {
                assert!(text.contains(seven), "{lang}: {text}");
                let latin = stdout(&mancala(&[
                    "rules",
                    "modiar",
                    "--lang",
                    lang,
                    "--latin-digits",
                    "--width",
                    "0",
                ]));
                assert!(
                    latin.contains('7') && !latin.contains(seven),
                    "{lang}: {latin}"
                );
            }
            None => assert!(text.contains("42"), "{lang}: {text}"),
        }
    }
}

#[test]
fn rules_refuses_an_unknown_language() {
    let out = mancala(&["rules", "modiar", "--lang", "de"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("unknown language `de`") && err.contains("en, fa, my, pa"),
        "{err}"
    );
}

#[test]
fn rules_wraps_to_the_width() {
    let text = stdout(&mancala(&["rules", "oware", "--width", "40"]));
    assert!(
        text.lines()
            .all(|l| l.chars().count() <= 40 || !l.contains(' ')),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("  ")),
        "continuations are indented: {text}"
    );
}
