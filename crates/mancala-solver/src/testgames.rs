//! Tiny rule files for the tests.

use mancala_core::Rules;

/// Tihbat's rules on a 2 x 2 board with 2 seeds a hole.
pub const TINY_TIHBAT: &str = r#"
name = "Tiny Tihbat"
[board]
holes_per_row = 2
seeds_per_hole = 2
[sowing]
start = "origin"
[moves]
when_none = "pass"
[capture]
rule = "counts"
counts = [2, 4, 6, 8]
last_hole_in = "own"
chain = "same-row"
[end]
repetition = "share"
"#;

/// Modiar's rules (first move captures nothing, must feed, forbidden grand
/// slams) on a 2 x 2 board with 2 seeds a hole.
pub const TINY_MODIAR: &str = r#"
name = "Tiny Modiar"
[board]
holes_per_row = 2
seeds_per_hole = 2
[sowing]
start = "origin"
[moves]
min_seeds = 2
must_feed = true
[capture]
rule = "counts"
counts = [2, 4, 6]
chain = "both-rows"
on_opening = false
grand_slam = "forbidden"
grand_slam_fallback = "no-capture"
[end]
repetition = "share"
"#;

/// Modiar's rules on a 2 x 3 board with 2 seeds a hole.
pub const SMALL_MODIAR: &str = r#"
name = "Small Modiar"
[board]
holes_per_row = 3
seeds_per_hole = 2
[sowing]
start = "origin"
[moves]
min_seeds = 2
must_feed = true
[capture]
rule = "counts"
counts = [2, 4, 6]
chain = "both-rows"
on_opening = false
grand_slam = "forbidden"
grand_slam_fallback = "no-capture"
[end]
repetition = "share"
"#;

/// A relay-sowing seeds game whose endless sowings end the game.
pub const TINY_RELAY: &str = r#"
name = "Tiny Relay"
[board]
holes_per_row = 2
seeds_per_hole = 2
[sowing]
start = "next"
laps = "relay"
endless = "draw"
[capture]
rule = "counts"
counts = [2, 3]
last_hole_in = "opponent"
[end]
repetition = "share"
"#;

/// Sadeqa II's rules on a 2 x 2 board with 2 seeds a hole.
pub const TINY_SADEQA: &str = r#"
name = "Tiny Sadeqa"
[board]
holes_per_row = 2
seeds_per_hole = 2
[sowing]
start = "next"
laps = "relay"
endless = "illegal"
[moves]
opening = "rightmost"
[capture]
rule = "opposite"
seeds_go_to = "removed"
[end]
result = "deprivation"
stuck = "draw"
repetition = "draw"
"#;

/// Sadeqa II's rules on a 2 x 3 board with 2 seeds a hole.
pub const SMALL_SADEQA: &str = r#"
name = "Small Sadeqa"
[board]
holes_per_row = 3
seeds_per_hole = 2
[sowing]
start = "next"
laps = "relay"
endless = "illegal"
[moves]
opening = "rightmost"
[capture]
rule = "opposite"
seeds_go_to = "removed"
[end]
result = "deprivation"
stuck = "draw"
repetition = "draw"
"#;

pub fn rules(id: &str, text: &str) -> Rules {
    Rules::from_toml(id, text, &format!("{id}.toml")).unwrap()
}

/// Every tiny game of this file.
pub fn all() -> Vec<Rules> {
    vec![
        rules("tiny-tihbat", TINY_TIHBAT),
        rules("tiny-modiar", TINY_MODIAR),
        rules("small-modiar", SMALL_MODIAR),
        rules("tiny-relay", TINY_RELAY),
        rules("tiny-sadeqa", TINY_SADEQA),
        rules("small-sadeqa", SMALL_SADEQA),
    ]
}
