//! Figures about a solved game: the opening's value and its moves, how
//! values are distributed by seeds on the board (as numbers and as an SVG
//! picture), and a Markdown summary such as `docs/solutions.md` shows.

use std::fmt::Write as _;

use mancala_core::notation::move_label;
use rayon::prelude::*;

use crate::db::Database;
use crate::eval::{DbKind, Eval};

/// How the values of one level (positions with `seeds` seeds on the board,
/// either side to move) are distributed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelValues {
    /// Seeds on the board.
    pub seeds: u32,
    /// `counts[k]`: positions of value `k - seeds` (margin databases:
    /// values `-seeds..=seeds`; win/loss/draw: `k` = 0 loss, 1 draw, 2 win).
    pub counts: Vec<u64>,
}

impl LevelValues {
    /// Positions in the level.
    pub fn positions(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The value of `counts[k]`.
    pub fn value_of(&self, k: usize, kind: DbKind) -> i32 {
        match kind {
            DbKind::Margin => k as i32 - self.seeds as i32,
            DbKind::WinLossDraw => k as i32 - 1,
        }
    }

    /// Positions won, drawn (value 0) and lost for the player to move.
    pub fn won_drawn_lost(&self, kind: DbKind) -> [u64; 3] {
        let mut out = [0; 3];
        for (k, &c) in self.counts.iter().enumerate() {
            let slot = match self.value_of(k, kind).cmp(&0) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            out[slot] += c;
        }
        out
    }

    /// The mean value for the player to move.
    pub fn mean(&self, kind: DbKind) -> f64 {
        let total = self.positions();
        if total == 0 {
            return 0.0;
        }
        let sum: f64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(k, &c)| c as f64 * self.value_of(k, kind) as f64)
            .sum();
        sum / total as f64
    }
}

/// The distribution of values, level by level.
pub fn value_distribution(db: &Database) -> Vec<LevelValues> {
    let ix = db.indexer();
    (0..=db.max_seeds())
        .into_par_iter()
        .map(|s| {
            let width = match db.kind() {
                DbKind::Margin => 2 * s as usize + 1,
                DbKind::WinLossDraw => 3,
            };
            let shift = match db.kind() {
                DbKind::Margin => s as i32,
                DbKind::WinLossDraw => 1,
            };
            let off = ix.level_offset(s);
            let mut counts = vec![0u64; width];
            for i in off..off + ix.level_len(s) {
                counts[(db.raw_value(i) as i32 + shift) as usize] += 1;
            }
            LevelValues { seeds: s, counts }
        })
        .collect()
}

/// The published form of an endgame database: for each number of seeds on
/// the board, every arrangement with **South to move** counted once, by
/// value (the margin South can force from there on, or win/draw/loss).
/// Positions where the game is already over count with their settled value.
pub fn south_to_move_distribution(db: &Database) -> Vec<LevelValues> {
    let ix = db.indexer();
    let rules = db.rules();
    (0..=db.max_seeds())
        .into_par_iter()
        .map(|s| {
            let (width, shift) = match db.kind() {
                DbKind::Margin => (2 * s as usize + 1, s as i32),
                DbKind::WinLossDraw => (3, 1),
            };
            let mut counts = vec![0u64; width];
            let mut board = vec![0u8; rules.holes()];
            for rank in 0..ix.boards(s) {
                ix.unrank(rank, s, &mut board);
                // Both players have moved: no opening rule applies.
                let pos = rules
                    .position(&board, [0, 0], mancala_core::Side::South, 2)
                    .expect("a board of the database's own level is a position");
                let value = db.value(&pos).expect("the level is in the database");
                counts[(value + shift) as usize] += 1;
            }
            LevelValues { seeds: s, counts }
        })
        .collect()
}

/// The opening position's value and the value of each opening move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The value for the first player.
    pub value: Eval,
    /// Each legal move (label) with its value for the first player, best first.
    pub moves: Vec<(String, Eval)>,
}

/// The opening of the game of `db`, if the database reaches it.
pub fn opening(db: &Database) -> Option<Opening> {
    let rules = db.rules();
    let start = rules.start();
    let value = db.eval(&start)?;
    let moves = db
        .analyze(&start)?
        .into_iter()
        .map(|m| (move_label(rules, m.mv), m.eval))
        .collect();
    Some(Opening { value, moves })
}

/// An SVG picture of [`value_distribution`]: for a margin database, a heat
/// map with seeds on the board across and the value for the player to move
/// up, each cell shaded by the share of its level's positions with that
/// value, and the mean value drawn as a line; for a win/loss/draw database,
/// one bar per level split into won, drawn and lost.
pub fn distribution_svg(db: &Database, levels: &[LevelValues]) -> String {
    match db.kind() {
        DbKind::Margin => heat_map(db, levels),
        DbKind::WinLossDraw => wdl_bars(db, levels),
    }
}

fn heat_map(db: &Database, levels: &[LevelValues]) -> String {
    let max = db.max_seeds() as i32;
    let (cw, ch) = (12.0, 6.0);
    let (left, top, right, bottom) = (60.0, 50.0, 110.0, 55.0);
    let plot_w = cw * (max + 1) as f64;
    let plot_h = ch * (2 * max + 1) as f64;
    let (w, h) = ((left + plot_w + right).max(560.0), top + plot_h + bottom);
    let x_of = |s: i32| left + cw * s as f64;
    let y_of = |v: i32| top + ch * (max - v) as f64;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(svg, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="22" font-size="14" text-anchor="middle">{}: value for the player to move, by seeds on the board</text>"#,
        w / 2.0,
        xml(db.rules().name())
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>"##
    );
    for lv in levels {
        let total = lv.positions().max(1) as f64;
        for (k, &c) in lv.counts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let v = lv.value_of(k, DbKind::Margin);
            let share = c as f64 / total;
            let _ = writeln!(
                svg,
                r#"<rect x="{:.1}" y="{:.1}" width="{cw}" height="{ch}" fill="{}"><title>{} seeds, value {v}: {c} positions ({:.2}%)</title></rect>"#,
                x_of(lv.seeds as i32),
                y_of(v),
                shade(share),
                lv.seeds,
                100.0 * share
            );
        }
    }
    // Zero line and mean.
    let _ = writeln!(
        svg,
        r##"<line x1="{left}" y1="{y}" x2="{}" y2="{y}" stroke="#666" stroke-dasharray="3,3"/>"##,
        left + plot_w,
        y = y_of(0) + ch / 2.0
    );
    let points: Vec<String> = levels
        .iter()
        .map(|lv| {
            let y = top + ch * (max as f64 - lv.mean(DbKind::Margin)) + ch / 2.0;
            format!("{:.1},{:.1}", x_of(lv.seeds as i32) + cw / 2.0, y)
        })
        .collect();
    let _ = writeln!(
        svg,
        r##"<polyline points="{}" fill="none" stroke="#d62728" stroke-width="1.5"/>"##,
        points.join(" ")
    );
    // Axes.
    let step = if max > 20 { 5 } else { 2 };
    for s in (0..=max).step_by(step as usize) {
        let x = x_of(s) + cw / 2.0;
        let _ = writeln!(
            svg,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{s}</text>"#,
            top + plot_h + 15.0
        );
    }
    for v in (-max..=max).filter(|v| v % (2 * step) == 0) {
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{v}</text>"#,
            left - 6.0,
            y_of(v) + ch
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">seeds on the board</text>"#,
        left + plot_w / 2.0,
        top + plot_h + 35.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="16" y="{:.1}" text-anchor="middle" transform="rotate(-90 16 {:.1})">seed margin the player to move can force</text>"#,
        top + plot_h / 2.0,
        top + plot_h / 2.0
    );
    // Legend.
    let lx = left + plot_w + 20.0;
    let _ = writeln!(svg, r#"<text x="{lx}" y="{top}">share of</text>"#);
    let _ = writeln!(svg, r#"<text x="{lx}" y="{}">the level</text>"#, top + 13.0);
    for (i, share) in [1.0, 0.5, 0.25, 0.1, 0.05, 0.01, 0.001].iter().enumerate() {
        let y = top + 25.0 + 16.0 * i as f64;
        let _ = writeln!(
            svg,
            r##"<rect x="{lx}" y="{y}" width="14" height="12" fill="{}" stroke="#ccc"/>"##,
            shade(*share)
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}">{}%</text>"#,
            lx + 20.0,
            y + 10.0,
            share * 100.0
        );
    }
    let ly = top + 25.0 + 16.0 * 7.0 + 10.0;
    let _ = writeln!(
        svg,
        r##"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="#d62728" stroke-width="1.5"/>"##,
        lx + 14.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}">mean</text>"#,
        lx + 20.0,
        ly + 4.0
    );
    svg.push_str("</svg>\n");
    svg
}

fn wdl_bars(db: &Database, levels: &[LevelValues]) -> String {
    let max = db.max_seeds() as i32;
    let (bw, plot_h) = (16.0, 240.0);
    let (left, top, right, bottom) = (50.0, 50.0, 100.0, 55.0);
    let plot_w = bw * (max + 1) as f64;
    let (w, h) = ((left + plot_w + right).max(560.0), top + plot_h + bottom);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(svg, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="22" font-size="14" text-anchor="middle">{}: result for the player to move, by seeds on the board</text>"#,
        w / 2.0,
        xml(db.rules().name())
    );
    let colours = ["#2ca02c", "#bbbbbb", "#d62728"];
    for lv in levels {
        let total = lv.positions().max(1) as f64;
        let [won, drawn, lost] = lv.won_drawn_lost(DbKind::WinLossDraw);
        let mut y = top;
        for (part, colour, what) in [
            (won, colours[0], "won"),
            (drawn, colours[1], "drawn"),
            (lost, colours[2], "lost"),
        ] {
            let hgt = plot_h * part as f64 / total;
            let _ = writeln!(
                svg,
                r#"<rect x="{:.1}" y="{y:.1}" width="{}" height="{hgt:.2}" fill="{colour}"><title>{} seeds: {part} {what}</title></rect>"#,
                left + bw * lv.seeds as f64,
                bw - 1.0,
                lv.seeds
            );
            y += hgt;
        }
    }
    for s in (0..=max).step_by(2) {
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{s}</text>"#,
            left + bw * s as f64 + bw / 2.0,
            top + plot_h + 15.0
        );
    }
    for pct in [0, 50, 100] {
        let y = top + plot_h * (1.0 - pct as f64 / 100.0);
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{pct}%</text>"#,
            left - 6.0,
            y + 4.0
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">seeds on the board</text>"#,
        left + plot_w / 2.0,
        top + plot_h + 35.0
    );
    let lx = left + plot_w + 15.0;
    for (i, (colour, what)) in colours.iter().zip(["won", "drawn", "lost"]).enumerate() {
        let y = top + 16.0 * i as f64;
        let _ = writeln!(
            svg,
            r#"<rect x="{lx}" y="{y}" width="14" height="12" fill="{colour}"/>"#
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}">{what}</text>"#,
            lx + 20.0,
            y + 10.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// White to dark blue, by the square root of the share (small shares stay visible).
fn shade(share: f64) -> String {
    let t = share.clamp(0.0, 1.0).sqrt();
    let lerp = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        lerp(235.0, 8.0),
        lerp(243.0, 48.0),
        lerp(255.0, 107.0)
    )
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A Markdown summary of a solved game: positions, file size, build time
/// (if known), the opening and its moves, and the value distribution by
/// level as a table.
pub fn summary_markdown(db: &Database, levels: &[LevelValues]) -> String {
    let mut md = String::new();
    let rules = db.rules();
    let _ = writeln!(md, "### {}\n", rules.name());
    let _ = writeln!(
        md,
        "- positions: {} ({} boards with 0 to {} seeds on {} holes, either side to move)",
        group(db.positions()),
        group(db.positions() / 2),
        db.max_seeds(),
        rules.holes()
    );
    let _ = writeln!(
        md,
        "- database file: {} bytes ({:.1} MiB)",
        group(db.file_size()),
        db.file_size() as f64 / 1048576.0
    );
    if let Some(t) = db.build_time() {
        let secs = t.as_secs_f64();
        let _ = writeln!(
            md,
            "- build time: {secs:.2} s ({} positions/s)",
            group((db.positions() as f64 / secs.max(1e-9)) as u64)
        );
    }
    if let Some(op) = opening(db) {
        let what = match db.kind() {
            DbKind::Margin => "seed margin",
            DbKind::WinLossDraw => "result (+1 win, 0 draw, -1 loss)",
        };
        let plies = match db.kind() {
            DbKind::Margin => "plies to the next capture",
            DbKind::WinLossDraw => "plies to the end",
        };
        let _ = writeln!(
            md,
            "- opening position, {} to move: {what} **{:+}** ({plies} under perfect play: {})",
            rules.start().to_move(),
            op.value.value,
            op.value.plies
        );
        for (label, e) in &op.moves {
            let _ = writeln!(md, "  - `{label}`: {:+} ({} plies)", e.value, e.plies);
        }
    }
    let _ = writeln!(
        md,
        "\n| seeds on board | positions | won | drawn (0) | lost | mean value |"
    );
    let _ = writeln!(md, "| ---: | ---: | ---: | ---: | ---: | ---: |");
    for lv in levels {
        let [w, d, l] = lv.won_drawn_lost(db.kind());
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {:+.2} |",
            lv.seeds,
            group(lv.positions()),
            group(w),
            group(d),
            group(l),
            lv.mean(db.kind())
        );
    }
    md
}

/// `1234567` as `1,234,567`.
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use mancala_core::Rules;

    use super::*;
    use crate::solve;

    #[test]
    fn tihbat_figures() {
        let rules = Rules::builtin("tihbat").unwrap();
        let db = solve(&rules, false).unwrap();
        let levels = value_distribution(&db);
        assert_eq!(levels.len(), 29);
        assert_eq!(
            levels.iter().map(|l| l.positions()).sum::<u64>(),
            db.positions()
        );
        let op = opening(&db).unwrap();
        assert_eq!(op.moves.len(), 2);
        assert_eq!(op.value.value, op.moves[0].1.value);
        let svg = distribution_svg(&db, &levels);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let md = summary_markdown(&db, &levels);
        assert!(md.contains("| 28 |"), "{md}");
        assert_eq!(group(12_345_678), "12,345,678");
    }

    #[test]
    fn wdl_figures() {
        let rules = crate::testgames::rules("tiny-sadeqa", crate::testgames::TINY_SADEQA);
        let db = solve(&rules, false).unwrap();
        let levels = value_distribution(&db);
        let svg = distribution_svg(&db, &levels);
        assert!(svg.contains("won"));
    }
}
