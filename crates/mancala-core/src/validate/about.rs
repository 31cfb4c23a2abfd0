//! Validation of the top level and `[about]`: the name, and the rule keys house rules and disagreements name.

use crate::spec::*;

use super::issue::{SpecIssue, issue};

/// The top level and `[about]`: the name, and the rule keys house rules and disagreements name.
pub(crate) fn check(spec: &RuleSpec) -> Result<(), SpecIssue> {
    for (key, text) in [("name", Some(&spec.name)), ("origin", spec.origin.as_ref())] {
        if let Some(c) = text.and_then(|t| t.chars().find(|c| c.is_control())) {
            return Err(issue(
                key,
                format!(
                    "{:?} holds the control character {:?}; the {key} is printed, so it may not",
                    text.unwrap(),
                    c
                ),
            ));
        }
    }
    if spec.name.trim().is_empty() {
        return Err(issue("name", "the game needs a name"));
    }
    let known = |key: &str| RULE_KEYS.contains(&key);
    let valid = || format!("the rule keys are {}", RULE_KEYS.join(", "));
    for key in &spec.about.house_rules {
        if !known(key) {
            return Err(issue(
                "about.house_rules",
                format!("unknown rule key {key:?}; {}", valid()),
            ));
        }
    }
    for d in &spec.about.disagreements {
        if !known(&d.key) {
            return Err(issue(
                "about.disagreements",
                format!("unknown rule key {:?}; {}", d.key, valid()),
            ));
        }
        if d.note.trim().is_empty() {
            return Err(issue(
                "about.disagreements",
                format!("the disagreement on {} needs a note", d.key),
            ));
        }
    }
    Ok(())
}
