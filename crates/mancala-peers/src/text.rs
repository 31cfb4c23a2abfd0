//! Reading the peers' text files, plain or gzip-compressed (how the
//! repository keeps them).

use std::io::Read as _;
use std::path::Path;

use anyhow::{Context, Result};

/// A text file, gunzipped where its name ends in `.gz`.
pub(crate) fn read_text(path: &Path) -> Result<String> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut text = String::new();
    if path.extension().is_some_and(|e| e == "gz") {
        flate2::read::MultiGzDecoder::new(file)
            .read_to_string(&mut text)
            .with_context(|| format!("cannot read {}: not gzip-compressed text", path.display()))?;
    } else {
        std::io::BufReader::new(file)
            .read_to_string(&mut text)
            .with_context(|| format!("cannot read {}: not text", path.display()))?;
    }
    Ok(text)
}
