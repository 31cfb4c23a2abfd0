//! What a user reads from the `mancala` binary: the games' texts, the
//! units of values, messages for bad input, what is written where.

use std::path::PathBuf;
use std::process::{Command, Output};

use mancala_core::Rules;
use mancala_i18n::Lang;

fn no_data() -> PathBuf {
    std::env::temp_dir().join(format!("mancala-texts-no-data-{}", std::process::id()))
}

fn mancala(args: &[&str]) -> Output {
    crate::mancala_command()
        .args(args)
        .env("MANCALA_DATA", no_data())
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The error of a command that must fail as a usage error (exit code 2).
fn refused(args: &[&str]) -> String {
    let out = mancala(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

/// `mancala rules`, the catalogue's full rules (`/api/rules`) and the
/// summaries of `mancala list` are one generated text.
#[test]
fn rules_and_list_print_the_i18n_texts() {
    for id in ["voleur", "modiar", "toguz-kumalak"] {
        let rules = Rules::builtin(id).unwrap();
        for lang in Lang::ALL {
            let out = mancala(&["rules", id, "--lang", lang.code(), "--width", "0"]);
            assert!(out.status.success());
            assert_eq!(
                stdout(&out),
                mancala_i18n::rules_text(&rules, lang),
                "{id} {lang}"
            );
        }
    }
    for lang in Lang::ALL {
        let out = mancala(&["list", "--json", "--lang", lang.code()]);
        assert!(out.status.success());
        for line in stdout(&out).lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let rules = Rules::builtin(v["id"].as_str().unwrap()).unwrap();
            assert_eq!(v["summary"], mancala_i18n::summary(&rules, lang, false));
            assert_eq!(
                v["region"],
                mancala_i18n::region_name(lang, rules.spec().about.region.as_deref())
            );
        }
    }
}

/// Each region heads one group, under one name, in every language.
#[test]
fn list_names_each_region_once() {
    for lang in Lang::ALL {
        let out = mancala(&["list", "--lang", lang.code()]);
        let text = stdout(&out);
        let headings: Vec<&str> = text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with(' '))
            .collect();
        let mut unique = headings.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), headings.len(), "{lang}: {headings:?}");
        let names: Vec<String> = mancala_i18n::REGIONS
            .iter()
            .map(|key| mancala_i18n::tr(lang, &format!("web-region-{key}"), &[]))
            .collect();
        for h in &headings {
            assert!(
                names.iter().any(|n| n == h),
                "{lang}: {h:?} is not a region's name"
            );
        }
    }
    let en = stdout(&mancala(&["list"]));
    assert!(
        en.contains("\nSouth-eastern Asia\n") && !en.contains("Southeast Asia"),
        "{en}"
    );
    assert!(
        en.contains("\nSouthern Asia\n") && !en.contains("\nSouth Asia\n"),
        "{en}"
    );
}

#[test]
fn numbers_out_of_range_say_which_way() {
    let e = refused(&["replay", "kalah:holes=6,seeds=99999999999"]);
    assert!(
        e.contains("too large") && !e.contains("not a whole number"),
        "{e}"
    );
    let e = refused(&["replay", "kalah:holes=-1"]);
    assert!(
        e.contains("negative") && !e.contains("not a whole number"),
        "{e}"
    );
    let e = refused(&["replay", "kalah:holes=x"]);
    assert!(e.contains("not a whole number"), "{e}");
    let e = refused(&[
        "match", "modiar", "--south", "random", "--north", "random", "--games", "0",
    ]);
    assert!(
        e.contains("1 or more") && !e.contains("18446744073709551615"),
        "{e}"
    );
    let e = refused(&[
        "match",
        "modiar",
        "--south",
        "alphabeta:depth=-3",
        "--north",
        "random",
    ]);
    assert!(e.contains("negative"), "{e}");
    let e = refused(&["bench", "kalah", "--seconds", "1e12"]);
    assert!(e.contains("limit of 3600 seconds"), "{e}");
    // Every number an option takes says which way it is wrong, in words:
    // not clap's "invalid digit found in string", "not in 1..=100", or
    // "unexpected argument '-1'".
    let e = refused(&["replay", "kalah:holes=0"]);
    assert!(e.contains("0 is too few; the number is 1 or more"), "{e}");
    let e = refused(&["replay", "kalah:seeds=-3"]);
    assert!(e.contains("-3 is negative; the number is 1 or more"), "{e}");
    for (args, says) in [
        (
            vec!["analyze", "modiar", "", "--depth", "999"],
            "999 is too large (at most 100)",
        ),
        (
            vec!["analyze", "modiar", "", "--depth", "0"],
            "0 is too few; the number is 1 or more",
        ),
        (
            vec!["solve", "tihbat", "--local-ranks", "99"],
            "99 is too large (at most 64)",
        ),
        (
            vec!["solve", "tihbat", "--max-seeds", "abc"],
            "\"abc\" is not a whole number",
        ),
        (
            vec!["solve", "tihbat", "--max-seeds", "-1"],
            "-1 is negative; the number is 0 or more",
        ),
        (
            vec![
                "match", "modiar", "--south", "random", "--north", "random", "--games", "-1",
            ],
            "-1 is negative; the number is 1 or more",
        ),
        (
            vec![
                "match", "modiar", "--south", "random", "--north", "random", "--seed", "x",
            ],
            "\"x\" is not a whole number",
        ),
        (
            vec!["rules", "kalah", "--width", "-5"],
            "-5 is negative; the number is 0 or more",
        ),
    ] {
        let e = refused(&args);
        assert!(e.contains(says), "{args:?}: {e}");
        assert!(
            !e.contains("invalid digit")
                && !e.contains("..=")
                && !e.contains("unexpected argument"),
            "{args:?}: {e}"
        );
    }
}

#[test]
fn a_mistyped_game_gets_a_suggestion() {
    let e = refused(&["rules", "modair"]);
    assert!(e.contains("did you mean modiar?"), "{e}");
    let e = refused(&["rules", "owar"]);
    assert!(e.contains("did you mean oware?"), "{e}");
    let e = refused(&["rules", "zzzzzzzz"]);
    assert!(!e.contains("did you mean"), "{e}");
}

#[test]
fn move_errors_mention_directions_only_where_moves_have_them() {
    let e = refused(&["replay", "modiar", "xyz"]);
    assert!(
        !e.contains("> or <"),
        "Modiar has no chosen directions: {e}"
    );
    assert!(
        e.contains("North a-c"),
        "North's labels are small letters: {e}"
    );
    let chosen = Rules::builtin_ids()
        .find(|id| Rules::builtin(id).unwrap().has_chosen_directions())
        .expect("a built-in game with chosen directions");
    let e = refused(&["replay", chosen, "xyz"]);
    assert!(e.contains("> or <"), "{chosen}: {e}");
}

#[test]
fn files_are_written_only_where_the_user_said() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("no-such-dir").join("t.mdb");
    let e = refused(&["solve", "micro-wari", "--out", missing.to_str().unwrap()]);
    assert!(e.contains("does not exist"), "{e}");
    assert!(
        !missing.parent().unwrap().exists(),
        "the folder was created"
    );
    let csv = tmp.path().join("none").join("games.csv");
    let e = refused(&[
        "match",
        "modiar",
        "--south",
        "random",
        "--north",
        "random",
        "--games",
        "1",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(e.contains("does not exist"), "{e}");
    // A file where the data directory should be: said before starting.
    let file = tmp.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let e = refused(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--data",
        file.to_str().unwrap(),
    ]);
    assert!(
        e.contains("is a file, not a folder") && !e.contains("os error"),
        "{e}"
    );
    // `solve --json` into the data directory says on stderr what it wrote.
    let data = tmp.path().join("data");
    let out = crate::mancala_command()
        .args(["solve", "micro-wari", "--json"])
        .env("MANCALA_DATA", &data)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let written = data.join("micro-wari.mdb");
    assert!(written.is_file());
    assert!(
        err.contains(&format!("Wrote {}", written.display())) && err.contains("data directory"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["file"], written.display().to_string());
    // A solve that writes no file refuses a file name rather than ignore it.
    let named = tmp.path().join("kalah.mdb");
    let e = refused(&[
        "solve",
        "kalah:holes=3,seeds=2",
        "--search",
        "--out",
        named.to_str().unwrap(),
    ]);
    assert!(e.contains("writes no database of its own"), "{e}");
    assert!(!named.exists());
}

#[test]
fn match_reports_warn_and_say_each_players_budget() {
    // Deterministic players on a tiny board replay the same game.
    let args = [
        "match",
        "micro-wari",
        "--south",
        "alphabeta:depth=2",
        "--north",
        "ai:3",
        "--games",
        "10",
        "--time",
        "50",
    ];
    let text = stdout(&mancala(&args));
    assert!(text.contains("Only 1 of the 10 games differ"), "{text}");
    assert!(
        text.contains("Per move: player 1 depth 2 a move; player 2 depth 2, at most 50 ms (from --time) a move."),
        "{text}"
    );
    assert!(!text.contains("--time 50 ms"), "{text}");
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let out = mancala(&json_args);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["distinct_games"], 1, "{v}");
    let warnings = v["warnings"].as_array().unwrap();
    assert!(
        warnings.len() == 1 && warnings[0].as_str().unwrap().contains("not independent"),
        "{v}"
    );
    assert_eq!(v["player1_budget"], "depth 2 a move");
    // One game: singular.
    let one = stdout(&mancala(&[
        "match",
        "micro-wari",
        "--south",
        "random",
        "--north",
        "random",
        "--games",
        "1",
        "--seed",
        "3",
    ]));
    assert!(one.contains(": 1 game,"), "{one}");
}

fn mancala_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = crate::mancala_command()
        .args(args)
        .env("MANCALA_DATA", no_data())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Values are shown with their unit: seeds, or a win or loss in plies (a
/// heuristic score said to be one), and JSON fields are named by unit.
#[test]
fn values_say_their_unit() {
    let out = mancala_with_input(
        &["play", "tihbat", "--north", "random", "--seed", "1"],
        "hint\nquit\n",
    );
    let text = stdout(&out);
    let hint = text
        .lines()
        .find_map(|l| l.find("Hint: ").map(|i| &l[i..]))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        hint.contains(" seeds for South") || hint.contains(" seed for South"),
        "{hint}"
    );
    let out = mancala_with_input(
        &[
            "play",
            "sadeqa-ii",
            "--north",
            "random",
            "--seed",
            "1",
            "--time",
            "50",
        ],
        "hint\nquit\n",
    );
    let text = stdout(&out);
    let hint = text
        .lines()
        .find_map(|l| l.find("Hint: ").map(|i| &l[i..]))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        hint.contains("heuristic score")
            || hint.contains(" plies for South")
            || hint.contains(" ply for South"),
        "Sadeqa II is won or lost, not counted in seeds: {hint}"
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&mancala(&[
        "analyze", "tihbat", "", "--depth", "4", "--json",
    ])))
    .unwrap();
    for m in v["moves"].as_array().unwrap() {
        assert!(
            m.get("value").is_none() && m["margin_seeds"].is_f64(),
            "{m}"
        );
    }
    let v: serde_json::Value = serde_json::from_str(&stdout(&mancala(&[
        "analyze",
        "sadeqa-ii",
        "",
        "--depth",
        "3",
        "--json",
    ])))
    .unwrap();
    for m in v["moves"].as_array().unwrap() {
        assert!(
            m.get("value").is_none() && m.get("margin_seeds").is_none(),
            "{m}"
        );
        assert!(
            m["heuristic_score"].is_i64()
                || m["win_in_plies"].is_u64()
                || m["loss_in_plies"].is_u64(),
            "{m}"
        );
    }
}

/// A game played with board parameters of its own is headed with them
/// wherever a command names it: its board is not the one the name alone
/// stands for.
#[test]
fn headings_name_the_board_parameters() {
    let game = "kalah:holes=4,seeds=3";
    let title = "Kalah (4 holes a row, 3 seeds a hole)";
    let heading = |args: &[&str], input: &str| {
        let out = mancala_with_input(args, input);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        stdout(&out).lines().next().unwrap_or_default().to_string()
    };
    let matched = heading(
        &[
            "match", game, "--south", "random", "--north", "random", "--games", "2",
        ],
        "",
    );
    assert!(
        matched.starts_with(&format!("{title}: 2 games")),
        "{matched}"
    );
    let analyzed = heading(&["analyze", game, "", "--depth", "2"], "");
    assert!(
        analyzed.starts_with(&format!("{title}, the opening")),
        "{analyzed}"
    );
    let played = heading(
        &["play", game, "--north", "random", "--seed", "1"],
        "quit\n",
    );
    assert!(played.starts_with(&format!("{title}: ")), "{played}");
    // The name alone where no parameter is given.
    let plain = heading(&["analyze", "kalah", "", "--depth", "1"], "");
    assert!(plain.starts_with("Kalah, the opening"), "{plain}");
    // Solving: the heading, and the JSON's name beside the game's id.
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("small.mdb");
    let small = "micro-wari:seeds=2";
    let solved = heading(&["solve", small, "--out", db.to_str().unwrap()], "");
    assert!(
        solved.starts_with("Solving Micro-Wari (2 holes a row, 2 seeds a hole)"),
        "{solved}"
    );
    std::fs::remove_file(&db).unwrap();
    let out = mancala(&["solve", small, "--out", db.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["game"], small, "{v}");
    assert_eq!(
        v["name"], "Micro-Wari (2 holes a row, 2 seeds a hole)",
        "{v}"
    );
}

/// Solving shows a progress bar on stderr, and only when stderr is a
/// terminal: piped, stderr holds plain lines (no carriage return, no
/// escape code), and stdout still says what was written where. Run under
/// `script` (a terminal), the same solve draws its bar. Each solver the
/// command line runs: retrograde analysis, Oware's endgame bounds, Kalah
/// by search above a database built in the run.
#[test]
fn solving_shows_progress_on_a_terminal_only() {
    let tmp = tempfile::tempdir().unwrap();
    for (args, wrote) in [
        (vec!["solve", "tihbat"], Some("Wrote ")),
        (
            vec!["solve", "oware", "--max-seeds", "6"],
            Some("written to "),
        ),
        (vec!["solve", "kalah:holes=3,seeds=2", "--search"], None),
    ] {
        let file = tmp
            .path()
            .join(format!("{}.mdb", args[1].replace([':', ','], "-")));
        let mut args: Vec<&str> = args.clone();
        if wrote.is_some() {
            args.extend(["--out", file.to_str().unwrap()]);
        }
        let out = mancala(&args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            !err.contains('\r') && !err.contains('\u{1b}'),
            "{args:?}: a progress bar on a pipe: {err:?}"
        );
        let text = stdout(&out);
        match wrote {
            Some(words) => {
                assert!(file.is_file(), "{args:?}: {text}");
                assert!(
                    text.contains(&format!("{words}{}", file.display())),
                    "{args:?} says what it wrote: {text}"
                );
            }
            None => assert!(text.contains("Opening (South to move)"), "{args:?}: {text}"),
        }
        std::fs::remove_file(&file).ok();
    }

    // On a terminal: the bar is drawn (and cleared) on it.
    let file = tmp.path().join("oware-tty.mdb");
    let command = format!(
        "{} solve oware --max-seeds 6 --out {}",
        env!("CARGO_BIN_EXE_mancala"),
        file.display()
    );
    let Ok(tty) = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("MANCALA_DATA", no_data())
        .output()
    else {
        eprintln!("no `script` to give the command a terminal: its bar is not looked at");
        return;
    };
    let seen = stdout(&tty);
    assert!(tty.status.success(), "{seen}");
    assert!(
        seen.contains("boards (") && seen.contains('\u{1b}'),
        "no progress bar on a terminal: {seen:?}"
    );
    assert!(
        seen.contains(&format!("written to {}", file.display())),
        "{seen}"
    );
}
