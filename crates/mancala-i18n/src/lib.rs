//! # mancala-i18n: the game pages in English, Persian, Burmese and Punjabi
//!
//! Our rule sources are pages of a mancala encyclopedia read in Persian,
//! Burmese and Punjabi (Gurmukhi). This crate gives every built-in game a
//! page in the same shape as those pages (type line, overview, board, how
//! to play, capture, end of the game, notes, source) in any of the four
//! languages, plus the interface messages of the web pages. All text is
//! Project Fluent messages (`locales/LANG/*.ftl`): whole sentences with
//! arguments and plural selectors, never sentences glued from fragments.
//! The rules sentences are chosen from the rule data (`Rules::spec`), so a
//! page says exactly what the engine plays; the history of a game is a
//! short curated text kept beside its rule file (`games/text/LANG/ID.ftl`,
//! English in the rule file's `[about]`).
//!
//! ```
//! use mancala_i18n::{Lang, game_page, rules_text};
//! use mancala_core::Rules;
//!
//! let rules = Rules::builtin("modiar")?;
//! let page = game_page(&rules, Lang::Fa);
//! assert!(!page.play.is_empty());
//! assert!(rules_text(&rules, Lang::Fa).contains('۷')); // seven seeds a hole, in Persian digits
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

pub use fluent_bundle::FluentValue;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

mod page;
mod regions;
mod section;
mod sentences;
mod summary;

pub use page::{GamePage, game_page, game_page_digits, rules_text, rules_text_digits};
pub use regions::{REGIONS, region_key, region_name};
pub use section::{Section, section_title};
pub use summary::summary;

/// A language of the interface and of the game pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English.
    En,
    /// Persian (Farsi), written right to left.
    Fa,
    /// Burmese (Myanmar).
    My,
    /// Punjabi in Gurmukhi script.
    Pa,
}

impl Lang {
    /// Every language, English (the fallback) first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fa, Lang::My, Lang::Pa];

    /// The BCP 47 code: `"en"`, `"fa"`, `"my"`, `"pa"`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fa => "fa",
            Lang::My => "my",
            Lang::Pa => "pa",
        }
    }

    /// The language of a code, ignoring case and any region or script
    /// (`"fa-IR"`, `"pa-Guru-IN"`, `"EN"`).
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The codes of every language, for error messages: `"en, fa, my, pa"`.
    pub fn codes() -> String {
        Lang::ALL.map(Lang::code).join(", ")
    }

    /// The language's name in itself, for a language switcher.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fa => "فارسی",
            Lang::My => "မြန်မာ",
            Lang::Pa => "ਪੰਜਾਬੀ",
        }
    }

    /// Whether the language is written right to left (`dir="rtl"`).
    pub fn is_rtl(self) -> bool {
        self == Lang::Fa
    }

    /// `"rtl"` or `"ltr"`, for the HTML `dir` attribute.
    pub fn dir(self) -> &'static str {
        if self.is_rtl() { "rtl" } else { "ltr" }
    }

    /// The language to answer a browser's `Accept-Language` header with:
    /// the supported language of highest quality (`q`), earlier entries
    /// winning ties, English when none is supported or the header is
    /// malformed. `q=0` means "not this one".
    pub fn negotiate(accept_language_header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for item in accept_language_header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim();
            let mut q = 1.0f32;
            for param in parts {
                let param = param.trim();
                if let Some(v) = param
                    .strip_prefix("q=")
                    .or_else(|| param.strip_prefix("Q="))
                {
                    q = match v.trim().parse::<f32>() {
                        Ok(v) if (0.0..=1.0).contains(&v) => v,
                        _ => 0.0,
                    };
                }
            }
            if q <= 0.0 {
                continue;
            }
            let Some(lang) = Lang::from_code(tag) else {
                continue;
            };
            if best.is_none_or(|(bq, _)| q > bq) {
                best = Some((q, lang));
            }
        }
        best.map_or(Lang::En, |(_, l)| l)
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// A language is its code in JSON: `"fa"`.
impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::from_code(s).ok_or_else(|| {
            format!(
                "unknown language `{s}`; the languages are {}",
                Lang::codes()
            )
        })
    }
}

/// `text` with its ASCII digits written in `lang`'s own numerals, unless
/// `latin` asks for Latin digits.
///
/// Persian uses the Extended Arabic-Indic digits (۰–۹) and Burmese its own
/// (၀–၉). Punjabi keeps Latin digits: Gurmukhi digits (੦–੯) exist, but
/// Latin digits are what Punjabi print and screens mostly use, and the
/// Punjabi seed pages write every number in Latin digits. English has no
/// other digits.
pub fn digits(lang: Lang, text: &str, latin: bool) -> String {
    let zero = match lang {
        _ if latin => return text.to_string(),
        Lang::Fa => '۰',
        Lang::My => '၀',
        Lang::En | Lang::Pa => return text.to_string(),
    };
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) if c.is_ascii_digit() => char::from_u32(zero as u32 + d).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// `text` with each line longer than `width` columns broken at spaces;
/// the continuation of a `- ` item is indented under its text. Widths are
/// display columns (Burmese and Gurmukhi vowel signs take none), and a word
/// longer than the width stays whole. `width` 0 leaves the text as it is.
pub fn wrap(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    if width == 0 {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + text.len() / width.max(1));
    for line in text.split_inclusive('\n') {
        let (body, newline) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        if body.width() <= width {
            out.push_str(line);
            continue;
        }
        let indent = if body.starts_with("- ") { "  " } else { "" };
        let mut col = 0;
        for word in body.split(' ') {
            let w = word.width();
            if col > 0 && col + 1 + w > width {
                out.push('\n');
                out.push_str(indent);
                col = indent.len();
            } else if col > 0 {
                out.push(' ');
                col += 1;
            }
            out.push_str(word);
            col += w;
        }
        out.push_str(newline);
    }
    out
}

/// What [`Localizer::tr`] returns for a message that no language has: easy
/// to find in a page, and looked for by the tests.
pub const MISSING: &str = "⟦missing:";

const LOCALES: [(Lang, &[&str]); 4] = [
    (
        Lang::En,
        &[
            include_str!("../locales/en/page.ftl"),
            include_str!("../locales/en/rules.ftl"),
            include_str!("../locales/en/web.ftl"),
        ],
    ),
    (
        Lang::Fa,
        &[
            include_str!("../locales/fa/page.ftl"),
            include_str!("../locales/fa/rules.ftl"),
            include_str!("../locales/fa/web.ftl"),
        ],
    ),
    (
        Lang::My,
        &[
            include_str!("../locales/my/page.ftl"),
            include_str!("../locales/my/rules.ftl"),
            include_str!("../locales/my/web.ftl"),
        ],
    ),
    (
        Lang::Pa,
        &[
            include_str!("../locales/pa/page.ftl"),
            include_str!("../locales/pa/rules.ftl"),
            include_str!("../locales/pa/web.ftl"),
        ],
    ),
];

include!(concat!(env!("OUT_DIR"), "/game_texts.rs"));

/// The message bundles of every language, built once.
pub struct Localizer {
    bundles: Vec<FluentBundle<FluentResource>>,
    /// Curated per-game texts: (language, game id) -> bundle of `name`,
    /// `overview`, `origin`, `recorded`, `source`.
    games: HashMap<(Lang, String), FluentBundle<FluentResource>>,
}

fn new_bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.code().parse().expect("a valid language code");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks around arguments help bidirectional text in
    // a browser but are noise in a terminal and in tests; the pages keep
    // Latin names and labels short enough for the bidi algorithm alone.
    bundle.set_use_isolating(false);
    bundle
}

impl Localizer {
    /// Parses every message file. A syntax error in a shipped file is a bug
    /// caught by the tests, so it panics with the file's language and error.
    pub fn new() -> Localizer {
        let bundles = LOCALES
            .iter()
            .map(|(lang, files)| {
                let mut bundle = new_bundle(*lang);
                for text in *files {
                    let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(_, e)| {
                        panic!("locales/{}: syntax error {e:?}", lang.code())
                    });
                    bundle.add_resource(res).unwrap_or_else(|e| {
                        panic!("locales/{}: duplicate message {e:?}", lang.code())
                    });
                }
                bundle
            })
            .collect();
        let mut games = HashMap::new();
        for (code, id, text) in GAME_TEXTS {
            let Some(lang) = Lang::from_code(code) else {
                continue;
            };
            let res = FluentResource::try_new(text.to_string())
                .unwrap_or_else(|(_, e)| panic!("games/text/{code}/{id}.ftl: syntax error {e:?}"));
            let mut bundle = new_bundle(lang);
            bundle
                .add_resource(res)
                .unwrap_or_else(|e| panic!("games/text/{code}/{id}.ftl: {e:?}"));
            games.insert((lang, id.to_string()), bundle);
        }
        Localizer { bundles, games }
    }

    /// Whether `lang` itself (no fallback) has message `id`.
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.bundles[lang.index()].has_message(id)
    }

    /// Message `id` in `lang` with `args`, falling back to English when
    /// `lang` lacks it (and to a `⟦missing:id⟧` marker when English does
    /// too). Digits are left as Fluent wrote them (Latin): see [`digits`].
    pub fn tr(&self, lang: Lang, id: &str, args: &[(&str, FluentValue)]) -> String {
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            fargs.set(*k, v.clone());
        }
        for l in [lang, Lang::En] {
            if let Some(text) = format(&self.bundles[l.index()], id, &fargs) {
                return text;
            }
        }
        format!("{MISSING}{id}⟧")
    }

    /// Field `field` (`name`, `overview`, `origin`, `recorded`, `source`) of
    /// the curated text of game `game` in `lang`, if there is one.
    pub fn game_text(&self, lang: Lang, game: &str, field: &str) -> Option<String> {
        let bundle = self.games.get(&(lang, game.to_string()))?;
        format(bundle, field, &FluentArgs::new())
    }

    /// The games with a curated text in `lang`.
    pub fn games_with_text(&self, lang: Lang) -> Vec<String> {
        let mut ids: Vec<String> = self
            .games
            .keys()
            .filter(|(l, _)| *l == lang)
            .map(|(_, id)| id.clone())
            .collect();
        ids.sort();
        ids
    }

    /// Every message id of `lang`'s bundle (for completeness tests).
    pub fn message_ids(&self, lang: Lang) -> Vec<String> {
        let mut ids = Vec::new();
        for (_, files) in LOCALES.iter().filter(|(l, _)| *l == lang) {
            for text in *files {
                if let Ok(res) = FluentResource::try_new(text.to_string()) {
                    for entry in res.entries() {
                        if let fluent_syntax::ast::Entry::Message(m) = entry {
                            ids.push(m.id.name.to_string());
                        }
                    }
                }
            }
        }
        ids.sort();
        ids
    }
}

impl Default for Localizer {
    fn default() -> Self {
        Localizer::new()
    }
}

fn format(bundle: &FluentBundle<FluentResource>, id: &str, args: &FluentArgs) -> Option<String> {
    let msg = bundle.get_message(id)?;
    let pattern = msg.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    Some(text.into_owned())
}

/// The process-wide localizer, built on first use.
pub fn localizer() -> &'static Localizer {
    static L: OnceLock<Localizer> = OnceLock::new();
    L.get_or_init(Localizer::new)
}

/// [`Localizer::tr`] on the global localizer.
pub fn tr(lang: Lang, id: &str, args: &[(&str, FluentValue)]) -> String {
    localizer().tr(lang, id, args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
        }
        assert_eq!(Lang::from_code("fa-IR"), Some(Lang::Fa));
        assert_eq!(Lang::from_code("pa-Guru-IN"), Some(Lang::Pa));
        assert_eq!(Lang::from_code("MY"), Some(Lang::My));
        assert_eq!(Lang::from_code("de"), None);
        assert_eq!(Lang::from_code(""), None);
        assert!(
            Lang::Fa.is_rtl() && !Lang::My.is_rtl() && !Lang::Pa.is_rtl() && !Lang::En.is_rtl()
        );
    }

    #[test]
    fn negotiate_follows_quality() {
        assert_eq!(Lang::negotiate(""), Lang::En);
        assert_eq!(
            Lang::negotiate("fa-IR,fa;q=0.9,en-US;q=0.8,en;q=0.7"),
            Lang::Fa
        );
        assert_eq!(Lang::negotiate("en;q=0.5, my;q=0.8"), Lang::My);
        assert_eq!(Lang::negotiate("de-DE,de;q=0.9,pa;q=0.3"), Lang::Pa);
        assert_eq!(Lang::negotiate("de, fr"), Lang::En);
        assert_eq!(Lang::negotiate("fa;q=0, my"), Lang::My);
        assert_eq!(Lang::negotiate("fa;q=0"), Lang::En);
        assert_eq!(Lang::negotiate("my;q=abc, pa;q=0.1"), Lang::Pa);
        assert_eq!(Lang::negotiate("*"), Lang::En);
        assert_eq!(
            Lang::negotiate("pa, fa"),
            Lang::Pa,
            "ties go to the earlier entry"
        );
        assert_eq!(Lang::negotiate(";;;,,q=1"), Lang::En);
    }

    #[test]
    fn digits_per_language() {
        assert_eq!(digits(Lang::Fa, "2×3, 42 seeds", false), "۲×۳, ۴۲ seeds");
        assert_eq!(digits(Lang::My, "0123456789", false), "၀၁၂၃၄၅၆၇၈၉");
        assert_eq!(digits(Lang::Fa, "0123456789", false), "۰۱۲۳۴۵۶۷۸۹");
        assert_eq!(digits(Lang::Fa, "42", true), "42");
        assert_eq!(digits(Lang::My, "42", true), "42");
        assert_eq!(digits(Lang::Pa, "42", false), "42");
        assert_eq!(digits(Lang::En, "42", false), "42");
        // Only ASCII digits are rewritten: other scripts' digits stay.
        assert_eq!(digits(Lang::Fa, "၃ ੩", false), "၃ ੩");
    }

    #[test]
    fn wrap_breaks_at_spaces() {
        assert_eq!(
            wrap("- one two three four\nshort\n", 9),
            "- one two\n  three\n  four\nshort\n"
        );
        assert_eq!(wrap("abcdefghijk xy", 5), "abcdefghijk\nxy");
        assert_eq!(wrap("a b c", 0), "a b c");
        // Burmese vowel signs take no column.
        assert_eq!(wrap("ကျင်း ကျင်း", 12), "ကျင်း ကျင်း");
    }
}
