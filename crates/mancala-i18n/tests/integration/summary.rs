//! The one-line summaries: said the way the game pages say the rules, in
//! every language, never as a list of every count.

use mancala_core::Rules;
use mancala_i18n::{Lang, MISSING, game_page, region_name, summary};

fn every_game() -> Vec<Rules> {
    Rules::builtin_ids()
        .map(|id| Rules::builtin(id).unwrap())
        .collect()
}

/// The numbers written in `text` (runs of digits of any script).
fn numbers(text: &str) -> usize {
    let mut count = 0;
    let mut in_number = false;
    for c in text.chars() {
        let digit = c.is_numeric();
        if digit && !in_number {
            count += 1;
        }
        in_number = digit;
    }
    count
}

#[test]
fn summaries_are_short_sentences_in_every_language() {
    for rules in every_game() {
        for lang in Lang::ALL {
            let line = summary(&rules, lang, false);
            let id = rules.id();
            assert!(!line.contains(MISSING), "{id} {lang}: {line}");
            assert!(
                line.starts_with(&game_page(&rules, lang).type_line),
                "{id} {lang}: the summary opens with the page's type line: {line}"
            );
            // Holes, seeds a hole and at most a few capturing counts: a
            // summary never enumerates ("one, two, three, ... 48 stones").
            assert!(numbers(&line) <= 6, "{id} {lang}: {line}");
            assert!(line.chars().count() <= 400, "{id} {lang}: {line}");
            assert!(!line.contains('\n'), "{id} {lang}: {line}");
        }
    }
}

#[test]
fn summaries_say_it_as_the_pages_do() {
    let line = |id: &str| summary(&Rules::builtin(id).unwrap(), Lang::En, false);
    // Every count captures: the hole is always taken.
    assert!(
        line("voleur").contains("always taken"),
        "{}",
        line("voleur")
    );
    // Every even count to the top: "an even number of seeds".
    for id in ["toguz-kumalak", "halusa"] {
        assert!(line(id).contains("an even number of seeds"), "{}", line(id));
    }
    // One seed: the last seed itself, in an empty hole; never "one stones".
    for id in ["micro-wari", "vai-lung-thlan"] {
        assert!(line(id).contains("empty hole is captured"), "{}", line(id));
    }
    for rules in every_game() {
        let text = summary(&rules, Lang::En, false);
        for wrong in ["one seeds", " 1 seeds", "one holes", " 1 holes"] {
            assert!(!text.contains(wrong), "{}: {text}", rules.id());
        }
    }
    // Four rows: captures in an occupied or an empty inner hole.
    assert!(
        line("omweso").contains("captures both opposite holes"),
        "{}",
        line("omweso")
    );
    assert!(
        line("tsoro").contains("empty hole of one's inner row"),
        "{}",
        line("tsoro")
    );
    // Singular by the language's plural rules: one hole, one seed.
    let nano = line("nano-wari");
    assert!(nano.contains("one hole"), "{nano}");
    let micro = line("micro-wari");
    assert!(micro.contains("one seed a hole"), "{micro}");
}

#[test]
fn summaries_use_the_languages_digits() {
    let modiar = Rules::builtin("modiar").unwrap();
    assert!(summary(&modiar, Lang::Fa, false).contains('۶'));
    assert!(summary(&modiar, Lang::My, false).contains('၆'));
    assert!(!summary(&modiar, Lang::Fa, true).contains('۶'));
}

#[test]
fn every_game_is_in_a_known_region_named_one_way() {
    for rules in every_game() {
        let written = rules.spec().about.region.as_deref();
        let known = written.and_then(mancala_i18n::region_key);
        assert!(
            known.is_some(),
            "{}: region {written:?} is not one of mancala_i18n::REGIONS",
            rules.id()
        );
        // Rule files write the region's English name, so that a search of
        // the files finds every game of a region.
        assert_eq!(
            region_name(Lang::En, written),
            written.unwrap(),
            "{}",
            rules.id()
        );
    }
}

#[test]
fn a_game_with_parameters_is_headed_with_them() {
    let rules = Rules::load("kalah:holes=4,seeds=3").unwrap();
    let text = mancala_i18n::rules_text(&rules, Lang::En);
    // As the play page heads it (web.ftl's js-game-variant).
    assert!(
        text.starts_with("Kalah: 4 holes a row, 3 seeds a hole\n"),
        "{text}"
    );
    let fa = game_page(&rules, Lang::Fa);
    assert!(
        fa.name.contains('۴') && fa.name.contains('۳') && !fa.name.contains("holes"),
        "{}",
        fa.name
    );
    let first = Rules::load("oware:first=north").unwrap();
    let text = mancala_i18n::rules_text(&first, Lang::En);
    assert!(text.starts_with("Oware, North moves first\n"), "{text}");
}
