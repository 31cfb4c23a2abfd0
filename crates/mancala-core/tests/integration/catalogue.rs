//! The built-in catalogue (`games/*.toml`): every game says where its rules
//! come from, where it is played and what it is, and no two built-in games
//! are the same rules on a different board.

use mancala_core::Rules;

/// The catalogue holds at least this many built-in games.
const CATALOGUE_FLOOR: usize = 40;
const CATALOGUE_TARGET: usize = 40;

fn games() -> Vec<(&'static str, Rules)> {
    Rules::builtin_ids()
        .map(|id| {
            (
                id,
                Rules::builtin(id).unwrap_or_else(|e| panic!("{id}: {e}")),
            )
        })
        .collect()
}

#[test]
fn every_game_names_its_region_source_and_overview() {
    let games = games();
    assert!(
        games.len() >= CATALOGUE_FLOOR,
        "only {} built-in games",
        games.len()
    );
    for (id, rules) in &games {
        assert!(
            id.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{id}: file names are lowercase ASCII with hyphens"
        );
        let about = &rules.spec().about;
        for (field, value) in [
            ("region", &about.region),
            ("source", &about.source),
            ("overview", &about.overview),
        ] {
            let text = value
                .as_deref()
                .unwrap_or_else(|| panic!("{id}: [about] has no {field}"));
            assert!(!text.trim().is_empty(), "{id}: [about] {field} is empty");
        }
        let overview = about.overview.as_deref().unwrap();
        assert!(
            !overview.contains('\n'),
            "{id}: the overview is one paragraph"
        );
        assert!(
            overview.len() >= 150,
            "{id}: the overview is a paragraph, not a phrase ({} bytes)",
            overview.len()
        );
        assert!(
            overview.ends_with('.'),
            "{id}: the overview is written in sentences"
        );
        let text = Rules::builtin_source(id).unwrap();
        assert!(
            text.starts_with("# "),
            "{id}: the file starts with a comment naming the game and its source"
        );
    }
}

#[test]
fn game_names_are_distinct() {
    let games = games();
    for (i, (a, ra)) in games.iter().enumerate() {
        for (b, rb) in &games[i + 1..] {
            assert_ne!(
                ra.spec().name,
                rb.spec().name,
                "{a} and {b} have the same name"
            );
        }
    }
}

/// A game whose rules, put on another game's board, play exactly as that
/// game is a parameter variant of it (`kalah:holes=4`), not a game of its own.
#[test]
fn no_game_is_a_parameter_variant_of_another() {
    let games = games();
    for (a, ra) in &games {
        for (b, rb) in &games {
            if a == b {
                continue;
            }
            let mut spec = ra.spec().clone();
            spec.board = rb.spec().board.clone();
            // Counts beyond the other board's seeds...:
            // not the same game on that board.
            let Ok(moved) = Rules::compile(a, spec) else {
                continue;
            };
            assert_ne!(
                moved.play_fingerprint(),
                rb.play_fingerprint(),
                "{a} on {b}'s board plays exactly as {b}: it is a parameter variant, not a game of its own"
            );
        }
    }
}

#[test]
fn catalogue_reaches_the_issue_target() {
    assert!(
        games().len() >= CATALOGUE_TARGET,
        "{} built-in games of {CATALOGUE_TARGET}",
        games().len()
    );
}
