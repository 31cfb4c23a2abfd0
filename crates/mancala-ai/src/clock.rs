//! Deadlines kept whatever a step costs.
//!
//! A search looks at the clock between steps (nodes, playouts, moves). A
//! fixed interval (every 1024 nodes) is cheap when steps take nanoseconds,
//! but some rule files make one step take milliseconds (relay sowings of
//! many seeds, whose endlessness has to be proved: a search takes one still
//! going after `SEARCH_RELAY_LAPS` laps for endless), and then a 50 ms
//! budget ran for seconds. [`DeadlineCheck`] measures the steps and looks
//! at the clock about every [`TARGET_INTERVAL`], however long a step is, so
//! a deadline is overshot by at most one step and a fraction of a millisecond.
//!
//! The same look reads a stop flag, if the search was given one: another
//! thread sets it to end the search early (a user's Ctrl-C in Python), and
//! the search ends as promptly as at a deadline, for the cost of one load
//! every [`TARGET_INTERVAL`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// About how often the clock is read.
pub const TARGET_INTERVAL: Duration = Duration::from_micros(200);

/// The most steps between two looks at the clock.
const MAX_STEPS: u32 = 1024;

/// Tells when a deadline has passed or a stop flag was set, reading the
/// clock and the flag about every [`TARGET_INTERVAL`] whatever the cost of
/// a step.
#[derive(Clone, Debug)]
pub struct DeadlineCheck {
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    /// Whether there is a deadline or a flag to look at: a search with
    /// neither pays one test a step.
    armed: bool,
    /// Steps between two looks at the clock.
    interval: u32,
    /// Steps left before the next look.
    countdown: u32,
    last_look: Instant,
}

impl DeadlineCheck {
    /// A check of `deadline` (`None`: never passed).
    pub fn new(deadline: Option<Instant>) -> DeadlineCheck {
        DeadlineCheck::with_stop(deadline, None)
    }

    /// A check of `deadline` that also passes once `stop` is set.
    pub fn with_stop(deadline: Option<Instant>, stop: Option<Arc<AtomicBool>>) -> DeadlineCheck {
        DeadlineCheck {
            armed: deadline.is_some() || stop.is_some(),
            deadline,
            stop,
            interval: 1,
            countdown: 1,
            last_look: Instant::now(),
        }
    }

    /// The deadline checked.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Counts one step and tells whether the deadline has passed or the
    /// stop flag is set (reading them only when enough steps have gone by).
    #[inline]
    pub fn passed(&mut self) -> bool {
        if !self.armed {
            return false;
        }
        self.countdown -= 1;
        if self.countdown > 0 {
            return false;
        }
        self.look()
    }

    /// Reads the clock and the flag, and sets the steps to the next look.
    #[inline(never)]
    fn look(&mut self) -> bool {
        let now = Instant::now();
        let took = now.saturating_duration_since(self.last_look);
        self.last_look = now;
        // Steps per target interval, from the steps just measured: at most
        // twice as many as before (steps may turn costly at any time), and
        // at once fewer when they are slow.
        let per_step = (took / self.interval).as_nanos().max(1);
        let fit = (TARGET_INTERVAL.as_nanos() / per_step).clamp(1, MAX_STEPS as u128) as u32;
        self.interval = fit.min(2 * self.interval).min(MAX_STEPS);
        self.countdown = self.interval;
        self.deadline.is_some_and(|deadline| now >= deadline)
            || self
                .stop
                .as_ref()
                .is_some_and(|stop| stop.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_steps_are_timed_one_by_one() {
        // Steps far slower than the target interval must each read the
        // clock: the deadline is noticed at the first step that ends after
        // it, however slow a loaded machine makes the steps.
        let deadline = Instant::now() + Duration::from_millis(30);
        let mut check = DeadlineCheck::new(Some(deadline));
        let mut step_ends = Vec::new();
        while !check.passed() {
            std::thread::sleep(Duration::from_millis(2));
            step_ends.push(Instant::now());
        }
        assert!(step_ends.len() >= 2, "{} steps", step_ends.len());
        let before_last = step_ends[step_ends.len() - 2];
        assert!(
            before_last < deadline,
            "a step ended {:?} after the deadline and went unnoticed",
            before_last - deadline
        );
        assert_eq!(check.interval, 1);
    }

    #[test]
    fn fast_steps_read_the_clock_seldom_and_no_deadline_never_passes() {
        let mut check = DeadlineCheck::new(Some(Instant::now() + Duration::from_secs(3600)));
        for _ in 0..100_000 {
            assert!(!check.passed());
        }
        assert!(check.interval > 1);
        let mut never = DeadlineCheck::new(None);
        assert!(!never.passed());
    }

    #[test]
    fn a_stop_flag_passes_the_check_at_the_next_look() {
        let stop = Arc::new(AtomicBool::new(false));
        let mut check = DeadlineCheck::with_stop(None, Some(stop.clone()));
        for _ in 0..10_000 {
            assert!(!check.passed());
        }
        stop.store(true, Ordering::Relaxed);
        let steps = (1..=MAX_STEPS + 1).find(|_| check.passed());
        assert!(
            steps.is_some(),
            "the flag went unnoticed for {MAX_STEPS} steps"
        );
    }
}
