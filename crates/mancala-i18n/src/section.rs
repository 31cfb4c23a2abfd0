//! The sections of a game page (type line, overview, board, how to play,
//! capture, end, house rules, notes, source) and their titles: the page
//! fills them, each rules sentence names the one it belongs to.

use crate::{Lang, localizer};

/// The parts of a game page, for their titles ([`section_title`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// "Type": the one-line description under the name.
    Type,
    /// The "Play this game" link.
    PlayThisGame,
    /// "Overview": where and by whom the game is played.
    Overview,
    /// "Board".
    Board,
    /// "How to play".
    Play,
    /// "Capture".
    Capture,
    /// "End of the game and winning".
    End,
    /// "House rules": rules the project decided where the sources are silent.
    HouseRules,
    /// "Notes".
    Notes,
    /// "Source".
    Source,
}

impl Section {
    /// Every section, in page order.
    pub const ALL: [Section; 10] = [
        Section::Type,
        Section::PlayThisGame,
        Section::Overview,
        Section::Board,
        Section::Play,
        Section::Capture,
        Section::End,
        Section::HouseRules,
        Section::Notes,
        Section::Source,
    ];

    fn message(self) -> &'static str {
        match self {
            Section::Type => "section-type",
            Section::PlayThisGame => "section-play-this-game",
            Section::Overview => "section-overview",
            Section::Board => "section-board",
            Section::Play => "section-play",
            Section::Capture => "section-capture",
            Section::End => "section-end",
            Section::HouseRules => "section-house-rules",
            Section::Notes => "section-notes",
            Section::Source => "section-source",
        }
    }
}

/// The title of `section` in `lang`, e.g. "Capture", "تصاحب".
pub fn section_title(lang: Lang, section: Section) -> String {
    localizer().tr(lang, section.message(), &[])
}
