//! The regions games are listed under, one name each per language: the
//! terminal's `mancala list` and the web catalogue read them here.
//!
//! A rule file's `[about] region` is written in English; the regions are
//! the UN geoscheme's, and the everyday short forms ("South Asia",
//! "Southeast Asia") name the same region as the UN's ("Southern Asia",
//! "South-eastern Asia").

use crate::{Lang, localizer};

/// The known regions, by the key of their messages (`web-region-KEY`).
pub const REGIONS: [&str; 14] = [
    "northern-africa",
    "western-africa",
    "eastern-africa",
    "central-africa",
    "southern-africa",
    "americas",
    "caribbean",
    "western-asia",
    "southern-asia",
    "south-eastern-asia",
    "eastern-asia",
    "central-asia",
    "europe",
    "oceania",
];

/// The key of the region `written` names ("South Asia" and "Southern
/// Asia" are both `southern-asia`), or `None` for a region we do not know.
pub fn region_key(written: &str) -> Option<&'static str> {
    let slug = written
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let slug = match slug.as_str() {
        "south-asia" => "southern-asia",
        "south-east-asia" | "southeast-asia" => "south-eastern-asia",
        "east-asia" => "eastern-asia",
        "west-asia" => "western-asia",
        "north-africa" => "northern-africa",
        "west-africa" => "western-africa",
        "east-africa" => "eastern-africa",
        "south-africa" => "southern-africa",
        "central-african" => "central-africa",
        other => other,
    };
    REGIONS.into_iter().find(|r| *r == slug)
}

/// The name of the region a rule file writes as `written` in `lang`: the
/// same name however the file spells a known region, the text as written
/// for a region we do not know, and "Region not recorded" for none.
pub fn region_name(lang: Lang, written: Option<&str>) -> String {
    let loc = localizer();
    match written {
        None => loc.tr(lang, "web-region-unknown", &[]),
        Some(text) => match region_key(text) {
            Some(key) => loc.tr(lang, &format!("web-region-{key}"), &[]),
            None => text.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_region_has_one_name_in_every_language() {
        for lang in Lang::ALL {
            let mut names: Vec<String> = REGIONS
                .iter()
                .map(|key| {
                    let id = format!("web-region-{key}");
                    assert!(localizer().has(lang, &id), "{lang}: {id}");
                    localizer().tr(lang, &id, &[])
                })
                .collect();
            names.sort();
            names.dedup();
            assert_eq!(
                names.len(),
                REGIONS.len(),
                "{lang}: two regions share a name"
            );
        }
    }

    #[test]
    fn short_forms_name_the_un_region() {
        for (short, un) in [
            ("South Asia", "Southern Asia"),
            ("Southeast Asia", "South-eastern Asia"),
            ("South-East Asia", "South-eastern Asia"),
            ("West Africa", "Western Africa"),
        ] {
            assert_eq!(region_name(Lang::En, Some(short)), un);
            assert_eq!(region_key(short), region_key(un));
        }
        assert_eq!(region_name(Lang::En, Some("Atlantis")), "Atlantis");
        assert_eq!(region_name(Lang::En, None), "Region not recorded");
    }
}
