//! The web interface's words in English, Persian, Burmese and Punjabi.
//!
//! Every string the pages show is a Fluent message of
//! `crates/mancala-i18n/locales/LANG/web.ftl`, compiled into the binary.
//! The reader's language comes from a `?lang=` in the address, else the
//! `lang` cookie set by the language switcher, else the browser's
//! Accept-Language, else English. Persian and Burmese numbers are shown in
//! their own digits unless the `digits=latin` cookie asks for Latin ones.

use std::collections::HashMap;
use std::sync::OnceLock;

use axum::http::HeaderMap;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use mancala_i18n::Lang;

/// The web messages of each language, as written.
const SOURCES: [(&str, &str); 4] = [
    ("en", include_str!("../../mancala-i18n/locales/en/web.ftl")),
    ("fa", include_str!("../../mancala-i18n/locales/fa/web.ftl")),
    ("my", include_str!("../../mancala-i18n/locales/my/web.ftl")),
    ("pa", include_str!("../../mancala-i18n/locales/pa/web.ftl")),
];

/// What a missing message is shown as: visible on the page, and looked for by the tests.
pub const MISSING: &str = "⟦missing:";

struct Catalog {
    bundles: HashMap<&'static str, FluentBundle<FluentResource>>,
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut bundles = HashMap::new();
        for (code, text) in SOURCES {
            let langid: unic_langid::LanguageIdentifier = code.parse().expect("a language code");
            let mut bundle = FluentBundle::new_concurrent(vec![langid]);
            // Isolation marks keep Latin names and numbers in their place in
            // right-to-left sentences; left-to-right languages need none.
            bundle.set_use_isolating(code == "fa");
            // A file that does not parse keeps the messages that did (the
            // tests fail on any error, see `parse_errors`).
            let resource =
                FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, _)| partial);
            bundle.add_resource_overriding(resource);
            bundles.insert(code, bundle);
        }
        Catalog { bundles }
    })
}

/// The parse errors of each web.ftl (none, in a good build).
pub fn parse_errors() -> Vec<String> {
    SOURCES
        .iter()
        .filter_map(|(code, text)| {
            FluentResource::try_new(text.to_string())
                .err()
                .map(|(_, errors)| format!("locales/{code}/web.ftl: {errors:?}"))
        })
        .collect()
}

/// The ids of the messages of `lang`'s web.ftl.
pub fn message_ids(lang: Lang) -> Vec<String> {
    let text = SOURCES
        .iter()
        .find(|(c, _)| *c == lang.code())
        .map(|(_, t)| *t)
        .unwrap_or("");
    let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, _)| partial);
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// An argument of a message.
pub enum Arg<'a> {
    /// A number (plural rules select on it; shown in the reader's digits).
    Num(i64),
    /// A text shown as it is.
    Str(&'a str),
}

/// The reader: language and digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reader {
    /// The language of the page.
    pub lang: Lang,
    /// Whether numbers are shown in Latin digits though the language has its own.
    pub latin: bool,
}

impl Reader {
    /// The message `id` with `args`, in the reader's language and digits.
    /// A message missing in that language is shown as `⟦missing:ID⟧`.
    pub fn t(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let text = raw(self.lang, id, args);
        self.digits(&text)
    }

    /// As [`Reader::t`], escaped for HTML.
    pub fn h(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        esc(&self.t(id, args))
    }

    /// A number in the reader's digits.
    pub fn n(&self, n: impl std::fmt::Display) -> String {
        self.digits(&n.to_string())
    }

    /// `text` with its ASCII digits in the reader's numerals.
    pub fn digits(&self, text: &str) -> String {
        mancala_i18n::digits(self.lang, text, self.latin)
    }

    /// Whether the language has digits of its own (the page offers Latin ones).
    pub fn has_own_digits(&self) -> bool {
        matches!(self.lang, Lang::Fa | Lang::My)
    }

    /// The reader of a request: `?lang=` first, then the `lang` cookie,
    /// then Accept-Language; the `digits` cookie or `?digits=` for digits.
    pub fn of(headers: &HeaderMap, query_lang: Option<&str>, query_digits: Option<&str>) -> Reader {
        let lang = query_lang
            .and_then(Lang::from_code)
            .or_else(|| cookie(headers, "lang").and_then(|c| Lang::from_code(&c)))
            .unwrap_or_else(|| {
                let accept = headers
                    .get(axum::http::header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("");
                Lang::negotiate(accept)
            });
        let latin = match query_digits {
            Some(d) => d == "latin",
            None => cookie(headers, "digits").is_some_and(|d| d == "latin"),
        };
        Reader { lang, latin }
    }
}

/// The message as Fluent formats it, digits untouched.
pub fn raw_text(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    raw(lang, id, args)
}

/// Whether `lang`'s web messages have `id`.
pub fn has(lang: Lang, id: &str) -> bool {
    catalog()
        .bundles
        .get(lang.code())
        .is_some_and(|b| b.has_message(id))
}

fn raw(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let Some(bundle) = catalog().bundles.get(lang.code()) else {
        return format!("{MISSING}{id}⟧");
    };
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        return format!("{MISSING}{id}⟧");
    };
    let mut fargs = FluentArgs::new();
    for (name, value) in args {
        match value {
            Arg::Num(n) => fargs.set(*name, FluentValue::from(*n)),
            Arg::Str(s) => fargs.set(*name, FluentValue::from(s.to_string())),
        }
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
    if errors.is_empty() {
        text.into_owned()
    } else {
        format!("{MISSING}{id}: {errors:?}⟧")
    }
}

/// The value of cookie `name` of a request.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim().to_string())
}

/// `text` escaped for HTML text and attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A section's title, in `reader`'s language.
pub fn section_title(reader: &Reader, section: mancala_i18n::Section) -> String {
    mancala_i18n::section_title(reader.lang, section)
}

/// The messages the page's script shows, for `lang`: a JSON object of
/// message id to pattern, where a pattern is a list of pieces: a text, a
/// `{"v": name}` argument, or a `{"s": name, "x": {key: pattern}, "d": key}`
/// choice on a number (plural category or exact value).
pub fn script_messages(lang: Lang) -> String {
    use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement, VariantKey};
    fn pattern(p: &Pattern<&str>) -> serde_json::Value {
        let mut out = Vec::new();
        for element in &p.elements {
            match element {
                PatternElement::TextElement { value } => out.push(serde_json::Value::from(*value)),
                PatternElement::Placeable { expression } => out.push(expression_json(expression)),
            }
        }
        serde_json::Value::Array(out)
    }
    fn expression_json(e: &Expression<&str>) -> serde_json::Value {
        match e {
            Expression::Inline(InlineExpression::VariableReference { id }) => {
                serde_json::json!({ "v": id.name })
            }
            Expression::Inline(InlineExpression::StringLiteral { value }) => {
                serde_json::Value::from(*value)
            }
            Expression::Select {
                selector: InlineExpression::VariableReference { id },
                variants,
            } => {
                let mut x = serde_json::Map::new();
                let mut d = String::new();
                for v in variants {
                    let key = match &v.key {
                        VariantKey::Identifier { name } => name.to_string(),
                        VariantKey::NumberLiteral { value } => value.to_string(),
                    };
                    if v.default {
                        d = key.clone();
                    }
                    x.insert(key, pattern(&v.value));
                }
                serde_json::json!({ "s": id.name, "x": x, "d": d })
            }
            _ => serde_json::Value::from("?"),
        }
    }
    let text = SOURCES
        .iter()
        .find(|(c, _)| *c == lang.code())
        .map(|(_, t)| *t)
        .unwrap_or("");
    let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(partial, _)| partial);
    let mut map = serde_json::Map::new();
    for entry in &resource.body {
        if let fluent_syntax::ast::Entry::Message(m) = entry
            && m.id.name.starts_with("js-")
            && let Some(value) = &m.value
        {
            map.insert(m.id.name.to_string(), pattern(value));
        }
    }
    serde_json::Value::Object(map).to_string()
}

/// A game's name as the reader's language writes it (its curated text, in
/// the reader's digits), else as the rule file does.
pub fn game_name(reader: &Reader, id: &str, name: &str) -> String {
    mancala_i18n::localizer()
        .game_text(reader.lang, id, "name")
        .map(|local| reader.digits(&local))
        .unwrap_or_else(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_web_file_parses_and_has_every_english_message() {
        assert_eq!(parse_errors(), Vec::<String>::new());
        let english = message_ids(Lang::En);
        assert!(english.len() > 50, "{} messages", english.len());
        for lang in Lang::ALL {
            let ids = message_ids(lang);
            let missing: Vec<_> = english.iter().filter(|id| !ids.contains(id)).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
            let extra: Vec<_> = ids.iter().filter(|id| !english.contains(id)).collect();
            assert!(
                extra.is_empty(),
                "{} has messages English lacks: {extra:?}",
                lang.code()
            );
        }
    }

    #[test]
    fn plurals_and_digits_follow_the_language() {
        let en = Reader {
            lang: Lang::En,
            latin: false,
        };
        assert_eq!(en.t("web-size-option", &[("holes", Arg::Num(1))]), "1 hole");
        assert_eq!(
            en.t("web-size-option", &[("holes", Arg::Num(6))]),
            "6 holes"
        );
        let fa = Reader {
            lang: Lang::Fa,
            latin: false,
        };
        assert!(
            fa.t("web-size-option", &[("holes", Arg::Num(6))])
                .contains('۶')
        );
        let fa_latin = Reader {
            lang: Lang::Fa,
            latin: true,
        };
        assert!(
            fa_latin
                .t("web-size-option", &[("holes", Arg::Num(6))])
                .contains('6')
        );
        let my = Reader {
            lang: Lang::My,
            latin: false,
        };
        assert!(
            my.t("web-size-option", &[("holes", Arg::Num(6))])
                .contains('၆')
        );
        let pa = Reader {
            lang: Lang::Pa,
            latin: false,
        };
        assert_eq!(pa.t("web-size-option", &[("holes", Arg::Num(1))]), "1 ਟੋਆ");
        assert!(en.t("no-such-message", &[]).starts_with(MISSING));
    }

    #[test]
    fn the_reader_is_the_address_then_the_cookie_then_the_browser() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "accept-language",
            "fa-IR,fa;q=0.9,en;q=0.5".parse().unwrap(),
        );
        assert_eq!(Reader::of(&headers, None, None).lang, Lang::Fa);
        headers.insert("cookie", "x=1; lang=my; digits=latin".parse().unwrap());
        let r = Reader::of(&headers, None, None);
        assert_eq!((r.lang, r.latin), (Lang::My, true));
        assert_eq!(Reader::of(&headers, Some("pa"), None).lang, Lang::Pa);
        assert_eq!(
            Reader::of(&HeaderMap::new(), Some("xx"), None).lang,
            Lang::En
        );
    }
}
