//! Seat tokens and invitation secrets: made at random or chosen by a
//! client, and kept only as hashes (in memory and in the database), compared
//! in constant time.

use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::ApiError;

/// A new seat token or invitation secret: 128 random bits in hex.
pub(crate) fn new_token() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// The SHA-256 of a secret (seat token or invitation), in hex: what is
/// stored and kept in memory instead of the secret.
pub fn secret_hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Compares two hashes in constant time.
pub(crate) fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// A token a client chose itself (so that it knows it before the server
/// answers): 32 to 64 hex digits.
pub(crate) fn client_token(token: &str) -> Result<String, ApiError> {
    if (32..=64).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(token.to_ascii_lowercase())
    } else {
        Err(ApiError::bad_request(
            "a chosen seat token must be 32 to 64 hex digits",
        ))
    }
}
