//! The translation against the repository's traces: catalogue games that
//! StoneShark also plays, and the sowing traces of every translated
//! configuration.

use mancala_core::Rules;
use serde_json::Value;

use crate::convert::convert;
use crate::replay::replay_game;
use crate::report::read_trace;

fn traces() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/stoneshark/traces")
}

/// Catalogue games (`games/*.toml`) that StoneShark also plays: the
/// built-in rule file itself replays every traced game of its
/// configuration.

#[test]
fn catalogue_games_replay_stoneshark_traces() {
    let games = [
        ("toguz-kumalak", "Toguz_Kumalak"),
        ("dakon", "Dakon"),
        ("ohvalhu", "Ohvulhu"),
        ("krur", "Krur"),
        ("rath", "Rath"),
        ("alemungula", "Alemungula"),
    ];
    let dir = traces();
    for (id, config) in games {
        let spec = Rules::builtin(id).unwrap().spec().clone();
        let params: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{config}.params.json"))).unwrap(),
        )
        .unwrap();
        // The translation plays exactly as the rule file...
        let ours = Rules::compile(id, spec.clone()).unwrap();
        let theirs = Rules::compile(config, convert(config, &params).unwrap()).unwrap();
        assert_eq!(
            ours.play_fingerprint(),
            theirs.play_fingerprint(),
            "{id} plays otherwise than StoneShark's {config}"
        );
        // ... and the rule file replays every traced game.
        let (_, text) = read_trace(&dir, config).unwrap();
        let mut games = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let record: Value = serde_json::from_str(line).unwrap();
            replay_game(&spec, &record).unwrap_or_else(|e| panic!("{id} ({config}): {e}"));
            games += 1;
        }
        assert_eq!(games, 4, "{config}");
    }
}

/// The sowing trace (what the page animates) of every translatable
/// configuration leads to the engine's position, for every legal move
/// along random games: the rule options StoneShark needs report all the
/// seeds they move.
#[test]
fn traces_of_every_translated_configuration_replay_to_the_engines_position() {
    use mancala_core::Game;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut checked = 0;
    let mut paths: Vec<_> = std::fs::read_dir(traces())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".params.json"))
        .collect();
    paths.sort();
    let mut rng = SmallRng::seed_from_u64(20);
    for path in paths {
        let name = path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace(".params.json", "");
        let params: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let Ok(spec) = convert(&name, &params) else {
            continue;
        };
        let Ok(rules) = Rules::compile(&name, spec) else {
            continue;
        };
        let mut game = Game::new(rules);
        for _ in 0..120 {
            if game.is_over() {
                break;
            }
            let pos = *game.position();
            for child in game.successors() {
                let (after, trace) = game.rules().play_traced(&pos, child.mv).unwrap();
                if trace.endless || trace.truncated {
                    continue;
                }
                let replayed = trace
                    .replay(game.rules(), &pos)
                    .unwrap_or_else(|| panic!("{name}: the trace of {:?} does not fit", child.mv));
                assert!(
                    replayed.matches(game.rules(), &after),
                    "{name}: {:?} from {pos:?} replays to {replayed:?}, the engine gives {after:?}",
                    child.mv
                );
                checked += 1;
            }
            let n = game.successors().len();
            game.play_index(rng.random_range(0..n));
        }
    }
    eprintln!("{checked} traced moves checked");
    assert!(checked > 10_000, "only {checked} moves checked");
}
