//! `mancala data status` and `mancala data build`, and the background
//! builds of `play`, in data directories of their own. Oware's bounds
//! cover a few seeds here (`MANCALA_DATA_SEEDS`), so that a build takes a
//! fraction of a second.

use std::fs;
use std::path::Path;
use std::process::Output;

use serde_json::Value;

/// `mancala ARGS` with `data` as data directory and small Oware bounds;
/// background builds `on` or off.
fn mancala(data: &Path, background: bool, args: &[&str]) -> Output {
    crate::mancala_command()
        .args(args)
        .env("MANCALA_DATA", data)
        .env("MANCALA_DATA_SEEDS", "4")
        .env("MANCALA_DATA_BUILD", if background { "on" } else { "off" })
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `data status --json`: the state of each file, by file name.
fn states(data: &Path) -> Vec<(String, String)> {
    let out = mancala(data, false, &["data", "status", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let file = v["file"].as_str().unwrap();
            let name = Path::new(file).file_name().unwrap().to_string_lossy();
            (name.into_owned(), v["state"].as_str().unwrap().to_string())
        })
        .collect()
}

fn state_of(data: &Path, file: &str) -> String {
    states(data)
        .into_iter()
        .find(|(f, _)| f == file)
        .unwrap_or_else(|| panic!("{file} not listed"))
        .1
}

#[test]
fn status_lists_what_is_missing_and_build_makes_it() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    // Nothing yet (the directory itself missing): every file missing.
    let out = mancala(&data, false, &["data", "status"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(
        shown.contains(&format!("Data directory: {}", data.display())),
        "{shown}"
    );
    assert!(
        shown.contains("oware.bounds") && shown.contains("missing") && shown.contains("tihbat.mdb"),
        "{shown}"
    );
    assert!(shown.contains("mancala data build"), "{shown}");
    assert!(states(&data).iter().all(|(_, s)| s == "missing"));

    let out = mancala(&data, false, &["data", "build", "oware"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("Building Oware's endgame bounds (up to 4 seeds"),
        "{said}"
    );
    assert!(
        said.contains("Built ") && said.contains("oware.bounds"),
        "{said}"
    );
    assert_eq!(state_of(&data, "oware.bounds"), "valid");
    assert_eq!(state_of(&data, "tihbat.mdb"), "missing");
    // Valid: kept, unless forced.
    let out = mancala(&data, false, &["data", "build", "oware"]);
    assert!(
        text(&out.stdout).contains("valid, kept"),
        "{}",
        text(&out.stdout)
    );
    let out = mancala(&data, false, &["data", "build", "oware", "--force"]);
    assert!(
        text(&out.stdout).contains("Built "),
        "{}",
        text(&out.stdout)
    );

    let out = mancala(&data, false, &["data", "build", "tihbat"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(state_of(&data, "tihbat.mdb"), "valid");
    let out = mancala(&data, false, &["data", "status"]);
    let shown = text(&out.stdout);
    assert!(shown.contains("every position, 71920"), "{shown}");

    // A game without data of its own: an error naming those that have.
    let out = mancala(&data, false, &["data", "build", "kalah"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("no data of its own") && err.contains("oware"),
        "{err}"
    );
}

#[test]
fn damaged_and_old_files_are_seen_and_built_again() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path();
    assert!(
        mancala(data, false, &["data", "build", "oware"])
            .status
            .success()
    );
    let path = data.join("oware.bounds");
    let good = fs::read(&path).unwrap();

    // A byte flipped.
    let mut bytes = good.clone();
    bytes[good.len() / 2] ^= 0x01;
    fs::write(&path, &bytes).unwrap();
    assert_eq!(state_of(data, "oware.bounds"), "damaged");
    let out = mancala(data, false, &["data", "status"]);
    assert!(
        text(&out.stdout).contains("checksum"),
        "{}",
        text(&out.stdout)
    );
    let out = mancala(data, false, &["data", "build", "oware"]);
    assert!(
        text(&out.stdout).contains("(was damaged"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(fs::read(&path).unwrap(), good);

    // Cut short.
    fs::write(&path, &good[..good.len() - 10]).unwrap();
    assert_eq!(state_of(data, "oware.bounds"), "damaged");

    // An older format version.
    let mut old = good.clone();
    old[8..12].copy_from_slice(&0u32.to_le_bytes());
    fs::write(&path, &old).unwrap();
    assert_eq!(state_of(data, "oware.bounds"), "old format");
    let out = mancala(data, false, &["data", "build", "oware"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(state_of(data, "oware.bounds"), "valid");
}

/// `play` with a timed level builds its game's data in the background and
/// says how it goes on stderr; the game goes on meanwhile.
#[test]
fn play_builds_in_the_background_on_first_use() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("fresh");
    let out = mancala(
        &data,
        true,
        &[
            "play", "oware", "--south", "ai:9", "--north", "ai:9", "--time", "20", "--seed", "3",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "Oware's endgame bounds (up to 4 seeds on the board): building it in the background"
        ),
        "{err}"
    );
    assert!(err.contains("ready in"), "{err}");
    assert!(text(&out.stdout).contains("South (ai:9) chose "));
    assert_eq!(state_of(&data, "oware.bounds"), "valid");

    // With the builds off, nothing is built and nothing said.
    let off = tmp.path().join("off");
    let out = mancala(
        &off,
        false,
        &[
            "play", "oware", "--south", "ai:9", "--north", "ai:7", "--time", "5", "--seed", "1",
        ],
    );
    assert!(out.status.success());
    assert!(
        !text(&out.stderr).contains("endgame bounds"),
        "{}",
        text(&out.stderr)
    );
    assert!(!off.join("oware.bounds").exists());
}

/// A data directory that cannot be had (here under a file): `data build`
/// fails saying why; `play` says so once on stderr and plays on.
#[test]
fn an_unusable_data_directory_is_reported_once() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("a-file");
    fs::write(&file, b"").unwrap();
    let data = file.join("data");
    let out = mancala(&data, true, &["data", "build", "oware"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot write to the data directory"),
        "{}",
        text(&out.stderr)
    );
    let out = mancala(
        &data,
        true,
        &[
            "play", "oware", "--south", "ai:9", "--north", "ai:8", "--time", "5", "--seed", "2",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert_eq!(err.matches("cannot be built").count(), 1, "{err}");
    assert!(err.contains("the timed levels play without it"), "{err}");
    assert!(
        text(&out.stdout).contains("Result: "),
        "{}",
        text(&out.stdout)
    );
}
