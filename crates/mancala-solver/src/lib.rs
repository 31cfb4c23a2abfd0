//! Retrograde analysis (work in progress).
