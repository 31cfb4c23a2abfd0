//! The error a rule set that cannot be played is refused with.

use std::fmt;

/// A problem with a rule model: the dotted key at fault and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecIssue {
    /// Dotted key path, e.g. `capture.chain`.
    pub key: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for SpecIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "key `{}`: {}", self.key, self.reason)
    }
}

impl std::error::Error for SpecIssue {}

pub(crate) fn issue(key: &str, reason: impl Into<String>) -> SpecIssue {
    SpecIssue {
        key: key.to_string(),
        reason: reason.into(),
    }
}

/// A rule refused for a `clash` with others, if there is one: `key` names
/// the rule, `what` says what it does, the clash why it cannot be played.
pub(crate) fn refuse_clash(
    key: &str,
    what: &str,
    clash: Option<impl fmt::Display>,
) -> Result<(), SpecIssue> {
    match clash {
        Some(why) => Err(issue(key, format!("{what} {why}"))),
        None => Ok(()),
    }
}
