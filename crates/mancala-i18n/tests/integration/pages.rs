//! Every message in every language, and every built-in game's page in
//! every language: nothing missing, no Fluent placeables left, no English
//! plural slips.

use std::collections::BTreeSet;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser::parse;
use mancala_core::Rules;
use mancala_i18n::{
    FluentValue, Lang, MISSING, game_page, localizer, rules_text, rules_text_digits,
};

const FILES: [&str; 3] = ["page", "rules", "web"];

fn read(lang: Lang, file: &str) -> String {
    let path = format!(
        "{}/locales/{}/{file}.ftl",
        env!("CARGO_MANIFEST_DIR"),
        lang.code()
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn vars_in_pattern(p: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            vars_in_expr(expression, out);
        }
    }
}

fn vars_in_expr(e: &Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        Expression::Select { selector, variants } => {
            vars_in_inline(selector, out);
            for v in variants {
                vars_in_pattern(&v.value, out);
            }
        }
        Expression::Inline(i) => vars_in_inline(i, out),
    }
}

fn vars_in_inline(i: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => vars_in_expr(expression, out),
        _ => {}
    }
}

/// Message id -> its variables, for one language's file.
fn messages(lang: Lang, file: &str) -> Vec<(String, BTreeSet<String>)> {
    let text = read(lang, file);
    let res = parse(text.as_str())
        .unwrap_or_else(|(_, errs)| panic!("{}/{file}.ftl: {errs:?}", lang.code()));
    res.body
        .iter()
        .filter_map(|entry| match entry {
            Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    vars_in_pattern(p, &mut vars);
                }
                Some((m.id.name.to_string(), vars))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn every_message_exists_in_every_language_with_the_same_variables() {
    let mut problems = Vec::new();
    for file in FILES {
        let en = messages(Lang::En, file);
        for lang in Lang::ALL {
            let other = messages(lang, file);
            for (id, vars) in &en {
                match other.iter().find(|(oid, _)| oid == id) {
                    None => problems.push(format!("{}/{file}.ftl: `{id}` is missing", lang.code())),
                    Some((_, ovars)) if ovars != vars => problems.push(format!(
                        "{}/{file}.ftl: `{id}` uses {ovars:?}, English uses {vars:?}",
                        lang.code()
                    )),
                    _ => {}
                }
            }
            for (id, _) in &other {
                if !en.iter().any(|(eid, _)| eid == id) {
                    problems.push(format!(
                        "{}/{file}.ftl: `{id}` is not in English",
                        lang.code()
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn plurals_follow_each_language() {
    let l = localizer();
    let seeds = |lang, n: u32| l.tr(lang, "counts-1", &[("a", FluentValue::from(n))]);
    assert_eq!(seeds(Lang::En, 1), "one seed");
    assert_eq!(seeds(Lang::En, 2), "2 seeds");
    assert_eq!(seeds(Lang::En, 0), "0 seeds");
    // Persian: a noun after a number stays singular; one is written out.
    assert_eq!(seeds(Lang::Fa, 1), "یک دانه");
    assert_eq!(seeds(Lang::Fa, 5), "5 دانه");
    // Burmese has one form: noun, number, classifier.
    assert_eq!(seeds(Lang::My, 1), "မျိုးစေ့ 1 စေ့");
    assert_eq!(seeds(Lang::My, 7), "မျိုးစေ့ 7 စေ့");
    // Punjabi: singular for 0 and 1 (CLDR), plural ਗੋਟੀਆਂ otherwise.
    assert_eq!(seeds(Lang::Pa, 1), "ਇੱਕ ਗੋਟੀ");
    assert_eq!(seeds(Lang::Pa, 4), "4 ਗੋਟੀਆਂ");
    let holes = |lang, n: u32| {
        l.tr(
            lang,
            "board-rows",
            &[
                ("holes", FluentValue::from(n)),
                ("stores", FluentValue::from("no")),
            ],
        )
    };
    assert!(
        holes(Lang::En, 1).starts_with("Two rows of one hole,"),
        "{}",
        holes(Lang::En, 1)
    );
    assert!(holes(Lang::En, 6).starts_with("Two rows of 6 holes,"));
    assert!(
        holes(Lang::Pa, 1).contains("ਇੱਕ ਟੋਆ"),
        "{}",
        holes(Lang::Pa, 1)
    );
    assert!(holes(Lang::Pa, 6).contains("6 ਟੋਏ"));
    assert!(holes(Lang::Fa, 6).contains("6 حفره‌ای"));
    assert!(holes(Lang::My, 6).contains("ကျင်း 6 ကျင်း"));
}

#[test]
fn a_message_missing_in_a_language_falls_back_to_english() {
    let l = localizer();
    assert!(l.has(Lang::En, "section-board"));
    assert_eq!(
        l.tr(Lang::Fa, "no-such-message", &[]),
        format!("{MISSING}no-such-message⟧")
    );
    for lang in Lang::ALL {
        assert!(l.has(lang, "capture-counts"), "{lang}");
    }
}

/// Text that a finished page must never hold.
fn assert_clean(game: &str, lang: Lang, text: &str) {
    assert!(
        !text.contains(MISSING),
        "{game} {lang}: a missing message\n{text}"
    );
    assert!(
        !text.contains('{') && !text.contains('}'),
        "{game} {lang}: a Fluent placeable is left\n{text}"
    );
    assert!(
        !text.contains('\u{2068}') && !text.contains('\u{2069}'),
        "{game} {lang}: isolation marks\n{text}"
    );
    for word in ["seeds", "holes", "stones", "moves"] {
        // " one" with its space: "lone stones" is good English.
        for bad in [
            format!(" 1 {word}"),
            format!("(1 {word}"),
            format!(" one {word}"),
            format!("One {word}"),
        ] {
            assert!(!text.contains(&bad), "{game} {lang}: `{bad}`\n{text}");
        }
    }
    for bad in ["a pass is written", "a single seed therefore"] {
        assert!(!text.contains(bad), "{game} {lang}: `{bad}`");
    }
}

#[test]
fn every_game_has_a_clean_page_in_every_language() {
    for id in Rules::builtin_ids() {
        let rules = Rules::builtin(id).unwrap();
        for lang in Lang::ALL {
            let page = game_page(&rules, lang);
            assert!(
                !page.board.is_empty() && !page.play.is_empty() && !page.end.is_empty(),
                "{id} {lang}"
            );
            assert!(!page.capture.is_empty(), "{id} {lang}");
            for line in page.all_text() {
                assert_clean(id, lang, line);
            }
            let text = rules_text(&rules, lang);
            assert_clean(id, lang, &text);
            // Persian and Burmese rules carry their own digits, and none of
            // them Latin; the others keep Latin digits. (An overview that
            // falls back to English keeps its digits as written.)
            let mut rules_lines = vec![page.type_line.clone()];
            for list in [
                &page.board,
                &page.play,
                &page.capture,
                &page.end,
                &page.house_rules,
            ] {
                rules_lines.extend(list.iter().cloned());
            }
            let rules_part = rules_lines.join("\n");
            let latin = rules_part.chars().any(|c| c.is_ascii_digit());
            match lang {
                Lang::Fa => {
                    assert!(
                        !latin && rules_part.chars().any(|c| ('۰'..='۹').contains(&c)),
                        "{id}: {rules_part}"
                    )
                }
                Lang::My => {
                    assert!(
                        !latin && rules_part.chars().any(|c| ('၀'..='၉').contains(&c)),
                        "{id}: {rules_part}"
                    )
                }
                Lang::En | Lang::Pa => assert!(latin, "{id} {lang}"),
            }
            let latin_text = rules_text_digits(&rules, lang, true);
            assert!(
                !latin_text
                    .chars()
                    .any(|c| ('۰'..='۹').contains(&c) || ('၀'..='၉').contains(&c)),
                "{id} {lang}"
            );
        }
    }
}

#[test]
fn sentences_only_for_rules_the_game_has() {
    let text = |id: &str| rules_text(&Rules::builtin(id).unwrap(), Lang::En);
    let modiar = text("modiar");
    assert!(!modiar.contains("pass"), "{modiar}");
    assert!(!modiar.contains("single seed"), "{modiar}");
    assert!(modiar.contains("at least 2 seeds"), "{modiar}");
    assert!(modiar.contains("2, 4 or 6 seeds"), "{modiar}");
    let tihbat = text("tihbat");
    assert!(
        tihbat.contains("A player who has no move passes."),
        "{tihbat}"
    );
    assert!(
        tihbat.contains("a hole with a single seed is played by putting that seed straight back"),
        "{tihbat}"
    );
    let kalah = text("kalah");
    assert!(kalah.contains("store"), "{kalah}");
    assert!(!text("oware").contains("own store"));
    assert!(text("oware").contains("there are no stores"));
}

#[test]
fn long_count_lists_read_as_a_rule() {
    use mancala_core::RuleSpec;
    let mut spec: RuleSpec = toml_spec("oware");
    spec.board.seeds_per_hole = 10; // 120 seeds
    spec.capture.counts = Some((1..=60).map(|k| 2 * k).collect());
    let rules = Rules::compile("evens", spec.clone()).unwrap();
    let page = game_page(&rules, Lang::En);
    let capture = page.capture.join(" ");
    assert!(capture.contains("an even number of seeds"), "{capture}");
    assert!(!capture.contains("118"), "{capture}");
    spec.capture.counts = Some(vec![4, 6, 8, 10, 12]);
    let rules = Rules::compile("range", spec).unwrap();
    let capture = game_page(&rules, Lang::En).capture.join(" ");
    assert!(
        capture.contains("an even number of seeds from 4 to 12"),
        "{capture}"
    );
}

fn toml_spec(id: &str) -> mancala_core::RuleSpec {
    Rules::builtin(id).unwrap().spec().clone()
}

#[test]
fn curated_texts_name_built_in_games_and_known_fields() {
    let l = localizer();
    let ids: Vec<&str> = Rules::builtin_ids().collect();
    let dir = format!("{}/../../games/text", env!("CARGO_MANIFEST_DIR"));
    for lang in [Lang::Fa, Lang::My, Lang::Pa] {
        let games = l.games_with_text(lang);
        // Every built-in game has its history in every language: a new rule
        // file needs games/text/{fa,my,pa}/ID.ftl too.
        let missing: Vec<&str> = ids
            .iter()
            .copied()
            .filter(|id| !games.iter().any(|g| g == id))
            .collect();
        assert!(
            missing.is_empty(),
            "games/text/{}/: no curated text for {missing:?}",
            lang.code()
        );
        for game in &games {
            assert!(
                ids.contains(&game.as_str()),
                "games/text/{lang}/{game}.ftl: no such built-in game"
            );
            let text =
                std::fs::read_to_string(format!("{dir}/{}/{game}.ftl", lang.code())).unwrap();
            let res = parse(text.as_str()).unwrap_or_else(|(_, e)| panic!("{lang}/{game}: {e:?}"));
            for entry in &res.body {
                if let Entry::Message(m) = entry {
                    let id = m.id.name;
                    let known = ["name", "origin", "overview", "recorded", "source"].contains(&id)
                        || id.starts_with("disagreement-");
                    assert!(known, "games/text/{lang}/{game}.ftl: unknown field `{id}`");
                }
            }
            // Numbers are written in Latin digits and converted on display,
            // so that --latin-digits can keep them.
            assert!(
                !text
                    .chars()
                    .any(|c| ('۰'..='۹').contains(&c) || ('၀'..='၉').contains(&c)),
                "games/text/{lang}/{game}.ftl: write digits as 0-9"
            );
            let rules = Rules::builtin(game).unwrap();
            let page = game_page(&rules, lang);
            assert!(page.overview_translated, "{lang}/{game}");
            assert_eq!(
                page.overview,
                mancala_i18n::digits(lang, &l.game_text(lang, game, "overview").unwrap(), false)
            );
            for d in &rules.spec().about.disagreements {
                let id = format!("disagreement-{}", d.key.replace(['.', '_'], "-"));
                assert!(
                    l.game_text(lang, game, &id).is_some(),
                    "{lang}/{game}: no `{id}`"
                );
            }
        }
    }
}

#[test]
fn house_rules_and_disagreements_are_shown_apart() {
    let modiar = Rules::builtin("modiar").unwrap();
    let page = game_page(&modiar, Lang::En);
    assert_eq!(page.house_rules.len(), 3, "{:?}", page.house_rules);
    assert!(
        page.house_rules
            .iter()
            .all(|r| r.starts_with("House rule, the sources are silent: "))
    );
    assert!(
        page.house_rules.iter().any(|r| r.contains("comes back")),
        "{:?}",
        page.house_rules
    );
    assert!(
        !page.end.iter().any(|r| r.contains("comes back")),
        "{:?}",
        page.end
    );
    assert!(
        page.notes
            .iter()
            .any(|n| n.starts_with("The sources disagree: ") && n.contains("clockwise"))
    );
    let fa = game_page(&modiar, Lang::Fa);
    assert!(
        fa.notes.iter().any(|n| n.contains("عقربه")),
        "{:?}",
        fa.notes
    );
    assert!(fa.house_rules.iter().all(|r| r.starts_with("قانون خانگی")));
    let json = serde_json::to_value(&fa).unwrap();
    assert_eq!(json["lang"], "fa");
    assert_eq!(json["house_rules"].as_array().unwrap().len(), 3);
    // Kalah's rules are all traditional.
    assert!(
        game_page(&Rules::builtin("kalah").unwrap(), Lang::En)
            .house_rules
            .is_empty()
    );
}

#[test]
fn a_game_without_a_translation_falls_back_to_english_text_in_the_chosen_interface() {
    let mut spec = Rules::builtin("oware").unwrap().spec().clone();
    spec.about.overview = Some("An untranslated game of 1999.".into());
    let rules = Rules::compile("no-translation", spec).unwrap();
    let page = game_page(&rules, Lang::Fa);
    assert!(!page.overview_translated);
    assert_eq!(
        page.overview, "An untranslated game of 1999.",
        "English text keeps its digits"
    );
    assert!(page.board.iter().all(|l| !l.is_ascii()), "{:?}", page.board);
}

#[test]
fn a_capture_of_every_count_reads_as_always() {
    // Voleur takes the last hole whatever it holds: not "makes it hold one seed or more".
    let voleur = Rules::builtin("voleur").unwrap();
    let en = game_page(&voleur, Lang::En);
    assert!(
        en.capture
            .iter()
            .any(|l| l.contains("is always taken, whatever it holds")),
        "{:?}",
        en.capture
    );
    assert!(
        !en.capture.iter().any(|l| l.contains("or more")),
        "{:?}",
        en.capture
    );
    for lang in [Lang::Fa, Lang::My, Lang::Pa] {
        let page = game_page(&voleur, lang);
        let always = localizer().tr(
            lang,
            "capture-always",
            &[
                ("place", FluentValue::from("any")),
                ("keeper", FluentValue::from("mover")),
            ],
        );
        assert!(page.capture.contains(&always), "{lang}: {:?}", page.capture);
    }
    // A capture of one count still names it.
    // A capture of a lone seed says the hole was empty, and "that seed", not "those seeds".
    let micro = game_page(&Rules::builtin("micro-wari").unwrap(), Lang::En);
    assert!(
        micro.capture.iter().any(|l| l.starts_with(
            "If the last seed falls into an empty hole of the opponent's row, that seed is captured"
        )),
        "{:?}",
        micro.capture
    );
    assert!(
        !micro.capture.iter().any(|l| l.contains("those seeds")),
        "{:?}",
        micro.capture
    );
}

#[test]
fn directions_that_vary_by_move_are_said_in_every_language() {
    let text = |direction: &str, chosen: &str| {
        format!(
            "name = \"D\"\n[board]\nholes_per_row = 5\nseeds_per_hole = 3\n\
             [sowing]\nstart = \"next\"\ndirection = \"{direction}\"\n{chosen}\n"
        )
    };
    for (direction, chosen) in [
        ("outward", "chosen_holes = [3]"),
        ("inward", "chosen_holes = [3]"),
        ("chosen", ""),
        ("parity", ""),
        ("alternate", ""),
        ("counter-clockwise", "chosen_holes = [2]"),
    ] {
        let rules = Rules::from_toml("d", &text(direction, chosen), "d.toml").unwrap();
        for lang in Lang::ALL {
            let page = rules_text(&rules, lang);
            assert_clean(direction, lang, &page);
            // The English page names the rule; no page calls a varying
            // direction plain counter-clockwise in its type line.
            if lang == Lang::En {
                let expected = match direction {
                    "outward" => "away from the middle",
                    "inward" => "towards the middle",
                    "chosen" => "chooses the direction of every move",
                    "parity" => "an odd number of seeds",
                    "alternate" => "The first move of the game chooses its direction",
                    _ => "the mover chooses the direction, writing the move C>",
                };
                assert!(page.contains(expected), "{direction}:\n{page}");
                if direction != "counter-clockwise" {
                    assert!(
                        page.contains("in varying directions"),
                        "{direction}:\n{page}"
                    );
                }
            }
            // Every language says how a chosen direction is written.
            assert!(
                direction == "parity" || page.contains("C>") || page.contains("A>"),
                "{direction} {lang}:\n{page}"
            );
        }
    }
}

/// Owned holes, rounds, sowing round one's own row and the goals that end
/// a game otherwise: each option adds its sentences to the page in every
/// language, never the English text where a translation belongs.
#[test]
fn owned_holes_rounds_and_goals_are_said_in_every_language() {
    let base = "name = \"O\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\n\
                [sowing]\nstart = \"next\"\n";
    let cases: [(&str, &str, &[&str]); 10] = [
        (
            "owned",
            "[capture]\nrule = \"counts\"\ncounts = [2]\nlast_hole_in = \"opponent\"\n\
             [owned]\ncount = 3\nrow = \"opponent\"\nper_player = 1\n\
             places = \"not-opponent-last\"\nnot_mirror = true\n",
            &[
                "makes it hold 3 seeds, that hole becomes the player's own hole",
                "at most one hole",
                "last hole of the opponent's row",
                "same number",
                "An owned hole is never played from",
            ],
        ),
        (
            "owned-at-start",
            "[capture]\nrule = \"none\"\n[owned]\ncount = 0\nat_start = \"rightmost\"\n\
             sow_past = \"all\"\n",
            &["owns the rightmost hole", "passes over every owned hole"],
        ),
        (
            "owned-raid",
            "[capture]\nrule = \"none\"\n[owned]\ncount = 4\nplaces = \"ends\"\n\
             not_facing = true\nraid = 2\nsow_past = \"opponent-but-last\"\n",
            &[
                "Only the two end holes",
                "facing a hole already owned",
                "takes 2 seeds out of it",
                "except with its last seed",
            ],
        ),
        (
            "rounds",
            "[rounds]\nfill = \"outside\"\nstarter = \"loser\"\nmin_holes = 2\n",
            &[
                "a match played in rounds",
                "from both ends towards the middle",
                "out of play for the round",
                "The loser of a round starts",
                "cannot fill 2 holes",
            ],
        ),
        (
            "rounds-territory",
            "[rounds]\nterritory = true\nstarter = \"loser-else-last-mover\"\nmin_seeds = 7\n",
            &[
                "a match played in rounds",
                "owns as many holes as their seeds fill",
                "the player who made its last move",
                "fewer than 7 seeds",
            ],
        ),
        (
            "rounds-loser",
            "[rounds]\nblocked = false\nloser_only = true\n",
            &["Only the loser of a round", "stay in play", "take turns"],
        ),
        ("own-row", "", &["sows around their own row only"]),
        (
            "win-seeds",
            "[end]\nwin_seeds = 30\n",
            &["captured more than 30 seeds"],
        ),
        (
            "empty-row-wins",
            "[end]\nresult = \"deprivation\"\nempty_row_wins = true\n",
            &["The goal is to empty one's own row"],
        ),
        (
            "mover-row-empty",
            "[end]\nresult = \"deprivation\"\nmover_row_empty = true\n",
            &["empties their own row while the opponent still holds seeds loses"],
        ),
    ];
    let plain = Rules::from_toml("o", base, "o.toml").unwrap();
    for (name, option, expected) in cases {
        let text = if name == "own-row" {
            format!("{base}own_row = true\n")
        } else {
            format!("{base}{option}")
        };
        let rules = Rules::from_toml(name, &text, "o.toml")
            .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        // The same rules without the option, to see what it adds.
        let without = match name {
            "owned" | "owned-at-start" | "owned-raid" => {
                let mut spec = rules.spec().clone();
                spec.owned = None;
                mancala_core::Rules::compile(name, spec).unwrap()
            }
            "empty-row-wins" | "mover-row-empty" => Rules::from_toml(
                name,
                &format!("{base}[end]\nresult = \"deprivation\"\n"),
                "o.toml",
            )
            .unwrap(),
            _ => plain.clone(),
        };
        for lang in Lang::ALL {
            let page = rules_text(&rules, lang);
            assert_clean(name, lang, &page);
            let before = rules_text(&without, lang);
            // An option adds its sentences (the goal of emptying one's own
            // row replaces the deprivation sentence).
            assert!(
                page.lines().count() > before.lines().count()
                    || (name == "empty-row-wins" && page != before),
                "{name} {lang}: the option adds no sentence\n{page}"
            );
            for phrase in expected {
                if lang == Lang::En {
                    assert!(page.contains(phrase), "{name}: `{phrase}`\n{page}");
                } else {
                    // A missing translation falls back to English.
                    assert!(
                        !page.contains(phrase),
                        "{name} {lang}: said in English only\n{page}"
                    );
                }
            }
        }
    }
}

/// The rule-file options added with the StoneShark breadth work: each one
/// gets its sentence on the page in every language, translated (not the
/// English fallback), with no message id or placeable left.
#[test]
fn stoneshark_options_are_said_in_every_language() {
    let base = "name = \"S\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\n";
    let stores = "stores = true\n";
    let relay = "[sowing]\nlaps = \"relay\"\n";
    // (name, the option's rule-file text, the same rules without it, English phrases)
    let cases: Vec<(&str, String, String, &[&str])> = vec![
        (
            "any-row",
            "[moves]\nany_row = true\n".into(),
            String::new(),
            &["in either row: the holes belong to neither player"],
        ),
        (
            "any-row-min",
            "[moves]\nany_row = true\nmin_seeds = 2\n".into(),
            "[moves]\nmin_seeds = 2\n".into(),
            &["The holes belong to neither player"],
        ),
        (
            "pull-across",
            "[capture]\nrule = \"opposite\"\npull_across = true\n".into(),
            "[capture]\nrule = \"opposite\"\n".into(),
            &[
                "of either row and the hole opposite is not empty, the seeds of the opposite hole are pulled across",
            ],
        ),
        (
            "opposite-counts",
            "[capture]\nrule = \"opposite\"\ncounts = [2, 3]\n".into(),
            "[capture]\nrule = \"opposite\"\n".into(),
            &["only taken when it holds 2 or 3 seeds"],
        ),
        (
            "opponent-row-empty",
            "[end]\nopponent_row_empty = true\n".into(),
            String::new(),
            &["leaves the opponent's row empty"],
        ),
        (
            "layout-random",
            "layout = \"random\"\n".into(),
            String::new(),
            &["lie at random: 2 in every hole", "equally likely"],
        ),
        (
            "layout-rightmost-plus-one",
            "layout = \"rightmost-plus-one\"\n".into(),
            String::new(),
            &["rightmost hole one more: 50 seeds in all"],
        ),
        (
            // Counter-clockwise from A (0): C, E, a, c, e (2, 4, ..., 10)
            // hold 4; d = 1 + 2 * ((6 - 1) / 4) = 3 is D, and the seeds of
            // the hole facing it, c, move into it.
            "layout-gamacha",
            "layout = \"gamacha\"\n".into(),
            String::new(),
            &[
                "only these holes hold seeds (their number in brackets): C (4), D (4), E (4), a (4), e (4); 20 seeds in all",
            ],
        ),
        (
            // Each row from its player's left: the first of every three empty.
            "layout-two-of-three",
            "layout = \"two-of-three\"\n".into(),
            String::new(),
            &[
                "only these holes hold seeds (their number in brackets): B (4), C (4), E (4), F (4), b (4), c (4), e (4), f (4); 32 seeds in all",
            ],
        ),
        (
            "rest-to-winner",
            "[end]\nwin_seeds = 24\nrest_to_winner = true\n".into(),
            "[end]\nwin_seeds = 24\n".into(),
            &["that player takes every seed left on the board"],
        ),
        (
            "too-few-to-starter",
            "[end]\ntoo_few_seeds = 4\ntoo_few_to_starter = true\n".into(),
            "[end]\ntoo_few_seeds = 4\n".into(),
            &[
                "fewer than 4 seeds on the board (but some), the player who made the first move of the game",
            ],
        ),
        (
            "too-few-to-mover",
            "[end]\ntoo_few_seeds = 4\ntoo_few_to_mover = true\n".into(),
            "[end]\ntoo_few_seeds = 4\n".into(),
            &["the player who made it takes them and the game ends"],
        ),
        (
            "into-opponent-store",
            format!("{stores}[sowing]\ninto_own_store = true\ninto_opponent_store = true\n"),
            format!("{stores}[sowing]\ninto_own_store = true\n"),
            &["Both stores are sown like holes"],
        ),
        (
            "extra-turn-opponent-store",
            format!(
                "{stores}[sowing]\ninto_own_store = true\ninto_opponent_store = true\n\
                 [moves]\nextra_turn_opponent_store = true\n"
            ),
            format!("{stores}[sowing]\ninto_own_store = true\ninto_opponent_store = true\n"),
            &["falls into the opponent's store, the player moves again"],
        ),
        (
            "opponent-store",
            format!(
                "{stores}[sowing]\ninto_own_store = true\ninto_opponent_store = true\n\
                 [capture]\nrule = \"opposite\"\nopponent_store = true\n"
            ),
            format!(
                "{stores}[sowing]\ninto_own_store = true\ninto_opponent_store = true\n\
                 [capture]\nrule = \"opposite\"\n"
            ),
            &["takes every seed in that store into the player's own"],
        ),
        (
            "store-lost-in",
            format!("{stores}[capture]\nrule = \"opposite\"\nstore_lost_in = \"own\"\n"),
            format!("{stores}[capture]\nrule = \"opposite\"\n"),
            &["empty hole of the player's own row gives every seed in the player's store"],
        ),
        (
            "relay-counts",
            format!("{relay}relay_counts = [2, 3]\n"),
            relay.into(),
            &["only if it then holds 2 or 3 seeds"],
        ),
        (
            "relay-from",
            format!("{relay}relay_from = \"own\"\n"),
            relay.into(),
            &["only if it is in the player's own row"],
        ),
        (
            "relay-from-next",
            format!("{relay}relay_from_next = true\n"),
            relay.into(),
            &["if the hole after the last one sown holds seeds"],
        ),
        (
            "lap-keeps-one",
            "[moves]\nmin_seeds = 2\n[sowing]\nlap_keeps_one = true\n".into(),
            "[moves]\nmin_seeds = 2\n".into(),
            &["The first seed lifted for each lap goes to the player"],
        ),
        (
            "single-takes-facing",
            "[sowing]\nsingle_takes_facing = true\n".into(),
            String::new(),
            &["lifts a single seed first takes the seeds of the hole facing it"],
        ),
        (
            "grand-slam-leaves",
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\ngrand_slam_leaves = \"leftmost\"\n"
                .into(),
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\n".into(),
            &["leaves the leftmost of its holes holding seeds"],
        ),
        (
            "grand-slam-opponent-takes-row",
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\ngrand_slam = \"opponent-takes-row\"\n"
                .into(),
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\n".into(),
            &["the opponent takes every seed left in the mover's own row"],
        ),
        (
            "passing-to-mover",
            "[sowing]\npassing_captures = true\npassing_to_mover = true\npassing_last = true\n\
             passing_counts = [4]\n[capture]\nrule = \"counts\"\ncounts = [2, 3]\n"
                .into(),
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\n".into(),
            &[
                "brings to 4 seeds is taken at once by the player",
                "The last hole of a lap is taken this way too",
            ],
        ),
        (
            "lap-captures",
            format!(
                "{relay}lap_captures = true\nlap_captures_sown_on = true\n\
                 [capture]\nrule = \"opposite\"\n"
            ),
            format!("{relay}[capture]\nrule = \"opposite\"\n"),
            &[
                "captures there, and the relay goes on",
                "are sown on from its hole",
            ],
        ),
        (
            "take-last",
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\ntake_last = 3\n\
             take_last_counted = \"own\"\ntake_facing = true\n"
                .into(),
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\n".into(),
            &[
                "When 3 seeds or fewer are left on the board",
                "only the seeds of the player's own row are counted",
                "also takes the hole facing the hole it captured",
            ],
        ),
        (
            "first-moves-direction",
            "[sowing]\ndirection = \"chosen\"\nfirst_moves_direction = \"counter-clockwise\"\n"
                .into(),
            "[sowing]\ndirection = \"chosen\"\n".into(),
            &["Each player's first move sows counter-clockwise, without a choice"],
        ),
        (
            "feed-else-any",
            "[moves]\nmust_feed = true\nfeed_else_any = true\n".into(),
            "[moves]\nmust_feed = true\n".into(),
            &["If no move can feed the opponent, any move may be played"],
        ),
        (
            "partial-hole-loser",
            "[rounds]\nterritory = true\npartial_hole = \"loser\"\n".into(),
            "[rounds]\nterritory = true\n".into(),
            &["would fill only in part is the other player's"],
        ),
        (
            "partial-hole-loser-empty",
            "[rounds]\nterritory = true\npartial_hole = \"loser-empty\"\n".into(),
            "[rounds]\nterritory = true\n".into(),
            &["starts the round empty"],
        ),
        (
            "winner-else-not-last-mover",
            "[rounds]\nterritory = true\nstarter = \"winner-else-not-last-mover\"\n".into(),
            "[rounds]\nterritory = true\n".into(),
            &["the player who did not make its last move"],
        ),
        (
            "territory-rows",
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\nlast_hole_in = \"opponent\"\n\
             [rounds]\nterritory = true\n"
                .into(),
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\nlast_hole_in = \"opponent\"\n".into(),
            &["they mean the holes that player owns this round"],
        ),
        (
            "passing-from",
            "[sowing]\npassing_captures = true\npassing_from = \"own\"\n\
             [capture]\nrule = \"counts\"\ncounts = [2, 3]\n"
                .into(),
            "[sowing]\npassing_captures = true\n[capture]\nrule = \"counts\"\ncounts = [2, 3]\n"
                .into(),
            &["Only the player's own holes are taken this way"],
        ),
        (
            "lap-captures-counts",
            format!("{relay}lap_captures = true\n[capture]\nrule = \"counts\"\ncounts = [2, 3]\n"),
            format!("{relay}[capture]\nrule = \"counts\"\ncounts = [2, 3]\n"),
            &["goes on from the hole after the one captured"],
        ),
        (
            "must-feed-territory",
            "[moves]\nmust_feed = true\n[rounds]\nterritory = true\n".into(),
            "[rounds]\nterritory = true\n".into(),
            &["If the holes the opponent owns this round are all empty"],
        ),
        (
            "closes-at",
            format!(
                "{relay}closes_at = 3\nclosing_spares_rightmost = true\n\
                 [capture]\non_opening = false\n"
            ),
            relay.into(),
            &[
                "brings a hole of the opponent's row to 3 seeds closes that hole",
                "rightmost hole is never closed",
                "A closed hole is out of play for the rest of the game",
                "No hole is closed on the first move of the game",
                "seeds leave the game only through closed holes",
            ],
        ),
        (
            "opening-right-half",
            "[moves]\nopening = \"right-half\"\nempty_or_across = true\n[sowing]\nopening_lands_across = true\n"
                .into(),
            "[moves]\nempty_or_across = true\n".into(),
            &[
                "first move must start from the right half of their row (D–F for South, d–f for North)",
                "does not apply to that move",
                "sown as a single lap, without relaying",
            ],
        ),
        (
            "lap-captures-counts",
            format!(
                "{relay}lap_captures = true\nopponent_takes_sown_at = 8\n\
                 [capture]\nrule = \"counts\"\ncounts = [4]\n"
            ),
            format!("{relay}[capture]\nrule = \"counts\"\ncounts = [4]\n"),
            &[
                "goes on from the hole after the one captured",
                "with 8 seeds or fewer on the board",
            ],
        ),
        (
            "extra-turn-once",
            "[moves]\nextra_turn = \"capture\"\nextra_turn_once = true\n\
             [capture]\nrule = \"counts\"\ncounts = [2, 3]\n"
                .into(),
            "[moves]\nextra_turn = \"capture\"\n[capture]\nrule = \"counts\"\ncounts = [2, 3]\n"
                .into(),
            &["unless it is itself such an extra move"],
        ),
        (
            "skip-opponent-count",
            format!("{relay}skip_opponent_count = 2\nskip_not_on_opening = true\n"),
            relay.into(),
            &[
                "holds 2 seeds when the seed comes to it: the sowing passes over that hole",
                "The first move of the game passes over no hole",
            ],
        ),
        (
            "last-resort",
            "[moves]\nlast_resort_count = 2\nlast_resort_rightmost = true\n".into(),
            String::new(),
            &[
                "A hole holding 2 seeds may be played only when every hole",
                "only the rightmost of them may be played",
            ],
        ),
        (
            "first-two-rightmost",
            "[moves]\nopening = \"first-two-rightmost\"\n".into(),
            String::new(),
            &["must start from one of the two rightmost holes the first player may play"],
        ),
        (
            "take-counted",
            "[capture]\nrule = \"opposite\"\ncounts = [2]\ntake_counted = true\n".into(),
            "[capture]\nrule = \"opposite\"\ncounts = [2]\n".into(),
            &["also takes every other hole of the opponent's row holding 2 seeds"],
        ),
        (
            "relay-from-store",
            format!(
                "{stores}{relay}relay_from_next = true\ninto_own_store = true\nrelay_from_store = true\n"
            ),
            format!("{stores}{relay}relay_from_next = true\ninto_own_store = true\n"),
            &["the store's seeds are lifted instead"],
        ),
        (
            "rams",
            format!("{stores}[sowing]\ninto_own_store = true\n[moves]\nrams = true\n"),
            format!("{stores}[sowing]\ninto_own_store = true\n"),
            &["is a ram: it may not be played"],
        ),
        (
            "no-return",
            "[sowing]\ndirection = \"outward\"\n[moves]\nno_return = true\n".into(),
            "[sowing]\ndirection = \"outward\"\n".into(),
            &["may not be moved straight back: the next move may not start from that hole"],
        ),
        (
            "stores-on-right",
            format!(
                "{stores}[sowing]\ndirection = \"clockwise\"\ninto_own_store = true\nstores_on_right = true\n"
            ),
            format!("{stores}[sowing]\ndirection = \"clockwise\"\ninto_own_store = true\n"),
            &["reaches the player's store only after going round the opponent's row"],
        ),
        (
            "grand-slam-extra-turn",
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\ngrand_slam = \"extra-turn\"\n".into(),
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\n".into(),
            &["(a grand slam) captures them, and the player moves again at once"],
        ),
        (
            "chain-along",
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\nchain = \"both-rows\"\nchain_direction = \"along\"\n".into(),
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\nchain = \"both-rows\"\n".into(),
            &["Then the hole after it (in the sowing direction)", "sown in this move or not"],
        ),
        (
            "chain-both",
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\nchain = \"same-row\"\nchain_direction = \"both\"\nchain_limit = 2\n".into(),
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\nchain = \"same-row\"\nchain_limit = 2\n".into(),
            &[
                "then, the same way, the hole before the last one (against the sowing)",
                "at most 2 holes each way, the last hole counted in both",
            ],
        ),
        (
            "match-chain",
            "[capture]\nrule = \"match\"\nchain = \"both-rows\"\nchain_direction = \"both\"\n".into(),
            "[capture]\nrule = \"match\"\n".into(),
            &["each with the hole opposite it", "then backwards from the last hole"],
        ),
        (
            "next-counts",
            "[capture]\nrule = \"next-counts\"\ncounts = [1, 3]\nchain = \"both-rows\"\nchain_direction = \"along\"\n".into(),
            "[capture]\nrule = \"counts\"\ncounts = [1, 3]\n".into(),
            &[
                "Wherever the last seed falls, if the next hole",
                "Then the hole after it (in the sowing direction)",
            ],
        ),
        (
            "moved-from-only",
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\nmoved_from_only = true\n".into(),
            "[capture]\nrule = \"counts\"\ncounts = [2, 3]\n".into(),
            &["every hole starts locked, and a move from it unlocks it for good"],
        ),
        (
            "each-hole-first",
            "[moves]\neach_hole_first = true\n".into(),
            String::new(),
            &["they may move only from holes they have not moved from yet"],
        ),
        (
            "layout-last-two-empty",
            "layout = \"last-two-empty\"\n".into(),
            String::new(),
            &[
                "only these holes hold seeds (their number in brackets): A (4), B (4), C (4), D (4), a (4), b (4), c (4), d (4); 32 seeds in all",
            ],
        ),
        (
            "owned-pair-before",
            "[owned]\ncount = 4\nmake = \"pair-before\"\n".into(),
            "[owned]\ncount = 4\n".into(),
            &["Also, when the last hole and the plain hole before it (against the sowing) then hold 4 seeds and 3 seeds"],
        ),
        (
            "opposite-chain",
            "[capture]\nrule = \"opposite\"\nchain = \"same-row\"\nchain_direction = \"along\"\n".into(),
            "[capture]\nrule = \"opposite\"\n".into(),
            &["each hole on the way that is empty takes the seeds of the hole facing it too"],
        ),
        (
            "seeds-to-win",
            "[rounds]\nseeds_to_win = 100\n".into(),
            "[rounds]\nround_wins = 2\n".into(),
            &["the match ends after the round in which a player's total reaches 100 seeds"],
        ),
    ];
    let mut problems = Vec::new();
    for (name, option, without, expected) in &cases {
        // Every rule file needs a [sowing] table with its start.
        let compile = |extra: &str| {
            let sowing = "[sowing]\nstart = \"next\"\n";
            let text = if extra.contains("[sowing]\n") {
                format!("{base}{}", extra.replace("[sowing]\n", sowing))
            } else {
                format!("{base}{extra}{sowing}")
            };
            Rules::from_toml(name, &text, "s.toml")
        };
        let (rules, plain) = match (compile(option), compile(without)) {
            (Ok(r), Ok(p)) => (r, p),
            (r, p) => {
                problems.push(format!("{name}: {:?} / {:?}", r.err(), p.err()));
                continue;
            }
        };
        for lang in Lang::ALL {
            let page = rules_text(&rules, lang);
            assert_clean(name, lang, &page);
            let before = rules_text(&plain, lang);
            // The option's sentences: the lines the rules without it lack.
            let new: Vec<&str> = page.lines().filter(|l| !before.contains(*l)).collect();
            if new.is_empty() {
                problems.push(format!(
                    "{name} {lang}: the option adds no sentence\n{page}"
                ));
            }
            for phrase in *expected {
                let said = page.contains(phrase);
                if lang == Lang::En && !said {
                    problems.push(format!("{name}: `{phrase}` missing\n{page}"));
                }
                // A missing translation would fall back to English.
                if lang != Lang::En && said {
                    problems.push(format!("{name} {lang}: said in English only\n{page}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
