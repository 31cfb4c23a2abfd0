//! Players for mancala games (work in progress).
