//! A game's page in the shape of the source pages: name, type line,
//! overview, board, how to play, capture, end of the game, house rules,
//! notes, source.

use mancala_core::Rules;
use mancala_core::spec::*;

use crate::section::{Section, section_title};
use crate::sentences::{Sentence, sentences};
use crate::{FluentValue, Lang, Localizer, digits, localizer};

/// A game's page, every text in the chosen language and digits (JSON: the
/// field names below, `lang` as its code).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GamePage {
    /// The language of the page's interface and rules sentences.
    pub lang: Lang,
    /// The game's id (`"modiar"`).
    pub id: String,
    /// The game's name, in the language's script when a curated text gives it.
    pub name: String,
    /// One line: the kind of game (rows, holes, stores, sowing).
    pub type_line: String,
    /// A paragraph on where and by whom the game is played.
    pub overview: String,
    /// Whether `overview` (and the lines below) are in `lang`; `false` when
    /// the game has no curated text in `lang` and they fall back to English.
    pub overview_translated: bool,
    /// "Played in: Morocco (Northern Africa)", when known.
    pub origin: Option<String>,
    /// Who recorded the rules, when and from whom, when a curated text says.
    pub recorded: Option<String>,
    /// The board: rows, holes, stores, seeds, who owns what.
    pub board: Vec<String>,
    /// How to play: which holes may be played, sowing, extra moves.
    pub play: Vec<String>,
    /// Capture.
    pub capture: Vec<String>,
    /// End of the game and winning.
    pub end: Vec<String>,
    /// Rules we decided where the sources are silent, each introduced as such.
    pub house_rules: Vec<String>,
    /// Notes: where the sources disagree.
    pub notes: Vec<String>,
    /// Where the rules come from.
    pub source: Option<String>,
}

impl GamePage {
    /// Every line of the page's text, for searching and tests.
    pub fn all_text(&self) -> Vec<&str> {
        let mut v: Vec<&str> = vec![&self.name, &self.type_line, &self.overview];
        v.extend(self.origin.as_deref());
        v.extend(self.recorded.as_deref());
        for list in [
            &self.board,
            &self.play,
            &self.capture,
            &self.end,
            &self.house_rules,
            &self.notes,
        ] {
            v.extend(list.iter().map(String::as_str));
        }
        v.extend(self.source.as_deref());
        v
    }
}

/// The page of `rules` in `lang`, with the language's own digits.
pub fn game_page(rules: &Rules, lang: Lang) -> GamePage {
    game_page_digits(rules, lang, false)
}

/// The page of `rules` in `lang`; `latin_digits` keeps Latin digits in
/// Persian and Burmese. Text that falls back to English (a game without a
/// curated text in `lang`) keeps its Latin digits.
pub fn game_page_digits(rules: &Rules, lang: Lang, latin_digits: bool) -> GamePage {
    build(rules, lang, latin_digits, localizer())
}

fn build(rules: &Rules, lang: Lang, latin: bool, loc: &Localizer) -> GamePage {
    let spec = rules.spec();
    let about = &spec.about;
    let id = rules.id();
    let d = |t: String| digits(lang, &t, latin);
    // A curated field in `lang` (digits converted), else the English one as written.
    let field = |name: &str, english: Option<&String>| match loc.game_text(lang, id, name) {
        Some(t) => Some(d(t)),
        None => english.cloned(),
    };
    let translated = lang == Lang::En || loc.game_text(lang, id, "overview").is_some();
    let name = field("name", Some(&spec.name)).unwrap_or_default();
    // A game loaded with board parameters is headed with them, as the play
    // page heads it: `kalah:holes=4,seeds=3` is "Kalah: 4 holes a row,
    // 3 seeds a hole", not Kalah.
    let given = rules.given_parameters();
    let mut name = name;
    if given.board {
        name = d(loc.tr(
            lang,
            "js-game-variant",
            &[
                ("name", FluentValue::from(name)),
                ("holes", FluentValue::from(spec.board.holes_per_row)),
                ("seeds", FluentValue::from(spec.board.seeds_per_hole)),
            ],
        ));
    }
    if given.first {
        name = loc.tr(
            lang,
            "js-game-variant-first",
            &[
                ("game", FluentValue::from(name)),
                ("side", FluentValue::from(spec.board.first_player.as_str())),
            ],
        );
    }
    let overview = field("overview", about.overview.as_ref()).unwrap_or_default();
    let place = field("origin", spec.origin.as_ref());
    let origin =
        place.map(|place| loc.tr(lang, "page-origin", &[("place", FluentValue::from(place))]));
    let recorded = field("recorded", about.recorded.as_ref());
    let source = field("source", about.source.as_ref());

    let n = rules.holes_per_row() as u32;
    let laps = match spec.sowing.laps {
        Laps::Single => "single",
        Laps::Relay => "relay",
    };
    let dir = match spec.sowing.direction {
        Direction::Clockwise => "cw",
        Direction::CounterClockwise => "ccw",
        // The rules sentences say how (`sow-direction`).
        _ => "varied",
    };
    let type_line = loc.tr(
        lang,
        "type-line",
        &[
            ("holes", FluentValue::from(n)),
            (
                "rows",
                FluentValue::from(match rules.rows() {
                    3 => "three",
                    4 => "four",
                    _ => "two",
                }),
            ),
            (
                "stores",
                FluentValue::from(if spec.board.stores { "yes" } else { "no" }),
            ),
            ("laps", FluentValue::from(laps)),
            ("dir", FluentValue::from(dir)),
            ("seeds", FluentValue::from(spec.board.seeds_per_hole)),
        ],
    );
    let type_line = d(type_line);

    let mut page = GamePage {
        lang,
        id: id.to_string(),
        name,
        type_line,
        overview,
        overview_translated: translated,
        origin,
        recorded,
        board: Vec::new(),
        play: Vec::new(),
        capture: Vec::new(),
        end: Vec::new(),
        house_rules: Vec::new(),
        notes: Vec::new(),
        source,
    };
    for Sentence { section, key, text } in sentences(rules, loc, lang) {
        let text = d(text);
        if !key.is_empty() && about.house_rules.iter().any(|k| k == key) {
            page.house_rules
                .push(loc.tr(lang, "house-rule", &[("rule", FluentValue::from(text))]));
            continue;
        }
        match section {
            Section::Board => page.board.push(text),
            Section::Play => page.play.push(text),
            Section::Capture => page.capture.push(text),
            Section::End => page.end.push(text),
            _ => page.notes.push(text),
        }
    }
    for d in &about.disagreements {
        let msg_id = format!("disagreement-{}", d.key.replace(['.', '_'], "-"));
        let note = match loc.game_text(lang, id, &msg_id) {
            Some(t) => digits(lang, &t, latin),
            None => d.note.clone(),
        };
        page.notes.push(loc.tr(
            lang,
            "sources-disagree",
            &[("note", FluentValue::from(note))],
        ));
    }
    page
}

/// The whole page as plain text for a terminal, with the language's own
/// digits (see [`rules_text_digits`]).
pub fn rules_text(rules: &Rules, lang: Lang) -> String {
    rules_text_digits(rules, lang, false)
}

/// The whole page as plain text; `latin_digits` keeps Latin digits.
pub fn rules_text_digits(rules: &Rules, lang: Lang, latin_digits: bool) -> String {
    let page = game_page_digits(rules, lang, latin_digits);
    let title = |s: Section| digits(lang, &section_title(lang, s), latin_digits);
    let mut out = String::new();
    out.push_str(&page.name);
    out.push('\n');
    out.push_str(&"=".repeat(page.name.chars().count().max(3)));
    out.push_str("\n\n");
    out.push_str(&format!("{}: {}\n\n", title(Section::Type), page.type_line));
    let mut para = |heading: String, lines: &[String], bullets: bool| {
        if lines.is_empty() {
            return;
        }
        out.push_str(&heading);
        out.push('\n');
        for line in lines {
            if bullets {
                out.push_str("- ");
            }
            out.push_str(line);
            out.push('\n');
        }
        out.push('\n');
    };
    let mut overview = vec![page.overview.clone()];
    overview.extend(page.origin.clone());
    overview.extend(page.recorded.clone());
    overview.retain(|l| !l.is_empty());
    para(title(Section::Overview), &overview, false);
    para(title(Section::Board), &page.board, true);
    para(title(Section::Play), &page.play, true);
    para(title(Section::Capture), &page.capture, true);
    para(title(Section::End), &page.end, true);
    para(title(Section::HouseRules), &page.house_rules, true);
    para(title(Section::Notes), &page.notes, true);
    if let Some(source) = &page.source {
        para(title(Section::Source), std::slice::from_ref(source), false);
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
