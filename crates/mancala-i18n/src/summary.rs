//! A game in one line, for lists and the "New game" form: the page's type
//! line and how seeds are won, said the way the page's capture section says
//! it ("always taken", "an even number of seeds"), never as a list of every
//! count.

use mancala_core::Rules;
use mancala_core::spec::*;

use crate::sentences::{counts_phrase, takes_every_count};
use crate::{FluentValue, Lang, digits, game_page_digits, localizer};

/// The one-line summary of `rules` in `lang` (Latin digits with
/// `latin_digits`): its type line, then how seeds are captured.
///
/// ```
/// use mancala_core::Rules;
/// use mancala_i18n::{Lang, summary};
///
/// let voleur = Rules::builtin("voleur")?;
/// assert!(summary(&voleur, Lang::En, false).contains("always taken"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn summary(rules: &Rules, lang: Lang, latin_digits: bool) -> String {
    let loc = localizer();
    let spec = rules.spec();
    let c = &spec.capture;
    let total = rules.total_seeds();
    let counts = |list: &[u32]| counts_phrase(loc, lang, list, total);
    let four_row_capture = spec.rows.as_ref().and_then(|r| r.capture);
    let (kind, counts) = match c.rule {
        CaptureRule::None if four_row_capture == Some(RowsCapture::Facing) => {
            ("facing-inner", String::new())
        }
        CaptureRule::None if four_row_capture == Some(RowsCapture::FacingFromEmpty) => {
            ("facing-inner-empty", String::new())
        }
        CaptureRule::None if four_row_capture == Some(RowsCapture::Both) => {
            ("facing-both", String::new())
        }
        CaptureRule::None
            if spec
                .owned
                .as_ref()
                .is_some_and(|o| o.count > 0 || o.raid > 0) =>
        {
            ("owned", String::new())
        }
        CaptureRule::None if spec.sowing.closes_at.is_some() => ("closing", String::new()),
        CaptureRule::None => ("none", String::new()),
        CaptureRule::Counts => {
            let list = c.counts.as_deref().unwrap_or_default();
            let plain = !c.sweep && !c.sweep_board;
            if plain && takes_every_count(list, total) {
                ("always", String::new())
            } else if plain && list == [1] {
                // The hole was empty: the seed captured is the last one itself.
                ("counts-one", String::new())
            } else {
                ("counts", counts(list))
            }
        }
        CaptureRule::NextCounts => (
            "next-counts",
            counts(c.counts.as_deref().unwrap_or_default()),
        ),
        CaptureRule::Opposite => ("opposite", String::new()),
        CaptureRule::AcrossGap => ("across-gap", String::new()),
        CaptureRule::Next => ("next", String::new()),
        CaptureRule::Match => ("match", String::new()),
    };
    let capture = loc.tr(
        lang,
        "summary-capture",
        &[
            ("kind", FluentValue::from(kind)),
            ("counts", FluentValue::from(counts)),
        ],
    );
    let type_line = game_page_digits(rules, lang, latin_digits).type_line;
    format!("{type_line} {}", digits(lang, &capture, latin_digits))
}
