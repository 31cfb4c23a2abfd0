//! The web server (work in progress).
