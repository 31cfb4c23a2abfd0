//! The multi-row games of Ludii's trials: each one's board, and the rule
//! file of ours that plays it.

use super::board::Shape;

/// One game of Ludii's trials.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LudiiGame {
    /// Ludii's name (the trials' folder, the `.lud` file's stem).
    pub name: &'static str,
    pub shape: Shape,
    /// Why Ludii's vertices are not numbered row by row on this board,
    /// where they are not (the board is then not compared).
    pub other_numbering: Option<&'static str>,
}

const fn game(name: &'static str, rows: usize, holes_per_row: usize) -> LudiiGame {
    LudiiGame {
        name,
        shape: Shape {
            rows,
            holes_per_row,
            end_stores: false,
        },
        other_numbering: None,
    }
}

/// A two-row game whose board Ludii draws with a store at each end.
const fn with_end_stores(name: &'static str, holes_per_row: usize) -> LudiiGame {
    LudiiGame {
        shape: Shape {
            rows: 2,
            holes_per_row,
            end_stores: true,
        },
        ..game(name, 2, holes_per_row)
    }
}

/// Every multi-row game of `Ludeme/TravisTrials` (`random_trials/board/sow/
/// four_rows` and `three_rows`), with its board as its `.lud` file draws it.
pub(crate) const GAMES: &[LudiiGame] = &[
    game("Bao", 4, 8),
    game("Bao Ki Arabu (Zanzibar 1)", 4, 8),
    game("Bao Ki Arabu (Zanzibar 2)", 4, 8),
    game("Bao Kiswahili (DR Congo)", 4, 8),
    game("Bao Kiswahili (East Africa)", 4, 8),
    game("Chiana wa Bwalo", 4, 16),
    game("Chiana wa Kunja", 4, 16),
    game("Chisolo", 4, 7),
    game("Choro (Acholi)", 4, 8),
    game("Choro (Lango)", 4, 8),
    game("Dongjintian (Four Players)", 4, 5),
    game("Hawalis", 4, 7),
    game("Hus (Damara)", 4, 12),
    game("Hus (Nama)", 4, 16),
    game("Ikibuguzo (Opening 1)", 4, 8),
    game("Ikibuguzo (Opening 2)", 4, 8),
    game("Isolo", 4, 8),
    game("Katra", 4, 8),
    game("Katra Boaoaka", 4, 8),
    game("Kisolo", 4, 7),
    game("Kisolo (Lali)", 4, 8),
    game("Kubuguza", 4, 8),
    game("Lisolo", 4, 8),
    game("Lobudok", 4, 8),
    game("Makonn", 4, 10),
    game("Mangola", 4, 8),
    game("Mefuvha", 4, 16),
    game("Misoro Tsoro", 4, 8),
    game("Misoro Tsoro (Additional Capture)", 4, 8),
    game("Moruba", 4, 12),
    game("Msuwa", 4, 10),
    game("Msuwa wa Kunja", 4, 10),
    game("Musoro Tsoro", 4, 8),
    game("Muvalavala (Luena)", 4, 6),
    game("Muvalavala (Quioco)", 4, 6),
    game("Mwambulula", 4, 8),
    game("Mweiso", 4, 8),
    game("Mwendo", 4, 10),
    game("Mweso", 4, 8),
    game("Namudilakunze", 4, 7),
    game("Nchayo", 4, 5),
    game("Nchuwa", 4, 6),
    game("Ngolo", 4, 9),
    game("Ngulungu", 4, 7),
    game("Njombwa", 4, 8),
    game("Njombwa (One Counter)", 4, 8),
    game("Njombwa (Two Counters)", 4, 8),
    game("Nsolo", 4, 10),
    game("Nsumbi", 4, 8),
    game("Otep", 4, 8),
    game("Owela (Benguela)", 4, 12),
    game("Pereauni", 4, 8),
    game("Quela", 4, 6),
    game("Quendo", 4, 8),
    game("Quiela", 4, 7),
    game("Ryakati", 4, 8),
    game("Spreta", 4, 10),
    game("Sute", 4, 8),
    LudiiGame {
        other_numbering: Some(
            "Ludii draws Tchela's 4x8 board as two 4x4 squares side by side with four stores, numbered square by square",
        ),
        ..game("Tchela", 4, 8)
    },
    game("Tshuba", 4, 4),
    game("Tsoro", 4, 8),
    game("Tsoro (Additional Capture)", 4, 8),
    game("Tsoro (Baia)", 4, 13),
    game("Tsoro (Reentered Captures)", 4, 8),
    game("Abalala'e", 3, 6),
    game("Gabata (Adowa)", 3, 6),
    game("Gabata (Aksum)", 3, 6),
    game("Rab'e", 3, 6),
    game("Selus", 3, 6),
    game("Selus (Massawa)", 3, 6),
    game("The Concentration Game", 3, 4),
];

/// Two-row games of Ludii's trials (`random_trials/board/sow/two_rows`)
/// whose name is a game of our catalogue's: they check the replay itself
/// on rules our engine already plays (`tests/ludii/two-rows`).
pub(crate) const TWO_ROW_CHECKS: &[LudiiGame] = &[
    with_end_stores("Adidada", 6),
    with_end_stores("Aw-li On-nam Ot-tjin", 9),
    game("Awari", 2, 6),
    with_end_stores("Das Bohnenspiel", 6),
    with_end_stores("Erherhe", 6),
    with_end_stores("Fondji", 6),
    game("Halusa", 2, 6),
    game("Hufesay", 2, 6),
    with_end_stores("Kalah", 6),
    with_end_stores("Kpo", 6),
    game("Mangala (Turkey)", 2, 7),
    game("Mankala", 2, 6),
    game("Ntyenge", 2, 8),
    with_end_stores("Obridje", 6),
    with_end_stores("Ovalhu", 8),
    with_end_stores("Oware", 6),
    game("Vai Lung Thlan", 2, 6),
    with_end_stores("Wari", 6),
    game("Woli", 2, 6),
];

/// Ludii games whose rule file of ours has another name than Ludii's
/// name made into an id ([`our_id`]).
const OUR_NAMES: &[(&str, &str)] = &[
    ("Mweso", "omweso"),
    ("Bao", "bao-la-kiswahili"),
    ("Das Bohnenspiel", "bohnenspiel"),
    ("Obridje", "obridjie"),
    ("Ovalhu", "ohvalhu"),
    // Nchayo (Viegas Guerreiro) plays by the rules of Bao Ki Arabu
    // (Ingrams) on four rows of five with one seed a hole.
    ("Nchayo", "bao-ki-arabu-zanzibar-2:holes=5,seeds=1"),
];

/// The game of that Ludii name.
pub(crate) fn find(name: &str) -> Option<&'static LudiiGame> {
    GAMES.iter().chain(TWO_ROW_CHECKS).find(|g| g.name == name)
}

/// The id of the rule file of ours that plays the Ludii game `name`: its
/// entry in [`OUR_NAMES`], else the name in lower case with every run of
/// other characters than letters and digits made one `-` ("Tsoro
/// (Additional Capture)" is `tsoro-additional-capture`).
pub(crate) fn our_id(name: &str) -> String {
    if let Some((_, id)) = OUR_NAMES.iter().find(|(ludii, _)| *ludii == name) {
        return id.to_string();
    }
    let mut id = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_made_from_names() {
        assert_eq!(our_id("Hawalis"), "hawalis");
        assert_eq!(
            our_id("Tsoro (Additional Capture)"),
            "tsoro-additional-capture"
        );
        assert_eq!(our_id("Abalala'e"), "abalala-e");
        assert_eq!(our_id("Mweso"), "omweso");
    }

    #[test]
    fn the_table_names_each_game_once() {
        let mut names: Vec<_> = GAMES.iter().map(|g| g.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), GAMES.len());
        assert_eq!(GAMES.iter().filter(|g| g.shape.rows == 4).count(), 64);
        assert_eq!(GAMES.iter().filter(|g| g.shape.rows == 3).count(), 7);
        assert!(find("Hawalis").is_some_and(|g| g.shape.vertices() == 28));
    }
}
