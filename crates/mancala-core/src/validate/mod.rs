//! Validation of a rule set, table by table: the combinations of keys that
//! make no sense are refused, with the key at fault and why. Each table's
//! checks are in its own file; checks across tables sit with the later
//! table. [`Rules::compile`](crate::Rules::compile) validates before it
//! compiles.

mod about;
mod board;
mod capture;
mod end;
mod issue;
mod moves;
mod rows;
mod sowing;

pub use issue::SpecIssue;

use crate::spec::RuleSpec;

/// Checks `spec`, table by table; the first issue found.
pub(crate) fn validate(spec: &RuleSpec) -> Result<(), SpecIssue> {
    about::check(spec)?;
    board::check(spec)?;
    sowing::check(spec)?;
    moves::check(spec)?;
    capture::check(spec)?;
    end::check(spec)?;
    rows::check(spec)
}
