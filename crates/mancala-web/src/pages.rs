//! The pages rendered on the server: the catalogue of games (`/games`),
//! a page per game (`/games/{id}`) in the sources' structure, the play page
//! (`/`) with its words in the reader's language, and the language switch
//! (`/lang`).
//!
//! Nothing here knows a particular game: the catalogue is every built-in
//! game of `mancala-core`, its filters are read from the rules, and a game's
//! page is `mancala-i18n`'s text of that game's rule file.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::sync::OnceLock;

use axum::extract::{Path, Query};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mancala_core::Rules;
use mancala_core::spec::{CaptureRule, Laps};

use mancala_i18n::Section;

use crate::l10n::{Arg, Lang, Reader, esc};

/// What the catalogue knows of a game, read from its rules.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The id a game is created with (`kalah`).
    pub id: String,
    /// The name people write (`Kalah`).
    pub name: String,
    /// The region of the game's `[about]`: its English name when the region
    /// is known (`mancala_i18n::region_name`), else as written.
    pub region: Option<String>,
    /// Holes in a row.
    pub holes: usize,
    /// Seeds in each hole at the start.
    pub seeds: u32,
    /// Whether each player has a store.
    pub stores: bool,
    /// The game's name in every language that writes it otherwise.
    pub names: Vec<String>,
    /// The mechanisms the catalogue filters on: `extra-turn`, `relay`, `capture`, `no-capture`.
    pub mechanisms: Vec<&'static str>,
}

/// Every built-in game, in `mancala list` order.
pub fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        Rules::builtin_ids()
            .filter_map(|id| Rules::builtin(id).ok())
            .map(|rules| {
                let spec = rules.spec();
                let mut mechanisms = Vec::new();
                if rules.has_extra_turns() {
                    mechanisms.push("extra-turn");
                }
                if spec.sowing.laps == Laps::Relay {
                    mechanisms.push("relay");
                }
                mechanisms.push(if spec.capture.rule == CaptureRule::None {
                    "no-capture"
                } else {
                    "capture"
                });
                Entry {
                    id: rules.id().to_string(),
                    name: rules.name().to_string(),
                    // The English name of a known region, so that two spellings make one filter entry.
                    region: spec
                        .about
                        .region
                        .as_deref()
                        .map(|r| mancala_i18n::region_name(Lang::En, Some(r))),
                    holes: rules.holes_per_row(),
                    seeds: spec.board.seeds_per_hole,
                    stores: rules.has_stores(),
                    names: Lang::ALL
                        .iter()
                        .filter_map(|l| mancala_i18n::localizer().game_text(*l, rules.id(), "name"))
                        .collect(),
                    mechanisms,
                }
            })
            .collect()
    })
}

/// The mechanisms, in the order the filter lists them, with their message.
const MECHANISMS: [(&str, &str); 4] = [
    ("extra-turn", "web-mech-extra-turn"),
    ("relay", "web-mech-relay"),
    ("capture", "web-mech-capture"),
    ("no-capture", "web-mech-no-capture"),
];

/// A region's name in the reader's language (`mancala_i18n::region_name`:
/// one name for each region however a rule file spells it).
pub fn region_name(reader: &Reader, region: Option<&str>) -> String {
    mancala_i18n::region_name(reader.lang, region)
}

/// The query of a page: the reader's choices and the catalogue's filters.
type Params = Query<HashMap<String, String>>;

fn reader_of(headers: &HeaderMap, params: &HashMap<String, String>) -> Reader {
    Reader::of(
        headers,
        params.get("lang").map(String::as_str),
        params.get("digits").map(String::as_str),
    )
}

fn html(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // The page differs by language: caches must not mix them.
    headers.insert(
        header::VARY,
        HeaderValue::from_static("accept-language, cookie"),
    );
    response
}

/// The language switcher and the digits choice, returning to `back`.
fn switcher(reader: &Reader, back: &str) -> String {
    let back_q = url_encode(back);
    let mut out = format!(
        "<nav class=\"langs\" aria-label=\"{}\">",
        reader.h("web-lang-label", &[])
    );
    for lang in Lang::ALL {
        let current = if lang == reader.lang {
            " aria-current=\"true\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<a href=\"/lang?set={code}&amp;back={back_q}\" lang=\"{code}\" dir=\"{dir}\" hreflang=\"{code}\" data-lang=\"{code}\"{current}>{name}</a>",
            code = lang.code(),
            // Each name in its own direction: a Burmese name inside a Persian page keeps its shaping.
            dir = if lang.is_rtl() { "rtl" } else { "ltr" },
            name = esc(lang.native_name()),
        );
    }
    out.push_str("</nav>");
    if reader.has_own_digits() {
        let (to, id) = if reader.latin {
            ("own", "web-digits-native")
        } else {
            ("latin", "web-digits-latin")
        };
        // The label names the digits it switches to, in those digits: not converted.
        let label =
            crate::l10n::raw_text(reader.lang, id, &[("lang", Arg::Str(reader.lang.code()))]);
        let _ = write!(
            out,
            "<a class=\"digits\" href=\"/lang?digits={to}&amp;back={back_q}\" data-digits=\"{to}\">{}</a>",
            esc(&label)
        );
    }
    out
}

/// A whole page around `main`.
fn layout(reader: &Reader, title: &str, back: &str, main: &str) -> String {
    let lang = reader.lang;
    format!(
        "<!doctype html>\n<html lang=\"{code}\" dir=\"{dir}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light\">\n<title>{title}</title>\n\
         <link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n\
         <body data-lang=\"{code}\" data-digits=\"{digits}\">\n\
         <header class=\"top\">\n<a href=\"/games\" class=\"brand\">{brand}</a>\n\
         <nav class=\"main-nav\" aria-label=\"{navlabel}\"><a href=\"/games\" id=\"nav-games\">{games}</a>\
         <a href=\"/#/\" id=\"nav-new\">{new}</a><a href=\"/#/history\" id=\"nav-history\">{history}</a></nav>\n\
         <div class=\"prefs\">{switcher}</div>\n</header>\n<main>\n{main}\n</main>\n\
         <script src=\"/assets/pages.js\"></script>\n</body>\n</html>\n",
        code = lang.code(),
        dir = if lang.is_rtl() { "rtl" } else { "ltr" },
        digits = if reader.latin { "latin" } else { "own" },
        title = esc(title),
        brand = reader.h("web-brand", &[]),
        navlabel = reader.h("web-nav-label", &[]),
        games = reader.h("web-nav-games", &[]),
        new = reader.h("web-nav-new", &[]),
        history = reader.h("web-nav-history", &[]),
        switcher = switcher(reader, back),
    )
}

/// The catalogue's filters as asked in the address (unknown values match nothing).
#[derive(Default)]
struct Filters {
    q: String,
    region: String,
    holes: String,
    stores: String,
    mech: String,
}

impl Filters {
    fn of(params: &HashMap<String, String>) -> Filters {
        let get = |k: &str| {
            params
                .get(k)
                .map(|v| v.trim().to_string())
                .unwrap_or_default()
        };
        Filters {
            q: get("q"),
            region: get("region"),
            holes: get("holes"),
            stores: get("stores"),
            mech: get("mech"),
        }
    }

    fn admits(&self, e: &Entry) -> bool {
        let q = self.q.to_lowercase();
        (q.is_empty()
            || e.name.to_lowercase().contains(&q)
            || e.id.contains(&q)
            || e.names.iter().any(|n| n.to_lowercase().contains(&q)))
            && (self.region.is_empty() || e.region.as_deref().unwrap_or("") == self.region)
            && (self.holes.is_empty() || e.holes.to_string() == self.holes)
            && (self.stores.is_empty() || (if e.stores { "yes" } else { "no" }) == self.stores)
            && (self.mech.is_empty() || e.mechanisms.contains(&self.mech.as_str()))
    }
}

fn option(value: &str, label: &str, chosen: &str) -> String {
    let selected = if value == chosen { " selected" } else { "" };
    format!(
        "<option value=\"{}\"{selected}>{}</option>",
        esc(value),
        esc(label)
    )
}

/// `GET /games`: every built-in game, searchable and filterable. The
/// filters work without script (a GET form, answered here); the page's
/// script applies them as they change.
pub async fn catalogue(headers: HeaderMap, Query(params): Params) -> Response {
    let reader = reader_of(&headers, &params);
    html(StatusCode::OK, render_catalogue(&reader, &params))
}

fn render_catalogue(reader: &Reader, params: &HashMap<String, String>) -> String {
    let all = entries();
    let filters = Filters::of(params);
    let any = reader.t("web-filter-any", &[]);
    let mut main = String::new();
    let total = all.len() as i64;
    let _ = write!(
        main,
        "<h1>{}</h1>\n<p class=\"lead\">{}</p>\n",
        reader.h("web-catalogue-title", &[]),
        reader.h("web-catalogue-intro", &[("count", Arg::Num(total))])
    );

    // The filters.
    let regions: BTreeSet<&str> = all.iter().filter_map(|e| e.region.as_deref()).collect();
    let sizes: BTreeSet<usize> = all.iter().map(|e| e.holes).collect();
    let mut region_opts = option("", &any, &filters.region);
    for r in &regions {
        region_opts.push_str(&option(r, &region_name(reader, Some(r)), &filters.region));
    }
    let mut size_opts = option("", &any, &filters.holes);
    for s in &sizes {
        size_opts.push_str(&option(
            &s.to_string(),
            &reader.t("web-size-option", &[("holes", Arg::Num(*s as i64))]),
            &filters.holes,
        ));
    }
    let store_opts = [
        option("", &any, &filters.stores),
        option("yes", &reader.t("web-stores-yes", &[]), &filters.stores),
        option("no", &reader.t("web-stores-no", &[]), &filters.stores),
    ]
    .concat();
    let mut mech_opts = option("", &any, &filters.mech);
    for (m, id) in MECHANISMS {
        if all.iter().any(|e| e.mechanisms.contains(&m)) {
            mech_opts.push_str(&option(m, &reader.t(id, &[]), &filters.mech));
        }
    }
    let _ = write!(
        main,
        "<form id=\"filters\" class=\"filters\" method=\"get\" action=\"/games\" role=\"search\">\n\
         <fieldset><legend>{legend}</legend>\n\
         <label class=\"field field-q\"><span>{name}</span><input type=\"search\" id=\"f-q\" name=\"q\" value=\"{q}\" placeholder=\"{ph}\" autocomplete=\"off\"></label>\n\
         <label class=\"field\"><span>{region}</span><select id=\"f-region\" name=\"region\">{region_opts}</select></label>\n\
         <label class=\"field\"><span>{size}</span><select id=\"f-holes\" name=\"holes\">{size_opts}</select></label>\n\
         <label class=\"field\"><span>{stores}</span><select id=\"f-stores\" name=\"stores\">{store_opts}</select></label>\n\
         <label class=\"field\"><span>{mech}</span><select id=\"f-mech\" name=\"mech\">{mech_opts}</select></label>\n\
         <div class=\"filter-buttons\"><button type=\"submit\" class=\"nojs\">{find}</button> <a href=\"/games\" id=\"f-reset\">{reset}</a></div>\n\
         </fieldset></form>\n",
        legend = reader.h("web-filter-legend", &[]),
        name = reader.h("web-search-label", &[]),
        q = esc(&filters.q),
        ph = reader.h("web-search-placeholder", &[]),
        region = reader.h("web-filter-region", &[]),
        size = reader.h("web-filter-size", &[]),
        stores = reader.h("web-filter-stores", &[]),
        mech = reader.h("web-filter-mechanism", &[]),
        find = reader.h("web-filter-legend", &[]),
        reset = reader.h("web-filter-reset", &[]),
    );

    // The count: `shown` is filled in by the script as the filters change,
    // so the sentence carries a marker where the number goes.
    let shown = all.iter().filter(|e| filters.admits(e)).count();
    let pattern = crate::l10n::raw_text(
        reader.lang,
        "web-catalogue-shown",
        &[("shown", Arg::Str("\u{E000}")), ("total", Arg::Num(total))],
    );
    let pattern = reader.digits(&pattern);
    let _ = write!(
        main,
        "<p id=\"shown\" class=\"shown\" aria-live=\"polite\" data-pattern=\"{}\">{}</p>\n\
         <p id=\"none\" class=\"none\"{}>{}</p>\n<ul id=\"games\" class=\"games\">\n",
        esc(&pattern),
        esc(&pattern.replace('\u{E000}', &reader.n(shown))),
        if shown == 0 { "" } else { " hidden" },
        reader.h("web-catalogue-none", &[]),
    );

    // By region, then name.
    let mut sorted: Vec<&Entry> = all.iter().collect();
    sorted.sort_by_key(|e| {
        (
            region_name(reader, e.region.as_deref()),
            e.name.to_lowercase(),
        )
    });
    for e in sorted {
        let shown_name = crate::l10n::game_name(reader, &e.id, &e.name);
        // Searching finds a game by the name in either script.
        let search = if shown_name == e.name {
            e.name.to_lowercase()
        } else {
            format!("{} {}", e.name.to_lowercase(), shown_name.to_lowercase())
        };
        let board = reader.t(
            "web-entry-board",
            &[
                ("holes", Arg::Num(e.holes as i64)),
                ("seeds", Arg::Num(e.seeds as i64)),
            ],
        );
        let stores = reader.t(
            if e.stores {
                "web-entry-stores-yes"
            } else {
                "web-entry-stores-no"
            },
            &[],
        );
        let tags: Vec<String> = MECHANISMS
            .iter()
            .filter(|(m, _)| e.mechanisms.contains(m))
            .map(|(m, id)| format!("<li class=\"tag tag-{m}\">{}</li>", reader.h(id, &[])))
            .collect();
        let _ = write!(
            main,
            "<li class=\"game\" data-id=\"{id}\" data-name=\"{lname}\" data-region=\"{region}\" data-holes=\"{holes}\" \
             data-stores=\"{st}\" data-mech=\"{mech}\"{hidden}>\n\
             <h2><a href=\"/games/{id}\" aria-label=\"{open}\"><bdi>{name}</bdi></a>{latin}</h2>\n\
             <p class=\"region\">{region_name}</p>\n<p class=\"board-line\">{board} {stores}</p>\n\
             <ul class=\"tags\">{tags}</ul>\n</li>\n",
            id = esc(&e.id),
            lname = esc(&search),
            region = esc(e.region.as_deref().unwrap_or("")),
            holes = e.holes,
            st = if e.stores { "yes" } else { "no" },
            mech = e.mechanisms.join(" "),
            hidden = if filters.admits(e) { "" } else { " hidden" },
            open = reader.h("web-entry-open", &[("name", Arg::Str(&shown_name))]),
            name = esc(&shown_name),
            latin = if shown_name == e.name {
                String::new()
            } else {
                format!(
                    " <span class=\"latin-name\" lang=\"en\">{}</span>",
                    esc(&e.name)
                )
            },
            region_name = esc(&region_name(reader, e.region.as_deref())),
            board = esc(&board),
            stores = esc(&stores),
            tags = tags.concat(),
        );
    }
    main.push_str("</ul>\n");
    layout(
        reader,
        &reader.t("web-catalogue-title", &[]),
        "/games",
        &main,
    )
}

/// The sections of a game's page, in the sources' order.
#[derive(Clone, Debug, Default)]
pub struct Sections {
    /// The title: the game's name.
    pub name: String,
    /// One line: what kind of mancala this is.
    pub type_line: String,
    /// Paragraphs about the game.
    pub overview: Vec<String>,
    /// Whether the overview is the English text (no curated text in the reader's language).
    pub overview_in_english: bool,
    /// Where it is played, who recorded it: lines in the reader's language.
    pub facts: Vec<String>,
    /// The board, as a list.
    pub board: Vec<String>,
    /// How to play.
    pub play: Vec<String>,
    /// Capture.
    pub capture: Vec<String>,
    /// End and winning.
    pub end: Vec<String>,
    /// Rules this project decided where the sources are silent.
    pub house_rules: Vec<String>,
    /// Notes, e.g. where the sources disagree.
    pub notes: Vec<String>,
    /// Where the rules come from.
    pub source: Vec<String>,
}

/// The page of `rules` in `reader`'s language, from `mancala-i18n`.
pub fn sections(rules: &Rules, reader: &Reader) -> Sections {
    let page = mancala_i18n::game_page_digits(rules, reader.lang, reader.latin);
    let overview: Vec<String> = page
        .overview
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect();
    let facts: Vec<String> = page
        .origin
        .iter()
        .chain(page.recorded.iter())
        .cloned()
        .collect();
    Sections {
        name: page.name,
        type_line: page.type_line,
        overview,
        overview_in_english: !page.overview_translated,
        facts,
        board: page.board,
        play: page.play,
        capture: page.capture,
        end: page.end,
        house_rules: page.house_rules,
        notes: page.notes,
        source: page.source.into_iter().collect(),
    }
}

/// `GET /games/{id}`: a game's page.
pub async fn game(headers: HeaderMap, Path(id): Path<String>, Query(params): Params) -> Response {
    let reader = reader_of(&headers, &params);
    match entries()
        .iter()
        .find(|e| e.id == id)
        .and_then(|e| Rules::builtin(&e.id).ok())
    {
        Some(rules) => html(StatusCode::OK, render_game(&reader, &rules)),
        None => not_found(
            &reader,
            &reader.t("web-game-unknown", &[("name", Arg::Str(&id))]),
        ),
    }
}

fn not_found(reader: &Reader, said: &str) -> Response {
    let main = format!(
        "<h1>{}</h1>\n<p>{}</p>\n<p><a href=\"/games\">{}</a></p>",
        reader.h("web-not-found-title", &[]),
        esc(said),
        reader.h("web-not-found-back", &[])
    );
    html(
        StatusCode::NOT_FOUND,
        layout(
            reader,
            &reader.t("web-not-found-title", &[]),
            "/games",
            &main,
        ),
    )
}

/// ` lang="en" dir="ltr"` for a text left in English on a page in another
/// language (a game without a curated text in it): it then reads left to
/// right, with its full stop at its end, in a Persian page too.
fn english_mark(reader: &Reader, text: &str) -> &'static str {
    let english = text.chars().all(|c| {
        c.is_ascii()
            || matches!(
                c,
                '’' | '‘' | '“' | '”' | '–' | '—' | '…' | '×' | '\u{2068}' | '\u{2069}'
            )
    });
    if reader.lang != Lang::En && english {
        " lang=\"en\" dir=\"ltr\""
    } else {
        ""
    }
}

fn list(reader: &Reader, items: &[String]) -> String {
    let mut out = String::from("<ul>");
    for item in items {
        let _ = write!(out, "<li{}>{}</li>", english_mark(reader, item), esc(item));
    }
    out.push_str("</ul>");
    out
}

fn render_game(reader: &Reader, rules: &Rules) -> String {
    let s = sections(rules, reader);
    let id = rules.id();
    let title = |which: Section| crate::l10n::section_title(reader, which);
    let mut main = String::new();
    let _ = write!(
        main,
        "<p class=\"crumbs\"><a href=\"/games\">{back}</a></p>\n<article class=\"game-page\" data-id=\"{eid}\">\n\
         <header class=\"game-title\"><h1><bdi>{name}</bdi>{latin}</h1>\n\
         <a class=\"button primary play-this\" id=\"play-this\" href=\"/#/new/{eid}\">{play}</a></header>\n",
        back = reader.h("web-game-back", &[]),
        eid = esc(id),
        name = esc(&s.name),
        // A name in another script also shows the name the sources use.
        latin = if s.name == rules.name() {
            String::new()
        } else {
            format!(
                " <span class=\"latin-name\" lang=\"en\">{}</span>",
                esc(rules.name())
            )
        },
        play = esc(&title(Section::PlayThisGame)),
    );
    if !s.type_line.is_empty() {
        let _ = writeln!(
            main,
            "<p class=\"type-line\"><b>{}:</b> {}</p>",
            esc(&title(Section::Type)),
            esc(&s.type_line)
        );
    }
    let section = |main: &mut String, key: &str, which: Section, body: String| {
        let _ = write!(
            main,
            "<section class=\"sec sec-{key}\" id=\"{key}\">\n<h2>{}</h2>\n{body}\n</section>\n",
            esc(&title(which))
        );
    };
    if !s.overview.is_empty() {
        // An overview not yet translated is marked as English, read left to right.
        let mut body: String = s
            .overview
            .iter()
            .map(|p| format!("<p{}>{}</p>", english_mark(reader, p), esc(p)))
            .collect();
        for fact in &s.facts {
            let _ = write!(
                body,
                "<p class=\"fact\"{}>{}</p>",
                english_mark(reader, fact),
                esc(fact)
            );
        }
        section(&mut main, "overview", Section::Overview, body);
    }
    section(
        &mut main,
        "board",
        Section::Board,
        format!(
            "{}\n{}",
            board_figure(reader, rules, &s.name),
            list(reader, &s.board)
        ),
    );
    for (key, which, items) in [
        ("play", Section::Play, &s.play),
        ("capture", Section::Capture, &s.capture),
        ("end", Section::End, &s.end),
    ] {
        if !items.is_empty() {
            section(&mut main, key, which, list(reader, items));
        }
    }
    // Each house rule already says that it is one ("House rule, the sources are silent: ...").
    if !s.house_rules.is_empty() {
        section(
            &mut main,
            "house-rules",
            Section::HouseRules,
            list(reader, &s.house_rules).replace("<ul>", "<ul class=\"house\">"),
        );
    }
    if !s.notes.is_empty() {
        section(&mut main, "notes", Section::Notes, list(reader, &s.notes));
    }
    if !s.source.is_empty() {
        let body: String = s
            .source
            .iter()
            .map(|p| format!("<p{}>{}</p>", english_mark(reader, p), esc(p)))
            .collect();
        section(&mut main, "source", Section::Source, body);
    }
    let _ = write!(
        main,
        "<p class=\"play-again\"><a class=\"button primary\" href=\"/#/new/{}\">{}</a></p>\n</article>",
        esc(id),
        esc(&title(Section::PlayThisGame))
    );
    layout(reader, &s.name, &format!("/games/{id}"), &main)
}

/// The starting board as SVG: North's row above South's, each read in the
/// direction of play (South's holes A.. left to right, North's a.. right to
/// left), the stores at the players' right-hand ends. The drawing keeps
/// this geometry in right-to-left pages too: it shows a board, not text.
pub fn board_figure(reader: &Reader, rules: &Rules, name: &str) -> String {
    let n = rules.holes_per_row();
    let start = rules.start();
    let stores = rules.has_stores();
    let pit = 84.0_f64;
    let store_w = if stores { 112.0 } else { 0.0 };
    let pad = 16.0;
    let width = pad * 2.0 + store_w * 2.0 + pit * n as f64;
    // Top to bottom: North's name, North's letters, the board (North's row,
    // South's row; on four rows North's outer and inner rows, then South's
    // inner and outer rows), South's letters, South's name.
    let rows = rules.rows();
    let board_h = match rows {
        4 => 450.0,
        3 => 330.0,
        _ => 204.0,
    };
    let board_top = 66.0;
    let (north_y, south_y) = (board_top + 50.0, board_top + board_h - 50.0);
    let height = board_top + board_h + 68.0;
    let x_of = |col: usize| pad + store_w + pit * (col as f64 + 0.5);
    // Drawn at about 1 px a unit, never wider than the page.
    let mut svg = format!(
        "<svg class=\"board-svg\" viewBox=\"0 0 {width} {height}\" width=\"{shown_w}\" role=\"img\" aria-labelledby=\"board-title\" \
         xmlns=\"http://www.w3.org/2000/svg\" data-holes=\"{n}\" data-stores=\"{stores}\">\n<title id=\"board-title\">{}</title>\n\
         <rect class=\"board-bg\" x=\"{}\" y=\"{board_top}\" width=\"{}\" height=\"{board_h}\" rx=\"40\" fill=\"#b98552\"/>\n",
        reader.h("web-board-figure", &[("name", Arg::Str(name))]),
        pad / 2.0,
        width - pad,
        shown_w = width.round(),
    );
    let side_holes = rules.holes_per_side();
    let label = |hole: usize| mancala_core::notation::hole_label(side_holes, hole);
    // Each hole with its column, the height of its pit and of its label,
    // where the core places it (`Rules::board_rows`, seen from South).
    // Three rows: the middle row's labels below it. Four rows: the inner
    // rows' labels between them, in a wider gap.
    let (row_y, label_dy): (Vec<f64>, Vec<f64>) = match rows {
        3 => (vec![50.0, 160.0, 280.0], vec![-58.0, 56.0, 72.0]),
        4 => (
            vec![50.0, 160.0, 290.0, 400.0],
            vec![-58.0, 56.0, -44.0, 72.0],
        ),
        _ => (vec![50.0, board_h - 50.0], vec![-58.0, 72.0]),
    };
    let cells: Vec<(usize, usize, f64, f64)> = rules
        .board_rows()
        .into_iter()
        .enumerate()
        .flat_map(|(r, row)| {
            let y = board_top + row_y[r];
            let dy = label_dy[r];
            row.into_iter()
                .enumerate()
                .map(move |(col, hole)| (hole, col, y, y + dy))
        })
        .collect();
    for (hole, col, y, label_y) in cells {
        let x = x_of(col);
        let _ = writeln!(
            svg,
            "<g class=\"hole\" data-hole=\"{hole}\" data-label=\"{l}\" data-side=\"{side}\"><circle class=\"pit\" cx=\"{x}\" cy=\"{y}\" r=\"34\" fill=\"#6e4322\"/>\
             <text class=\"count\" x=\"{x}\" y=\"{ty}\">{c}</text><text class=\"hole-label\" x=\"{x}\" y=\"{label_y}\">{l}</text></g>",
            l = label(hole),
            side = if hole < side_holes { "south" } else { "north" },
            ty = y + 9.0,
            c = reader.n(start.seeds(hole)),
        );
    }
    if stores {
        for (side, x, seeds, id, name_y) in [
            (
                "north",
                pad,
                start.captured(mancala_core::Side::North),
                "web-board-north-store",
                north_y - 58.0,
            ),
            (
                "south",
                width - pad - store_w,
                start.captured(mancala_core::Side::South),
                "web-board-south-store",
                south_y + 72.0,
            ),
        ] {
            let _ = writeln!(
                svg,
                "<g class=\"store\" data-side=\"{side}\"><rect class=\"store-bg\" x=\"{rx}\" y=\"{ry}\" width=\"{w}\" height=\"{rh}\" rx=\"36\" fill=\"#6e4322\"/>\
                 <title>{t}</title><text class=\"count\" x=\"{cx}\" y=\"{cy}\">{c}</text>\
                 <text class=\"store-label\" x=\"{cx}\" y=\"{name_y}\">{t}</text></g>",
                ry = board_top + 12.0,
                rh = board_h - 24.0,
                cy = board_top + board_h / 2.0 + 9.0,
                rx = x + 8.0,
                w = store_w - 16.0,
                cx = x + store_w / 2.0,
                t = reader.h(id, &[]),
                c = reader.n(seeds),
            );
        }
    }
    let _ = write!(
        svg,
        "<text class=\"side-name\" x=\"{cx}\" y=\"{ny}\">{north}</text><text class=\"side-name\" x=\"{cx}\" y=\"{sy}\">{south}</text>\n</svg>",
        cx = width / 2.0,
        ny = 22.0,
        sy = height - 6.0,
        north = reader.h("web-board-north", &[]),
        south = reader.h("web-board-south", &[]),
    );
    let total = rules.total_seeds() as i64;
    format!(
        "<figure class=\"board-figure\"><div class=\"board-geometry\" dir=\"ltr\">{svg}</div>\n<figcaption>{}</figcaption></figure>",
        reader.h("web-board-caption", &[("total", Arg::Num(total))])
    )
}

/// `GET /lang?set=fa&back=/games` (or `?digits=latin|own`): remembers the
/// choice in a cookie for a year and goes back to the page it came from.
pub async fn switch(Query(params): Params) -> Response {
    let back = params
        .get("back")
        .map(String::as_str)
        .filter(|b| is_local_path(b))
        .unwrap_or("/games")
        .to_string();
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, back)]).into_response();
    let mut cookies = Vec::new();
    if let Some(lang) = params.get("set").and_then(|c| Lang::from_code(c)) {
        cookies.push(format!("lang={}", lang.code()));
    }
    match params.get("digits").map(String::as_str) {
        Some("latin") => cookies.push("digits=latin".to_string()),
        Some("own") => cookies.push("digits=own".to_string()),
        _ => {}
    }
    for c in cookies {
        if let Ok(v) =
            HeaderValue::from_str(&format!("{c}; Path=/; Max-Age=31536000; SameSite=Lax"))
        {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    response
}

/// A path on this server (not `//host` or a scheme), safe to redirect to.
fn is_local_path(path: &str) -> bool {
    path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && path.len() < 2048
        && path.chars().all(|c| !c.is_control() && c != ' ')
}

fn url_encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~/".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The play page with its words in the reader's language: `{{id}}` in
/// index.html is the message `id`, escaped; `{{lang}}`, `{{dir}}`,
/// `{{digits}}` and `{{switcher}}` are the reader's.
pub fn render_index(template: &str, reader: &Reader) -> String {
    let mut out = String::with_capacity(template.len() + 1024);
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let key = &after[..close];
        match key {
            "lang" => out.push_str(reader.lang.code()),
            "dir" => out.push_str(if reader.lang.is_rtl() { "rtl" } else { "ltr" }),
            "digits" => out.push_str(if reader.latin { "latin" } else { "own" }),
            "switcher" => out.push_str(&switcher(reader, "/")),
            "messages" => out.push_str(&esc(&crate::l10n::script_messages(reader.lang))),
            id => out.push_str(&reader.h(id, &[])),
        }
        rest = &after[close + 2..];
    }
    out.push_str(rest);
    out
}

/// `GET /`: the play page.
pub async fn index(headers: HeaderMap, Query(params): Params) -> Response {
    const INDEX: &str = include_str!("../static/index.html");
    let reader = reader_of(&headers, &params);
    html(StatusCode::OK, render_index(INDEX, &reader))
}

/// Games by region, for tests and the docs: region → names.
pub fn by_region() -> BTreeMap<String, Vec<String>> {
    let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for e in entries() {
        map.entry(e.region.clone().unwrap_or_default())
            .or_default()
            .push(e.name.clone());
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_has_every_builtin_game_with_its_rules_read() {
        let ids: Vec<_> = Rules::builtin_ids().collect();
        assert_eq!(entries().len(), ids.len());
        let kalah = entries().iter().find(|e| e.id == "kalah").unwrap();
        assert!(kalah.stores && kalah.mechanisms.contains(&"extra-turn") && kalah.holes == 6);
        let sadeqa = entries().iter().find(|e| e.id == "sadeqa-ii").unwrap();
        assert!(!sadeqa.stores && sadeqa.mechanisms.contains(&"relay"));
    }

    #[test]
    fn every_builtin_region_is_named_in_every_language() {
        for e in entries() {
            let region = e
                .region
                .as_deref()
                .unwrap_or_else(|| panic!("{}: no region", e.id));
            for lang in Lang::ALL {
                let reader = Reader { lang, latin: false };
                let name = region_name(&reader, Some(region));
                assert!(
                    lang == Lang::En || name != region,
                    "{}: region {region:?} has no {} name",
                    e.id,
                    lang.code()
                );
            }
        }
        let en = Reader {
            lang: Lang::En,
            latin: false,
        };
        assert_eq!(region_name(&en, Some("South Asia")), "Southern Asia");
    }

    #[test]
    fn filters_narrow_the_list() {
        let f = |pairs: &[(&str, &str)]| {
            let params: HashMap<String, String> = pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let filters = Filters::of(&params);
            entries()
                .iter()
                .filter(|e| filters.admits(e))
                .map(|e| e.id.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(f(&[]).len(), entries().len());
        assert!(f(&[("q", "KALAH")]).iter().all(|id| id.contains("kalah")));
        assert!(
            f(&[("stores", "yes")]).iter().all(|id| entries()
                .iter()
                .find(|e| &e.id == id)
                .unwrap()
                .stores)
        );
        assert!(f(&[("mech", "relay")]).contains(&"sadeqa-ii".to_string()));
        assert!(f(&[("holes", "99")]).is_empty());
    }

    #[test]
    fn redirects_stay_on_this_server() {
        assert!(is_local_path("/games/kalah?x=1"));
        for bad in [
            "//evil.example",
            "https://evil.example",
            "/\\evil",
            "games",
            "/a b",
        ] {
            assert!(!is_local_path(bad), "{bad}");
        }
    }

    #[test]
    fn the_board_drawing_has_every_hole_and_the_stores() {
        let reader = Reader {
            lang: Lang::Fa,
            latin: false,
        };
        let kalah = Rules::builtin("kalah").unwrap();
        let svg = board_figure(&reader, &kalah, "Kalah");
        assert_eq!(svg.matches("class=\"hole\"").count(), 12);
        assert_eq!(svg.matches("class=\"store\"").count(), 2);
        assert!(svg.contains(">۴<"), "Persian digits in the holes");
        assert!(svg.contains("dir=\"ltr\""), "the board keeps its geometry");
        let modiar = Rules::builtin("modiar").unwrap();
        assert_eq!(
            board_figure(&reader, &modiar, "Modiar")
                .matches("class=\"store\"")
                .count(),
            0
        );
    }
}
